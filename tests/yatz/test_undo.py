"""Undo in Yatz (issue 11): the box just filled can be taken back until the next roll.

The rule is :meth:`gameshelf.games.yatz.match.Match.undo`; these tests pin it in the engine (the
same state as without the undo, the seeded dice untouched, refusals said), in the record
(replayed, a forged undo refused), at the prompt, on the screen (``u``, the footer) and in
the top-20 table (the mark).
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameshelf.core.errors import IllegalMoveError, RecordError
from gameshelf.core.records import GameRecord
from gameshelf.core.store import Store
from gameshelf.games.yatz.game import GAME, RULES_VERSION, Score, YatzState
from gameshelf.games.yatz.match import Match, Seat
from gameshelf.games.yatz.scoring import Box
from gameshelf.games.yatz.session import YatzSession
from gameshelf.games.yatz.tui import pace
from gameshelf.games.yatz.tui.card import BOX_ROW, FIRST_COL, CardTable
from gameshelf.games.yatz.tui.screen import GameScreen
from tests.cli_helpers import run
from tests.examples import examples

from .helpers import GameApp


def _view(s: YatzState) -> tuple[object, ...]:
    """Everything a state holds, comparable (a copy: the state's lists change later)."""
    return copy.deepcopy((s.seat, s.filled, s.boxes, s.upper, s.lower, s.dice, s.held,
                          s.rolls_left, s.rolling, s.turns_done))


def _solo(seed: int = 7) -> Match:
    return Match([Seat("Ann")], seed)


def _fill_first(m: Match) -> Score:
    """Fill the first empty box of the seat on turn; returns the action."""
    a = m.state.score_actions()[0]
    m.act(a)
    return a


# ----- the engine -------------------------------------------------------------------------

@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 10_000), turns=st.integers(0, 5), rolls=st.integers(1, 3),
       box=st.integers(0, 38), cpu=st.booleans())
def test_undo_then_the_same_fill_is_the_game_without_the_undo(
        seed: int, turns: int, rolls: int, box: int, cpu: bool) -> None:
    """Property: undo then the same fill gives the same state as no undo, and the game
    goes on identically after it (the same dice, the same computer moves)."""
    seats = [Seat("Ann"), Seat("", "greedy")] if cpu else [Seat("Ann")]
    plain, undone = Match(seats, seed), Match(seats, seed)
    for m in (plain, undone):
        for _ in range(turns):
            m.act("roll")
            _fill_first(m)
            m.play_computers()
        for _ in range(rolls):
            m.act("roll")
    boxes = plain.state.score_actions()
    action = boxes[box % len(boxes)]
    before_fill = _view(plain.state)
    plain.act(action)
    undone.act(action)
    before_undo = _view(undone.state)
    assert undone.undo() == action
    assert _view(undone.state) == before_fill     # the same dice, holds and rolls left
    undone.act(action)
    assert _view(undone.state) == before_undo == _view(plain.state)
    for m in (plain, undone):   # the game goes on: the next turns the same
        m.play_computers()
        m.act("roll")
        m.act("roll")
    assert _view(undone.state) == _view(plain.state)
    assert undone.played_actions() == plain.played_actions()
    assert "undo" in undone.actions and "undo" not in plain.actions   # recorded
    assert undone.undos == [1, 0][:len(seats)] and plain.undos == [0, 0][:len(seats)]


def test_after_undo_the_player_is_back_before_the_fill_and_chance_is_not_redrawn() -> None:
    m, other = _solo(), _solo()
    for x in (m, other):
        x.act("roll")
        x.act("hold 1 2")
        x.act("roll")
    dice, held, left = m.state.dice, m.state.held, m.state.rolls_left
    m.act("score x1 chance")
    m.undo()
    assert (m.state.dice, m.state.held, m.state.rolls_left) == (dice, held, left) == (
        other.state.dice, other.state.held, 1)
    assert m.state.boxes[0][0][Box.CHANCE] is None and m.state.turns_done == 0
    m.act("score x2 sixes")     # another box this time
    assert m.state.boxes[0][1][Box.SIXES] is not None
    # the seeded dice go on as without the undo: the next roll is the one the game
    # number gives after three rolls
    m.act("roll")
    other.act("score x2 sixes")
    other.act("roll")
    assert m.state.dice == other.state.dice


def test_undo_may_roll_again_when_rolls_are_left() -> None:
    m, other = _solo(3), _solo(3)
    m.act("roll")
    other.act("roll")
    m.act("score x1 chance")
    m.undo()
    m.act("roll")               # the second roll of the turn
    other.act("roll")
    assert m.state.dice == other.state.dice and m.state.roll_number() == 2


