"""Every list screen with nothing in it says so in one line and draws no empty frame: the
Yatz top 20 and One Dollar Pinball's best bills (the saves lists: test_saves_lists, the
statistics: test_stats' no-game screen)."""

from __future__ import annotations

from textual.widgets import DataTable, Static

from gameshelf.games.dollar.tui.screen import DollarScreen
from gameshelf.games.yatz.tui.top import HighScoresScreen
from gameshelf.tui.app import GameshelfApp


async def test_the_yatz_top_20_with_no_score_is_one_line_and_no_table() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = HighScoresScreen()
        app.push_screen(screen)
        await pilot.pause()
        assert not screen.query_one("#top", DataTable).display
        said = str(screen.query_one("#title", Static).render())
        assert said.startswith("No scores yet")


async def test_dollar_best_bills_with_none_kept_is_one_line_and_no_table() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = DollarScreen(seed=42, step_seconds=3600)
        app.push_screen(screen)
        await pilot.pause()
        assert not screen.query_one("#best", DataTable).display
        assert "none kept yet" in str(screen.query_one("#best-title", Static).render())
        await pilot.press(*"Ann", "enter", *"L40000002A", "enter", "f5", "end")
        await pilot.pause()
        assert screen.phase == "done"
        assert screen.query_one("#best", DataTable).display            # the bill kept
        assert str(screen.query_one("#best-title", Static).render()) == "Best bills ever"
