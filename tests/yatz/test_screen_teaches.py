"""The Yatz screen teaches scoring (Pilot, at 80x24, 120x40 and 160x50): the card's column
headers stand over their points, the footer names Enter while a box can be filled, Enter
fills the highlighted box whatever was clicked before, the arrows step over the totals, and
a filled box's line and card stay until the computers have moved."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from gameshelf.games.yatz.match import Match, parse_seats
from gameshelf.games.yatz.scoring import Box
from gameshelf.games.yatz.tui.card import BOX_ROW, COLUMN_KEYS, FILL, FIRST_COL, CardTable
from gameshelf.games.yatz.tui.pace import PACES
from gameshelf.games.yatz.tui.panels import Totals
from gameshelf.games.yatz.tui.screen import GameScreen
from tests.tui.test_habits import SIZES

from .helpers import GameApp


def _screen(app: GameApp) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


def _card_lines(screen: GameScreen) -> list[str]:
    card = screen.query_one(CardTable)
    return [s.text for s in card.render_lines(card.region.reset_offset)]


def _footer(screen: GameScreen) -> set[str]:
    return {b.binding.description for b in screen.active_bindings.values()
            if b.binding.show and b.enabled}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_each_column_header_stands_over_its_points(size: tuple[int, int]) -> None:
    """At 120x40 the headers x1 x2 x3 stood at columns 60/78/96 over points at 75/93/111."""
    app = GameApp(Match(parse_seats("Ann"), 4242))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        lines = _card_lines(_screen(app))
        header, ones = lines[0], lines[1]
        assert " 1 Ones" in ones
        ends = [header.index(k) + len(k) for k in COLUMN_KEYS]
        # the points of Ones: "(n)" right-aligned in each column
        closes = [i + 1 for i, ch in enumerate(ones) if ch == ")"]
        assert ends == closes, (size, header, ones)
        for line in lines[1:21]:   # every row's values end under the headers too
            for end in ends:
                assert line[end - 1] != " " or line[end - 1:].strip() == "", (size, line)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_footer_names_enter_and_enter_fills_after_a_click_on_roll(
        size: tuple[int, int]) -> None:
    """A new user clicked Roll, moved with the arrows and pressed Enter: it rolled, though a
    box looked highlighted. The card keeps the focus; Enter fills the highlighted box."""
    app = GameApp(Match(parse_seats("Ann,cpu"), 4242))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = _screen(app)
        assert FILL not in _footer(screen)          # no dice yet: nothing to fill
        await pilot.click("#roll")
        await pilot.pause()
        assert screen.game.state.dice and screen.focused is screen.card
        assert FILL in _footer(screen)
        await pilot.press("tab")
        assert screen.focused is screen.card
        await pilot.press("down", "down", "down")   # Ones -> Fours
        assert screen.card.cursor_coordinate == (BOX_ROW[Box.FOURS], FIRST_COL)
        points = screen.game.state.points(Box.FOURS)
        await pilot.press("enter")
        await pilot.pause()
        st = screen.game.state
        assert st.boxes[0][0][Box.FOURS] == points and st.seat == 1


async def test_the_arrows_step_over_the_totals_and_stay_in_the_columns() -> None:
    """From Fours to Full House took 8 presses (over Upper total, Bonus, Upper+bonus)."""
    app = GameApp(Match(parse_seats("Ann"), 4242))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        card = _screen(app).card
        card.to_box(1, Box.FOURS)
        await pilot.press("down", "down", "down", "down", "down")
        assert card.cursor_coordinate == (BOX_ROW[Box.FULL_HOUSE], FIRST_COL + 1)
        await pilot.press("up", "up", "up")
        assert card.cursor_coordinate == (BOX_ROW[Box.SIXES], FIRST_COL + 1)
        await pilot.press(*["down"] * 20)              # stops at Chance, not on a total
        assert card.cursor_coordinate == (BOX_ROW[Box.CHANCE], FIRST_COL + 1)
        await pilot.press("left", "left", "left")      # stops at x1, not on the labels
        assert card.cursor_coordinate == (BOX_ROW[Box.CHANCE], FIRST_COL)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_a_filled_box_is_seen_before_the_computer_plays(size: tuple[int, int]) -> None:
    """After Enter the person's own card and a line naming the box stay until the
    computer's roll; then the undo is no longer offered in that line, the box's line is."""
    app = GameApp(Match(parse_seats("Ann,cpu"), 4242))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = _screen(app)
        screen.pace_index = len(PACES) - 1   # slow: the computer waits while looked at
        await pilot.press("r")
        screen.card.to_box(0, Box.CHANCE)
        points = screen.game.state.points(Box.CHANCE)
        await pilot.press("enter")
        await pilot.pause()
        message = screen.query_one("#message", Static)
        said = f"Ann: {points} in x1 Chance"
        assert str(message.render()) == f"{said}: u takes it back until the next roll."
        assert screen.viewed_seat() == 0 and screen.game.state.seat == 1
        assert "Ann" in _card_lines(screen)[0]
        assert FILL not in _footer(screen)
        await pilot.press("k")            # the computer plays its turn out
        await pilot.pause()
        assert screen.game.state.seat == 0 and screen.viewed_seat() == 0
        assert str(message.render()) == f"{said}. Skipped ahead."
        await pilot.press("r")            # the person's next action
        assert str(message.render()) == ""


async def test_the_undo_line_goes_when_the_computer_rolls() -> None:
    app = GameApp(Match(parse_seats("Ann,cpu"), 4242))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = _screen(app)
        screen.pace_index = len(PACES) - 1   # a computer step every 2.5 s: seen between
        await pilot.press("r", "enter")
        await pilot.pause()
        message = screen.query_one("#message", Static)
        assert "u takes it back" in str(message.render())
        # the computer's first roll comes after 2.5 s (later on a loaded machine, while the
        # strong player's tables load): waited for up to a minute
        for _ in range(1200):
            if screen.game.state.dice and screen.game.state.seat == 1:
                break
            await pilot.pause(0.05)
        await pilot.pause()
        assert screen.game.state.seat == 1 and screen.viewed_seat() == 1
        assert str(message.render()).startswith("Ann: ") and "u takes" not in str(
            message.render())
        assert "CPU 1" in _card_lines(screen)[0]


@pytest.mark.parametrize(("seats", "shown"), [("Ann,Strong:strong", "Strong"),
                                              ("Ann,cpu", "CPU 1 (strong)")])
async def test_the_status_line_names_the_seat_to_play_while_another_card_is_shown(
        seats: str, shown: str) -> None:
    """After Ann fills a box her card stays shown while the computer is on turn: the status
    line names the computer's turn (its turn and roll), never Ann's; whole at 80 columns.
    The computer's level is named only where its name does not say it: ``Strong to play``
    (never ``Strong (strong)``), ``CPU 1 (strong) to play``; the Players box likewise."""
    app = GameApp(Match(parse_seats(seats), 4242))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = _screen(app)
        screen.pace_index = len(PACES) - 1   # slow: the computer waits while looked at
        status = screen.query_one("#status", Static)
        assert "Ann to play · turn 1 of 39" in str(status.render())
        await pilot.press("r")
        screen.card.to_box(0, Box.CHANCE)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.viewed_seat() == 0 and screen.game.state.seat == 1
        line = str(status.render())
        assert f"· {shown} to play · turn 1 of 39" in line and "Ann" not in line
        assert len(line) <= 80 and "\n" not in line
        players = str(screen.query_one(Totals).render())
        assert f" {shown} " in players and "(strong) (strong)" not in players
        assert ("(strong)" in players) == ("(" in shown), players
