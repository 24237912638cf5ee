"""The registry refuses a badly made game in one clear line: a key of the wrong shape or a
built-in command's name when it is added, an unknown part or a place of the wrong shape when
its GameDef is made, a package without ``GAME`` when first asked for, a part not there when
loaded; every part of every game (Pig's too) is there and of its kind; no command of any game
loads numpy or numba unless it computes with them."""

from __future__ import annotations

import json
import subprocess
import sys
import types
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import typer

from gameshelf.cli import app
from gameshelf.core.gamedef import PARTS, GameDef, GameDefError, Registry, WebPage, of_kind
from gameshelf.core.options import GameOptions
from gameshelf.games import REGISTRY
from gameshelf.rl.spec import GameSpec
from gameshelf.server.games import Game
from gameshelf.session.ending import EndRules
from gameshelf.session.remote import OnlineGame, lazy
from gameshelf.tui.stats import StatsView
from tests.cli_helpers import run, sub_commands

ROOT = Path(__file__).resolve().parents[2]


def _class_of(base: type) -> Callable[[Any], bool]:
    return lambda x: isinstance(x, type) and issubclass(x, base)


#: What each part must be.
KINDS: dict[str, Callable[[Any], bool]] = {
    "cli": lambda x: isinstance(x, typer.Typer),
    "screen": callable, "replay_screen": callable, "replay": callable, "stats": callable,
    "stats_view": lambda x: isinstance(x, StatsView),
    "end": lambda x: isinstance(x, EndRules),
    "rl": _class_of(GameSpec),
    "server": _class_of(Game),
    "online": lambda x: isinstance(x, OnlineGame),
    "options": _class_of(GameOptions),
    "web": lambda x: isinstance(x, WebPage),
}
#: The commands that compute with numpy (a bill's percentile, the odds): no other loads it.
NEED_NUMPY = {"dollar score", "dollar odds", "dollar stats"}
#: Real commands cheap enough to run for every game that has them (an empty store).
CHEAP = ("stats", "history", "saves", "scores", "best")


@pytest.fixture
def every_game(pig: GameDef) -> tuple[GameDef, ...]:
    """The registered games and Pig."""
    return tuple(REGISTRY)


@pytest.fixture
def broken() -> Iterator[str]:
    """A game ``broken`` whose package has no GAME, registered for the test."""
    sys.modules["tests.games.broken"] = types.ModuleType("tests.games.broken")
    REGISTRY.add("broken", "tests.games.broken")
    yield "broken"
    REGISTRY.remove("broken")
    del sys.modules["tests.games.broken"]


def test_every_part_of_every_game_is_there_and_of_its_kind(
        every_game: tuple[GameDef, ...]) -> None:
    assert set(KINDS) == set(PARTS)
    wrong = [f"{g.key}.{part}" for g in every_game for part in g.parts
             if not KINDS[part](g.load(part))]
    assert wrong == []
    assert "pig" in {g.key for g in every_game}


def test_parts_are_read_only() -> None:
    with pytest.raises(TypeError):
        REGISTRY.get("yatz").parts["cli"] = ".elsewhere:app"  # type: ignore[index]


def test_an_unknown_part_name_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(GameDefError, match="no part is named 'clii'; the parts are cli, "):
        GameDef("x.y", "y", "Y", "A game.", parts={"clii": ".cli:app"})


@pytest.mark.parametrize("place", ["cli", ".cli", "cli:", ".cli:app:x", "..cli:app", "a b:c",
                                   ".cli:app()", ""])
def test_a_place_of_the_wrong_shape_is_refused(place: str) -> None:
    with pytest.raises(GameDefError, match="not at 'module:attribute'"):
        GameDef("x.y", "y", "Y", "A game.", parts={"cli": place})


@pytest.mark.parametrize("key", ["", "Yatz", "9ball", "-x", "x-", "a--b", "a_b", "a b", "é",
                                 "a" * 21, "a-b", "pi-g", "a-2", "a" * 10 + "-" + "a" * 9,
                                 "--help", "--version"])
def test_a_key_of_the_wrong_shape_is_refused(key: str) -> None:
    with pytest.raises(GameDefError, match="a game key is a lowercase word"):
        Registry().add(key, "x")


def test_every_built_in_command_and_option_is_refused_as_a_key() -> None:
    root = typer.main.get_group(app)
    built_in = [n for n, _ in sub_commands(root) if n not in REGISTRY]
    helps = root.get_help_option(typer.Context(root))
    options = [o.lstrip("-") for p in [*root.params, helps] if p for o in p.opts]
    assert {"serve", "web", "menu", "online"} <= set(built_in)
    assert {"version", "help"} <= set(options)
    for name in [*built_in, *options]:
        with pytest.raises(GameDefError, match="cannot be a game's key|lowercase word"):
            Registry().add(name, "x")
    Registry().add("a2", "x")  # good keys
    Registry().add("a" * 20, "x")


def test_a_key_is_added_once() -> None:
    with pytest.raises(GameDefError, match="'yatz' cannot be a game's key: it is another"):
        REGISTRY.add("yatz", "elsewhere")


