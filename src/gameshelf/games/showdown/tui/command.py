"""The action box of the table: any action typed (``bid P07 2``); Esc leaves it."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Input


class CommandInput(Input):
    """The action box; Esc leaves it (back to the single-key commands)."""

    BINDINGS = [Binding("escape", "leave_box", "Leave the box", show=False)]

    def action_leave_box(self) -> None:
        self.screen.set_focus(None)
