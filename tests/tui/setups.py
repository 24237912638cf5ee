"""The walk the terminal's setup tests share: the app run by a Pilot, and one screen after
another pushed on it and drawn before the test reads it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any, TypeVar

from textual.pilot import Pilot
from textual.screen import Screen

from gameshelf.tui.app import GameshelfApp

S = TypeVar("S", bound=Screen[Any])


@asynccontextmanager
async def running(size: tuple[int, int] = (120, 40)
                  ) -> AsyncIterator[tuple[GameshelfApp, Pilot[None]]]:
    """The app at ``size`` under a Pilot, its first screen drawn."""
    app = GameshelfApp()
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        yield app, pilot


async def opened(app: GameshelfApp, pilot: Pilot[None], screen: S) -> S:
    """``screen`` pushed on ``app`` and drawn; the screen, for the test to read."""
    await app.push_screen(screen)
    await pilot.pause()
    return screen
