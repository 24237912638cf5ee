"""Plain-text views of a Yatz game (for the command line and logs): dice, card, totals.

Pure functions returning strings; nothing is printed here.
"""

from __future__ import annotations

from collections.abc import Sequence

from gameshelf.core.text import literal, with_level
from gameshelf.games.yatz.game import COLUMNS, YatzState, scorecard
from gameshelf.games.yatz.match import Match, Seat
from gameshelf.games.yatz.play import YatzMatch
from gameshelf.session.match import SeatInfo

#: What the totals and the ranking read: a bare match, or the match interface's.
Table = Match | YatzMatch


def dice_text(state: YatzState) -> str:
    """``1:[6]  2: 3   3:[6] ...``: positions, faces, held dice in brackets."""
    if not state.dice:
        return "(not rolled yet)"
    return "  ".join(f"{i + 1}:[{d}]" if state.held >> i & 1 else f"{i + 1}: {d} "
                     for i, d in enumerate(state.dice))


def card_text(state: YatzState, seat: int) -> str:
    """The 20-row card of ``seat`` (R-YZ-6); empty boxes of the seat on turn show what the
    dice would score there as ``(25)``."""
    show = seat == state.seat and bool(state.dice) and not state.is_terminal()
    pts = state.box_points() if show else ()
    lines = [f"{'#':>2} {'row':<15}{'x1':>7}{'x2':>7}{'x3':>7}"]
    for row in scorecard(state, seat):
        cells = []
        for c in range(COLUMNS):
            v = row.values[c]
            if row.box is not None and v is None:
                cells.append(f"({pts[row.box]})" if show else ".")
            elif v is None:
                cells.append("")
            else:
                cells.append(str(v))
        lines.append(f"{row.number:>2} {row.label:<15}" + "".join(f"{c:>7}" for c in cells))
        if row.number in (9, 17, 19):
            lines.append("   " + "-" * 36)
    return "\n".join(lines)


def totals_text(match: Table) -> str:
    """Every player's running total and turns, the player on turn marked with ``>``."""
    st = match.state
    out = []
    seats: Sequence[Seat | SeatInfo] = match.seats
    for i, s in enumerate(seats):
        mark = ">" if i == st.seat and not st.is_terminal() else " "
        shown = literal(s.name) if s.is_human else with_level(literal(s.name), s.player)
        out.append(f"{mark} {shown:<28}{st.grand_total(i):>6}  "
                   f"turns {st.turns_taken(i)}/39")
    return "\n".join(out)


def ranking_text(match: Table, new: set[int] | None = None) -> str:
    """The final ranking; seats in ``new`` are marked as new high scores, and a seat that
    took back boxes (undo) says how many."""
    new = new or set()
    out = []
    for place, i, pts in match.ranking():
        seat = match.seats[i]
        star = "  * new high score" if i in new else ""
        n = match.undos[i]
        undone = f"  ({n} undo{'s' if n != 1 else ''})" if n else ""
        out.append(f"{place:>2}. {literal(seat.name):<22}{pts:>6}{star}{undone}")
    return "\n".join(out)
