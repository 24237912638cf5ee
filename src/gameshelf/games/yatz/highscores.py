"""The Yatz top-20 table (R-YZ-7): what a finished game adds to the store.

Each player of a finished game gets a row: name, score (points), date and the game number,
and in its detail ``undos``, the boxes that player took back (:meth:`Match.undo`; 0 for
none), which the tables show as a mark;
the table keeps the best 20, and equal scores keep the earlier game first (the store orders
by score, then by when the row was added). The store is passed in, so this module itself does
no I/O.
"""

from __future__ import annotations

from typing import Any

from gameshelf.core.store import ScoreEntry, Store
from gameshelf.games.yatz.game import GAME
from gameshelf.games.yatz.match import Match

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


def score_entries(match: Match) -> list[ScoreEntry]:
    """The rows a finished ``match`` adds to the table, one per seat in seat order.

    Raises:
        ValueError: the match is not over (only finished games count, R-YZ-7).
    """
    if not match.is_over():
        raise ValueError("only finished games enter the high-score table")
    return [ScoreEntry(seat.name, match.state.grand_total(i), seed=match.seed,
                       detail={"player": seat.player, "players": len(match.seats),
                               "rules": match.rules, "undos": match.undos[i]})
            for i, seat in enumerate(match.seats)]


def add_high_scores(store: Store, match: Match) -> dict[int, int]:
    """Add every player's score of a finished ``match``; return ``{seat: row id}`` for the
    seats whose score made the top 20.

    Raises:
        ValueError: the match is not over (only finished games count, R-YZ-7).
    """
    ids = {i: store.add_score(GAME, e.name, e.score, seed=e.seed, detail=e.detail)
           for i, e in enumerate(score_entries(match))}
    top = {row.id for row in store.top_scores(GAME, TOP)}
    return {i: rid for i, rid in ids.items() if rid in top}
