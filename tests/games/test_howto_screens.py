"""The how-to line of every game screen (Pilot): it follows the game's phases, ``i`` turns it
off, and it stays off (the choice kept in the store's settings) on the next screen opened."""

from __future__ import annotations

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen

from gameshelf.core.gamedef import GameDef
from gameshelf.core.store import Store
from gameshelf.tui.app import GameshelfApp
from gameshelf.tui.howto import SETTING, HowToLine
from tests.games.pig.tui.screen import PigScreen


def howto_text(app: App[None]) -> str:
    """The how-to line shown ("" while it is hidden)."""
    line = app.screen.query_one(HowToLine)
    return str(line.render()) if line.display else ""


async def settle(pilot: Pilot[None]) -> None:
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def opened(pilot: Pilot[None], screen: Screen[None]) -> None:
    await pilot.app.push_screen(screen)
    await settle(pilot)
    await settle(pilot)


async def turned_off_stays_off(pilot: Pilot[None], again: Screen[None]) -> None:
    """i hides the line, the store keeps "off", and ``again`` opens with it hidden."""
    assert howto_text(pilot.app)
    await pilot.press("i")
    await pilot.pause()
    assert howto_text(pilot.app) == ""
    with Store() as store:
        assert store.get_setting(SETTING) == "off"
    await opened(pilot, again)
    assert howto_text(pilot.app) == ""
    await pilot.press("i")
    await pilot.pause()
    assert howto_text(pilot.app)


async def test_pig_howto_follows_the_turn_and_stays_off(pig: GameDef,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(PigScreen, "pace", 0.0)
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(pilot, PigScreen())
        screen = app.screen
        assert isinstance(screen, PigScreen) and screen.game is not None
        assert "r rolls" in howto_text(app)
        while screen.game.view(0).turn_total == 0 and not screen.game.finished():
            await pilot.press("r")
            await settle(pilot)
        assert "h holds" in howto_text(app)
        await turned_off_stays_off(pilot, PigScreen())
