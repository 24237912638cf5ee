"""The computer levels in one order, the game's own (``GameOptions.LEVELS`` in its folder),
in every front end's list: the terminal's setup screens, the prompt's and the command
line's help, and the page's level select (``/games.json``, from the page modules). Walks
every game of the registry that has computer levels."""

from __future__ import annotations

import re

from textual.widgets import OptionList, Select, Static
from typer.testing import CliRunner

from gameshelf.cli.online import levels_help
from gameshelf.core.gamedef import options_of
from gameshelf.games import REGISTRY
from gameshelf.web.page import games_list
from tests.tui.setups import opened, running


def _levels() -> dict[str, tuple[str, ...]]:
    return {g.key: options_of(g).LEVELS for g in REGISTRY if options_of(g).LEVELS}


def test_the_page_lists_every_games_levels_in_the_games_order() -> None:
    page = {g["key"]: g for g in games_list()}
    for key, levels in _levels().items():
        if page.get(key, {}).get("script"):
            assert tuple(page[key]["levels"]) == levels, key
            default = options_of(REGISTRY.get(key)).DEFAULT_LEVEL
            assert page[key]["level"] == (default or levels[0]), key


def test_the_online_help_lists_them_in_the_same_order() -> None:
    said = levels_help()
    for g in REGISTRY:
        levels = options_of(g).LEVELS
        if levels and f"{g.title}:" in said:
            assert f"{g.title}: {', '.join(levels)}" in said


def test_the_yatz_command_line_help_lists_them_in_the_same_order() -> None:
    from gameshelf.cli import app

    out = CliRunner().invoke(app, ["yatz", "play", "--help"], terminal_width=400).output
    assert ", ".join(_levels()["yatz"]) in re.sub(r"\s+", " ", out), out


async def test_every_terminal_setup_lists_them_in_the_same_order() -> None:
    from gameshelf.games.muggins.tui.level import LevelScreen
    from gameshelf.games.showdown.tui.setup import ShowdownStartScreen
    from gameshelf.games.yatz.tui.setup import SetupScreen

    levels = _levels()
    async with running() as (app, pilot):
        yatz = await opened(app, pilot, SetupScreen())
        select = yatz.query(Select).first()
        shown = [str(v) for _label, v in select._options if str(v).strip()]   # noqa: SLF001
        computers = [v for v in shown if v in levels["yatz"]]
        assert tuple(computers) == levels["yatz"]
        app.pop_screen()
        muggins = await opened(app, pilot, LevelScreen())
        ol = muggins.query_one("#levels", OptionList)
        ids = tuple(str(ol.get_option_at_index(i).id) for i in range(ol.option_count))
        assert ids == levels["muggins"]
        app.pop_screen()
        showdown = await opened(app, pilot, ShowdownStartScreen())
        note = str(showdown.query_one("#sd-note", Static).render())
        assert re.sub(r"\s+", " ", ", ".join(levels["showdown"])) in re.sub(r"\s+", " ", note)
