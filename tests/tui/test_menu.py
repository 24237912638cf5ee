"""The game menu (Pilot)."""

from __future__ import annotations

from textual.widgets import OptionList

from gameshelf.tui.app import GameshelfApp, MenuScreen, entries


async def test_menu_lists_the_four_games_and_play_online() -> None:
    app = GameshelfApp()
    async with app.run_test() as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        options = app.screen.query_one("#games", OptionList)
        assert len(entries()) == options.option_count == 5 and entries()[-1].key == "online"


async def test_help_opens_and_closes() -> None:
    app = GameshelfApp()
    async with app.run_test() as pilot:
        await pilot.press("f1")
        await pilot.pause()
        assert not isinstance(app.screen, MenuScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_start_opens_a_game_directly() -> None:
    app = GameshelfApp(start="dollar")
    async with app.run_test() as pilot:
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, MenuScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_number_key_opens_each_built_game() -> None:
    for key in "1234":
        app = GameshelfApp()
        async with app.run_test() as pilot:
            await pilot.press(key)
            await pilot.pause()
            assert not isinstance(app.screen, MenuScreen), f"key {key}"
