"""The Yatz top-20 table (R-YZ-7): what a finished game adds to the store.

Each player of a finished game gets a row: name, score (points), date and the game number,
and in its detail ``undos``, the boxes that player took back (:meth:`Match.undo`; 0 for
none), which the tables show as a mark;
the table keeps the best 20, and equal scores keep the earlier game first (the store orders
by score, then by when the row was added). The rows are written with the game's end
(:data:`gameshelf.games.yatz.session.ENDING`); this module does no I/O.
"""

from __future__ import annotations

from typing import Any

#: Rows in the high-score table (R-YZ-7).
TOP = 20


#: What the tables print under a score that has a mark in their ``undo`` column.
UNDO_NOTE = "undos: boxes the player took back (undo) in that game; blank: none"


def undos(detail: dict[str, Any]) -> int:
    """The boxes taken back in a score row's game (its detail's ``undos``; 0 when absent,
    as in rows written before undo existed, or not a whole number)."""
    n = detail.get("undos", 0)
    return n if isinstance(n, int) and not isinstance(n, bool) and n > 0 else 0


def undo_mark(detail: dict[str, Any]) -> str:
    """The ``undos`` column of a score row: ``""`` for none, else the number of boxes taken
    back (``"1"``, ``"2"``...)."""
    n = undos(detail)
    return str(n) if n else ""
