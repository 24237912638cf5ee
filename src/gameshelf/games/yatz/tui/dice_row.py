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


#: The big die's width (a screen of :data:`BIG_SCREEN` or more); the small one is 7 wide.
BIG_WIDTH = 13
#: The screen size (columns, lines) from which the dice are drawn big.
BIG_SCREEN = (120, 36)
#: The dice column's width with small dice and with big ones (the screen's ``-big`` class).
LEFT_SMALL, LEFT_BIG = 41, 5 * BIG_WIDTH + 4 + 2


def big_screen(width: int, height: int) -> bool:
    """Whether a screen ``width`` x ``height`` draws the big dice (:data:`BIG_SCREEN`)."""
    return width >= BIG_SCREEN[0] and height >= BIG_SCREEN[1]


def big_rows(rows: tuple[str, str, str]) -> tuple[str, ...]:
    """The small die's three pip rows (5 wide, pips at 0, 2, 4) drawn 11 wide in 5 rows
    (pips at 2, 5, 8, a blank row between), for the big die."""
    def wide(row: str) -> str:
        out = [" "] * (BIG_WIDTH - 2)
        for small, big in ((0, 2), (2, 5), (4, 8)):
            out[big] = row[small]
        return "".join(out)

    blank = " " * (BIG_WIDTH - 2)
    return (wide(rows[0]), blank, wide(rows[1]), blank, wide(rows[2]))


def die_face(face: int | None, held: bool, index: int, *, button: bool = False,
             arrow: bool = False, big: bool = False) -> Text:
    """A die drawn in 6 lines of text, 7 wide (``?`` before the first roll); ``big``: 8
    lines, :data:`BIG_WIDTH` wide.

    ``button``: the classic layout's last line, an arrow (when ``arrow``) and the die's
    button, red when held and green when it will be rolled; else ``HELD`` under a held die.
    """
    small = PIPS[face] if face else ("     ", "  ?  ", "     ")
    rows = big_rows(small) if big else small
    width = BIG_WIDTH if big else 7
    colour = "bold yellow" if held else "white"
    t = Text()
    t.append("╭" + "─" * (width - 2) + "╮\n", style=colour)
    for r in rows:
        t.append("│", style=colour)
        t.append(r, style="bold")
        t.append("│\n", style=colour)
    t.append("╰" + "─" * (width - 2) + "╯\n", style=colour)
    if button:
        label = f"[ {index + 1} ]"
        t.append("▶" if arrow else " ", style="bold")
        t.append(label.center(width - 2) if big else label, style="bold white on red"
                 if held else "bold black on green")
        t.append(" ")
        return t
    label = f"{index + 1} HELD" if held else f"{index + 1}"
    t.append(label.center(width) if big or not held else f"{label} ",
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
             arrow: bool = False, big: bool = False) -> None:
        """Draw ``face`` (None before the first roll), framed when held; ``button``: with
        the classic red/green button (and the arrow when ``arrow``); ``big``: the big die."""
        self.update(die_face(face, held, self.index, button=button, arrow=arrow, big=big))
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

    def show(self, state: YatzState, *, big: bool = False) -> None:
        """Draw the dice of ``state`` (with the classic keys: their buttons, and the arrow
        while the row has the focus); ``big``: the big dice of a wide screen."""
        on_dice = self.classic and self.has_focus
        for w in self.query(DieWidget):
            face = state.dice[w.index] if state.dice else None
            w.show(face, bool(state.held >> w.index & 1), button=self.classic,
                   arrow=on_dice and w.index == self.arrow, big=big)
