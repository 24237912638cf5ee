"""The Yatz statistics screen: its help and its chart."""

from __future__ import annotations

from typing import Any

from gameshelf.core.text import clip, literal
from gameshelf.games.yatz.stats import YatzStats
from gameshelf.tui.stats import LABEL, MAX_SERIES, StatsView, score_bins, whole_axis


class YatzStatsView(StatsView):
    """Yatz's figures on the statistics screen."""

    help = """\
# Yatz statistics

From the finished games kept in the history (the command line shows the same:
`gameshelf yatz stats`, one player with `--player NAME`, as JSON with `--json`).

* **games, mean, best, stdev**: each person's (by name) and each computer level's final
  scores: how many, their mean, the highest and the standard deviation.
* **upper bonus x1 x2 x3**: how often each column got its upper bonus (63 or more in its
  upper boxes).
* **Yatz x1 x2 x3**: how often each column's Yatz box scored a Yatz (50).
* **strong (sample)**: the strong computer player's figures over a fixed seeded sample
  of solitaire games, measured once by `benchmarks/yatz_strong_reference.py`; the line
  under it says which games.

The chart is the spread of final scores: a histogram per player (the first six), the
strong player's reference mean as a vertical line. Games finished before the history was
kept count in the top-20 table only.

* **Up/Down**, **PageUp/PageDown** scroll the table
* **Esc** or **q** goes back to the menu
"""

    def draw(self, plt: Any, f: YatzStats, rows: int) -> None:
        """The spread of final scores: a histogram per player (the first six) on common bins,
        the strong player's reference mean as a red line."""
        groups = [(clip(literal(g.label), LABEL), list(g.scores))
                  for g in f.groups if g.scores][:MAX_SERIES]
        ref = f.reference
        if not groups and ref is not None and ref.scores:
            groups = [("strong (sample)", list(ref.scores))]
        if not groups:
            plt.title("No finished game kept yet")
            return
        start, width, n = score_bins([x for _, scores in groups for x in scores])
        counts = [[0] * n for _ in groups]
        for row, (_, scores) in zip(counts, groups, strict=True):
            for x in scores:
                row[(x - start) // width] += 1
        # one bar a player in each bin, side by side, the bin named by its first score
        plt.multiple_bar([f"{start + i * width:,}" for i in range(n)], counts,
                         labels=[name for name, _ in groups])  # type: ignore[call-arg]
        mean = ref.spread.mean if ref is not None else None
        shown = mean is not None and start <= mean < start + n * width
        if shown and mean is not None:   # bars stand at 1..n, bin i centred on i + 1
            plt.vline(0.5 + (mean - start) / width, "red")
        whole_axis(plt, max(max(row) for row in counts), len(groups), rows)
        said = (f" (red line: the strong player's mean, {mean:,.0f})" if shown else
                f" (the strong player's mean, {mean:,.0f}, is off this chart)"
                if mean is not None else "")
        plt.title(f"Final scores in bins of {width:,} points{said}")
        plt.xlabel("points")
        plt.ylabel("games")


VIEW = YatzStatsView()
