"""Leaving a game in progress says where it is kept, on every game of the registry and the
test game Pig (Pilot): Ctrl+Q from the menu's app keeps one sentence per game left (the
save's name and the command that resumes it, or that nothing was saved), printed on the
terminal once the app has quit; Esc says the same on screen before going back. And every
game's statistics screen, with no finished game, says so in words and offers no replay."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from textual import events
from textual.screen import Screen
from textual.widgets import Button, OptionList, Static
from textual.widgets._toast import Toast

from gameshelf.core.text import resume_command
from gameshelf.games import REGISTRY
from gameshelf.games.dollar.tui.screen import DollarScreen
from gameshelf.tui.app import GameshelfApp, MenuScreen
from gameshelf.tui.base import say_farewells
from gameshelf.tui.stats import StatsChart, StatsScreen
from tests.games.pig.tui.screen import PigScreen
from tests.tui.test_keys_everywhere import GAMES, _footer, _settle


@dataclass
class Walk:
    """How to bring one game to a game in progress on the menu's app: the screen to push,
    the keys of a first move, and the save's name once it is made (None: nothing saved)."""

    screen: Callable[[], Screen[Any]]
    move: tuple[str, ...]
    name: Callable[[Screen[Any]], str | None]
    unsaved: str = ""   # what is said where nothing is saved


def _walks() -> dict[str, Walk]:
    walks = {}
    for g in GAMES:
        def make(g: Any = g) -> Walk:
            session = g.session()
            return Walk(lambda: g.screen(session), g.move, lambda _s: session.name)
        walks[g.key] = make
    walks["dollar"] = lambda: Walk(DollarScreen, ("f2",), lambda _s: None,
                                   "nothing saved, 1 bill entered but not played")
    walks["pig"] = lambda: Walk(lambda: PigScreen(pace=0.0), ("r",),
                                lambda s: s.game.name)  # type: ignore[attr-defined]
    return walks  # type: ignore[return-value]


@pytest.fixture
def every_game() -> Iterator[list[str]]:
    """Every game of the registry, Pig registered too (for the test's length); each has a
    walk here."""
    REGISTRY.add("pig", "tests.games.pig")
    try:
        keys = [g.key for g in REGISTRY]
        assert "pig" in keys and set(keys) <= set(_walks()), keys
        yield keys
    finally:
        REGISTRY.remove("pig")


async def _start(app: GameshelfApp, pilot: Any, walk: Walk) -> Screen[Any]:
    await _settle(app, pilot)
    app.push_screen(walk.screen())
    await _settle(app, pilot)
    await pilot.press(*walk.move)
    await _settle(app, pilot)
    return app.screen


def _expected(key: str, walk: Walk, screen: Screen[Any]) -> str:
    name = walk.name(screen)
    return walk.unsaved if name is None else resume_command(key, name)


def _spy_exits(app: GameshelfApp) -> list[bool]:
    """Each time ``app`` would exit (it stays, for the test to read it)."""
    exits: list[bool] = []

    def spied(*args: Any, **kwargs: Any) -> None:
        exits.append(True)

    app.exit = spied  # type: ignore[method-assign]
    return exits


