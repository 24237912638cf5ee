"""Every game screen teaches its turn (Pilot): the how-to line follows the game's phases
(Yatz: before a roll, after a roll with holds, choosing a box; Muggins: the double-blank
down, play, a chain to choose, draw, pass; Showdown: offer, bid, take, the table's columns
explained on the first turn; Dollar: entering bills, playing, the end), ``i`` (F6 where
letters are typed) turns it off and it stays off on the next screen (the store's setting);
a walk through each game at 80x24 finds no wrapped line; at 160x50 the dice and the tiles
are larger than at 80x24, and Yatz's selected box carries a sign, not its colour only."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rich.cells import cell_len
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Static

from gameshelf.core.store import Store
from gameshelf.games.dollar.tui.screen import DollarScreen
from gameshelf.games.muggins.tiles import parse_tile
from gameshelf.games.muggins.tui.rack import TileView
from gameshelf.games.muggins.tui.render import BIG, HUGE
from gameshelf.games.muggins.tui.screen import MugginsScreen
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.showdown.match import parse_players
from gameshelf.games.showdown.table import Phase
from gameshelf.games.showdown.tui.screen import ShowdownScreen
from gameshelf.games.yatz.match import Match as YatzMatch
from gameshelf.games.yatz.match import parse_seats
from gameshelf.games.yatz.tui.card import MARK
from gameshelf.games.yatz.tui.dice_row import DieWidget
from gameshelf.games.yatz.tui.screen import GameScreen
from gameshelf.tui.app import GameshelfApp
from gameshelf.tui.howto import SETTING, HowToLine
from tests.muggins.test_screen import select, session_with

#: Text boxes of prose that wrap on purpose (messages, notes, the sentence under the Dollar
#: machine's rule); every other line is whole.
PROSE = frozenset({"message", "mg-msg", "mg-log", "series-note", "rule"})


@pytest.fixture(autouse=True)
def _no_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """No strong player's table loaded for hints: these tests ask none."""
    monkeypatch.setattr(GameScreen, "warm_up", lambda self: None)


def howto(app: GameshelfApp) -> str:
    """The how-to line shown ("" while it is hidden)."""
    line = app.screen.query_one(HowToLine)
    return str(line.render()) if line.display else ""


async def settle(pilot: Pilot[None]) -> None:
    for _ in range(2):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def wrapped(screen: Screen[None]) -> list[str]:
    """The lines of the screen's text widgets longer than their room (so wrapped), outside
    the boxes of prose."""
    out = []
    for widget in screen.query(Static):
        if not widget.display or widget.id in PROSE or not widget.region.width:
            continue
        content = widget.render()
        text = content if isinstance(content, str) else getattr(content, "plain", None)
        if not isinstance(text, str):
            continue
        room = widget.content_region.width
        out += [f"{widget.id or type(widget).__name__}: {line!r} ({cell_len(line)} > {room})"
                for line in text.split("\n") if cell_len(line.rstrip()) > room]
    return out


async def turned_off_stays_off(pilot: Pilot[None], again: Callable[[], Screen[None]],
                               key: str = "i") -> None:
    """``key`` hides the line, the store keeps "off", a new screen opens with it hidden,
    and ``key`` there shows it again."""
    assert howto(pilot.app)
    await pilot.press(key)
    await pilot.pause()
    assert howto(pilot.app) == ""
    with Store() as store:
        assert store.get_setting(SETTING) == "off"
    await pilot.app.push_screen(again())
    await settle(pilot)
    assert howto(pilot.app) == ""
    await pilot.press(key)
    await pilot.pause()
    assert howto(pilot.app)
    with Store() as store:
        assert store.get_setting(SETTING) == "on"


def yatz_screen() -> GameScreen:
    return GameScreen(YatzMatch(parse_seats("Ann"), 5), "howto")


