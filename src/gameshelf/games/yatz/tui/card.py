"""The score board of the Yatz screen: one player's card, 20 rows by x1, x2, x3.

:class:`CardTable` draws the card of the seat shown (every empty box shows in brackets what
the dice would score there) and reports a click upward (:class:`CardTable.Chosen`); only a
second click on the box selected acts, as Enter does (``CellSelected``). The footer names
Enter (:data:`FILL`) while a box can be filled; the arrows move over the boxes only (never
onto a total's row or the labels).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.coordinate import Coordinate
from textual.message import Message
from textual.widgets import DataTable
from textual.widgets.data_table import ColumnKey

from gameshelf.games.yatz.game import BOXES, COLUMNS, YatzState, scorecard
from gameshelf.games.yatz.scoring import Box

#: Card column of x1 (the first column is the row's number and label).
FIRST_COL = 1
#: DataTable row index of each box (rows 1-6 are 0-5, rows 10-16 are 9-15).
BOX_ROW = {b: (b if b <= Box.SIXES else b + 3) for b in Box}
ROW_BOX = {r: b for b, r in BOX_ROW.items()}
COLUMN_KEYS = ("x1", "x2", "x3")
#: Row labels that fit the card's 13 characters (R-YZ-6 rows 1-20).
ROW_LABELS_SHORT = ("Ones", "Twos", "Threes", "Fours", "Fives", "Sixes", "Upper total",
                    "Bonus (63+)", "Upper+bonus", "3 of a Kind", "4 of a Kind", "Full House",
                    "Sm. Straight", "Lg. Straight", "Yatz", "Chance", "Lower total",
                    "Column total", "x1 / x2 / x3", "Grand total")
#: The sign before the empty box under the cursor (the box Enter fills), beside its colour.
MARK = "▶"
#: The footer's name of Enter (⏎) on the card while a box can be filled (short: 80 columns).
FILL = "Fill"
#: Width of what stands left of the card (the dice column) and of its scroll bar.
LEFT_WIDTH, SCROLL_BAR = 41, 4
#: The widest a column x1, x2, x3 grows (a wide card stays readable, never stretched).
COLUMN_MAX = 9


class CardTable(DataTable[Text | str]):
    """The score board. A click selects a box (the cursor moves there, :class:`Chosen` is
    posted); only a second click on the selected box acts (``CellSelected``, as Enter),
    so a stray click never fills a box, not even the box under the keyboard's cursor.
    Up/Down step over the rows that cannot be filled (the totals), Left stops at x1."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # offered while :attr:`fillable`; else Enter selects (the screen says why not)
        Binding("enter", "fill", FILL),
        Binding("enter", "select_cursor", "Select", show=False),
    ]

    class Chosen(Message):
        """A click selected the cell at ``coordinate`` (nothing is filled)."""

        def __init__(self, coordinate: Coordinate) -> None:
            super().__init__()
            self.coordinate = coordinate

    #: The cell a click selected last (a second click on it acts); None after a move.
    armed: Coordinate | None = None
    #: Whether a box can be filled now (the screen sets it): the footer names Enter then.
    fillable: Callable[[], bool] = staticmethod(lambda: False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """``fill`` is offered only while :attr:`fillable` says a box can be filled."""
        return self.fillable() if action == "fill" else True

    def action_fill(self) -> None:
        """Enter: fill the box under the cursor (as ``CellSelected``, the screen fills)."""
        self.action_select_cursor()

    def action_cursor_up(self) -> None:
        self._step_row(-1)

    def action_cursor_down(self) -> None:
        self._step_row(1)

    def action_cursor_left(self) -> None:
        if self.cursor_coordinate.column > FIRST_COL:
            super().action_cursor_left()

    def _step_row(self, step: int) -> None:
        """Move the cursor to the next box's row up (``step`` -1) or down (1), in its
        column (x1 from the labels); at the first or last box it stays."""
        self._set_hover_cursor(False)
        row, col = self.cursor_coordinate
        rows = [r for r in sorted(ROW_BOX) if (r - row) * step > 0]
        if rows:
            target = rows[0] if step > 0 else rows[-1]
            self.cursor_coordinate = Coordinate(target, max(col, FIRST_COL))

    async def _on_click(self, event: events.Click) -> None:
        # Textual calls DataTable's own handler after this one unless prevent_default()
        meta = event.style.meta
        row, col = meta.get("row"), meta.get("column")
        if (isinstance(row, int) and isinstance(col, int) and row >= 0 and col >= 0
                and not meta.get("out_of_bounds", False)):
            coord = Coordinate(row, col)
            if coord != self.armed:
                self.armed = coord
                self.cursor_coordinate = coord
                event.stop()
                event.prevent_default()
                self.post_message(self.Chosen(coord))

    def lay_out(self, state: YatzState) -> None:
        """Add the columns and the 20 rows (empty; :meth:`show` fills them), the cursor on
        x1 Ones."""
        self.add_column("Row", key="label", width=16)
        for k in COLUMN_KEYS:   # right-aligned over the points, which stand right
            self.add_column(Text(k, justify="right"), key=k, width=5)
        for row in scorecard(state, state.seat):
            self.add_row(f"{row.number:>2} {ROW_LABELS_SHORT[row.number - 1]}", "", "", "",
                         key=f"r{row.number}")
        self.move_cursor(row=0, column=FIRST_COL)

    def show(self, state: YatzState, seat: int, header: str,
             pending: Coordinate | None = None) -> None:
        """Draw ``seat``'s card under ``header`` (its owner); the points the dice would
        score in each empty box when the seat is on turn and has rolled, the one under the
        cursor marked :data:`MARK`; ``pending``: the box a first Enter chose (classic keys),
        not counted yet."""
        column = self.columns[ColumnKey("label")]
        if column.label.plain != header[:16]:
            column.label = Text(header[:16], style="bold")
            self.refresh()
        show_hints = bool(state.dice) and not state.is_terminal() and seat == state.seat
        pts = state.box_points() if show_hints else (0,) * BOXES
        for row in scorecard(state, seat):
            for c, key in enumerate(COLUMN_KEYS):
                v = row.values[c]
                cell: Text | str
                if row.box is not None and v is None:
                    p = pts[row.box]
                    here = Coordinate(BOX_ROW[row.box], c + FIRST_COL)
                    # the box under the cursor is marked by a sign, not by its colour only
                    mark = MARK if here == self.cursor_coordinate and show_hints else ""
                    if pending == here:   # classic keys: chosen by a first Enter, not counted
                        cell = Text(f"»{p}«", style="bold black on green" if p
                                    else "bold white on red", justify="right")
                    elif show_hints:
                        cell = Text(f"{mark}({p})", style="italic green" if p
                                    else "italic red", justify="right")
                    else:
                        cell = Text("·", style="dim", justify="right")
                elif v is None:
                    cell = ""
                elif row.box is None:
                    cell = Text(str(v), style="bold cyan", justify="right")
                else:
                    cell = Text(str(v), justify="right")
                self.update_cell(f"r{row.number}", key, cell)

    def fit(self, width: int, left: int = LEFT_WIDTH) -> None:
        """Widen the columns into the room a screen ``width`` wide leaves beside the dice
        column ``left`` wide (a wide terminal shows a wide card instead of an empty right
        half)."""
        room = width - left - SCROLL_BAR
        label = 16 if room < 80 else 22
        col = max(5, min(COLUMN_MAX, (room - label - 8) // 3))
        for key, column in self.columns.items():
            column.width = label if key == ColumnKey("label") else col
            column.auto_width = False
        self._require_update_dimensions = True   # Textual re-measures on the next refresh
        self.refresh()

    @staticmethod
    def box_at(coord: Coordinate) -> tuple[int, Box] | None:
        """The (column 0-2, box) under ``coord``; None for a total's row or the labels."""
        box = ROW_BOX.get(coord.row)
        col = coord.column - FIRST_COL
        return (col, box) if box is not None and 0 <= col < COLUMNS else None

    def to_box(self, column: int, box: Box) -> None:
        """Put the cursor on ``box`` of ``column`` (0-2)."""
        self.move_cursor(row=BOX_ROW[box], column=column + FIRST_COL)

    def cursor_to_empty(self, filled: Sequence[int]) -> None:
        """Put the cursor on an empty box (``filled``: each column's filled boxes, bit per
        box): the one under it, else the nearest in its column, else the first."""
        row, col = self.cursor_coordinate.row, self.cursor_coordinate.column - FIRST_COL
        box = ROW_BOX.get(row)
        if box is not None and 0 <= col < COLUMNS and not filled[col] >> box & 1:
            return
        cols = [col] if 0 <= col < COLUMNS else []
        cols += [c for c in range(COLUMNS) if c not in cols]
        for c in cols:
            empty = [b for b in Box if not filled[c] >> b & 1]
            if empty:
                target = min(empty, key=lambda b: abs(BOX_ROW[b] - row))
                self.to_box(c, target)
                return
