"""The five dice of the Yatz screen: each die a widget, the row that draws them.

A click on a die posts :class:`DieWidget.Toggled` upward (the screen holds or releases it);
the row draws the table's dice as the screen hands them down (:meth:`DiceRow.show`), with
the classic keys' buttons and the arrow while the row has the focus.
"""

from __future__ import annotations

from rich.text import Text
from textual.containers import Horizontal
from textual.message import Message
from textual.widgets import Static

from gameshelf.games.yatz.game import YatzState

PIPS = {
    1: ("     ", "  ●  ", "     "),
    2: ("●    ", "     ", "    ●"),
    3: ("●    ", "  ●  ", "    ●"),
    4: ("●   ●", "     ", "●   ●"),
    5: ("●   ●", "  ●  ", "●   ●"),
    6: ("●   ●", "●   ●", "●   ●"),
}


def die_face(face: int | None, held: bool, index: int, *, button: bool = False,
             arrow: bool = False) -> Text:
    """A die drawn in 6 lines of text, 7 wide (``?`` before the first roll).

    ``button``: the classic layout's last line, an arrow (when ``arrow``) and the die's
    button, red when held and green when it will be rolled; else ``HELD`` under a held die.
    """
    rows = PIPS[face] if face else ("     ", "  ?  ", "     ")
    colour = "bold yellow" if held else "white"
    t = Text()
    t.append("╭─────╮\n", style=colour)
    for r in rows:
        t.append("│", style=colour)
        t.append(r, style="bold")
        t.append("│\n", style=colour)
    t.append("╰─────╯\n", style=colour)
    if button:
        t.append("▶" if arrow else " ", style="bold")
        t.append(f"[ {index + 1} ]", style="bold white on red" if held
                 else "bold black on green")
        t.append(" ")
        return t
    t.append(f"{index + 1} HELD " if held else f"   {index + 1}   ",
             style="black on yellow" if held else "dim")
    return t


class DieWidget(Static):
    """One die; a click asks the screen to hold or release it. Classes: ``held``; in the
    classic layout ``rolled`` (not held) and ``arrow`` (under the arrow)."""

    class Toggled(Message):
        """The die at ``index`` (0-4) was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, index: int) -> None:
        super().__init__(die_face(None, False, index), id=f"die{index + 1}", classes="die")
        self.index = index

    def show(self, face: int | None, held: bool, *, button: bool = False,
             arrow: bool = False) -> None:
        """Draw ``face`` (None before the first roll), framed when held; ``button``: with
        the classic red/green button (and the arrow when ``arrow``)."""
        self.update(die_face(face, held, self.index, button=button, arrow=arrow))
        self.set_class(held, "held")
        self.set_class(button and not held, "rolled")
        self.set_class(arrow, "arrow")

    def on_click(self) -> None:
        self.post_message(self.Toggled(self.index))


class DiceRow(Horizontal):
    """The five dice; with the classic keys (``classic``) it takes the focus (F2) and the
    arrow keys move its arrow (:attr:`arrow`). It posts :class:`FocusMoved` when it takes
    or loses the focus (the arrow shows only while it has it)."""

    class FocusMoved(Message):
        """The row took or lost the focus: its dice are to be drawn again."""

    def __init__(self, *, classic: bool, id: str | None = None) -> None:
        super().__init__(id=id)
        self.classic = classic
        self.can_focus = classic
        #: The die under the arrow (classic keys).
        self.arrow = 0

    def on_focus(self) -> None:
        self.call_after_refresh(self.post_message, self.FocusMoved())   # once it has moved

    def on_blur(self) -> None:
        self.call_after_refresh(self.post_message, self.FocusMoved())

    def show(self, state: YatzState) -> None:
        """Draw the dice of ``state`` (with the classic keys: their buttons, and the arrow
        while the row has the focus)."""
        on_dice = self.classic and self.has_focus
        for w in self.query(DieWidget):
            face = state.dice[w.index] if state.dice else None
            w.show(face, bool(state.held >> w.index & 1), button=self.classic,
                   arrow=on_dice and w.index == self.arrow)