def test_undo_after_the_next_player_rolled_is_refused_with_a_clear_message() -> None:
    m = Match([Seat("Ann"), Seat("Bob")], 11)
    with pytest.raises(IllegalMoveError, match="no box has been filled yet"):
        m.undo()
    m.act("roll")
    m.act("score x1 ones")
    assert m.can_undo()
    m.act("roll")               # Bob rolls
    with pytest.raises(IllegalMoveError) as exc:
        m.undo()
    text = str(exc.value)
    assert "Bob has rolled since Ann's x1 Ones was filled" in text
    assert "only until the next roll" in text
    assert not m.can_undo()


def test_solitaire_undo_ends_at_the_players_own_next_roll() -> None:
    m = Match([Seat("You")], 5)
    m.act("roll")
    m.act("score x1 ones")
    m.act("roll")
    assert m.undo_refusal() == ("You have rolled since your x1 Ones was filled; a box can "
                                "be taken back only until the next roll")


def test_one_undo_a_turn_no_undo_of_a_computer_and_not_after_the_last_box() -> None:
    m = _solo()
    m.act("roll")
    m.act("score x1 ones")
    m.undo()
    with pytest.raises(IllegalMoveError, match="taken back already"):
        m.undo()
    m.act("score x1 ones")
    with pytest.raises(IllegalMoveError, match="one box at most"):
        m.undo()
    c = Match([Seat("Ann"), Seat("", "greedy")], 2)
    c.act("roll")
    c.act("score x1 ones")
    c.step_computer()           # the computer rolls: Ann's box counts
    assert "CPU 1 has rolled since Ann's x1 Ones" in (c.undo_refusal() or "")
    c.play_computers()          # the computer's fill is never taken back
    assert c.undo_refusal() == ("CPU 1's x1 Ones was filled by a computer player; computer "
                                "players never undo") or "never undo" in (c.undo_refusal() or "")
    # the last box of the game counts at once
    end = _solo(1)
    while not end.is_over():
        end.act("roll")
        _fill_first(end)
    assert end.undo_refusal() == "the game is over: its last box counts"


# ----- the record -------------------------------------------------------------------------

def _record(actions: tuple[str, ...], players: list[dict[str, str]] | None = None,
            seed: int = 7) -> GameRecord:
    opts = {"rules": "yatz", "players": players or [{"name": "Ann", "player": "human"}]}
    return GameRecord(GAME, RULES_VERSION, opts, seed, actions)


def test_a_record_with_an_undo_replays_to_the_same_game() -> None:
    m = _solo()
    m.act("roll")
    m.act("score x1 chance")
    m.undo()
    m.act("score x1 sixes")
    m.act("roll")
    assert "undo" in m.actions
    again = Match.from_json(m.record().to_json())
    assert _view(again.state) == _view(m.state) and again.undos == [1]
    assert again.actions == m.actions


def test_a_resumed_game_saved_right_after_a_fill_can_still_undo_it() -> None:
    session = YatzSession.new(_solo())
    session.act("roll")
    session.act("score x1 chance")
    name = session.name
    resumed = YatzSession.resume(name)
    assert resumed.match.can_undo()
    resumed.undo()                          # and saved
    with Store() as store:
        saved = Match.from_record(store.load_save(GAME, name))
    assert saved.actions[-1] == "undo" and saved.state.boxes[0][0][Box.CHANCE] is None
    assert saved.undos == [0 + 1]


