"""Muggins, Pinball Showdown and One Dollar Pinball on the session layer (issue 10 points 1-3,
issue 11 section 1): every write path claims its own save in the transaction that writes it,
never touches another game's save (intact or damaged), ends a game in one idempotent
transaction, and says so when the store refuses, keeping the game where it can be recorded.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from gameshelf.cli import main
from gameshelf.core.errors import StoreError
from gameshelf.core.store import ScoreEntry, Store
from gameshelf.games.dollar.game import make_entry
from gameshelf.games.dollar.session import DollarRound
from gameshelf.games.muggins.match import GAME as MUGGINS
from gameshelf.games.muggins.match import Match as MugginsMatch
from gameshelf.games.muggins.options import MugginsOptions
from gameshelf.games.muggins.session import MUGSY, Session
from gameshelf.games.muggins.tiles import ALL_TILES
from gameshelf.games.muggins.tui.screen import MugginsScreen
from gameshelf.games.showdown.match import GAME as SHOWDOWN
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.showdown.match import parse_players
from gameshelf.games.showdown.session import ShowdownSession
from gameshelf.games.showdown.tui.setup import ShowdownStartScreen
from gameshelf.tui.app import GameshelfApp
from tests.faults import Killed, ReadOnlyStore, faulty_store


def run(args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        answers: Iterator[str] | None = None) -> tuple[int, str, str]:
    """``gameshelf ARGS`` in-process; prompts read ``answers`` (then the end of input)."""
    if answers is None:
        answers = iter(())

    def ask(prompt: str = "") -> str:
        if prompt.startswith("Play again"):   # Muggins' question at a game's end
            return "n"
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None
    monkeypatch.setattr("builtins.input", ask)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    with pytest.raises(SystemExit) as exc:
        main(args)
    out = capsys.readouterr()
    code = exc.value.code
    return (code if isinstance(code, int) else 0), out.out, out.err


def _every_move() -> Iterator[str]:
    """Answers that try every tile on both chains, over and over: some move is always legal."""
    while True:
        for t in ALL_TILES:
            for side in "LR":
                yield f"{t} {side}"


def _rows(game: str) -> dict[str, tuple[object, ...]]:
    with Store() as s:
        return {r[0]: r for r in s._conn.execute(
            "SELECT name, record, created, updated, owner, game_id FROM saves WHERE game=?",
            (game,))}


def _damage(game: str, name: str) -> None:
    with Store() as s:
        s._conn.execute("UPDATE saves SET record='{damaged' WHERE game=? AND name=?",
                        (game, name))


def _muggins_games() -> int:
    with Store() as s:
        return sum(sum(c.values()) for c in s.result_counts(MUGGINS).values())


MUGGINS_GAME = ["muggins", "play", "--text", "--seed", "5", "--target", "20", "--level",
                "easy"]


def _commits_of_a_whole_game(capsys: pytest.CaptureFixture[str],
                             monkeypatch: pytest.MonkeyPatch, home: Path) -> int:
    with faulty_store(monkeypatch) as fs:
        monkeypatch.setenv("GAMESHELF_HOME", str(home / "count"))
        code, out, _ = run(MUGGINS_GAME, capsys, monkeypatch, _every_move())
        assert code == 0 and ("You win" in out or "Mugsy wins" in out)
        return fs.commits


def test_a_muggins_end_killed_at_its_last_commits_is_counted_once(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """Issue 10 point 1: the result and the save's removal are one transaction; killed at
    the end or just before it, resuming finishes the game and it counts once (before: a
    loss counted twice, or a save that read "over" for good)."""
    total = _commits_of_a_whole_game(capsys, monkeypatch, tmp_path)
    for kill_at in (total, total - 1):
        monkeypatch.setenv("GAMESHELF_HOME", str(tmp_path / f"kill-{kill_at}"))
        with faulty_store(monkeypatch) as fs:
            fs.arm(kill_at, "kill")
            with pytest.raises(Killed):
                run(MUGGINS_GAME, capsys, monkeypatch, _every_move())
            fs.arm(None)
            for _ in range(3):   # resume until no save is left
                code, _out, err = run(["muggins", "resume", "--text"], capsys, monkeypatch,
                                      _every_move())
                if code != 0:
                    assert "no saved Muggins game to resume" in err
                    break
            assert _muggins_games() == 1, kill_at
            assert _rows(MUGGINS) == {}


def test_a_muggins_end_on_a_full_store_says_so_exits_2_and_keeps_the_game(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """Issue 10 point 3: before, the result was printed, exit 0, nothing recorded."""
    total = _commits_of_a_whole_game(capsys, monkeypatch, tmp_path)
    monkeypatch.setenv("GAMESHELF_HOME", str(tmp_path / "full"))
    with faulty_store(monkeypatch) as fs:
        fs.arm(total, "fail")        # the end's transaction fails like a full disk
        code, out, err = run(MUGGINS_GAME, capsys, monkeypatch, _every_move())
        fs.arm(None)
    assert "You win" in out or "Mugsy wins" in out
    assert code == 2 and err.count("\n") == 1
    assert "the result could not be recorded" in err and "kept as 'game-5'" in err
    assert _muggins_games() == 0
    code, out, _ = run(["muggins", "saves"], capsys, monkeypatch)
    assert "game-5" in out and "the result is not recorded yet" in out
    code, out, _ = run(["muggins", "resume", "game-5"], capsys, monkeypatch)
    assert code == 0 and "now recorded" in out
    assert _muggins_games() == 1 and _rows(MUGGINS) == {}
    code, _, _ = run(["muggins", "resume", "game-5"], capsys, monkeypatch)
    assert code == 2 and _muggins_games() == 1


def _one_move_from_the_end(session: Session) -> str:
    """Play until the next action ends the game; returns that action (not applied)."""
    while True:
        st = session.match.state
        action = (str(session.mugsy_action()) if st.current_player() == MUGSY
                  else str(st.legal_actions()[0]))
        trial = MugginsMatch.from_record(session.match.record())
        trial.apply(action)
        if trial.state.is_terminal():
            return action
        session.apply(action)


def test_a_muggins_end_on_a_read_only_store_is_said_and_recorded_later(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from gameshelf.core import store as store_module
    from gameshelf.games.muggins.cli import _the_end

    session = Session.new("easy", MugginsOptions(30), 8)
    last = _one_move_from_the_end(session)
    with monkeypatch.context() as m:
        m.setattr(store_module, "Store", ReadOnlyStore)
        session.apply(last)
        assert session.match.state.is_terminal() and not session.finished
        with pytest.raises(StoreError, match="could not be recorded.*'game-8'"):
            _the_end(session)
    assert _muggins_games() == 0
    again = Session.resume("game-8")         # the game up to the last move it could store
    assert not again.match.state.is_terminal()
    again.apply(last)
    assert again.finished and _muggins_games() == 1 and _rows(MUGGINS) == {}


def test_two_muggins_sessions_never_share_a_save() -> None:
    """Issue 10 point 2: two games of the same number get two saves; the same save resumed
    twice: the first session is told and writes nothing over the second."""
    a = Session.new("easy", MugginsOptions(100), 9)
    b = Session.new("easy", MugginsOptions(100), 9)
    assert (a.name, b.name) == ("game-9", "game-9-2")
    for s in (a, b):
        st = s.match.state
        s.apply(s.mugsy_action() if st.current_player() == MUGSY else st.legal_actions()[0])
    rows = _rows(MUGGINS)
    assert rows["game-9"][5] != rows["game-9-2"][5]       # two games, two ids
    here = Session.resume("game-9")
    st = a.match.state
    a.apply(a.mugsy_action() if st.current_player() == MUGSY else st.legal_actions()[0])
    assert a.slot.unsaved and "taken over" in a.store_errors[-1]
    with Store() as s:
        assert s.load_save(MUGGINS, "game-9") == here.match.record()


def test_muggins_saves_list_damaged_ones_and_resume_skips_them(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    Session.new("easy", MugginsOptions(100), 4)
    Session.new("easy", MugginsOptions(100), 6)
    _damage(MUGGINS, "game-6")
    before = _rows(MUGGINS)
    code, out, _ = run(["muggins", "saves"], capsys, monkeypatch)
    assert code == 0 and "game-6" in out and "damaged" in out and "game-4" in out
    code, _, err = run(["muggins", "resume", "game-6"], capsys, monkeypatch)
    assert code == 2 and err.count("\n") == 1
    code, out, _ = run(["muggins", "resume", "--text"], capsys, monkeypatch, iter(["quit"]))
    assert code == 0 and "game number 4" in out
    assert _rows(MUGGINS)["game-6"] == before["game-6"]


def test_a_damaged_showdown_save_is_listed_and_never_overwritten(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 10 point 2's case: a damaged ``game-3`` was hidden by ``showdown saves`` and
    then overwritten by ``showdown play --text -p Zed,cpu --seed 3``."""
    ShowdownSession.new(ShowdownMatch(parse_players("Zed,cpu"), 3))
    _damage(SHOWDOWN, "game-3")
    before = _rows(SHOWDOWN)
    code, out, _ = run(["showdown", "saves"], capsys, monkeypatch)
    assert code == 0 and re.search(r"^game-3 +\S+ \S+  damaged", out, re.M)
    code, out, _ = run(["showdown", "play", "--text", "-p", "Zed,cpu", "--seed", "3"], capsys,
                       monkeypatch, iter(["quit"]))
    assert code == 0 and "Saved as 'game-3-2'" in out
    assert _rows(SHOWDOWN)["game-3"] == before["game-3"]