async def test_ctrl_q_says_where_each_game_is_kept_after_quitting(
        every_game: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    for key in every_game:
        walk = _walks()[key]()
        app = GameshelfApp()
        exits = _spy_exits(app)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await _start(app, pilot, walk)
            await pilot.press("ctrl+q")
            await _settle(app, pilot)
            expected = _expected(key, walk, screen)
        assert len(exits) == 1, key
        assert len(app.farewells) == 1 and expected in app.farewells[0], (key, app.farewells)
        capsys.readouterr()
        say_farewells(app)
        assert expected in capsys.readouterr().out, key


def _spy_notes(app: GameshelfApp) -> list[str]:
    """What ``app`` notifies from now on (shown as well)."""
    notes: list[str] = []
    notify = app.notify

    def spied(message: str, *args: Any, **kwargs: Any) -> None:
        notes.append(str(message))
        notify(message, *args, **kwargs)

    app.notify = spied  # type: ignore[method-assign]
    return notes


async def test_esc_says_where_each_game_is_kept_on_screen(every_game: list[str]) -> None:
    for key in every_game:
        walk = _walks()[key]()
        app = GameshelfApp()
        notes = _spy_notes(app)
        async with app.run_test(size=(120, 40)) as pilot:
            screen = await _start(app, pilot, walk)
            if key == "dollar":       # its bills are kept from Play on: Esc while played
                await pilot.press("f5")
                await _settle(app, pilot)
                expected = "kept when play started"
            else:
                expected = _expected(key, walk, screen)
            await pilot.press("escape")
            await _settle(app, pilot)
            assert isinstance(app.screen, MenuScreen), (key, app.screen)
        assert any(expected in n for n in notes), (key, notes)


async def test_every_statistics_screen_with_no_game_says_so(every_game: list[str]) -> None:
    for key in every_game:
        app = GameshelfApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await _settle(app, pilot)
            app.push_screen(StatsScreen(key))
            await _settle(app, pilot)
            shown = str(app.screen.query_one("#st-text", Static).render())
            title = REGISTRY.get(key).title
            assert f"No finished {title} games yet" in shown, (key, shown)
            assert not app.screen.query_one(StatsChart).display, key
            assert "Replay last" not in _footer(app), (key, _footer(app))
            await pilot.press("r")    # its key says why not
            await _settle(app, pilot)
            assert isinstance(app.screen, StatsScreen), key


async def _click(app: GameshelfApp, pilot: Any, x: int, y: int) -> None:
    """A click at ``(x, y)`` as a terminal's driver gives it: to the app, which hands it to
    the screen (Pilot's own click goes to the screen directly)."""
    for kind in (events.MouseDown, events.MouseUp, events.Click):
        app.post_message(kind(None, x, y, 0, 0, 1, False, False, False, screen_x=x, screen_y=y))
        await pilot.pause()


def _notices(app: GameshelfApp) -> list[Toast]:
    """The notices (toasts) the screen on top shows."""
    return list(app.screen.query(Toast))


async def test_a_leaving_note_goes_at_the_players_next_key_or_click(
        every_game: list[str]) -> None:
    """At 80x24 the note of a game left stands in the bottom right corner over the screen
    that comes next (a setup's buttons, its saves): the player's next key, or a click,
    sends it away (the key still acts), on every game; a warning stays its time."""
    for key in every_game:
        for act in ("key", "click"):
            walk = _walks()[key]()
            app = GameshelfApp()
            async with app.run_test(size=(80, 24), notifications=True) as pilot:
                await _start(app, pilot, walk)
                if key == "dollar":
                    await pilot.press("f5")
                    await _settle(app, pilot)
                await pilot.press("escape")
                await _settle(app, pilot)
                assert isinstance(app.screen, MenuScreen) and _notices(app), (key, act)
                app.notify("a warning", severity="warning")
                await _settle(app, pilot)
                if act == "key":
                    await pilot.press("down")             # the menu's next line
                else:
                    title = app.screen.query_one("#title").region
                    await _click(app, pilot, title.x + 2, title.y)
                await _settle(app, pilot)
                left = [str(t.render()) for t in _notices(app)]
                assert len(left) == 1 and "a warning" in left[0], (key, act, left)
                if act == "key":
                    assert app.screen.query_one(OptionList).highlighted == 1, key


async def test_the_setup_buttons_are_seen_at_the_first_key_after_leaving() -> None:
    """The case a new user met: Yatz left at 80x24, its note over the setup's Top 20
    button; the next key (Tab) moves the focus and the button is seen."""
    app = GameshelfApp()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        for keys in (("2",), ("f5",), ("r",), ("escape",)):
            await pilot.press(*keys)
            await _settle(app, pilot)
        top20 = app.screen.query_one("#scores", Button)
        assert any(t.region.overlaps(top20.region) for t in _notices(app))
        await pilot.press("tab")
        await _settle(app, pilot)
        assert not _notices(app)
