"""The store: one SQLite database in the user data folder.

Holds saved games (game records), high-score tables and results (for statistics). The folder
is ``platformdirs.user_data_dir("gameshelf")`` unless the environment variable
``GAMESHELF_HOME`` names another one (tests always use a temporary folder). The schema version
is kept in ``PRAGMA user_version``; a database from a newer program is refused, never changed.
Every write is one transaction, so a failure leaves the stored data as it was.

Example:
    >>> import tempfile, pathlib
    >>> s = Store(pathlib.Path(tempfile.mkdtemp()) / "t.db")
    >>> s.add_score("dollar", "Ann", 88_000_000, seed=0, detail={"bill": "L40000002A"})
    1
    >>> [row.name for row in s.top_scores("dollar")]
    ['Ann']
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

from gameshelf.core.errors import StoreError
from gameshelf.core.records import GameRecord

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS saves (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    record TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    UNIQUE (game, name)
);
CREATE TABLE IF NOT EXISTS scores (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    board TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL,
    score INTEGER NOT NULL,
    date TEXT NOT NULL,
    seed INTEGER,
    detail TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX IF NOT EXISTS scores_by_board ON scores (game, board, score DESC, id);
CREATE TABLE IF NOT EXISTS results (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    opponent TEXT NOT NULL,
    outcome TEXT NOT NULL CHECK (outcome IN ('win', 'loss', 'draw')),
    date TEXT NOT NULL,
    seed INTEGER,
    detail TEXT NOT NULL DEFAULT '{}'
);
"""


_TABLES = {"saves", "scores", "results"}


def _detail(text: object) -> dict[str, Any]:
    """A score row's detail; a damaged one reads as empty rather than hiding the table."""
    try:
        value = json.loads(text) if isinstance(text, (str, bytes)) else None
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def data_dir() -> Path:
    """The folder the store lives in: ``$GAMESHELF_HOME`` or the platform's user data dir."""
    home = os.environ.get("GAMESHELF_HOME")
    if home:
        return Path(home)
    return Path(platformdirs.user_data_dir("gameshelf", appauthor=False))


def cache_dir() -> Path:
    """The folder for caches (solver tables): ``$GAMESHELF_HOME/cache`` or the user cache dir."""
    home = os.environ.get("GAMESHELF_HOME")
    if home:
        return Path(home) / "cache"
    return Path(platformdirs.user_cache_dir("gameshelf", appauthor=False))


