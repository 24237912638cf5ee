"""The game menu (Pilot)."""

from __future__ import annotations

from textual.widgets import OptionList

from gameshelf.tui.app import GAMES, GameshelfApp, MenuScreen


async def test_menu_lists_the_four_games() -> None:
    app = GameshelfApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        options = app.screen.query_one("#games", OptionList)
        assert options.option_count == len(GAMES) == 4


async def test_help_opens_and_closes() -> None:
    app = GameshelfApp()
    async with app.run_test() as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert not isinstance(app.screen, MenuScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
