"""Issue 10, closing paragraph: a crash anywhere still exits non-zero, says in one line where
the full report was written, and leaves the game in progress saved.

Faults are injected into a prompt loop mid-game (the command line) and into a screen's key
handler and a computer player (the terminal app); each time the report sits under
``$GAMESHELF_HOME/crash``, the player reads one line naming it, and the save holds the game up
to the last move that completed.
"""

from __future__ import annotations

import io
import signal
from pathlib import Path

import pytest
from textual.worker import WorkerFailed

from gameshelf.cli import main
from gameshelf.core import crash
from gameshelf.core.store import Store
from gameshelf.games.muggins.match import GAME as MUGGINS
from gameshelf.games.showdown.match import GAME as SHOWDOWN
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.showdown.match import parse_players
from gameshelf.games.showdown.tui.screen import ShowdownScreen
from gameshelf.games.yatz.game import GAME as YATZ
from gameshelf.games.yatz.match import Match as YatzMatch
from gameshelf.games.yatz.match import Seat
from gameshelf.games.yatz.tui.setup import YatzApp
from gameshelf.tui.app import GameshelfApp


class Injected(RuntimeError):
    """The fault the tests inject."""


def _boom(*_args: object, **_kwargs: object) -> None:
    raise Injected("injected fault")


def run(args: list[str], stdin: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    with pytest.raises(SystemExit) as exc:
        main(args)
    out = capsys.readouterr()
    return int(exc.value.code or 0), out.out, out.err


def assert_crash_line(err: str, home: Path) -> Path:
    """One line on stderr naming a report under the data folder that holds the traceback."""
    assert err.count("\n") == 1, err
    assert err.startswith("gameshelf: internal error (Injected); the full report is in ")
    path = Path(err.split(" is in ", 1)[1].strip())
    assert path.parent == home / "crash" and path.is_file()
    text = path.read_text()
    assert "Traceback" in text and "Injected: injected fault" in text
    return path


def _actions(game: str, name: str) -> tuple[str, ...]:
    with Store() as store:
        return store.load_save(game, name).actions


@pytest.mark.parametrize("game, args, moves, patch, save", [
    ("yatz", ["yatz", "play", "-p", "Ann", "--seed", "5", "--name", "c"], "roll\nhold 1\ntotals\n",
     "gameshelf.games.yatz.prompt.totals_text", "c"),
    ("showdown", ["showdown", "play", "--text", "-p", "Zed,cpu", "--seed", "3"],
     "table\n", "gameshelf.games.showdown.cli.describe", "game-3"),
])
def test_a_crash_at_the_prompt_is_one_line_a_report_and_the_game_kept(
        game: str, args: list[str], moves: str, patch: str, save: str,
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        _gameshelf_home: Path) -> None:
    if game == "showdown":  # the first table is drawn before the fault is armed
        real = __import__("gameshelf.games.showdown.cli", fromlist=["describe"]).describe
        calls = iter([real])
        monkeypatch.setattr(patch, lambda *a: next(calls, _boom)(*a))
    else:
        monkeypatch.setattr(patch, _boom)
    code, _out, err = run(args, moves, capsys, monkeypatch)
    assert code == crash.EXIT_CODE
    assert_crash_line(err, _gameshelf_home)
    kept = _actions(YATZ if game == "yatz" else SHOWDOWN, save)
    if game == "yatz":
        assert kept[0] == "roll" and kept[2] == "hold 1"   # every move before the fault
    else:
        assert kept  # the game as it stood at the prompt


def test_a_crash_in_the_muggins_prompt(capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch,
                                       _gameshelf_home: Path) -> None:
    monkeypatch.setattr("gameshelf.games.muggins.cli.describe", _boom)
    code, _out, err = run(["muggins", "play", "--text", "--seed", "3"], "", capsys, monkeypatch)
    assert code == crash.EXIT_CODE
    assert_crash_line(err, _gameshelf_home)
    with Store() as store:
        assert store.list_saves(MUGGINS)  # the dealt game is kept


def test_no_writable_folder_still_one_line(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch,
                                           tmp_path: Path) -> None:
    """A report goes to the temporary folder when the data folder takes none."""
    monkeypatch.setattr("gameshelf.core.crash.data_dir", lambda: tmp_path / "f" / "x")
    (tmp_path / "f").write_text("a file, not a folder")
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    monkeypatch.setattr("gameshelf.games.yatz.prompt.totals_text", _boom)
    code, _out, err = run(["yatz", "play", "-p", "Ann", "--seed", "5"], "totals\n", capsys,
                          monkeypatch)
    assert code == crash.EXIT_CODE and err.count("\n") == 1
    assert str(tmp_path / "tmp") in err


async def test_a_crash_on_the_yatz_screen_is_reported_and_the_game_kept(
        monkeypatch: pytest.MonkeyPatch, _gameshelf_home: Path) -> None:
    """Yatz saved only after a scored turn: a crash after rolls lost them."""
    monkeypatch.setattr("gameshelf.games.yatz.tui.screen.GameScreen.action_hint", _boom)
    app = YatzApp(YatzMatch([Seat("Ann")], 11), "screen")
    with pytest.raises(Injected):
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            await pilot.press("r", "1", "r")
            await pilot.press("h")      # the fault
            await pilot.pause()
    assert app.crash is not None and app.crash.path is not None
    assert app.crash.path.parent == _gameshelf_home / "crash"
    assert app.return_code == 1
    kept = _actions(YATZ, "screen")
    assert kept[0] == "roll" and kept[2] == "hold 1" and kept[3] == "roll"


async def test_a_computer_player_crash_on_the_showdown_screen_keeps_the_persons_move(
        monkeypatch: pytest.MonkeyPatch, _gameshelf_home: Path) -> None:
    """The person's move was saved only after every computer move: a fault in a computer
    player lost it."""
    app = GameshelfApp()
    match = ShowdownMatch(parse_players("Ann,cpu"), 3)
    with pytest.raises(WorkerFailed):  # the computers play in a worker
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            screen = ShowdownScreen(match)
            app.push_screen(screen)
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            move = str(match.state.legal_actions()[0])
            monkeypatch.setattr(ShowdownMatch, "step", _boom)
            screen.act(move)
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
    assert app.crash is not None and app.crash.path is not None
    assert isinstance(app.crash.error, Injected)
    with Store() as store:
        (row,) = store.list_saves(SHOWDOWN)
    assert row.record.actions[-1] == move


async def test_a_signal_ends_the_app_in_order_with_the_game_saved(
        _gameshelf_home: Path) -> None:
    app = YatzApp(YatzMatch([Seat("Ann")], 12), "sig")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r", "2")
        await pilot.pause()
        app.stop_by_signal(signal.SIGTERM)
        await pilot.pause()
    assert app.stopped_by == signal.SIGTERM and app.return_code == 128 + signal.SIGTERM
    assert _actions(YATZ, "sig")[2] == "hold 2"
