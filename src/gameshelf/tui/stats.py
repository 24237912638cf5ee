"""The statistics screen of each game (issue 15), opened from the menu (**t** on a game).

The figures are those of ``gameshelf <game> stats`` (the same text tables,
:mod:`gameshelf.stats.text`), computed from the finished games kept in the history; beside
them a chart drawn by Plotext through its Textual widget (``textual-plotext``):

- Yatz: the spread of final scores, a histogram per person and computer level, the strong
  player's reference mean as a vertical line;
- Muggins: games won and lost against each level of Mugsy;
- Pinball Showdown: mean points a game by source, stacked, per person and computer player;
- One Dollar Pinball: the exact distribution of the chosen bill's district (every one of its
  10^8 serials), the bill's score as a vertical line; Up/Down choose the bill.

Names come from people: the tables show them literally (:func:`gameshelf.tui.widgets.plain`),
the charts' labels through :func:`gameshelf.core.text.literal`. Reading the store and the
Dollar distributions (a second or two for a district not yet computed) runs in a worker
thread, so the screen answers at once.
"""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option
from textual_plotext import PlotextPlot

from gameshelf.core.errors import GameshelfError
from gameshelf.core.text import clip, error_line, literal
from gameshelf.games import REGISTRY
from gameshelf.games.dollar.scorer import MILLION
from gameshelf.games.dollar.stats import BillStat, DollarStats
from gameshelf.games.muggins.stats import MugginsStats
from gameshelf.games.showdown.stats import SOURCE_NAMES, SOURCES, ShowdownStats
from gameshelf.games.yatz.stats import YatzStats
from gameshelf.session import history
from gameshelf.stats.text import percent, stats_lines
from gameshelf.tui.base import quit_binding
from gameshelf.tui.widgets import GameFooter, HelpScreen, help_binding, plain

#: Most series a chart draws (the table lists them all).
MAX_SERIES = 6
#: Characters of a name in a chart's legend.
LABEL = 18

HELP = {
    "yatz": """\
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
""",
    "muggins": """\
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
""",
    "showdown": """\
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
""",
    "dollar": """\
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
""",
}


class StatsChart(PlotextPlot):
    """The chart of a statistics screen (a Plotext plot)."""

    def on_resize(self) -> None:
        """Draw again at the new size: the axis ticks and the legend's room depend on it."""
        screen = self.screen
        if isinstance(screen, StatsScreen) and screen.figures is not None:
            screen.redraw()


def nice_step(span: float, most: int = 6) -> int:
    """The tick step for an axis from 0 (or a start) over ``span``: 1, 2 or 5 times a power
    of ten (at least 1), giving at most ``most`` steps.

    Example:
        >>> nice_step(5), nice_step(7), nice_step(22_900), nice_step(0.3)
        (1, 2, 5000, 1)
    """
    base = 1
    while True:
        for k in (1, 2, 5):
            if span / (k * base) <= most:
                return k * base
        base *= 10