async def test_yatz_howto_follows_the_turn_and_stays_off() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(yatz_screen())
        await settle(pilot)
        assert "r rolls all five" in howto(app)
        await pilot.press("r")
        await settle(pilot)
        assert "1-5 hold dice (0 held)" in howto(app) and "Enter fills" in howto(app)
        await pilot.press("1")
        await settle(pilot)
        assert "(1 held)" in howto(app)
        await pilot.press("r", "r")
        await settle(pilot)
        assert "No rolls left" in howto(app)
        assert wrapped(app.screen) == []
        await turned_off_stays_off(pilot, yatz_screen)


async def test_yatz_marks_the_box_under_the_cursor_with_a_sign() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = yatz_screen()
        await app.push_screen(screen)
        await settle(pilot)
        await pilot.press("r")
        await settle(pilot)
        card = screen.card

        def marked() -> list[tuple[int, int]]:
            return [(r, c) for r in range(card.row_count) for c in range(1, 4)
                    if str(card.get_cell_at(card.cursor_coordinate._replace(row=r, column=c))
                           ).startswith(MARK)]
        assert marked() == [tuple(card.cursor_coordinate)]
        await pilot.press("down")
        await pilot.pause()
        assert marked() == [tuple(card.cursor_coordinate)]


def muggins_new() -> MugginsScreen:
    return MugginsScreen(session_with({"hand0": "0-5 7-8", "hand1": "1-2 6-6"}), pace=0)


async def test_muggins_howto_follows_the_round_and_stays_off() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(muggins_new())
        await settle(pilot)
        assert "double-blank 0-0 is down" in howto(app)
        # said once: the message line leaves out what the how-to line says
        assert "double-blank" not in str(app.screen.query_one("#mg-msg", Static).render())
        assert wrapped(app.screen) == []
        await turned_off_stays_off(pilot, muggins_new)
        assert "double-blank is down" in str(app.screen.query_one("#mg-msg", Static).render())
    cases = [({"hand0": "7-8", "hand1": "1-2 6-6", "left": ("0-4",), "right": ("0-2",)},
              "draws one"),
             ({"hand0": "7-8", "hand1": "1-2 6-6", "left": ("0-4",), "right": ("0-2",),
               "boneyard": ""}, "P (or Enter) passes"),
             ({"hand0": "4-6 7-8", "hand1": "1-2", "left": ("0-4",), "right": ("0-2",)},
              "Open ends 4 and 2")]
    for chains, said in cases:
        app = GameshelfApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await app.push_screen(MugginsScreen(session_with(chains), pace=0))
            await settle(pilot)
            assert said in howto(app), (chains, howto(app))
            message = str(app.screen.query_one("#mg-msg", Static).render())
            assert not any(w in message for w in ("draw", "pass", "double-blank")), message
            assert wrapped(app.screen) == []


async def test_muggins_howto_asks_for_the_chain() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = MugginsScreen(session_with({
            "hand0": "3-4 7-8", "hand1": "1-2 6-6", "left": ("0-3", "3-3"),
            "right": ("0-5", "5-3")}), pace=0)
        await app.push_screen(screen)
        await settle(pilot)
        await select(pilot, screen, parse_tile("3-4"))
        await pilot.press("enter")
        await settle(pilot)
        assert "L plays it on the left" in howto(app)


def visible_hand(screen: ShowdownScreen) -> list[Widget]:
    """The hand's cards wholly in sight (inside the hand's box on screen)."""
    box = screen.query_one("#sd-hand").region
    return [w for w in screen.query_one("#sd-hand").children
            if w.region.height and box.contains_region(w.region)]


def showdown_screen() -> ShowdownScreen:
    return ShowdownScreen(ShowdownMatch(parse_players("Ann,cpu"), 7))


