"""The coach's windows, shared by the games: :class:`InfoScreen` computes its text in a
worker thread and shows it; a hint for the seat to act and a review of a finished game
build on it. Each game's module (``games/<key>/tui/coach.py``, the Yatz hints) gives the
words and the coach to ask; the hint and review end with the game's sentence saying
whether their figures are estimates.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from gameshelf.core.records import GameRecord
from gameshelf.core.text import error_line, literal
from gameshelf.tui.base import quit_binding
from gameshelf.tui.widgets import GameFooter, HelpScreen, help_binding


class InfoScreen(ModalScreen[None]):
    """A modal that computes its text in a worker thread and shows it (every game's hint and
    review)."""

    DEFAULT_CSS = """
    InfoScreen { align: center middle; }
    InfoScreen > Vertical { width: 96; max-width: 98%; height: auto; max-height: 100%;
                             border: thick $accent; background: $surface; padding: 1 2; }
    InfoScreen #title { text-style: bold; color: $accent; margin-bottom: 1; }
    InfoScreen #scroll { height: auto; max-height: 24; }
    """
    BINDINGS = [Binding("escape,q", "close", "Close"), help_binding(), quit_binding()]
    TITLE_TEXT = ""
    #: The help window's text (Markdown).
    HELP_TEXT = ""
    #: Shown while the text is computed.
    THINKING = "thinking… (the first time loads the strategy's table)"

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(self.TITLE_TEXT, id="title")
            with VerticalScroll(id="scroll"):
                yield Static(self.THINKING, id="body")
            yield Button("Close (Esc)", id="close", variant="primary")
        yield GameFooter()

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(self.HELP_TEXT))

    #: Lines around the text: the footer, the frame and its padding, the title, the button.
    _AROUND = 1 + 2 + 2 + 2 + 3

    def on_mount(self) -> None:
        self._done = False
        self._tick = self.set_interval(0.25, self._waiting)
        self.run_worker(self._work, thread=True, exit_on_error=False)
        self._fit()

    def waiting(self) -> str | None:
        """What the long first work is doing while :meth:`compute` runs (such as a table's
        solve and its share done), polled four times a second; None: nothing to say beyond
        :attr:`THINKING`."""
        return None

    def _waiting(self) -> None:
        said = None if self._done else self.waiting()
        if said is not None:
            self.query_one("#body", Static).update(said)

    def on_resize(self) -> None:
        self._fit()

    def _fit(self) -> None:
        """The text scrolls in the height the screen leaves (the Close button stays in
        sight at 80x24)."""
        self.query_one("#scroll").styles.max_height = max(3, self.size.height - self._AROUND)

    def _work(self) -> None:
        try:
            text = self.compute()
        except Exception as exc:  # shown, never a crash of the game
            text = Text(literal(f"could not compute: {error_line(exc)}"), style="red")
        self.app.call_from_thread(self._show, text)

    def _show(self, text: Text) -> None:
        self._done = True
        self._tick.stop()
        self.query_one("#body", Static).update(text)

    def compute(self) -> Text:
        """The text to show (runs in a worker thread)."""
        raise NotImplementedError

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)

class CoachHintScreen(InfoScreen):
    """The advice for ``view``'s seat (``more``: what else the game's coach takes, such as
    the legal actions): its first line (the best move) in bold green, then each option's
    estimate and the game's :attr:`ESTIMATES` when something was estimated."""

    #: the paragraph that says how the figures were estimated
    ESTIMATES = ""
    #: The game's coach's hint, ``(view, *more) -> hint`` whose ``lines()`` are shown (a
    #: ``staticmethod``).
    advise: Callable[..., Any]

    def __init__(self, view: Any, *more: Any) -> None:
        super().__init__()
        self.view, self.more = view, more

    def compute(self) -> Text:
        advice = self.advise(self.view, *self.more)
        lines: list[str] = advice.lines()
        text = Text(lines[0], style="bold green")
        if len(lines) > 1:   # something was estimated
            text.append("\n" + "\n".join(lines[1:]) + self.footnote(advice))
        return text

    def footnote(self, advice: Any) -> str:
        """The paragraph under the figures of ``advice`` (the game's hint): how they were
        made, :attr:`ESTIMATES` unless the game says otherwise for that hint."""
        return self.ESTIMATES


class CoachReviewScreen(InfoScreen):
    """The review of ``record``: its heading in bold, then each costly decision worst
    first, then :attr:`ESTIMATES`.

    Args:
        record: the finished game.
        samples: samples per decision (None: the coach's default).
    """

    ESTIMATES = ""
    #: The game's coach's review, ``(record, samples=n) -> review`` whose ``lines()`` are
    #: shown (a ``staticmethod``).
    judge: Callable[..., Any]

    def __init__(self, record: GameRecord, samples: int | None = None) -> None:
        super().__init__()
        self.record = record
        self.samples = samples

    def compute(self) -> Text:
        given = {} if self.samples is None else {"samples": self.samples}
        lines: list[str] = self.judge(self.record, **given).lines()
        text = Text(lines[0] + "\n", style="bold")
        text.append("\n".join(lines[1:]) + self.ESTIMATES)
        return text
