"""The hand-off between two people's turns at one terminal: it covers the table so that
nobody sees another's hand."""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from gameshelf.core.text import is_you, literal
from gameshelf.games.showdown.tui.help import HELP
from gameshelf.tui.base import quit_binding
from gameshelf.tui.widgets import GameFooter, HelpScreen, help_binding


def ready_label(name: str) -> str:
    """The hand-off button for the seat ``name``: ``I am Ann: show my hand (Enter)``, and
    ``Ready: show my hand (Enter)`` for the seat called You (it read "I am You")."""
    who = "Ready" if is_you(name) else f"I am {literal(name)}"
    return f"{who}: show my hand (Enter)"


class HandOffScreen(ModalScreen[bool]):
    """Covers the table between two people's turns so nobody sees another's hand. Enter (or
    the button) shows the next person's hand (True); Esc leaves the game, saved, as on the
    table (False); ``?``/F1 the help. The footer names these keys."""

    DEFAULT_CSS = Path(__file__).with_name("handoff.tcss").read_text(encoding="utf-8")
    BINDINGS = [Binding("enter,space", "go", "Ready"),
                Binding("escape", "leave", "Leave"),
                help_binding(), quit_binding()]

    def __init__(self, name: str) -> None:
        super().__init__()
        self._seat_name = name

    def compose(self) -> ComposeResult:
        with Vertical():
            # Names are plain text, never markup (a name may hold '[').
            yield Static(Text.assemble("Pass the terminal to\n\n",
                                       (literal(self._seat_name), "bold"),
                                       "\n\nEveryone else: look away."), id="handoff-text")
            yield Button(Text(ready_label(self._seat_name)), id="ready", variant="primary")
        yield GameFooter()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.dismiss(True)

    def action_go(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)

    def action_help(self) -> None:
        self.app.push_screen(HelpScreen(HELP))