def test_a_package_without_game_ends_its_command_in_one_line_and_the_others_still_work(
        broken: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run([broken, "--help"], capsys, monkeypatch)
    assert (code, out) == (2, "")
    assert err == ("gameshelf: error: game 'broken': tests.games.broken has no GAME, the "
                   "GameDef keyed 'broken'\n")
    code, out, _ = run(["--help"], capsys, monkeypatch)
    assert code == 0 and "broken    (cannot be played: game 'broken'" in out
    code, out, _ = run(["yatz", "--help"], capsys, monkeypatch)
    assert code == 0 and "play" in out
    # the menu opens with the broken game listed (the other games open): here only the want
    # of a terminal stops it, not the broken game
    code, out, err = run(["menu"], capsys, monkeypatch)
    assert (code, out) == (2, "") and "need a terminal" in err


def test_a_missing_package_or_part_is_one_line(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    reg = Registry()
    reg.add("gone", "tests.games.gone")
    with pytest.raises(GameDefError, match="^game 'gone': no package tests.games.gone$"):
        reg.get("gone")
    game = GameDef("tests.games.pig", "pig", "Pig", "A game.", parts={
        "cli": ".clix:app", "rl": ".rl:Nothing"})
    with pytest.raises(GameDefError, match="^Pig's cli part: no module tests.games.pig.clix$"):
        game.load("cli")
    with pytest.raises(GameDefError, match="^Pig's rl part: tests.games.pig.rl has no Noth"):
        game.load("rl")


#: Runs each game's command lines (``{key: [[word, ...], ...]}``), each in a fork of a
#: process that has loaded the command line and that game's ``cli`` part (itself checked),
#: and prints which of numpy and numba each loaded (a JSON list a line).
WALK = """
import json, os, sys
from gameshelf.cli import main
from gameshelf.games import REGISTRY
REGISTRY.add("pig", "tests.games.pig")

def forked(work):
    if (pid := os.fork()) == 0:
        work()
        os._exit(0)
    os.waitpid(pid, 0)

def loaded():
    sys.__stdout__.write(json.dumps([m for m in ("numpy", "numba") if m in sys.modules]) + "\\n")
    sys.__stdout__.flush()

def command(words):
    sys.stdout = sys.stderr = open(os.devnull, "w")
    try:
        main(words)
    except SystemExit:
        pass
    loaded()

def game(key, lines):
    REGISTRY.get(key).load("cli")
    loaded()
    for words in lines:
        forked(lambda: command(words))

for key, lines in json.loads(sys.argv[1]).items():
    forked(lambda: game(key, lines))
"""


def test_no_command_of_any_game_loads_numpy_unless_it_computes_with_it(
        every_game: tuple[GameDef, ...]) -> None:
    commands = dict(sub_commands(typer.main.get_group(app)))
    lines = {g.key: [[g.key, *args] for name, _ in sub_commands(commands[g.key])
                     for args in ([name, "--help"], *([[name]] if name in CHEAP else []))]
             for g in every_game}
    lines["dollar"].append(["dollar", "score", "L12345678A"])
    done = subprocess.run([sys.executable, "-c", WALK, json.dumps(lines)], cwd=ROOT,
                          capture_output=True, text=True, timeout=300, check=True)
    said = [" ".join(w) for key, words in lines.items() for w in [[key, "cli"], *words]]
    loaded = dict(zip(said, map(json.loads, done.stdout.splitlines()), strict=True))
    assert len(loaded) > 6 * len(every_game)
    wrong = {cmd: mods for cmd, mods in loaded.items()
             if bool(mods) != (" ".join(cmd.split()[:2]) in NEED_NUMPY and "--help" not in cmd)}
    assert wrong == {}


#: What every game says in the same situation (TITLE: its title), by the words typed after
#: its key, with an empty store; the game's own messages are these too (never its key).
SAID = {
    "resume": "no saved TITLE game to resume; start one with 'gameshelf KEY play'",
    "resume nosuch": "no saved TITLE game named 'nosuch'",
    "review nosuch": "no saved TITLE game named 'nosuch'",
    "replay nosuch": "no saved TITLE game named 'nosuch'",
    "replay last": "no finished TITLE game is kept yet (nor a save called 'last')",
    "delete nosuch": "no saved TITLE game named 'nosuch'; nothing deleted (there are no saved "
                     "TITLE games)",
}


def test_every_game_says_the_same_thing_in_the_same_words(
        every_game: tuple[GameDef, ...], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    commands = dict(sub_commands(typer.main.get_group(app)))
    said, expected = {}, {}
    for g in every_game:
        has = {name for name, _ in sub_commands(commands[g.key])}
        for words, message in SAID.items():
            if words.split()[0] in has:
                said[g.key, words] = run([g.key, *words.split()], capsys, monkeypatch)
                message = message.replace("TITLE", g.title).replace("KEY", g.key)
                expected[g.key, words] = (2, "", f"gameshelf: error: {message}\n")
    assert said == expected
    assert {w for _, w in said} == set(SAID) and {k for k, _ in said} > {"pig"}


def test_the_registry_checks_each_part_of_its_kind_as_this_test_does(
        every_game: tuple[GameDef, ...]) -> None:
    good = {part: g.load(part) for g in every_game for part in g.parts}
    for part, found in good.items():
        assert of_kind(part, found) and KINDS[part](found)
        assert not of_kind(part, 42) and not KINDS[part](42)


def test_an_online_part_s_lazy_callable_says_a_missing_module_in_one_line() -> None:
    with pytest.raises(GameDefError, match="^the online part's tests.games.nope:f: no module"):
        lazy("tests.games.nope:f")()
    with pytest.raises(GameDefError, match="^the online part's json:nothing: json has no no"):
        lazy("json:nothing")()
    with pytest.raises(GameDefError, match="json:__name__ is str, not a function"):
        lazy("json:__name__")()
    assert lazy("json:dumps")([1]) == "[1]"
