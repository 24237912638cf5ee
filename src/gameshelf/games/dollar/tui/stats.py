"""The One Dollar Pinball statistics screen: its help, the bills to pick from and each
bill's district distribution."""

from __future__ import annotations

from typing import Any

from gameshelf.core.text import clip, literal
from gameshelf.games.dollar.scorer import MILLION
from gameshelf.games.dollar.stats import DollarStats
from gameshelf.stats.text import percent
from gameshelf.tui.stats import StatsView


class DollarStatsView(StatsView):
    """The bills played, each pickable: the chart is the exact distribution of the picked
    bill's district with its score marked."""

    help = """\
# One Dollar Pinball statistics

Every bill played in a kept round, newest first (`gameshelf dollar stats [--player NAME]
[--json]`): the player, the bill, its district and series, its score and its exact
percentile: the share of the district's 100,000,000 serials that score less (the Match
counted when the series was given; without a series it is not).

The chart is the exact distribution of the chosen bill's district: the share of its
serials at each score (in millions of points), and the bill's own score as a vertical
line. The distribution is computed exactly, digit by digit (as `gameshelf dollar odds`
does), not sampled.

* **Up/Down** choose a bill; its district's distribution is drawn
* **Esc** or **q** goes back to the menu
"""

    def prepare(self, figures: DollarStats) -> None:
        """The first bill's distribution (a second or two for a district not yet computed)."""
        if figures.bills:
            figures.bills[0].distribution()

    def picks(self, figures: DollarStats, lines: list[str]
              ) -> tuple[list[str], list[str], list[str]] | None:
        """The table's head, one row per bill, and the note under them."""
        if not figures.bills:
            return None
        return (lines[:lines.index("") + 2], lines[-len(figures.bills) - 3:-3], lines[-2:])

    def draw_pick(self, plt: Any, figures: DollarStats, index: int) -> None:
        """Draw the exact distribution of bill ``index``'s district with its score marked."""
        bill = figures.bills[index]
        dist = bill.distribution()
        xs = [s / MILLION for s in dist.counts]
        ys = [100 * n / dist.total for n in dist.counts.values()]
        plt.bar(xs, ys, width=0.6)
        plt.vline(bill.score / MILLION, "red")
        series = f" series {clip(literal(bill.series), 6)}" if bill.series else ""
        plt.title(f"District {bill.district}{series}: {clip(literal(bill.bill), 12)} "
                  f"({bill.score // MILLION:,}M, red) beats {percent(bill.below, bill.total)}")
        plt.xlabel("millions of points")
        plt.ylabel("% of serials")


VIEW = DollarStatsView()
