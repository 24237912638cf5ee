"""The statistics screens (issue 15): opened from the menu (t), each chart drawn by Plotext
at 80x24 and 160x50 without error, the footer whole, Esc back to the menu; the Dollar
screen draws the chosen bill's district."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from gameshelf.tui.app import GameshelfApp, MenuScreen
from gameshelf.tui.stats import StatsChart, StatsScreen
from gameshelf.tui.widgets import HelpScreen
from tests.tui.test_habits import footer_complete

GAMES = ("dollar", "yatz", "muggins", "showdown")


@pytest.mark.parametrize("size", [(80, 24), (160, 50)], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_every_statistics_screen_draws_its_chart(size: tuple[int, int],
                                                       store_of_games: Path) -> None:
    app = GameshelfApp()
    async with app.run_test(size=size) as pilot:
        for index, game in enumerate(GAMES):
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen)
            app.screen.query_one("#games", OptionList).highlighted = index
            await pilot.press("t")
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, StatsScreen) and screen.game == game
            assert screen.figures is not None
            chart = screen.query_one(StatsChart)
            drawn = str(chart.render())
            assert chart.region.height >= 8 and "┤" in drawn, (game, size)
            if game != "dollar":   # counts and points: whole-number ticks, never 0.83 games
                ticks = [line.split("┤")[0].strip() for line in drawn.splitlines()
                         if "┤" in line]
                assert ticks and all(t.replace(",", "").isdigit() for t in ticks), ticks
                assert "0" in ticks, ticks
            text = str(screen.query_one("#st-text", Static).render())
            assert "kept" in text, (game, text)
            assert await footer_complete(app) == [], (game, size)
            if game == "dollar":
                title = chart.plt._get_subplot(1, 1).title  # type: ignore[attr-defined]
                await pilot.press("down")
                await pilot.pause()
                assert chart.plt._get_subplot(1, 1).title != title  # type: ignore[attr-defined]
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen)
            await pilot.press("escape", "escape")
            await pilot.pause()


def test_chart_helpers_doctests() -> None:
    import doctest

    from gameshelf.tui import stats

    assert doctest.testmod(stats).failed == 0


def test_score_bins_hold_every_score() -> None:
    from gameshelf.tui.stats import score_bins

    for scores in ([300], [299, 300], [0, 1_905], [1164, 1305, 1531, 1743], list(range(50))):
        start, width, n = score_bins(scores)
        assert n <= 10 and start % width == 0
        assert all(start <= x < start + n * width for x in scores)
