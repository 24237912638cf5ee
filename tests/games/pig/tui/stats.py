"""Pig's statistics screen: its help and its chart (games won and lost by each player)."""

from __future__ import annotations

from typing import Any

from gameshelf.core.text import literal
from gameshelf.tui.stats import StatsView, whole_axis
from tests.games.pig.stats import PigStats


class PigStatsView(StatsView):
    """Pig's figures on the statistics screen."""

    help = """\
# Pig statistics

From the finished games kept in the history (`gameshelf pig stats [--json]`): for each
player (the computer by its level) the games won, lost and drawn, the mean and best final
score, and the snake eyes rolled. The chart shows games won and lost.
"""

    def draw(self, plt: Any, figures: PigStats, rows: int) -> None:
        if not figures.players:
            plt.title("No finished game kept yet")
            return
        names = [literal(p.label) for p in figures.players]
        won = [p.outcomes.count("win") for p in figures.players]
        lost = [p.outcomes.count("loss") for p in figures.players]
        plt.multiple_bar(names, [won, lost], labels=["won", "lost"])
        whole_axis(plt, max(won + lost), 2, rows)
        plt.title("Games won and lost")


VIEW = PigStatsView()
