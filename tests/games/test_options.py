"""Every game's options, read by the game's one validator wherever they are typed: the same
bad input is refused alike at the game's own command line (``gameshelf KEY play --OPTION``)
and by ``gameshelf online create KEY --OPTION`` (before any server is reached); and the
online help (``online create``, ``serve``, the online screen) names every registered game,
the test game Pig included, with its computer levels."""

from __future__ import annotations

import pytest
import typer
from typer.testing import CliRunner

from gameshelf.cli import serve
from gameshelf.cli.online import make_app
from gameshelf.core.gamedef import GameDef, options_of
from gameshelf.core.options import NumberOption, Option
from gameshelf.games import REGISTRY
from gameshelf.tui.online import online_help
from tests.cli_helpers import run

#: Typed values no whole-number option takes (a fraction, separators, a sign, words...).
BAD_NUMBERS = ("5.0", "1_000", "1,000", "+5", "-5", "abc", "", "²", "9" * 40, "true")
#: A server that is never reached: the options are refused before.
NOWHERE = "ws://127.0.0.1:9"


def _bad_inputs(option: Option) -> list[str]:
    assert isinstance(option, NumberOption), f"no bad inputs listed for {option!r}"
    return [*BAD_NUMBERS, str(option.minimum - 1), str(option.maximum + 1)]


def _cases() -> list[tuple[str, str, str]]:
    REGISTRY.add("pig", "tests.games.pig")
    try:
        return [(g.key, o.name, text) for g in REGISTRY for o in options_of(g).FIELDS
                for text in _bad_inputs(o)]
    finally:
        REGISTRY.remove("pig")


@pytest.mark.parametrize(("key", "name", "text"), _cases())
def test_a_bad_option_is_refused_alike_locally_and_online(
        pig: GameDef, key: str, name: str, text: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    flag = f"--{name}"
    code, _, local = run([key, "play", "--text", f"{flag}={text}"], capsys, monkeypatch)
    assert code == 2, local
    code, _, online = run(["online", "create", key, f"{flag}={text}", "--server", NOWHERE],
                          capsys, monkeypatch)
    assert code == 2, online
    assert online.startswith(f"gameshelf: error: {flag}") and "server" not in online
    assert local == online


def test_a_good_option_is_read_alike(pig: GameDef) -> None:
    assert options_of(REGISTRY.get("muggins")).from_texts({"target": " 250 "}).to_json() == \
        {"target": 250}
    assert options_of(pig).from_json({"target": 30}).to_json() == {"target": 30}


def test_an_option_of_another_game_is_refused_online(
        pig: GameDef, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = run(["online", "create", "yatz", "--target", "50", "--server", NOWHERE],
                       capsys, monkeypatch)
    assert code == 2
    assert ("--target is not an option of Yatz (Muggins: the points that end the game; "
            "Pig: the points that win)") in err


def test_online_create_help_names_every_game_and_its_levels(pig: GameDef) -> None:
    out = CliRunner().invoke(make_app(), ["create", "--help"], terminal_width=400).output
    for g in REGISTRY.with_part("online"):
        assert g.key in out and f"{g.title}: {', '.join(options_of(g).LEVELS)}" in out
    assert "Pig: the points that win (10 to 1,000; default 100)" in out


def test_serve_help_names_every_game(pig: GameDef) -> None:
    app = typer.Typer(rich_markup_mode=None)
    serve.register(app)
    app.command("other")(lambda: None)   # two commands: "serve --help" is a sub-command's
    out = " ".join(CliRunner().invoke(app, ["serve", "--help"]).output.split())
    assert "Yatz, Muggins, Pinball Showdown and Pig played online" in out


def test_the_online_screen_help_names_every_game_and_its_levels(pig: GameDef) -> None:
    text = online_help()
    assert "Play Yatz, Muggins, Pinball Showdown or Pig with people" in text
    assert "Pig: `hold20`, `hold15`, `hold25`" in text and "Pig: `me,open`" in text
