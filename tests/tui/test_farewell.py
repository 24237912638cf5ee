"""In a browser, Ctrl+Q from a game shows where the game is kept for
``FAREWELL_SECONDS`` before the app ends; that farewell never holds any other end (Pilot,
the app made to think it is in a browser): Ctrl+Q again and SIGINT, SIGTERM, SIGHUP end the
app at once with their own exit code, and the farewell's timer, stopped, never ends it a
second time with another code. Over a real ``gameshelf web``, with closed tabs and a server
stopped: ``tests/web/test_session_ends.py``."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from typing import Any

import pytest
from textual.timer import Timer

from gameshelf.games.dollar.tui.screen import DollarScreen
from gameshelf.tui import base
from gameshelf.tui.app import GameshelfApp
from tests.tui.test_keys_everywhere import _settle

#: The farewell in these tests (seconds): short, so a test sees its timer fire or not.
SHORT = 0.05
#: What Dollar's farewell says with a bill entered and no round played.
SAID = "nothing saved, 1 bill entered but not played"


@pytest.fixture
def in_a_browser(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The app believes it runs in a browser tab; its farewell lasts :data:`SHORT`."""
    monkeypatch.setattr(GameshelfApp, "is_web", property(lambda _self: True))
    monkeypatch.setattr(base, "FAREWELL_SECONDS", SHORT)
    yield


def _spy(app: GameshelfApp) -> tuple[list[int], list[str]]:
    """Each exit code ``app`` would exit with (it stays, for the test), and what it says."""
    exits: list[int] = []
    notes: list[str] = []
    notify = app.notify

    def exit_spied(result: Any = None, return_code: int = 0, message: Any = None) -> None:
        exits.append(return_code)

    def notify_spied(message: str, *args: Any, **kwargs: Any) -> None:
        notes.append(str(message))
        notify(message, *args, **kwargs)

    app.exit = exit_spied  # type: ignore[method-assign]
    app.notify = notify_spied  # type: ignore[method-assign]
    return exits, notes


async def _farewell(app: GameshelfApp, pilot: Any) -> None:
    """Dollar with one bill entered, then Ctrl+Q: the farewell is on screen."""
    await _settle(app, pilot)
    app.push_screen(DollarScreen())
    await _settle(app, pilot)
    await pilot.press("f2")
    await _settle(app, pilot)
    await pilot.press("ctrl+q")
    await _settle(app, pilot)


async def test_the_farewell_says_where_the_game_is_then_ends_the_app(
        in_a_browser: None) -> None:
    app = GameshelfApp()
    exits, notes = _spy(app)
    async with app.run_test(size=(80, 24)) as pilot:
        await _farewell(app, pilot)
        assert any(SAID in n for n in notes), notes
        await pilot.pause(SHORT * 4)
        await _settle(app, pilot)
    assert exits == [0]


@pytest.mark.parametrize(("end", "code"), [
    ("ctrl+q", 0), (signal.SIGINT, 130), (signal.SIGTERM, 143), (signal.SIGHUP, 129)])
async def test_a_farewell_never_holds_another_end(in_a_browser: None, end: str | int,
                                                  code: int,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(base, "FAREWELL_SECONDS", 3600.0)   # an end that waited would hang
    app = GameshelfApp()
    exits, _notes = _spy(app)
    timers: list[Timer] = []
    set_timer = app.set_timer

    def timer_spied(*args: Any, **kwargs: Any) -> Timer:
        timers.append(set_timer(*args, **kwargs))
        return timers[-1]

    app.set_timer = timer_spied  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await _farewell(app, pilot)
        assert exits == []           # the farewell is on screen
        (farewell,) = [t for t in timers if t.name == "farewell"]
        if isinstance(end, str):
            await pilot.press(end)   # Ctrl+Q again
        else:
            app.stop_by_signal(end)
        assert exits == [code]       # at once, not when the farewell is over
        await _settle(app, pilot)
        assert farewell._task is None   # Textual's stopped timer: it never ends the app again
    assert exits == [code]
