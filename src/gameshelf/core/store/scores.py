"""Scores and results: the high-score tables (the best 20 shown per game and board) and the
win/loss/draw rows the statistics count.

Rows are written with a game's end only (:meth:`gameshelf.core.store.Store.finish_game`,
the one writer; :mod:`gameshelf.session.ending` says what). Reads leave a damaged row out
(a name or date that is not text, a score that is not a whole number, another outcome): it
cannot be ranked or counted.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from gameshelf.core.errors import StoreError
from gameshelf.core.safeload import read_json
from gameshelf.core.store.db import Database, now_iso

#: The outcomes a result row holds, for its ``player`` against its ``opponent``.
OUTCOMES = ("win", "loss", "draw")


@dataclass(frozen=True)
class ScoreRow:
    """One row of a high-score table (points or the game's own unit)."""

    id: int
    game: str
    board: str
    name: str
    score: int
    date: str
    seed: int | None
    detail: dict[str, Any]


@dataclass(frozen=True)
class ScoreEntry:
    """A score to add (:meth:`~gameshelf.core.store.Store.finish_game`): name, points (or
    the game's unit), the game number, the board (table) and a JSON-ready detail dict."""

    name: str
    score: int
    seed: int | None = None
    board: str = ""
    detail: dict[str, Any] | None = None


@dataclass(frozen=True)
class ResultEntry:
    """A result to add (:meth:`~gameshelf.core.store.Store.finish_game`): ``outcome`` is
    ``win``, ``loss`` or ``draw`` for ``player`` against ``opponent``."""

    player: str
    opponent: str
    outcome: str
    seed: int | None = None
    detail: dict[str, Any] | None = None


def _detail(text: object) -> dict[str, Any]:
    """A score row's detail; a damaged one reads as empty rather than hiding the table."""
    try:
        value = read_json(text) if isinstance(text, (str, bytes)) else None
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


#: The rows of ``scores`` and ``results`` that can be read (typeof: a damaged database may
#: hold BLOBs or text where numbers and text belong).
_INTACT_SCORE = ("typeof(name)='text' AND typeof(score)='integer' AND typeof(date)='text' "
                 "AND typeof(seed) IN ('integer','null') AND typeof(detail) IN ('text','null')")
_INTACT_RESULT = "typeof(opponent)='text' AND outcome IN ('win','loss','draw')"


def score_values(game: str, e: ScoreEntry, date: str) -> tuple[Any, ...]:
    """The values of a ``scores`` row (game, board, name, score, date, seed, detail), as
    every store writes them (the player store and the game server's PostgreSQL)."""
    return (game, e.board, e.name, int(e.score), date, e.seed,
            json.dumps(e.detail or {}, sort_keys=True))


def result_values(game: str, e: ResultEntry, date: str) -> tuple[Any, ...]:
    """The values of a ``results`` row (game, player, opponent, outcome, date, seed,
    detail), as every store writes them."""
    return (game, e.player, e.opponent, e.outcome, date, e.seed,
            json.dumps(e.detail or {}, sort_keys=True))


def insert_score(c: sqlite3.Connection, game: str, e: ScoreEntry, date: str) -> int:
    """Write one score row in the transaction ``c``; returns its row id."""
    cur = c.execute(
        "INSERT INTO scores (game, board, name, score, date, seed, detail) "
        "VALUES (?,?,?,?,?,?,?)", score_values(game, e, date))
    return int(cur.lastrowid or 0)


def insert_result(c: sqlite3.Connection, game: str, e: ResultEntry) -> None:
    """Write one result row in the transaction ``c``.

    Raises:
        StoreError: an outcome not in :data:`OUTCOMES`.
    """
    if e.outcome not in OUTCOMES:
        raise StoreError(f"outcome must be win, loss or draw, got {e.outcome!r}")
    c.execute(
        "INSERT INTO results (game, player, opponent, outcome, date, seed, detail) "
        "VALUES (?,?,?,?,?,?,?)", result_values(game, e, now_iso()))


class Scores(Database):
    """The high-score tables (``scores``) and the results (``results``)."""

    # ----- high scores -------------------------------------------------------------------
    def top_scores(self, game: str, limit: int = 20, board: str = "") -> list[ScoreRow]:
        """The best ``limit`` scores, highest first; equal scores keep the earlier first (a
        damaged row is left out)."""
        rows = self._read(
            "SELECT id, game, board, name, score, date, seed, detail FROM scores "
            f"WHERE game=? AND board=? AND {_INTACT_SCORE} ORDER BY score DESC, id ASC "
            "LIMIT ?", (game, board, limit))
        return [ScoreRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], _detail(r[7]))
                for r in rows]

    # ----- results / statistics ----------------------------------------------------------
    def result_counts(self, game: str) -> dict[str, dict[str, int]]:
        """``{opponent: {"win": n, "loss": n, "draw": n}}`` for ``game``; a damaged row (an
        opponent that is not text, another outcome) is left out."""
        out: dict[str, dict[str, int]] = {}
        for opp, outcome, n in self._read(
                f"SELECT opponent, outcome, COUNT(*) FROM results WHERE game=? AND "
                f"{_INTACT_RESULT} GROUP BY opponent, outcome", (game,)):
            out.setdefault(opp, {"win": 0, "loss": 0, "draw": 0})[outcome] = n
        return out

    def recent_results(self, game: str, opponent: str, limit: int = 20) -> list[str]:
        """The last ``limit`` outcomes against ``opponent``, newest first."""
        return [r[0] for r in self._read(
            f"SELECT outcome FROM results WHERE game=? AND opponent=? AND {_INTACT_RESULT} "
            "ORDER BY id DESC LIMIT ?",
            (game, opponent, limit))]