def now_iso() -> str:
    """The current UTC time as ISO 8601 text, to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()


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
class SaveRow:
    """One saved game."""

    id: int
    game: str
    name: str
    record: GameRecord
    created: str
    updated: str


class Store:
    """The SQLite store.

    Args:
        path: the database file; default ``data_dir() / "gameshelf.db"``.

    Raises:
        StoreError: the file is not a gameshelf database, or was written by a newer program.
    """

    def __init__(self, path: Path | None = None) -> None:
        self.path = path if path is not None else data_dir() / "gameshelf.db"
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(self.path, timeout=10)
            version = self._conn.execute("PRAGMA user_version").fetchone()[0]
        except (OSError, sqlite3.DatabaseError) as exc:
            raise StoreError(f"cannot open the store {self.path}: {exc}") from None
        if version > SCHEMA_VERSION:
            self._conn.close()
            raise StoreError(f"the store {self.path} has schema version {version}; this "
                             f"program knows version {SCHEMA_VERSION} and will not change it")
        try:
            tables = {r[0] for r in self._conn.execute(
                "SELECT name FROM sqlite_master WHERE type='table' "
                "AND name NOT LIKE 'sqlite!_%' ESCAPE '!'")}
        except sqlite3.DatabaseError as exc:
            self._conn.close()
            raise StoreError(f"cannot open the store {self.path}: {exc}") from None
        if version == SCHEMA_VERSION and not _TABLES <= tables:
            self._conn.close()
            raise StoreError(f"the store {self.path} is not a gameshelf database (tables "
                             f"{', '.join(sorted(_TABLES - tables))} are missing); it is "
                             f"left as it is")
        if version < SCHEMA_VERSION and tables - _TABLES:
            self._conn.close()
            raise StoreError(f"the store {self.path} is another program's SQLite database "
                             f"(table {sorted(tables - _TABLES)[0]!r}); it is left as it is")
        if version < SCHEMA_VERSION:
            try:
                with self._conn:
                    self._conn.executescript(_SCHEMA)
                    self._conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            except sqlite3.DatabaseError as exc:
                self._conn.close()
                raise StoreError(f"cannot set up the store {self.path}: {exc}") from None

    def close(self) -> None:
        """Close the connection."""
        self._conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _read(self, sql: str, params: tuple[Any, ...]) -> list[Any]:
        """Rows of a query; a damaged database raises StoreError, never sqlite3's errors."""
        try:
            return self._conn.execute(sql, params).fetchall()
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"cannot read the store {self.path}: {exc}") from None

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        try:
            with self._conn:
                yield self._conn
        except sqlite3.DatabaseError as exc:
            raise StoreError(f"store error: {exc}") from None

    # ----- saves -------------------------------------------------------------------------
    def save_game(self, name: str, record: GameRecord) -> None:
        """Save (or overwrite) the game ``name`` of ``record.game`` in one transaction."""
        stamp = now_iso()
        with self._tx() as c:
            c.execute(
                "INSERT INTO saves (game, name, record, created, updated) VALUES (?,?,?,?,?) "
                "ON CONFLICT (game, name) DO UPDATE SET record=excluded.record, "
                "updated=excluded.updated",
                (record.game, name, record.to_json(indent=None), stamp, stamp),
            )

    def list_saves(self, game: str) -> list[SaveRow]:
        """Saved games of ``game``, newest first. Unreadable rows are skipped."""
        rows = self._read(
            "SELECT id, game, name, record, created, updated FROM saves WHERE game=? "
            "ORDER BY updated DESC, id DESC", (game,))
        out = []
        for rid, g, name, text, created, updated in rows:
            try:
                rec = GameRecord.from_json(text, game=game)
            except Exception:  # a damaged row must not hide the others
                continue
            out.append(SaveRow(rid, g, name, rec, created, updated))
        return out

    def save_names(self, game: str) -> set[str]:
        """The names of every save of ``game``, damaged ones included: the check before a
        name is taken, so a damaged save is never overwritten unasked."""
        return {row[0] for row in self._read("SELECT name FROM saves WHERE game=?", (game,))}

    def free_save_name(self, game: str, base: str) -> str:
        """``base`` when no save of ``game`` has that name, else ``base-2``, ``base-3``..."""
        taken = self.save_names(game)
        k = 1
        while (name := base if k == 1 else f"{base}-{k}") in taken:
            k += 1
        return name

    def load_save(self, game: str, name: str) -> GameRecord:
        """The record saved as ``name``.

        Raises:
            StoreError: no such save.
            RecordError: the stored record is damaged.
        """
        rows = self._read("SELECT record FROM saves WHERE game=? AND name=?", (game, name))
        if not rows:
            raise StoreError(f"no saved {game} game named {name!r}")
        return GameRecord.from_json(rows[0][0], game=game)

    def delete_save(self, game: str, name: str) -> bool:
        """Delete a save; True when one was deleted."""
        with self._tx() as c:
            cur = c.execute("DELETE FROM saves WHERE game=? AND name=?", (game, name))
            return cur.rowcount > 0

    # ----- high scores -------------------------------------------------------------------
    def add_score(self, game: str, name: str, score: int, *, seed: int | None = None,
                  board: str = "", detail: dict[str, Any] | None = None,
                  date: str | None = None) -> int:
        """Add a finished game's score; returns its row id."""
        with self._tx() as c:
            cur = c.execute(
                "INSERT INTO scores (game, board, name, score, date, seed, detail) "
                "VALUES (?,?,?,?,?,?,?)",
                (game, board, name, int(score), date or now_iso(), seed,
                 json.dumps(detail or {}, sort_keys=True)))
            return int(cur.lastrowid or 0)

    def top_scores(self, game: str, limit: int = 20, board: str = "") -> list[ScoreRow]:
        """The best ``limit`` scores, highest first; equal scores keep the earlier first."""
        rows = self._read(
            "SELECT id, game, board, name, score, date, seed, detail FROM scores "
            "WHERE game=? AND board=? ORDER BY score DESC, id ASC LIMIT ?",
            (game, board, limit))
        return [ScoreRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], _detail(r[7]))
                for r in rows]

    # ----- results / statistics ----------------------------------------------------------
    def add_result(self, game: str, player: str, opponent: str, outcome: str, *,
                   seed: int | None = None, detail: dict[str, Any] | None = None) -> None:
        """Record one finished game: ``outcome`` is ``win``, ``loss`` or ``draw`` for player."""
        if outcome not in ("win", "loss", "draw"):
            raise StoreError(f"outcome must be win, loss or draw, got {outcome!r}")
        with self._tx() as c:
            c.execute(
                "INSERT INTO results (game, player, opponent, outcome, date, seed, detail) "
                "VALUES (?,?,?,?,?,?,?)",
                (game, player, opponent, outcome, now_iso(), seed,
                 json.dumps(detail or {}, sort_keys=True)))

    def result_counts(self, game: str) -> dict[str, dict[str, int]]:
        """``{opponent: {"win": n, "loss": n, "draw": n}}`` for ``game``."""
        out: dict[str, dict[str, int]] = {}
        for opp, outcome, n in self._read(
                "SELECT opponent, outcome, COUNT(*) FROM results WHERE game=? "
                "GROUP BY opponent, outcome", (game,)):
            out.setdefault(opp, {"win": 0, "loss": 0, "draw": 0})[outcome] = n
        return out

    def recent_results(self, game: str, opponent: str, limit: int = 20) -> list[str]:
        """The last ``limit`` outcomes against ``opponent``, newest first."""
        return [r[0] for r in self._read(
            "SELECT outcome FROM results WHERE game=? AND opponent=? ORDER BY id DESC LIMIT ?",
            (game, opponent, limit))]
