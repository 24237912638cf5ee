"""One badly made game never breaks the shells for the other games: every kind of badly
made package (no ``GAME``, another game's ``GAME``, a bad part name or place, a package
that raises, has a syntax error or imports a missing dependency, parts whose module or
attribute is missing, parts of the wrong kind, parts that raise) is said in one line (exit
2 on the command line, a message on screen), through every shell that walks the registry:
the root's help, another game's commands, the online client's help and ``create``, the
game server, the menu, the online lobby and the statistics screen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from gameshelf.core.gamedef import PARTS
from gameshelf.games import REGISTRY
from gameshelf.tui.app import GameshelfApp, MenuScreen
from gameshelf.tui.online import OnlineScreen
from gameshelf.tui.stats import StatsScreen
from tests.cli_helpers import run

ROOT = Path(__file__).resolve().parents[2]



def _game(parts: str) -> str:
    return ("from gameshelf.core.gamedef import GameDef\n"
            f"GAME = GameDef(__name__, KEY, 'Broken', 'A badly made game.', parts={parts})\n")


def _every_part(where: str) -> str:
    return _game("{" + ", ".join(f"{p!r}: {where!r}" for p in PARTS) + "}")


#: Each kind of badly made game: its package's files (``KEY``: the game's key).
KINDS: dict[str, dict[str, str]] = {
    "nogame": {"__init__.py": "X = 1\n"},
    "otherkey": {"__init__.py": _game("{}").replace("KEY", "'yatz'")},
    "badpartname": {"__init__.py": _game("{'clii': '.m:x'}")},
    "badpartplace": {"__init__.py": _game("{'cli': 'm.x'}")},
    "raises": {"__init__.py": "raise RuntimeError('boom at import')\n"},
    "syntaxerror": {"__init__.py": "def (\n"},
    "missingdep": {"__init__.py": "import gameshelf_no_such_dependency\n"},
    "partmodulegone": {"__init__.py": _every_part(".nope:x")},
    "partattrmissing": {"__init__.py": _every_part(".m:nothing"), "m.py": "x = 42\n"},
    "partwrongkind": {"__init__.py": _every_part(".m:x"), "m.py": "x = 42\n"},
    "partraises": {"__init__.py": _every_part(".m:x"),
                    "m.py": "raise ValueError('part boom')\n"},
}
#: A closed port: the online client's error is about the server, not the broken game.
NO_SERVER = "ws://127.0.0.1:9"


def _write(folder: Path, kind: str) -> str:
    """Write the package of ``kind`` under ``folder``; its name."""
    package = "gsbroken_" + kind
    (folder / package).mkdir(parents=True)
    for name, text in KINDS[kind].items():
        (folder / package / name).write_text(
            f"KEY = {kind!r}\n{text}" if name == "__init__.py" else text)
    return package


@pytest.fixture(params=sorted(KINDS))
def broken(request: pytest.FixtureRequest, tmp_path: Path,
           monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A badly made game of each kind, registered (its key the kind's name) for the test."""
    kind: str = request.param
    package = _write(tmp_path / "pkgs", kind)
    monkeypatch.syspath_prepend(str(tmp_path / "pkgs"))
    monkeypatch.setenv("GAMESHELF_HOME", str(tmp_path / "home"))
    REGISTRY.add(kind, package)
    try:
        yield kind
    finally:
        REGISTRY.remove(kind)
        for name in [m for m in sys.modules if m.split(".")[0] == package]:
            del sys.modules[name]


def _one_line(err: str) -> None:
    assert err.startswith("gameshelf: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err


def test_the_command_line_says_a_broken_game_in_one_line_and_the_others_work(
        broken: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(["--help"], capsys, monkeypatch)
    assert (code, err) == (0, "") and broken in out and "yatz" in out and "serve" in out
    code, out, err = run([broken, "--help"], capsys, monkeypatch)
    assert (code, out) == (2, "")
    _one_line(err)
    code, out, err = run(["yatz", "saves"], capsys, monkeypatch)
    assert (code, err) == (0, "") and "No saved Yatz games" in out
    code, out, err = run(["serve", "--help"], capsys, monkeypatch)
    assert (code, err) == (0, "") and "Yatz" in out


def test_the_online_client_goes_on_past_a_broken_game(
        broken: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(["online", "create", "--help"], capsys, monkeypatch)
    assert (code, err) == (0, "") and "yatz" in out and "--target" in out
    code, out, err = run(["online", "create", "yatz", "--server", NO_SERVER], capsys,
                         monkeypatch)
    assert (code, out) == (2, "")
    _one_line(err)
    assert "cannot reach the game server" in err
    code, out, err = run(["online", "create", broken, "--server", NO_SERVER], capsys,
                         monkeypatch)
    assert (code, out) == (2, "")
    _one_line(err)
    code, out, err = run(["online", "join", "K7QX", "--name", "Ann", "--server", NO_SERVER],
                         capsys, monkeypatch)
    assert code == 2 and "cannot reach the game server" in err


#: Runs the game server with the broken game of argv[1] (package argv[2], on argv[3]).
SERVE = """
import sys
sys.path.insert(0, sys.argv[3])
from gameshelf.games import REGISTRY
REGISTRY.add(sys.argv[1], sys.argv[2])
from gameshelf.cli import main
main(["serve", "--port", "0"])
"""


def test_the_server_serves_the_other_games(broken: str, tmp_path: Path) -> None:
    package = "gsbroken_" + broken
    env = {**os.environ, "GAMESHELF_HOME": str(tmp_path / "home"), "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-c", SERVE, broken, package,
                             str(tmp_path / "pkgs")], env=env, cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert "listening on ws://127.0.0.1:" in line, (line, proc.poll())
        port = int(line.split("ws://127.0.0.1:")[1].split("/")[0])
        listing: list[dict[str, object]] = []
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/games.json",
                                            timeout=5) as answer:
                    listing = json.load(answer)
                break
            except OSError:
                time.sleep(0.1)
        assert [g["key"] for g in listing] == ["dollar", "yatz", "muggins", "showdown"]
        assert proc.poll() is None
    finally:
        proc.terminate()
        _, err = proc.communicate(timeout=30)
    warned = [w for w in err.splitlines() if w.startswith("gameshelf: warning: ")]
    assert len(warned) == 1 and "Traceback" not in err, err


def _text(app: GameshelfApp, wid: str) -> str:
    return str(app.screen.query_one(wid, Static).render())


async def test_the_menu_the_lobby_and_the_statistics_go_on_past_a_broken_game(
        broken: str) -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        menu = app.screen
        assert isinstance(menu, MenuScreen)
        keys = [e.key for e in menu.entries]
        assert keys[:4] == ["dollar", "yatz", "muggins", "showdown"] and broken in keys
        options = menu.query_one("#games", OptionList)
        options.highlighted = keys.index(broken)
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is menu and _text(app, "#status").startswith("Cannot open it: ")
        await pilot.press("t")                       # its statistics say why not, too
        await pilot.pause()
        assert app.screen is menu and _text(app, "#status").startswith("No statistics: ")
        options.highlighted = keys.index("yatz")
        await pilot.press("t")                       # another game's statistics open
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        await pilot.press("escape")
        await pilot.pause()
        options.highlighted = keys.index("online")
        await pilot.press("enter")                   # the lobby: the others, and why not
        await pilot.pause()
        assert isinstance(app.screen, OnlineScreen)
        assert broken in _text(app, "#on-broken") or "Broken's" in _text(app, "#on-broken")
        assert "Yatz" in _text(app, "#on-note")
