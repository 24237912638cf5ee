"""The Pinball Showdown statistics screen: its help and its chart."""

from __future__ import annotations

from typing import Any

from gameshelf.core.text import clip, literal
from gameshelf.games.showdown.stats import SOURCE_NAMES, SOURCES, ShowdownStats
from gameshelf.tui.stats import LABEL, MAX_SERIES, StatsView, whole_axis


class ShowdownStatsView(StatsView):
    """Pinball Showdown's figures on the statistics screen."""

    help = """\
# Pinball Showdown statistics

From the finished games kept in the history (`gameshelf showdown stats [--player NAME]
[--json]`).

* **Wins by seat**: for each number of players, how many games each seat won (seat 1
  plays first); a shared win counts for each winner.
* **Mean points a game by source**, per person (by name) and computer player (by kind):
  **cards** (the regular scoring pile), **2X** (the 2X pile, doubled), **drops** (the drop
  target bonus: 5,000 for each full set of four), **combos** (combination bonuses),
  **tokens** (100 for each token left), and the total.

The chart stacks the mean points by source for each player (the first six).

* **Up/Down**, **PageUp/PageDown** scroll the table
* **Esc** or **q** goes back to the menu
"""

    def draw(self, plt: Any, f: ShowdownStats, rows: int) -> None:
        """Mean points a game by source, stacked, for each player (the first six)."""
        players = list(f.players[:MAX_SERIES])
        if not players:
            plt.title("No finished game kept yet")
            return
        names = [clip(literal(p.label), LABEL) for p in players]
        plt.stacked_bar(names, [[p.means()[k] for p in players] for k in SOURCES],
                        labels=[SOURCE_NAMES[k] for k in SOURCES])  # type: ignore[call-arg]
        whole_axis(plt, max(sum(p.means()[k] for k in SOURCES) for p in players),
                   len(SOURCES), rows)
        plt.title("Mean points a game by source")
        plt.ylabel("points")


VIEW = ShowdownStatsView()