async def test_showdown_howto_guides_the_first_turn_and_stays_off() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = showdown_screen()
        await app.push_screen(screen)
        await settle(pilot)
        seen: set[str] = set()
        assert screen.match is not None
        for _ in range(60):
            st = screen.match.state
            if st.turn > 1 or st.is_terminal():
                break
            text = howto(app)
            assert wrapped(app.screen) == [], (st.phase, wrapped(app.screen))
            if screen.can_act():
                if st.phase is Phase.OFFER:
                    seen.add("offer")
                    assert "Step 1, offer" in text
                    assert "Table: speed · ctrl control tokens" in text
                    await pilot.press("enter")
                elif st.pending_return is not None:
                    seen.add("flip")
                    assert "flip that many to speed" in text
                    await pilot.press("0")
                elif st.phase is Phase.CONTROL:
                    seen.add("control")
                    # 80x24: the keys are the action bar's, the hand has the rows
                    assert "range holds your speed" in text or "d ends your step 2" in text
                    assert "Step 2, bid" not in text and "Table: speed" not in text
                    assert len(visible_hand(screen)) >= 4
                    await pilot.press("d")
                elif st.phase is Phase.TAKE:
                    seen.add("take")
                    assert "Step 3, take" in text
                    await pilot.press("enter")
            await settle(pilot)
        assert {"offer", "control"} <= seen, seen
        footer = {b.binding.description for b in app.screen.active_bindings.values()
                  if b.enabled and b.binding.show}
        assert {"Type", "How-to"} <= footer, footer
        await turned_off_stays_off(pilot, showdown_screen)


def dollar_screen() -> DollarScreen:
    return DollarScreen(seed=5, step_seconds=3600)


async def test_dollar_howto_follows_the_round_and_stays_off() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = dollar_screen()
        await app.push_screen(screen)
        await settle(pilot)
        assert "Type a name and bill" in howto(app)
        await pilot.press("f2")
        await settle(pilot)
        assert "1 bill in, room for 7 more" in howto(app)
        assert wrapped(app.screen) == []
        await pilot.press("f5")
        await settle(pilot)
        assert screen.phase == "playing" and "Space" in howto(app)
        assert wrapped(app.screen) == []
        await pilot.press("end")
        await settle(pilot)
        assert screen.phase == "done" and "Round over" in howto(app)
        await turned_off_stays_off(pilot, dollar_screen, key="f6")


async def test_yatz_dice_and_muggins_tiles_grow_with_the_window() -> None:
    widths: dict[tuple[int, int], tuple[int, int, object]] = {}
    for size in ((80, 24), (160, 50)):
        app = GameshelfApp()
        async with app.run_test(size=size) as pilot:
            await app.push_screen(yatz_screen())
            await settle(pilot)
            await pilot.press("r")
            await settle(pilot)
            die = app.screen.query(DieWidget).first()
            die_size = die.region.width * die.region.height
            await app.push_screen(MugginsScreen(session_with({
                "hand0": "4-6 7-8", "hand1": "1-2", "left": ("0-4",), "right": ("0-2",)}),
                pace=0))
            await settle(pilot)
            screen = app.screen
            assert isinstance(screen, MugginsScreen)
            tile = screen.query(TileView).first()
            widths[size] = (die_size, tile.region.width * tile.region.height,
                            screen.board_geometry)
    assert widths[(160, 50)][0] > widths[(80, 24)][0], widths
    assert widths[(160, 50)][1] > widths[(80, 24)][1], widths
    assert widths[(80, 24)][2] is BIG and widths[(160, 50)][2] is HUGE, widths


@pytest.mark.parametrize("size", [(120, 40), (160, 50)], ids=["120x40", "160x50"])
async def test_no_wrapped_line_on_the_larger_screens(size: tuple[int, int]) -> None:
    for make in (yatz_screen, muggins_new, showdown_screen, dollar_screen):
        app = GameshelfApp()
        async with app.run_test(size=size) as pilot:
            await app.push_screen(make())
            await settle(pilot)
            assert wrapped(app.screen) == [], (make.__name__, wrapped(app.screen))
