"""A resumed game draws the screen its play drew: every kind of step a game can be saved at
(before a roll, mid-turn, after a hold, between turns, mid-round, between rounds...) is
reached by playing a seeded game on its screen, saved, resumed into a fresh app, and what
the resumed screen draws is compared with what the played one drew.

What is compared (:func:`drawn`) is every widget's rendered text (dice, tables, status,
totals), by widget; the lines that say what just happened differ on purpose and are left
out: the log (a resumed game logs "Game ... resumed.") and the message line (play says
the last move, a resumed game greets the player).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, DataTable, Static

from gameshelf.core.store import Store
from gameshelf.games.yatz.match import Match as YatzMatch
from gameshelf.games.yatz.match import Seat
from gameshelf.games.yatz.scoring import Box
from gameshelf.games.yatz.session import YatzSession
from gameshelf.games.yatz.tui.card import BOX_ROW, FIRST_COL
from gameshelf.games.yatz.tui.card import MARK as CURSOR_SIGN
from gameshelf.games.yatz.tui.screen import GameScreen
from tests.games.pig.match import Match as PigMatch
from tests.games.pig.play import LocalPig
from tests.games.pig.session import Session as PigSession
from tests.games.pig.tui.screen import PigScreen

SIZE = (120, 40)


def _key(w: Widget, n: int) -> str:
    return f"{type(w).__name__}#{w.id}" if w.id else f"{type(w).__name__}[{n}]"


def drawn(screen: Screen[Any], skip: frozenset[str]) -> dict[str, object]:
    """What ``screen`` draws, widget by widget: a Static's text, a table's cells, a
    button's label and whether it can be pressed; widgets whose id is in ``skip`` (and
    what they hold) are left out. A table's cursor is where the last person left it, not
    part of the game: its sign (``▶``, Yatz's box under the cursor) is left out."""
    out: dict[str, object] = {}
    for n, w in enumerate(screen.query("*")):
        if any(a.id in skip for a in (w, *w.ancestors) if isinstance(a, Widget)):
            continue
        if isinstance(w, Button):
            out[_key(w, n)] = (str(w.label), w.disabled)
        elif isinstance(w, Static):
            out[_key(w, n)] = str(w.render())
        elif isinstance(w, DataTable):
            out[_key(w, n)] = ([str(c.label) for c in w.columns.values()],
                               [[str(c).removeprefix(CURSOR_SIGN) for c in w.get_row_at(r)]
                                for r in range(w.row_count)])
    return out


class OneScreen(App[None]):
    """An app showing one screen."""

    def __init__(self, make: Callable[[], Screen[Any]]) -> None:
        super().__init__()
        self.make = make

    def on_mount(self) -> None:
        self.push_screen(self.make())


async def _settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


Step = Callable[[Pilot[Any], Screen[Any]], Awaitable[None]]


async def _played_and_resumed(
        start: Callable[[], Screen[Any]], steps: list[tuple[str, Step]],
        record: Callable[[Screen[Any]], Any], game: str,
        resume: Callable[[str], Screen[Any]], skip: frozenset[str]) -> None:
    """Play ``steps`` on the screen ``start`` makes; after each, keep the game (``record``)
    as its own save and what the screen draws; then resume each save into a fresh app and
    compare."""
    played: list[tuple[str, dict[str, object]]] = []
    app = OneScreen(start)
    async with app.run_test(size=SIZE) as pilot:
        await _settle(pilot)
        for kind, step in steps:
            await step(pilot, app.screen)
            await _settle(pilot)
            with Store() as store:
                store.replace_save(f"step-{len(played)}", record(app.screen))
            played.append((kind, drawn(app.screen, skip)))
    for i, (kind, want) in enumerate(played):
        again = OneScreen(lambda i=i: resume(f"step-{i}"))   # type: ignore[misc]
        async with again.run_test(size=SIZE) as pilot:
            await _settle(pilot)
            got = drawn(again.screen, skip)
        diff = {k: (want.get(k), got.get(k)) for k in want.keys() | got.keys()
                if want.get(k) != got.get(k)}
        assert not diff, f"{game} resumed {kind}: drawn differently (played, resumed): {diff}"


# ----- Yatz ---------------------------------------------------------------------------------

def _press(*keys: str) -> Step:
    async def step(pilot: Pilot[Any], _screen: Screen[Any]) -> None:
        await pilot.press(*keys)
    return step


def _fill(box: Box, column: int) -> Step:
    async def step(pilot: Pilot[Any], screen: Screen[Any]) -> None:
        screen.query_one("#card", DataTable).move_cursor(row=BOX_ROW[box],
                                                         column=FIRST_COL + column)
        await pilot.press("enter")
    return step


async def test_yatz_resumed_at_every_step_draws_the_played_screen() -> None:
    """Before a roll, after a roll (mid-turn), after a hold, after the last roll, and the
    next player's turn after a box was filled."""
    def start() -> Screen[Any]:
        return GameScreen(YatzMatch([Seat("Ann"), Seat("Bob")], seed=4242), "test-save")

    def record(screen: Screen[Any]) -> Any:
        assert isinstance(screen, GameScreen)
        return screen.match.record()

    steps: list[tuple[str, Step]] = [
        ("before the first roll", _press()),
        ("after a roll", _press("r")),
        ("after a hold", _press("1", "3")),
        ("after the second roll", _press("r")),
        ("after the last roll", _press("r")),
        ("on the next player's turn", _fill(Box.CHANCE, 0)),
        ("mid-turn of the second player", _press("r", "2")),
    ]
    await _played_and_resumed(start, steps, record, "Yatz",
                              lambda name: GameScreen(YatzSession.resume(name)),
                              frozenset({"log", "message"}))


# ----- Pig, the test game -------------------------------------------------------------------

async def test_pig_resumed_at_every_step_draws_the_played_screen() -> None:
    """Before a roll, mid-turn, and the person's turn again after the computer's."""
    def start() -> Screen[Any]:
        match = PigMatch.new(31, ["You", "Cpu"], ["human", "hold20"])
        return PigScreen(LocalPig(PigSession.new(match)), pace=0)

    def record(screen: Screen[Any]) -> Any:
        assert isinstance(screen, PigScreen) and isinstance(screen.game, LocalPig)
        return screen.game.session.match.record()

    steps: list[tuple[str, Step]] = [
        ("before the first roll", _press()),
        ("mid-turn", _press("r")),
        ("after a second roll", _press("r")),
        ("after the computer's turn", _press("h")),
    ]
    await _played_and_resumed(
        start, steps, record, "Pig",
        lambda name: PigScreen(LocalPig(PigSession.resume(name)), pace=0),
        frozenset({"pig-msg", "pig-log"}))