@pytest.mark.parametrize("why, actions, players", [
    ("undo after the next roll", ("roll", "DICE", "score x1 chance", "roll", "DICE2", "undo"),
     None),
    ("two undos in a row", ("roll", "DICE", "score x1 chance", "undo", "undo"), None),
    ("undo of nothing", ("undo",), None),
    ("undo while the dice roll", ("roll", "undo"), None),
])
def test_import_of_a_record_with_a_forged_undo_is_refused(
        why: str, actions: tuple[str, ...], players: list[dict[str, str]] | None,
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    m = _solo()
    m.act("roll")
    first = m.actions[1]
    m.act("score x1 chance")
    m.act("roll")
    second = m.actions[-1]
    real = tuple({"DICE": first, "DICE2": second}.get(a, a) for a in actions)
    with pytest.raises(RecordError, match="undo"):
        Match.from_record(_record(real, players))
    path = tmp_path / "forged.json"
    path.write_text(_record(real, players).to_json())
    code, _, err = run(["yatz", "import", str(path)], capsys, monkeypatch)
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, why
    assert "undo" in err, why


def test_import_refuses_an_undo_of_a_computers_box_and_a_substituted_move_after_undo(
        ) -> None:
    seats = [{"name": "Cpu", "player": "greedy"}, {"name": "Ann", "player": "human"}]
    m = Match([Seat("Cpu", "greedy"), Seat("Ann")], 9)
    while m.is_computer_turn():
        m.step_computer()
    forged = _record((*m.actions, "undo"), seats, seed=9)
    with pytest.raises(RecordError, match="computer players never undo"):
        Match.from_record(forged)
    # Ann fills, takes it back, fills again; then the computer's move is checked as ever
    m.act("roll")
    m.act("score x1 chance")
    m.undo()
    m.act("score x1 chance")
    m.step_computer()       # the computer's roll
    honest = list(m.actions)
    assert Match.from_record(_record(tuple(honest), seats, seed=9)).actions == honest
    m.step_computer()
    mine = m.actions[-1]
    other = "hold 1" if mine != "hold 1" else "hold 2"
    with pytest.raises(RecordError, match="is not the move of the computer player"):
        Match.from_record(_record((*m.actions[:-1], other), seats, seed=9))


# ----- the prompt -------------------------------------------------------------------------

def test_undo_at_the_prompt_solitaire(capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(["yatz", "play", "-p", "Ann", "--seed", "7"], capsys, monkeypatch,
                         "roll\nscore x1 chance\nundo\nscore x1 sixes\nundo\nroll\nundo\n"
                         "quit\n")
    assert code == 0
    assert "Ann's x1 Chance is taken back; fill a box or roll again." in out
    assert "a turn takes back one box at most" in err
    assert "Ann has rolled since Ann's x1 Sixes was filled" in err
    with Store() as store:
        saved = Match.from_record(store.load_save(GAME, "game-7"))
    assert saved.actions.count("undo") == 1 and saved.undos == [1]
    assert saved.state.boxes[0][0][Box.CHANCE] is None
    assert saved.state.boxes[0][0][Box.SIXES] is not None


def test_undo_at_the_prompt_against_a_computer_waits_for_the_person(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["yatz", "play", "-p", "Ann,cpu", "--seed", "5"], capsys, monkeypatch,
                       "roll\nscore x1 chance\nundo\nscore x1 sixes\nquit\n")
    assert code == 0
    assert "(undo takes it back; Enter lets CPU 1 play)" in out
    assert out.index("is taken back") < out.index("CPU 1: roll")
    with Store() as store:
        saved = Match.from_record(store.load_save(GAME, "game-5"))
    assert saved.state.boxes[0][0][Box.CHANCE] is None and saved.undos == [1, 0]
    assert saved.state.turns_taken(1) == 1   # the computer played after the second fill


def test_help_at_the_prompt_names_undo(capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    _, out, _ = run(["yatz", "play", "-p", "Ann", "--seed", "7"], capsys, monkeypatch,
                    "help\nquit\n")
    assert "undo " in out and "until the next roll" in out


# ----- the top 20 -------------------------------------------------------------------------

def _finish_with_undo(seed: int, undo: bool) -> None:
    m = Match([Seat("Ann")], seed)
    while not m.is_over():
        m.act("roll")
        _fill_first(m)
        if undo and m.state.turns_done == 3:
            m.undo()
            _fill_first(m)
    YatzSession(m).finish()


def test_scores_mark_a_game_with_an_undo(capsys: pytest.CaptureFixture[str],
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    _finish_with_undo(1, True)
    _finish_with_undo(2, False)
    code, out, _ = run(["yatz", "scores"], capsys, monkeypatch)
    assert code == 0
    lines = out.splitlines()
    assert lines[0].split()[-1] == "undos"
    game1 = next(x for x in lines if x.rstrip().endswith(" 1") and " 1 " in x)
    assert game1.split()[-2:] == ["1", "1"]        # game 1, one undo
    game2 = next(x for x in lines if x.split()[-1:] == ["2"])
    assert len(game2.split()) == 6    # no mark: #, name, score, date (day, time), game
    assert "undos: boxes the player took back" in out
    code, out, _ = run(["yatz", "scores", "--json"], capsys, monkeypatch)
    rows = {r["game"]: r for r in json.loads(out)}
    assert rows[1]["undos"] == 1 and rows[2]["undos"] == 0


# ----- the screen -------------------------------------------------------------------------

async def test_u_takes_back_the_box_on_the_screen_and_the_footer_offers_it_only_then(
        ) -> None:
    app = GameApp(_solo())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.check_action("undo", ()) is False
        await pilot.press("r")
        await pilot.pause()
        dice = screen.match.state.dice
        screen.query_one("#card", CardTable).move_cursor(row=BOX_ROW[Box.CHANCE],
                                                         column=FIRST_COL)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.match.state.boxes[0][0][Box.CHANCE] is not None
        assert screen.check_action("undo", ()) is True
        footer = " ".join(str(w.render()) for w in screen.query("FooterKey"))
        assert "Undo" in footer
        await pilot.press("u")
        await pilot.pause()
        st = screen.match.state
        assert st.boxes[0][0][Box.CHANCE] is None and st.dice == dice and st.rolls_left == 2
        assert "taken back" in str(screen.query_one("#message").render())
        assert screen.check_action("undo", ()) is False
        footer = " ".join(str(w.render()) for w in screen.query("FooterKey"))
        assert "Undo" not in footer
        await pilot.press("enter")          # the same box again
        await pilot.pause()
        await pilot.press("u")              # one undo a turn: refused, said
        await pilot.pause()
        assert "one box at most" in str(screen.query_one("#message").render())
        assert screen.match.state.boxes[0][0][Box.CHANCE] is not None


async def test_u_against_a_computer_calls_off_its_turn(monkeypatch: pytest.MonkeyPatch) -> None:
    # the computer waits this long before its first roll while the box can be taken back:
    # longer than any pause of a loaded machine, so the u below always finds it waiting
    monkeypatch.setattr(pace, "UNDO_WAIT", 600.0)
    app = GameApp(Match([Seat("Ann"), Seat("", "greedy")], 5))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("r")
        await pilot.pause()
        screen.query_one("#card", CardTable).move_cursor(row=BOX_ROW[Box.CHANCE],
                                                         column=FIRST_COL)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.match.is_computer_turn() and screen.match.can_undo()
        await pilot.press("u")
        await pilot.pause(0.1)
        assert not screen.match.is_computer_turn()
        assert screen.match.state.boxes[0][0][Box.CHANCE] is None
        assert screen.others.timer is None


async def test_a_click_on_a_box_selects_it_and_only_a_second_click_fills_it() -> None:
    app = GameApp(_solo())
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("r")
        await pilot.pause()
        table = screen.query_one("#card", CardTable)
        # the box under the keyboard's cursor: a click there selects it, no more
        row, col = table.cursor_coordinate.row, table.cursor_coordinate.column
        region = table.region

        async def click(r: int, c: int) -> None:
            x = sum(table.columns[k].get_render_width(table) for k in
                    list(table.columns)[:c]) + 1
            await pilot.click("#card", offset=(x, r + 1))
            await pilot.pause()

        assert region.width > 0
        await click(row, col)
        assert screen.match.state.turns_done == 0
        assert "Click it again or press Enter" in str(screen.query_one("#message").render())
        await click(BOX_ROW[Box.CHANCE], FIRST_COL + 1)      # another box: selected
        assert screen.match.state.turns_done == 0
        assert table.cursor_coordinate == (BOX_ROW[Box.CHANCE], FIRST_COL + 1)
        await click(BOX_ROW[Box.CHANCE], FIRST_COL + 1)      # the second click fills it
        assert screen.match.state.turns_done == 1
        assert screen.match.state.boxes[0][1][Box.CHANCE] is not None


def test_the_played_actions_of_a_game_with_undos_replay_through_the_rules() -> None:
    """What the review replays: the game as it stands, each box taken back left out."""
    m = _solo(4)
    while not m.is_over():
        m.act("roll")
        _fill_first(m)
        if m.can_undo():
            m.undo()
            m.act(m.state.score_actions()[-1])
    assert m.undos == [38]   # every turn but the last (the game is over at once)
    s = YatzState(1)
    for a in m.played_actions():
        s.apply_action(a)
    assert s.is_terminal() and s.grand_total(0) == m.state.grand_total(0)
    assert len(m.actions) == len(m.played_actions()) + 2 * 38


async def test_with_the_classic_keys_a_click_chooses_a_box_and_a_second_click_counts_it(
        ) -> None:
    """The classic flow: the first click is the first Enter (chosen, not counted)."""
    app = GameApp(_solo(), keys="classic")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("enter")          # the dice have the focus: Enter rolls
        await pilot.pause()
        assert screen.match.state.dice
        table = screen.query_one("#card", CardTable)
        x = sum(table.columns[k].get_render_width(table)
                for k in list(table.columns)[:FIRST_COL]) + 1
        y = BOX_ROW[Box.CHANCE] + 1
        await pilot.click("#card", offset=(x, y))
        await pilot.pause()
        assert screen.match.state.turns_done == 0
        assert screen.pending is not None
        await pilot.click("#card", offset=(x, y))
        await pilot.pause()
        assert screen.match.state.boxes[0][0][Box.CHANCE] is not None
