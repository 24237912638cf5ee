"""The strong player's tables and the screen: the game screen does not load them while the
first turn is played (a thread loading them slowed every key of that turn: a first roll
took seconds), but once the first box is filled; a strong computer that must wait for them
says so on the pace line, with the share of a first solve done."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from textual.widgets import Static

from gameshelf.games.yatz import making
from gameshelf.games.yatz.match import Match, parse_seats
from gameshelf.games.yatz.play import LocalYatz
from gameshelf.games.yatz.scoring import Box
from gameshelf.games.yatz.tui import hints, pace
from gameshelf.games.yatz.tui.screen import GameScreen

from .helpers import GameApp


@pytest.fixture
def warmed(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The screen's warm-ups, recorded in place of loading the tables."""
    calls: list[str] = []
    monkeypatch.setattr(hints, "warm_up", calls.append)
    return calls


@pytest.mark.parametrize("seats", ["Ann", "Ann,Bob"])
async def test_the_tables_load_once_the_first_box_is_filled(
        warmed: list[str], seats: str) -> None:
    app = GameApp(Match(parse_seats(seats), 5))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r", "1", "r")
        await pilot.pause()
        assert warmed == []
        await pilot.press("enter")   # the box under the cursor
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert warmed == ["yatz"]
        await pilot.press("r", "enter")   # the next box: no second load
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert isinstance(app.screen, GameScreen) and app.screen.boxes_filled() == 2
        assert warmed == ["yatz"]


def _pace(app: GameApp) -> str:
    return str(app.screen.query_one("#pace", Static).render())


async def _fill_chance(app: GameApp, pilot) -> None:  # type: ignore[no-untyped-def]
    """Roll and fill x1 Chance (never zero: no question asked)."""
    await pilot.press("r")
    screen = app.screen
    assert isinstance(screen, GameScreen)
    screen.card.to_box(0, Box.CHANCE)
    await pilot.press("enter")


async def _until(pilot, test: Callable[[], bool], tries: int = 100) -> None:  # type: ignore[no-untyped-def]
    for _ in range(tries):
        if test():
            return
        await pilot.pause(0.05)
    raise AssertionError("not reached")


async def test_a_strong_computer_waiting_for_its_tables_says_how_far_they_are(
        warmed: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    go = threading.Event()

    def think() -> None:   # the tables' first solve, 3 of 8 done, until told to go on
        making.LOADING["yatz"] = (3, 8)
        try:
            go.wait(10)
        finally:
            del making.LOADING["yatz"]
    monkeypatch.setattr(LocalYatz, "computer_preparer", lambda self: think)
    monkeypatch.setattr(pace, "UNDO_WAIT", 0.0)
    monkeypatch.setattr(pace, "THINKING_SAID", 0.0)
    app = GameApp(Match(parse_seats("Ann,cpu"), 5))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await _fill_chance(app, pilot)
            await _until(pilot, lambda: "thinking" in _pace(app))
            said = " ".join(_pace(app).split())
            assert said == ("CPU 1 is thinking: solving its tables (first time only, about "
                            "30 s): 37%")
            go.set()
            await _until(pilot, lambda: "computer pace" in _pace(app))
    finally:
        go.set()


async def test_a_computer_thinking_long_counts_the_seconds(
        warmed: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    go = threading.Event()
    monkeypatch.setattr(LocalYatz, "computer_preparer", lambda self: lambda: go.wait(10))
    monkeypatch.setattr(pace, "UNDO_WAIT", 0.0)
    monkeypatch.setattr(pace, "THINKING_SAID", 0.0)
    app = GameApp(Match(parse_seats("Ann,cpu"), 5))
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await _fill_chance(app, pilot)
            await _until(pilot, lambda: "thinking" in _pace(app))
            assert _pace(app).startswith("CPU 1 is thinking… ") and _pace(app).endswith(" s")
            go.set()
            await _until(pilot, lambda: "computer pace" in _pace(app))
    finally:
        go.set()