def whole_axis(plt: object, top: float, legend_lines: int, rows: int) -> None:
    """Give ``plt``'s y axis whole-number ticks from 0 (``1,000`` style labels, never
    ``0.83`` games or ``19083.3`` points) and room above ``top`` for the legend's
    ``legend_lines`` lines, which Plotext draws in the plot's top left corner: without the
    room it covered the tallest bars. ``rows``: the chart's height in lines."""
    top = max(1.0, float(top))
    plot_rows = max(4, rows - 5)   # title, x ticks, x label and frame take about five
    step = nice_step(top, max(1, min(6, plot_rows // 2)))   # a tick every other line at most
    last = step * -(-top // step)
    room = min(0.6, (legend_lines + 1) / plot_rows) if legend_lines else 0.0
    ticks = [step * i for i in range(int(last // step) + 1)]
    plt.yticks(ticks, [f"{t:,.0f}" for t in ticks])  # type: ignore[attr-defined]
    plt.ylim(0, max(last, top / (1 - room)))  # type: ignore[attr-defined]


def score_bins(scores: list[int], most: int = 10) -> tuple[int, int, int]:
    """Common bins for several histograms of final scores: ``(start, width, count)``, the
    width a round number of points and ``start`` a multiple of it, so every player's bars
    stand on the same bins (Plotext's own bins differed by series).

    Example:
        >>> score_bins([1164, 1305, 1531, 1743])
        (1100, 100, 7)
    """
    lo, hi = min(scores), max(scores)
    width = max(1, int(nice_step(max(1, hi - lo), most - 1)))
    start = lo // width * width
    return start, width, (hi - start) // width + 1


#: What every statistics screen's help adds: the replay of the last game.
REPLAY_HELP = ("\n\n**r** replays the last finished game move by move on the game's own "
               "screen, read-only (Right/Left step, Esc comes back here).\n")


class StatsScreen(Screen[None]):
    """A game's statistics: the tables and a chart (see the module).

    Args:
        game: ``dollar``, ``yatz``, ``muggins`` or ``showdown``.
    """

    BINDINGS = [Binding("escape,q", "close", "Back"), help_binding(),
                Binding("r", "replay_last", "Replay last"), quit_binding()]
    DEFAULT_CSS = """
    StatsScreen #st-table { height: auto; max-height: 50%; }
    StatsScreen #st-bills { height: auto; max-height: 10; }
    StatsScreen #st-note { height: auto; color: $text-muted; }
    StatsScreen #st-chart { height: 1fr; min-height: 8; }
    """

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game
        self.title_text = f"{REGISTRY.get(game).title} statistics"
        #: The figures shown (None until read).
        self.figures: history.Stats | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical():
            with VerticalScroll(id="st-table"):
                yield Static(plain(f"{self.title_text}: reading the history..."),
                             id="st-text")
            yield OptionList(id="st-bills")
            yield Static("", id="st-note")
            yield StatsChart(id="st-chart")
        yield GameFooter()

    def on_mount(self) -> None:
        self.app.sub_title = self.title_text
        self.query_one("#st-bills").display = False
        self.load()

    @work(thread=True, exclusive=True, exit_on_error=False)
    def load(self) -> None:
        """Read the history and compute the figures (and a Dollar bill's distribution)."""
        try:
            figures = history.game_stats(self.game)
            if isinstance(figures, DollarStats) and figures.bills:
                figures.bills[0].distribution()
        except GameshelfError as exc:
            self.app.call_from_thread(self._failed, error_line(exc))
            return
        self.app.call_from_thread(self.show, figures)

    def _failed(self, why: str) -> None:
        self.query_one("#st-text", Static).update(plain(f"The history cannot be read: {why}"))

    def show(self, figures: history.Stats) -> None:
        """Show ``figures``: the tables and the chart."""
        self.figures = figures
        lines = stats_lines(figures)
        text = self.query_one("#st-text", Static)
        if isinstance(figures, DollarStats) and figures.bills:
            head, rows, tail = lines[:lines.index("") + 2], lines[-len(figures.bills) - 3:-3], \
                lines[-2:]
            text.update(plain("\n".join(literal(x) for x in head), lines=True))
            bills = self.query_one("#st-bills", OptionList)
            bills.clear_options()
            bills.add_options(Option(plain(r)) for r in rows)
            bills.display = True
            bills.highlighted = 0
            bills.focus()
            self.query_one("#st-note", Static).update(plain(" ".join(tail)))
            self.draw_bill(figures.bills[0])
            return
        text.update(plain("\n".join(lines), lines=True))
        self.query_one("#st-table").focus()
        self.draw()

    # ----- charts ------------------------------------------------------------------------
    def redraw(self) -> None:
        """Draw the chart of what is shown again (after a resize)."""
        f = self.figures
        if isinstance(f, DollarStats):
            bills = self.query_one("#st-bills", OptionList)
            if f.bills and bills.highlighted is not None and bills.highlighted < len(f.bills):
                self.draw_bill(f.bills[bills.highlighted])
        elif f is not None:
            self.draw()

    def draw(self) -> None:
        """Draw the chart of the figures shown."""
        chart = self.query_one(StatsChart)
        plt = chart.plt
        plt.clear_data()
        plt.clear_figure()
        f = self.figures
        if isinstance(f, YatzStats):
            self._yatz(f)
        elif isinstance(f, MugginsStats):
            self._muggins(f)
        elif isinstance(f, ShowdownStats):
            self._showdown(f)
        chart.refresh()

    def _rows(self) -> int:
        return self.query_one(StatsChart).size.height or 20

    def _yatz(self, f: YatzStats) -> None:
        plt = self.query_one(StatsChart).plt
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
        whole_axis(plt, max(max(row) for row in counts), len(groups), self._rows())
        said = (f" (red line: the strong player's mean, {mean:,.0f})" if shown else
                f" (the strong player's mean, {mean:,.0f}, is off this chart)"
                if mean is not None else "")
        plt.title(f"Final scores in bins of {width:,} points{said}")
        plt.xlabel("points")
        plt.ylabel("games")

    def _muggins(self, f: MugginsStats) -> None:
        plt = self.query_one(StatsChart).plt
        played = [lv for lv in f.levels if sum(lv.won_lost)]
        if not played:
            plt.title("No finished game kept yet")
            return
        names = [literal(lv.level) for lv in played]
        # plotext takes ``labels`` here (textual-plotext's stub says ``label``)
        plt.multiple_bar(names, [[lv.won_lost[0] for lv in played],
                                 [lv.won_lost[1] for lv in played]],
                         labels=["won", "lost"])  # type: ignore[call-arg]
        whole_axis(plt, max(max(lv.won_lost) for lv in played), 2, self._rows())
        plt.title("Games won and lost against each level of Mugsy")
        plt.ylabel("games")

    def _showdown(self, f: ShowdownStats) -> None:
        plt = self.query_one(StatsChart).plt
        players = list(f.players[:MAX_SERIES])
        if not players:
            plt.title("No finished game kept yet")
            return
        names = [clip(literal(p.label), LABEL) for p in players]
        plt.stacked_bar(names, [[p.means()[k] for p in players] for k in SOURCES],
                        labels=[SOURCE_NAMES[k] for k in SOURCES])  # type: ignore[call-arg]
        whole_axis(plt, max(sum(p.means()[k] for k in SOURCES) for p in players),
                   len(SOURCES), self._rows())
        plt.title("Mean points a game by source")
        plt.ylabel("points")

    def draw_bill(self, bill: BillStat) -> None:
        """Draw the exact distribution of ``bill``'s district with its score marked."""
        chart = self.query_one(StatsChart)
        plt = chart.plt
        plt.clear_data()
        plt.clear_figure()
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
        chart.refresh()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        f = self.figures
        if isinstance(f, DollarStats) and 0 <= event.option_index < len(f.bills):
            self.draw_bill(f.bills[event.option_index])

    # ----- keys --------------------------------------------------------------------------
    def action_close(self) -> None:
        self.app.sub_title = ""
        self.dismiss()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(HELP[self.game] + REPLAY_HELP))

    def action_replay_last(self) -> None:
        """r: the last finished game, replayed move by move on its own screen (read-only:
        :mod:`gameshelf.tui.replay`)."""
        from gameshelf.session.replay import last_finished
        from gameshelf.tui.replay import replay_screen
        try:
            replay = last_finished(self.game)
        except GameshelfError as exc:
            self.notify(error_line(exc), severity="warning", markup=False)
            self.app.bell()
            return
        self.app.push_screen(replay_screen(replay))