def test_a_showdown_end_is_written_once_and_a_failed_end_recorded_on_resume(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The people's scores and the save's removal in one transaction, once; the text loop
    now keeps the scores too (it kept none before)."""
    session = ShowdownSession.new(ShowdownMatch(parse_players("Zed,cpu"), 12))
    match = session.match
    with monkeypatch.context() as m:
        def full(*_a: object, **_k: object) -> None:
            raise StoreError("cannot write to the store: database or disk is full")
        m.setattr(Store, "finish_game", full)   # the end's transaction fails, saves do not
        while not match.state.is_terminal():
            while session.step() is not None:
                pass
            if not match.state.is_terminal():
                session.play(str(match.state.legal_actions()[0]))
    assert match.state.is_terminal() and not session.finished
    with Store() as s:
        assert s.top_scores(SHOWDOWN) == [] and list(_rows(SHOWDOWN)) == ["game-12"]
    code, out, _ = run(["showdown", "resume", "game-12"], capsys, monkeypatch)
    assert code == 0 and "now recorded" in out
    with Store() as s:
        assert [r.name for r in s.top_scores(SHOWDOWN)] == ["Zed"]
    assert _rows(SHOWDOWN) == {}
    code, _, _ = run(["showdown", "resume", "game-12"], capsys, monkeypatch)
    assert code == 2


def test_an_old_finished_showdown_save_is_not_recorded_again(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """A save the screen left before the session layer: the finished game saved plainly (no
    end_pending mark) after the screen had recorded its scores. Resuming it removes the save
    and records nothing again; a new session's failed end is still recorded (test above)."""
    match = ShowdownMatch(parse_players("Zed,cpu"), 12)
    while not match.state.is_terminal():
        while match.step() is not None:
            pass
        if not match.state.is_terminal():
            match.play(str(match.state.legal_actions()[0]))
    with Store() as s:   # what the old screen did: the scores, then the plain autosave
        s.finish_game(SHOWDOWN, scores=[ScoreEntry("Zed", match.state.score(0).total, seed=12,
                                                   detail={"turns": match.state.turn})])
        s.replace_save("game-12", match.record())
    code, out, _ = run(["showdown", "resume", "game-12"], capsys, monkeypatch)
    assert code == 0 and "were recorded when it ended" in out
    with Store() as s:
        assert [r.name for r in s.top_scores(SHOWDOWN)] == ["Zed"]   # once, not twice
    assert _rows(SHOWDOWN) == {}
    # the screen's resume of such a save records nothing either
    with Store() as s:
        s.replace_save("game-12", match.record())
    session = ShowdownSession.resume("game-12")
    assert session.finished and not session.recorded_on_resume
    with Store() as s:
        assert len(s.top_scores(SHOWDOWN)) == 1
    assert _rows(SHOWDOWN) == {}


def test_a_dollar_round_is_kept_whole_and_once(monkeypatch: pytest.MonkeyPatch) -> None:
    entries = [make_entry("Ann", "L40000002A"), make_entry("Bob", "B12345678A")]
    with faulty_store(monkeypatch) as fs:
        fs.arm(1, "fail")
        first = DollarRound(7, list(entries))
        with pytest.raises(StoreError):
            first.finish()
        with Store() as s:
            assert s.top_scores("dollar") == []              # nothing in part
        fs.arm(None)
        assert first.finish() is True and first.finish() is False
    with Store() as s:
        assert sorted(r.name for r in s.top_scores("dollar")) == ["Ann", "Bob"]


# ----- every write path against an intact and a damaged save of the names it would use ---
def _intact_and_damaged(game: str) -> dict[str, tuple[object, ...]]:
    """``game-7`` (intact) and ``game-7-2`` (damaged) of ``game``; returns the rows."""
    if game == MUGGINS:
        Session.new("easy", MugginsOptions(100), 7)
        Session.new("easy", MugginsOptions(100), 7)
    else:
        ShowdownSession.new(ShowdownMatch(parse_players("Zed,cpu"), 7))
        ShowdownSession.new(ShowdownMatch(parse_players("Zed,cpu"), 7))
    _damage(game, "game-7-2")
    rows = _rows(game)
    assert set(rows) == {"game-7", "game-7-2"}
    return rows


async def _muggins_screen() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = MugginsScreen(ask=False, level="easy", seed=7, pace=0)
        app.push_screen(screen)
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert screen.session is not None and screen.session.name == "game-7-3"


async def _showdown_start_screen() -> None:
    from textual.widgets import Input

    app = GameshelfApp(start="showdown")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.pause()
        start = app.screen
        assert isinstance(start, ShowdownStartScreen)
        start.query_one("#sd-players", Input).value = "Zed,cpu"
        start.query_one("#sd-seed", Input).value = "7"
        start.start()
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()


PATHS = {
    "muggins play --text": (MUGGINS, ["muggins", "play", "--text", "--seed", "7"]),
    "muggins play --name taken": (MUGGINS, ["muggins", "play", "--text", "--seed", "7",
                                            "--name", "game-7-2"]),
    "muggins screen": (MUGGINS, _muggins_screen),
    "showdown play --text": (SHOWDOWN, ["showdown", "play", "--text", "-p", "Zed,cpu",
                                        "--seed", "7"]),
    "showdown start screen": (SHOWDOWN, _showdown_start_screen),
}


@pytest.mark.parametrize("path", list(PATHS))
async def test_every_write_path_leaves_intact_and_damaged_saves_as_they_were(
        path: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    game, how = PATHS[path]
    before = _intact_and_damaged(game)
    if isinstance(how, list):
        code, out, err = run(how, capsys, monkeypatch, iter(["quit"]))
        if "--name" in how:
            assert code == 2 and "exists" in err
        else:
            assert code == 0 and "'game-7-3'" in out
    else:
        await how()
    after = _rows(game)
    assert {k: after[k] for k in before} == before
    assert set(after) == set(before) | ({"game-7-3"} if "--name" not in path else set())


def test_dollar_round_leaves_saves_alone_and_says_a_read_only_store_at_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    before = _intact_and_damaged(SHOWDOWN)
    DollarRound(7, [make_entry("Ann", "L40000002A")]).finish()
    assert _rows(SHOWDOWN) == before
    from gameshelf.core import store as store_module
    monkeypatch.setattr(store_module, "Store", ReadOnlyStore)
    with pytest.raises(StoreError):
        DollarRound.check_writable()
    with pytest.raises(StoreError):
        Session.new("easy", MugginsOptions(100), 3)       # Muggins: said before the first move
    with pytest.raises(StoreError):
        ShowdownSession.new(ShowdownMatch(parse_players("Zed,cpu"), 3))


def test_json_of_muggins_saves(capsys: pytest.CaptureFixture[str],
                               monkeypatch: pytest.MonkeyPatch) -> None:
    Session.new("strong", MugginsOptions(150), 21)
    code, out, _ = run(["muggins", "saves", "--json"], capsys, monkeypatch)
    (row,) = json.loads(out)
    assert code == 0 and row["name"] == "game-21" and "Mugsy (strong) · game 21" in row["game"]
