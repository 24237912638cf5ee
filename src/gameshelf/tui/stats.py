"""The statistics screen of every game, opened from the menu (**t** on a game).

The figures are those of ``gameshelf <game> stats`` (:mod:`gameshelf.stats.text`); beside
them a chart drawn by Plotext (``textual-plotext``), by the game's :class:`StatsView`. Names
come from people: the tables show them through :func:`gameshelf.tui.widgets.plain`, the
charts' labels through :func:`gameshelf.core.text.literal`. Reading the store and the game's
slow figures runs in a worker thread, so the screen answers at once.
"""

from __future__ import annotations

from typing import Any

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Header, OptionList, Static
from textual.widgets.option_list import Option
from textual_plotext import PlotextPlot

from gameshelf.core.errors import GameshelfError
from gameshelf.core.text import error_line, literal
from gameshelf.games import REGISTRY
from gameshelf.session import history
from gameshelf.session.replay import last_finished
from gameshelf.tui.base import quit_binding
from gameshelf.tui.replay import replay_screen
from gameshelf.tui.widgets import (
    GameFooter,
    HelpScreen,
    RefusalMixin,
    help_binding,
    plain,
    refusal,
)

#: Most series a chart draws (the table lists them all).
MAX_SERIES = 6
#: Characters of a name in a chart's legend.
LABEL = 18


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


class StatsView:
    """How a game's statistics screen shows its figures (a game's ``stats_view`` part): the
    help, the chart, and optionally a list of rows to pick from, each with a chart of its
    own. Subclasses override what they draw."""

    #: The screen's help (Markdown).
    help: str = ""

    def prepare(self, figures: Any) -> None:
        """Slow work done in the worker thread before the figures are shown (nothing by
        default)."""

    def draw(self, plt: Any, figures: Any, rows: int) -> None:
        """Draw the chart of ``figures`` on Plotext's ``plt``, ``rows`` lines high."""

    def picks(self, figures: Any, lines: list[str]
              ) -> tuple[list[str], list[str], list[str]] | None:
        """The table's ``lines`` cut into (head, rows to pick from, tail), or None when the
        screen has no list to pick from (the default)."""
        return None

    def draw_pick(self, plt: Any, figures: Any, index: int) -> None:
        """Draw the chart of picked row ``index`` (see :meth:`picks`)."""


class StatsScreen(RefusalMixin, Screen[None]):
    """A game's statistics: the tables and a chart (see the module)."""

    BINDINGS = [Binding("escape,q", "close", "Back"), help_binding(),
                Binding("r", "replay_last", "Replay last"), quit_binding(),
                refusal("r", "replay_last")]   # r with no game kept says why
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
        #: How the game draws its figures (its ``stats_view`` part).
        self.view: StatsView = REGISTRY.get(game).load("stats_view")
        #: The figures shown (None until read).
        self.figures: history.Stats | None = None
        #: Whether the history holds a finished game of this game (None until read): with
        #: none the screen says so in words and offers no replay.
        self.any_finished: bool | None = None

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
        """Read the history and compute the figures (and the view's slow work)."""
        try:
            if not history.finished(self.game, limit=1):
                self.app.call_from_thread(self.show_none)
                return
            figures = history.game_stats(self.game)
            self.view.prepare(figures)
        except GameshelfError as exc:
            self.app.call_from_thread(self._failed, error_line(exc))
            return
        self.app.call_from_thread(self.show, figures)

    def none_line(self) -> str:
        """What the screen says with no finished game: ``No finished Yatz games yet...``."""
        title = REGISTRY.get(self.game).title
        return (f"No finished {title} games yet. Play one to its end: its scores and "
                "charts show here, and r replays it.")

    def show_none(self) -> None:
        """No finished game kept: say so in words, with no empty chart and no replay."""
        self.any_finished = False
        self.query_one("#st-text", Static).update(plain(self.none_line()))
        self.query_one("#st-table").styles.height = "auto"
        self.query_one(StatsChart).display = False
        self.refresh_bindings()

    def _failed(self, why: str) -> None:
        self.query_one("#st-text", Static).update(plain(f"The history cannot be read: {why}"))

    def show(self, figures: history.Stats) -> None:
        """Show ``figures``: the tables and the chart."""
        self.figures = figures
        self.any_finished = True
        self.refresh_bindings()
        lines = figures.lines()
        text = self.query_one("#st-text", Static)
        picks = self.view.picks(figures, lines)
        if picks is not None:
            head, rows, tail = picks
            text.update(plain("\n".join(literal(x) for x in head), lines=True))
            bills = self.query_one("#st-bills", OptionList)
            bills.clear_options()
            bills.add_options(Option(plain(r)) for r in rows)
            bills.display = True
            bills.highlighted = 0
            bills.focus()
            self.query_one("#st-note", Static).update(plain(" ".join(tail)))
            self.draw(0)
            return
        text.update(plain("\n".join(lines), lines=True))
        self.query_one("#st-table").focus()
        self.draw()

    # ----- charts ------------------------------------------------------------------------
    def redraw(self) -> None:
        """Draw the chart of what is shown again (after a resize)."""
        f = self.figures
        if f is None:
            return
        bills = self.query_one("#st-bills", OptionList)
        if bills.display:
            if bills.highlighted is not None and bills.highlighted < bills.option_count:
                self.draw(bills.highlighted)
        else:
            self.draw()

    def draw(self, pick: int | None = None) -> None:
        """Draw the chart of the figures shown, or of the ``pick``-th row of the list."""
        chart = self.query_one(StatsChart)
        chart.plt.clear_data()
        chart.plt.clear_figure()
        if self.figures is not None and pick is not None:
            self.view.draw_pick(chart.plt, self.figures, pick)
        elif self.figures is not None:
            self.view.draw(chart.plt, self.figures, chart.size.height or 20)
        chart.refresh()

    def on_option_list_option_highlighted(self, event: OptionList.OptionHighlighted) -> None:
        bills = self.query_one("#st-bills", OptionList)
        if self.figures is not None and bills.display \
                and 0 <= event.option_index < bills.option_count:
            self.draw(event.option_index)

    # ----- keys --------------------------------------------------------------------------
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer offers Replay last only once a finished game is known to be kept."""
        if action == "replay_last":
            return bool(self.any_finished)
        return True

    def action_close(self) -> None:
        self.app.sub_title = ""
        self.dismiss()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.view.help + REPLAY_HELP))

    def action_replay_last(self) -> None:
        """r: the last finished game, replayed move by move on its own screen (read-only:
        :mod:`gameshelf.tui.replay`); with none kept, the screen says so."""
        if self.any_finished is False:
            self.notify(self.none_line(), severity="warning", markup=False)
            self.app.bell()
            return
        try:
            replay = last_finished(self.game)
        except GameshelfError as exc:
            self.notify(error_line(exc), severity="warning", markup=False)
            self.app.bell()
            return
        self.app.push_screen(replay_screen(replay))
