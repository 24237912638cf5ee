"""Widgets and screens every game uses: a help screen and a yes/no confirmation."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Markdown, Static


class HelpScreen(ModalScreen[None]):
    """A modal with Markdown help text; Esc, q or F1 closes it."""

    DEFAULT_CSS = """
    HelpScreen { align: center middle; }
    HelpScreen > Vertical { width: 90%; max-width: 100; height: 85%; border: thick $accent;
                            background: $surface; padding: 0 1; }
    HelpScreen Markdown { height: 1fr; overflow-y: auto; }
    """
    BINDINGS = [Binding("escape,q,f1,question_mark", "dismiss_help", "Close")]

    def __init__(self, text: str) -> None:
        super().__init__()
        self._text = text

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Markdown(self._text)
            yield Button("Close", id="close", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(None)

    def action_dismiss_help(self) -> None:
        self.dismiss(None)


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question; returns True for yes. Keys: y / Enter = yes, n / Esc = no."""

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > Vertical { width: 60; height: auto; border: thick $warning;
                               background: $surface; padding: 1 2; }
    ConfirmScreen Horizontal { height: auto; align: center middle; margin-top: 1; }
    ConfirmScreen Button { margin: 0 2; }
    """
    BINDINGS = [
        Binding("y,enter", "answer(True)", "Yes"),
        Binding("n,escape", "answer(False)", "No"),
    ]

    def __init__(self, question: str, yes: str = "Yes", no: str = "No") -> None:
        super().__init__()
        self._question, self._yes, self._no = question, yes, no

    def compose(self) -> ComposeResult:
        with Vertical():
            # Plain text, never markup: a question may quote a save's or a player's name.
            yield Static(Text(self._question), id="question")
            with Horizontal():
                yield Button(Text(f"{self._yes} (y)"), id="yes", variant="warning")
                yield Button(Text(f"{self._no} (n)"), id="no", variant="primary")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_answer(self, value: bool) -> None:
        self.dismiss(value)
