"""Issue 11: the One Dollar Pinball screen at 80x24, 120x40 and 160x50 (Pilot), and a footer
that offers only what can be done now.

At 80x24 the players table (the game-over comparison) and the best bills were cut after the
score, and the trace's lines lost their score; at 120x40 the table's header read "serie".
Every column shown is whole, with its header; every trace line is whole; the footer shows all
it offers, and offers only the keys of the phase (enter bills, play them, game over).
"""

from __future__ import annotations

import pytest
from textual.widget import Widget
from textual.widgets import DataTable, RichLog, Static

from gameshelf.games.dollar.tui.screen import DollarScreen
from gameshelf.tui.app import GameshelfApp
from tests.tui.test_habits import SIZES, footer_complete, shown_whole


def drawn(widget: Widget) -> list[str]:
    return [line.text for line in widget.render_lines(widget.region.reset_offset)]


def table_whole(table: DataTable) -> None:  # type: ignore[type-arg]
    """Every column's header and every row's cells are drawn whole, inside the screen."""
    lines = drawn(table)
    screen = table.screen.region
    assert table.region.right <= screen.right and table.region.bottom <= screen.bottom
    header = lines[0]
    for column in table.ordered_columns:
        assert str(column.label) in header, (str(column.label), header)
    for r in range(min(table.row_count, len(lines) - 1)):
        row = lines[r + 1]
        for cell in table.get_row_at(r):
            assert str(cell).strip() in row, (str(cell), row)


def offered(app: GameshelfApp) -> set[str]:
    return {b.binding.description for b in app.screen.active_bindings.values()
            if b.binding.show and b.enabled}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_tables_trace_and_footer_whole_at_every_size(size: tuple[int, int]) -> None:
    app = GameshelfApp()
    async with app.run_test(size=size) as pilot:
        screen = DollarScreen(seed=1, step_seconds=3600)
        app.push_screen(screen)
        await pilot.pause()
        assert await footer_complete(app) == []
        await pilot.press("f2", "f2", "f2", "f5")
        await pilot.pause()
        for _ in range(6):
            screen.advance()
        await pilot.pause()
        assert screen.phase == "playing"
        assert await footer_complete(app) == [], size
        for selector in ("#player", "#rule", "#message"):
            assert shown_whole(screen.query_one(selector, Static)), (size, selector)
        await pilot.press("end")
        await pilot.pause()
        assert screen.phase == "done"
        assert await footer_complete(app) == [], size
        for selector in ("#player", "#rule", "#banner", "#message"):
            assert shown_whole(screen.query_one(selector, Static)), (size, selector)
        players = screen.query_one("#players", DataTable)
        table_whole(players)
        assert {str(c.label) for c in players.ordered_columns} >= {
            "place", "name", "score", "bill"}
        if size[0] >= 120:
            assert "series" in {str(c.label) for c in players.ordered_columns}
        table_whole(screen.query_one("#best", DataTable))
        log = screen.query_one("#log", RichLog)
        await pilot.press("end")
        log.scroll_end(animate=False)
        await pilot.pause()
        text = " ".join(drawn(log))
        assert "WINNER: Player 3 with 25,000,000 points" in " ".join(text.split()), text
        for line in drawn(log):   # each trace line ends inside the log: its score shown
            assert not line.rstrip().endswith(",") and len(line.rstrip()) <= log.region.width


async def test_footer_offers_only_what_can_be_done_now() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = DollarScreen(seed=1, step_seconds=3600)
        app.push_screen(screen)
        await pilot.pause()
        keys = offered(app)
        assert "Random bill" in keys and not keys & {"Play", "Skip bill", "Skip all", "Faster"}
        await pilot.press("f5")   # hidden, and still says why
        await pilot.pause()
        assert "Add at least one bill" in str(screen.query_one("#message", Static).render())
        await pilot.press("f2")
        await pilot.pause()
        assert {"Play", "Random bill"} <= offered(app)
        await pilot.press("f5")
        await pilot.pause()
        keys = offered(app)
        assert {"Skip bill", "Skip all", "Faster", "Slower"} <= keys
        assert not keys & {"Play", "Random bill", "New game", "Game #"}
        await pilot.press("end")
        await pilot.pause()
        keys = offered(app)
        assert {"New game", "Game #", "Back", "Help"} <= keys
        assert not keys & {"Play", "Random bill", "Skip bill", "Skip all", "Faster", "Slower"}
        await pilot.press("f2")   # hidden: says the game is played
        await pilot.pause()
        assert "F3 starts a new one" in str(screen.query_one("#message", Static).render())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_the_machine_does_not_stretch_over_a_wide_window(size: tuple[int, int]) -> None:
    """The machine is no wider than its lines need (72 columns: the trace's lines, the
    score's digits); on a window wider than the form and the machine side by side, the
    two stand in the middle, the room left split on both sides."""
    app = GameshelfApp()
    async with app.run_test(size=size) as pilot:
        screen = DollarScreen(seed=1, step_seconds=3600)
        app.push_screen(screen)
        await pilot.pause()
        left, machine = screen.query_one("#left").region, screen.query_one("#machine").region
        assert machine.width <= 72 and left.right <= machine.x
        assert abs(left.x - (size[0] - machine.right)) <= 1, (left, machine)
