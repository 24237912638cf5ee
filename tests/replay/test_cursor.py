"""Issue 15, replay: the cursor of the session layer (session/replay.py) shows, at every
step, the state the engine reaches by replaying the record up to that move, forwards and
back, for every game; a move groups a player's action with the chance after it; a game in
progress hides what the person's seat did not see."""

from __future__ import annotations

from typing import Any

import pytest

from gameshelf.core.errors import RecordError
from gameshelf.core.records import GameRecord
from gameshelf.games.dollar.replay import dollar_replay
from gameshelf.games.muggins.match import Match as MugginsMatch
from gameshelf.games.muggins.replay import muggins_replay
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.showdown.replay import showdown_replay
from gameshelf.games.yatz.match import Match as YatzMatch
from gameshelf.games.yatz.replay import yatz_replay
from gameshelf.session.replay import Replay, replay_record

from .games import dollar_round, muggins_record, showdown_record, state_key, yatz_record

ENGINES = {"yatz": YatzMatch, "muggins": MugginsMatch, "showdown": ShowdownMatch}


def prefix(record: GameRecord, n: int) -> GameRecord:
    """The record's first ``n`` actions (a save made at that moment)."""
    return GameRecord(record.game, record.rules_version, record.options, record.seed,
                      record.actions[:n])


def check_every_step(replay: Replay[Any]) -> None:
    """Forwards through every step then back: the cursor's state is the engine's state
    after the record's actions up to that move."""
    engine = ENGINES[replay.game]
    expected = [state_key(engine.from_record(prefix(replay.record, replay.applied(k))).state)
                for k in range(replay.n + 1)]
    assert replay.position == 0
    assert state_key(replay.state) == expected[0]
    for k in range(1, replay.n + 1):
        assert replay.forward() == k
        assert state_key(replay.state) == expected[k], f"step {k}"
    assert replay.forward() == replay.n            # the last step stays
    for k in range(replay.n - 1, -1, -1):
        assert replay.back() == k
        assert state_key(replay.state) == expected[k], f"back at step {k}"
    assert replay.back() == 0
    assert replay.applied(replay.n) == len(replay.record.actions)


@pytest.mark.parametrize("make", [
    pytest.param(lambda: yatz_replay(yatz_record()), id="yatz solitaire, with an undo"),
    pytest.param(lambda: yatz_replay(yatz_record(4, turns=9, names=("Ann", "Bob"))),
                 id="yatz in progress"),
    pytest.param(lambda: muggins_replay(muggins_record()), id="muggins"),
    pytest.param(lambda: muggins_replay(muggins_record(8, moves=6)), id="muggins in progress"),
    pytest.param(lambda: showdown_replay(showdown_record()), id="showdown"),
    pytest.param(lambda: showdown_replay(showdown_record(2, "Ann,Bob,Cy", moves=12)),
                 id="showdown in progress"),
])
def test_every_step_is_the_engines_state(make: Any) -> None:
    check_every_step(make())


def test_finished_or_in_progress() -> None:
    assert yatz_replay(yatz_record()).finished
    assert not yatz_replay(yatz_record(turns=3)).finished
    assert muggins_replay(muggins_record()).finished
    assert not muggins_replay(muggins_record(moves=2)).finished
    assert showdown_replay(showdown_record()).finished
    assert not showdown_replay(showdown_record(moves=3)).finished


def test_a_move_is_the_action_and_its_chance() -> None:
    r = yatz_replay(yatz_record())
    first = r.steps[0]
    assert first.actions[0] == "roll" and first.actions[1].startswith("dice")
    assert first.text.startswith("Ann rolls the dice: ")
    assert any(s.actions == ("undo",) and "takes back" in s.text for s in r.steps)
    m = muggins_replay(muggins_record())
    assert m.start == 14                       # the deal: 7 tiles each, before the first move
    assert all(not s.actions[0].startswith("take") for s in m.steps)
    draws = [s for s in m.steps if s.actions[0] == "draw"]
    assert draws and all(len(s.actions) == 2 for s in draws)


def test_cursor_moves() -> None:
    r = yatz_replay(yatz_record(turns=3))
    assert r.banner() == f"Replay — step 0 of {r.n} · the start"
    assert r.last() == r.n and r.step is r.steps[-1]
    assert r.banner().startswith(f"Replay — step {r.n} of {r.n} · Ann ")
    assert r.first() == 0 and r.step is None
    assert r.jump(3) == 3 and r.jump(-5) == 0 and r.jump(10**9) == r.n


def test_in_progress_hides_mugsys_draws() -> None:
    """A game in progress: the moves' text never names a tile Mugsy drew; finished: it
    does."""
    for seed in range(1, 30):
        rec = muggins_record(seed, moves=12)
        r = muggins_replay(rec)
        mugsy_draws = [s for s in r.steps if s.seat == 1 and s.actions[0] == "draw"]
        if not r.finished and mugsy_draws:
            break
    else:
        pytest.fail("no seeded game in progress where Mugsy draws")
    assert all(s.text == "Mugsy draws a tile" for s in mugsy_draws)
    whole = muggins_replay(muggins_record(seed))
    assert whole.finished
    shown = [s for s in whole.steps if s.seat == 1 and s.actions[0] == "draw"]
    assert shown and all(s.actions[1].removeprefix("take ") in s.text for s in shown)


def test_dollar_trace_step_by_step() -> None:
    r = dollar_replay(dollar_round())
    ann, bob = r.entries  # type: ignore[attr-defined]
    assert r.n == len(ann.result.steps) + 1 + 1 + len(bob.result.steps) + 1
    assert r.steps[0].text == "Ann · 4: Jackpot +12,000,000"
    assert r.steps[len(ann.result.steps)].text == "Ann · end: 3 balls left; score 88,000,000"
    r.last()
    assert (r.state.entry, r.state.trace) == (1, len(bob.result.steps) + 1)


@pytest.mark.parametrize("record, game, why", [
    (yatz_record(turns=2), "muggins", "this record is for 'yatz', not 'muggins'"),
    (GameRecord("yatz", 1, {"players": [{"name": "Ann", "player": "human"}]}, 3,
                ("roll", "dice 1 1 1 1 1")), "yatz", "not the dice of game number 3"),
    (GameRecord("dollar", 1, {"players": [{"name": "Ann", "bill": "ZZ"}]}, 3, ()), "dollar",
     "bill 1 of this record cannot be scored"),
])
def test_records_that_do_not_replay(record: GameRecord, game: str, why: str) -> None:
    with pytest.raises(RecordError, match=why):
        replay_record(record, game)
