"""Pig on the screens, registered by one line and no other change (Pilot): opened from the
menu and played to its end against the computer, then its statistics screen and, from it,
the last game's replay on Pig's own screen, read-only."""

from __future__ import annotations

import re

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList, Static

from gameshelf.core.gamedef import GameDef
from gameshelf.core.store import Store
from gameshelf.tui.app import GameshelfApp, MenuScreen
from gameshelf.tui.stats import StatsScreen
from tests.games.pig.game import Hold
from tests.games.pig.play import LocalPig
from tests.games.pig.tui.replay import PigReplayScreen
from tests.games.pig.tui.screen import PigScreen


def text(app: GameshelfApp, wid: str) -> str:
    return str(app.screen.query_one(wid, Static).render())


async def pick(pilot: Pilot[None], key: str) -> None:
    """Highlight the menu's line ``key`` (the arrow keys, as a person would)."""
    menu = pilot.app.screen
    assert isinstance(menu, MenuScreen)
    options = menu.query_one("#games", OptionList)
    while options.get_option_at_index(options.highlighted or 0).id != key:
        await pilot.press("down")


async def play_to_the_end(pilot: Pilot[None]) -> PigScreen:
    screen = pilot.app.screen
    assert isinstance(screen, PigScreen) and isinstance(screen.game, LocalPig)
    for _ in range(2000):
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        if screen.game.finished():
            return screen
        view = screen.game.view(0)
        await pilot.press("h" if view.turn_total >= 12 or view.legal == (Hold(),) else "r")
    raise AssertionError("no end")


@pytest.fixture(autouse=True)
def _fast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(PigScreen, "pace", 0.0)


async def test_the_menu_opens_a_game_played_to_its_end(pig: GameDef) -> None:
    app = GameshelfApp()
    async with app.run_test(size=(100, 30)) as pilot:
        menu = app.screen
        assert isinstance(menu, MenuScreen) and [e.key for e in menu.entries][-2:] == [
            "pig", "online"]
        await pick(pilot, "pig")
        await pilot.press("enter")
        screen = await play_to_the_end(pilot)
        assert "Game over" in text(app, "#pig-status")
        assert re.match(r"(You win|Hog wins|A draw), \d+ to \d+", text(app, "#pig-msg"))
        assert "You roll" in text(app, "#pig-log") or "Hog" in text(app, "#pig-log")
        assert not screen.check_action("roll", ()) and not screen.check_action("hold", ())
        await pilot.press("r")                           # its key says why not
        assert text(app, "#pig-msg") == "the game is over"
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
    with Store() as store:
        assert [p.name for p in store.finished_records("pig")[0].players] == ["You", "Hog"]


async def test_the_statistics_screen_and_the_replay_of_the_last_game(pig: GameDef) -> None:
    app = GameshelfApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pick(pilot, "pig")
        await pilot.press("enter")
        await play_to_the_end(pilot)
        await pilot.press("escape")
        await pick(pilot, "pig")
        await pilot.press("t")
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        assert "Pig: 1 finished games" in text(app, "#st-text")
        await pilot.press("r")
        await pilot.pause()
        replay = app.screen
        assert isinstance(replay, PigReplayScreen) and replay.replay.position == 0
        assert text(app, "#pig-status").startswith("Replay — step 0 of ")
        await pilot.press("right", "right")
        assert replay.replay.position == 2
        assert replay.replay.step is not None
        assert text(app, "#pig-msg") == replay.replay.step.text
        await pilot.press("r", "h")                      # nothing plays in a replay
        assert replay.replay.position == 2
        await pilot.press("end")
        assert "Game over" not in text(app, "#pig-status")
        assert replay.game is not None and replay.game.finished()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
