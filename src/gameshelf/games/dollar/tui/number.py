"""Asking for a game number (the seed of the random bills, so a game's draws can be played
again)."""

from __future__ import annotations

from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from gameshelf.core.chance import parse_seed
from gameshelf.core.errors import GameshelfError
from gameshelf.core.text import error_line
from gameshelf.tui.widgets import TextField, plain


class GameNumberScreen(ModalScreen[int | None]):
    """Ask for a game number (the seed of the random bills); Esc cancels. A number refused
    is said under the field until the field is typed in again."""

    DEFAULT_CSS = (Path(__file__).parent / "number.tcss").read_text(encoding="utf-8")
    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static("Game number to play (the same number draws the same random bills):")
            yield TextField(placeholder="e.g. 123456789", id="number")
            yield Static("", id="error")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        try:
            self.dismiss(parse_seed(event.value))
        except GameshelfError as exc:
            self.query_one("#error", Static).update(plain(error_line(exc)))  # typed text: no markup
            self.app.bell()

    def on_input_changed(self, _event: Input.Changed) -> None:
        self.query_one("#error", Static).update("")

    def action_cancel(self) -> None:
        self.dismiss(None)
