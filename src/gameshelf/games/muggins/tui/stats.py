"""The Muggins statistics screen: its help and its chart."""

from __future__ import annotations

from typing import Any

from gameshelf.core.text import literal
from gameshelf.games.muggins.stats import MugginsStats
from gameshelf.tui.stats import StatsView, whole_axis


class MugginsStatsView(StatsView):
    """Muggins's figures on the statistics screen."""

    help = """\
# Muggins statistics

From the finished games kept in the history (`gameshelf muggins stats [--json]`).

* **won, lost**: your games against each level of Mugsy.
* **won run, lost run**: the most games won, and lost, in a row; **now**: the run your
  last game is part of.
* **points a round**: points scored a round, you and Mugsy (the rounds of every game,
  the last one too when the target was reached in its middle).
* **went out**: rounds ended by a player going out (domino, 25 points bonus).
* **blocked rounds**: rounds that ended with nobody able to play; the player with fewer
  pips wins them.
* Games counted in the results before the history was kept (or pruned since) are said
  below the table: their won/lost is known, nothing more.

The chart shows games won and lost against each level.

* **Up/Down**, **PageUp/PageDown** scroll the table
* **Esc** or **q** goes back to the menu
"""

    def draw(self, plt: Any, f: MugginsStats, rows: int) -> None:
        """Games won and lost against each level of Mugsy."""
        played = [lv for lv in f.levels if sum(lv.won_lost)]
        if not played:
            plt.title("No finished game kept yet")
            return
        names = [literal(lv.level) for lv in played]
        # plotext takes ``labels`` here (textual-plotext's stub says ``label``)
        plt.multiple_bar(names, [[lv.won_lost[0] for lv in played],
                                 [lv.won_lost[1] for lv in played]],
                         labels=["won", "lost"])  # type: ignore[call-arg]
        whole_axis(plt, max(max(lv.won_lost) for lv in played), 2, rows)
        plt.title("Games won and lost against each level of Mugsy")
        plt.ylabel("games")


VIEW = MugginsStatsView()
