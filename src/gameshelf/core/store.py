"""The store: one SQLite database in the user data folder.

Holds saved games (game records), high-score tables, results (for statistics), the games
already finished, the history of finished games (each kept whole as its game record, with
its seats and final scores: :class:`HistoryEntry`) and a few settings. The folder is
``platformdirs.user_data_dir("gameshelf")`` unless the environment variable
``GAMESHELF_HOME`` names another one (tests always use a temporary folder). The schema
version is kept in ``PRAGMA user_version``.

Opening (:class:`Store`) checks the file before anything is written: a database from a newer
program, another program's SQLite file (any table, index, view or trigger that is not ours,
or one of our tables with other columns) or a file that is no database at all is refused
with :class:`StoreError` and left byte for byte as it was. An older store is migrated to
the current version in one transaction (saves, scores and results kept; version 3 adds the
``history`` table, empty: games finished before it keep counting in the score tables).

Every write is one operation, one ``BEGIN IMMEDIATE`` transaction, so a failure (a full
disk, a kill, a read-only file) leaves the stored data as it was. The kinds of write:

- :meth:`Store.claim_save`: a new save under a name chosen inside the transaction that
  writes it (``base``, else ``base-2``, ``base-3``...; or exactly ``base``, refused when
  taken). A damaged row counts as taken. Returns a :class:`SaveHandle`.
- :meth:`Store.take_save`: open an existing save to play on; the save's owner token changes,
  so a session elsewhere still holding the old handle can no longer write it.
- :meth:`Store.update_save`: write a save (optionally under a new name: "save as") only
  through the handle that owns it; a save taken over, deleted or finished elsewhere is a
  clear :class:`StoreError`, never a silent overwrite.
- :meth:`Store.replace_save` (alias :meth:`Store.save_game`): the one write that replaces a
  save of that name, for when the person asked for it (``import --force``).
- :meth:`Store.finish_game`: a game's end: its scores and results written, its record
  kept in the history AND its save removed in one transaction, idempotently (the game's id
  is remembered in the ``finished`` table, so finishing twice writes nothing the second
  time).
- :meth:`Store.add_finished_record`: a finished game that has no save here (an imported
  record, an online game from a server) kept in the history, once (its id made from the
  record's content unless given).
- :meth:`Store.prune_finished_records`: old finished games removed from the history (keep
  the newest N, or those before a date); their scores stay, and they are never counted
  again.
- :meth:`Store.add_score`, :meth:`Store.add_result`: one row (a game with no save).
- :meth:`Store.discard_save` (through the owner's handle), :meth:`Store.delete_save` (by
  name, the person's choice), :meth:`Store.set_setting`.

Reads: :meth:`Store.finished_records` lists the history, newest first (by game, by player);
:meth:`Store.finished_record` reads one row. :meth:`Store.list_saves` lists every save,
damaged ones marked damaged (:attr:`SaveRow.damaged`); :meth:`Store.check_writable` tells at
the start of a game whether anything can be stored. A lock held by another process is waited
for (``timeout`` seconds per try) and the transaction retried until ``wait`` seconds have
passed; only then does the operation raise :class:`StoreError` (the caller keeps its game in
memory and tries again).

Example:
    >>> import tempfile, pathlib
    >>> s = Store(pathlib.Path(tempfile.mkdtemp()) / "t.db")
    >>> s.add_score("dollar", "Ann", 88_000_000, seed=0, detail={"bill": "L40000002A"})
    1
    >>> [row.name for row in s.top_scores("dollar")]
    ['Ann']
    >>> h = s.claim_save("yatz", "game-5", GameRecord("yatz", 1, {}, 5, ()))
    >>> s.claim_save("yatz", "game-5", GameRecord("yatz", 1, {}, 5, ())).name
    'game-5-2'
    >>> s.finish_game("yatz", save=h, scores=[ScoreEntry("Ann", 200, seed=5)])
    [2]
    >>> s.finish_game("yatz", save=h, scores=[ScoreEntry("Ann", 200, seed=5)]) is None
    True
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import secrets
import sqlite3
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

import platformdirs

from gameshelf.core.errors import SaveLostError, SaveNameTakenError, StoreError
from gameshelf.core.records import GameRecord
from gameshelf.core.safeload import read_json

SCHEMA_VERSION = 3

#: Version 1: saves, scores, results.
_SCHEMA_V1 = """
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

#: ``{version: script}``: what takes a store of that version to the next one.
_MIGRATIONS = {
    1: """
ALTER TABLE saves ADD COLUMN owner TEXT NOT NULL DEFAULT '';
ALTER TABLE saves ADD COLUMN game_id TEXT NOT NULL DEFAULT '';
UPDATE saves SET game_id = lower(hex(randomblob(16)));
CREATE UNIQUE INDEX saves_by_game_id ON saves (game_id);
CREATE TABLE finished (
    game TEXT NOT NULL,
    key TEXT NOT NULL,
    date TEXT NOT NULL,
    PRIMARY KEY (game, key)
);
CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
""",
    2: """
CREATE TABLE history (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    key TEXT NOT NULL,
    finished TEXT NOT NULL,
    source TEXT NOT NULL DEFAULT 'local',
    players TEXT NOT NULL DEFAULT '[]',
    record TEXT NOT NULL,
    UNIQUE (game, key)
);
CREATE INDEX history_by_time ON history (game, finished DESC, id DESC);
""",
}

_T = TypeVar("_T")

#: What a database holds: its objects ``(type, name, table)`` and each table's columns.
_Shape = tuple[frozenset[tuple[str, str, str]], dict[str, tuple[tuple[Any, ...], ...]]]


def _shape(conn: sqlite3.Connection) -> _Shape:
    objects = frozenset(
        (str(t), str(n), str(tb)) for t, n, tb in conn.execute(
            "SELECT type, name, tbl_name FROM sqlite_master"))
    columns = {name: tuple(tuple(r) for r in conn.execute(
        "SELECT * FROM pragma_table_info(?)", (name,)))
        for t, name, _ in objects if t == "table"}
    return objects, columns


@functools.cache
def _reference_shape(version: int) -> _Shape:
    """The shape of a gameshelf store of ``version``, built in memory by the same scripts."""
    conn = sqlite3.connect(":memory:")
    try:
        conn.executescript(_SCHEMA_V1)
        for v in range(1, version):
            conn.executescript(_MIGRATIONS[v])
        return _shape(conn)
    finally:
        conn.close()


def _difference(found: _Shape, want: _Shape) -> str:
    """The first way ``found`` differs from ``want``, in words."""
    ours = {n for t, n, _ in want[0] if t == "table"}
    theirs = {n for t, n, _ in found[0] if t == "table"}
    if theirs - ours:
        return f"table {sorted(theirs - ours)[0]!r} is not ours"
    if ours - theirs:
        return f"tables {', '.join(sorted(ours - theirs))} are missing"
    for table in sorted(ours):
        if found[1].get(table) != want[1][table]:
            return f"table {table!r} has other columns"
    extra = sorted(found[0] - want[0]) or sorted(want[0] - found[0])
    return f"{extra[0][0]} {extra[0][1]!r} is not ours" if extra else "other objects"


def _detail(text: object) -> dict[str, Any]:
    """A score row's detail; a damaged one reads as empty rather than hiding the table."""
    try:
        value = read_json(text) if isinstance(text, (str, bytes)) else None
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _is_busy(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return "locked" in str(exc) or "busy" in str(exc)


def _as_text(value: object) -> str:
    """A stored field as text: damaged rows may hold BLOBs or numbers where text belongs."""
    if isinstance(value, str):
        return value
    if isinstance(value, bytes):
        return value.decode("utf-8", "backslashreplace")
    return str(value)


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
class ScoreEntry:
    """A score to add (:meth:`Store.finish_game`): name, points (or the game's unit), the
    game number, the board (table) and a JSON-ready detail dict."""

    name: str
    score: int
    seed: int | None = None
    board: str = ""
    detail: dict[str, Any] | None = None


@dataclass(frozen=True)
class ResultEntry:
    """A result to add (:meth:`Store.finish_game`): ``outcome`` is ``win``, ``loss`` or
    ``draw`` for ``player`` against ``opponent``."""

    player: str
    opponent: str
    outcome: str
    seed: int | None = None
    detail: dict[str, Any] | None = None


@dataclass(frozen=True)
class SaveRow:
    """One saved game, as listed.

    Attributes:
        record: the game record; None when the stored text is damaged.
        damaged: why the record cannot be read (None for an intact save). A damaged save
            still holds its name: no write takes it unasked.
    """

    id: int
    game: str
    name: str
    record: GameRecord | None
    created: str
    updated: str
    damaged: str | None = None


@dataclass(frozen=True)
class SaveHandle:
    """The right to write one save: given by :meth:`Store.claim_save`,
    :meth:`Store.take_save`, :meth:`Store.update_save` and :meth:`Store.replace_save`.

    Attributes:
        game: the game's key.
        name: the save's name.
        game_id: the id of the game saved there (kept across writes, renames and takeovers;
            the key that makes finishing idempotent).
        owner: this session's token; another session taking the save over changes it.
    """

    game: str
    name: str
    game_id: str
    owner: str


def _token() -> str:
    return secrets.token_hex(16)


#: The kinds of seat a finished game's history names (:class:`HistoryPlayer`).
SEAT_KINDS = ("person", "computer", "remote")
#: Where a finished game came from (:class:`HistoryEntry`).
SOURCES = ("local", "import", "online")


def record_key(record: GameRecord) -> str:
    """The id of a game made from its record's content (32 hex digits of SHA-256 over its
    JSON): the same game is the same key however often it is imported or sent."""
    return hashlib.sha256(record.to_json(indent=None).encode()).hexdigest()[:32]


@dataclass(frozen=True)
class HistoryPlayer:
    """One seat of a finished game, as its history keeps it.

    Attributes:
        name: the seat's name as shown (``you`` for the person against Mugsy).
        kind: ``person`` (playing here), ``computer`` or ``remote`` (a person elsewhere,
            online).
        level: the computer player's level or kind (``strong``, ``greedy``, ``normal``...);
            None for a person.
        score: the final score in the game's unit (points; Muggins: points of the match),
            None when the game has none.
        outcome: ``win``, ``loss`` or ``draw`` for this seat; None when not said.
    """

    name: str
    kind: str = "person"
    level: str | None = None
    score: int | None = None
    outcome: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The seat as a JSON-ready dict."""
        return {"name": self.name, "kind": self.kind, "level": self.level,
                "score": self.score, "outcome": self.outcome}

    @classmethod
    def from_json(cls, value: object) -> HistoryPlayer | None:
        """A seat read back; None when the stored value is damaged."""
        if not isinstance(value, dict):
            return None
        name, kind, level = value.get("name"), value.get("kind"), value.get("level")
        score, outcome = value.get("score"), value.get("outcome")
        if (not isinstance(name, str) or kind not in SEAT_KINDS
                or not (level is None or isinstance(level, str))
                or not (score is None or (isinstance(score, int)
                                          and not isinstance(score, bool)))
                or outcome not in (None, "win", "loss", "draw")):
            return None
        return cls(name, str(kind), level, score, outcome)


@dataclass(frozen=True)
class HistoryEntry:
    """A finished game to keep in the history (:meth:`Store.finish_game`,
    :meth:`Store.add_finished_record`).

    Attributes:
        record: the whole game record (seed and actions) as the session writes it.
        players: every seat in seat order, with its kind, level and final score.
        source: ``local`` (played here), ``import`` (a record file) or ``online``.
        finished: when the game ended (ISO 8601, UTC); None: now.
    """

    record: GameRecord
    players: Sequence[HistoryPlayer] = ()
    source: str = "local"
    finished: str | None = None


@dataclass(frozen=True)
class HistoryRow:
    """One finished game, as listed (:meth:`Store.finished_records`).

    Attributes:
        id: its row id (:meth:`Store.finished_record` reads it again).
        game: the game's key.
        key: the game's id (a save's ``game_id``, or :func:`record_key` of an imported one).
        finished: when it ended (ISO 8601 text).
        source: ``local``, ``import`` or ``online``.
        players: the seats (a damaged seat is left out, and the row marked damaged).
        record: the game record; None when the stored text is damaged.
        damaged: why the row cannot be read whole (None for an intact one).
    """

    id: int
    game: str
    key: str
    finished: str
    source: str
    players: tuple[HistoryPlayer, ...]
    record: GameRecord | None
    damaged: str | None = None


def _history_row(row: Sequence[Any], *, with_record: bool = True) -> HistoryRow:
    """A stored history row read back; damage is marked, never raised."""
    rid, game, key, finished, source, players_text, record_text = row
    damaged: str | None = None
    players: list[HistoryPlayer] = []
    try:
        values = read_json(players_text) if isinstance(players_text, (str, bytes)) else None
    except ValueError:
        values = None
    if not isinstance(values, list):
        damaged = "its players cannot be read"
    else:
        for v in values:
            p = HistoryPlayer.from_json(v)
            if p is None:
                damaged = "a player cannot be read"
            else:
                players.append(p)
    record: GameRecord | None = None
    if with_record:
        try:
            record = GameRecord.from_json(record_text, game=_as_text(game))
        except Exception as exc:  # a damaged row is listed, marked, never hidden
            damaged = damaged or (str(exc) or type(exc).__name__)
    return HistoryRow(int(rid), _as_text(game), _as_text(key), _as_text(finished),
                      _as_text(source), tuple(players), record, damaged)




#: The rows of ``scores`` and ``results`` that can be read (typeof: a damaged database may
#: hold BLOBs or text where numbers and text belong).
_INTACT_SCORE = ("typeof(name)='text' AND typeof(score)='integer' AND typeof(date)='text' "
                 "AND typeof(seed) IN ('integer','null') AND typeof(detail) IN ('text','null')")
_INTACT_RESULT = "typeof(opponent)='text' AND outcome IN ('win','loss','draw')"

#: SQLite's extended result code for a read-only connection that met a hot journal.
_READONLY_ROLLBACK = 776


class Store:
    """The SQLite store.

    Args:
        path: the database file; default ``data_dir() / "gameshelf.db"``.
        timeout: seconds SQLite waits for another process's lock on each try.
        wait: seconds in all an operation keeps retrying while the store is locked.

    Raises:
        StoreError: the file is not a gameshelf database, another program's, or was written
            by a newer program (the file is left as it was); or it cannot be opened.
    """

    def __init__(self, path: Path | None = None, *, timeout: float = 5.0,
                 wait: float = 600.0) -> None:
        self.path = path if path is not None else data_dir() / "gameshelf.db"
        self.timeout = timeout
        self.wait = wait
        #: How many times an operation was retried because the store was locked.
        self.busy_retries = 0
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._inspect()
            self._conn = self._connect()
        except (OSError, sqlite3.DatabaseError) as exc:
            raise StoreError(f"cannot open the store {self.path}: {exc}") from None
        try:
            self._open()
        except BaseException:
            self._conn.close()
            raise

    # ----- opening -----------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        """The connection (autocommit: every transaction is begun explicitly)."""
        return sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)

    def _inspect(self) -> None:
        """Refuse a file that is not ours before a connection that may write is opened.

        A read-write connection is never opened on another program's file: closing one
        checkpoints a write-ahead log into the file, which changes it. A file marked with an
        SQLite ``application_id`` belongs to the program that set it.

        Raises:
            StoreError: the file is another program's, damaged, or newer than this program.
        """
        try:
            if not self.path.is_file() or self.path.stat().st_size == 0:
                return
            with self.path.open("rb") as f:
                header = f.read(100)
        except OSError:
            return  # the read-write open below reports what is wrong
        if header.startswith(b"SQLite format 3\x00") and len(header) == 100 and (
                header[18] == 2 or header[19] == 2):
            # write-ahead-log mode, which this program never sets: even a read-only
            # connection would make -wal and -shm files beside another program's database
            raise StoreError(f"the store {self.path} is another program's SQLite database "
                             "(it uses a write-ahead log); it is left as it is")
        try:
            conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True,
                                   timeout=self.timeout, isolation_level=None)
        except (OSError, sqlite3.Error):
            return  # the read-write open below reports what is wrong
        try:
            try:
                app_id = self._retrying(
                    lambda: int(conn.execute("PRAGMA application_id").fetchone()[0]))
            except sqlite3.OperationalError as exc:
                if getattr(exc, "sqlite_errorcode", None) != _READONLY_ROLLBACK:
                    raise
                conn.close()
                self._roll_back_journal()
                conn = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True,
                                       timeout=self.timeout, isolation_level=None)
                app_id = self._retrying(
                    lambda: int(conn.execute("PRAGMA application_id").fetchone()[0]))
            if app_id:
                raise StoreError(f"the store {self.path} is another program's SQLite database "
                                 f"(application id {app_id}); it is left as it is")
            self._check(*self._retrying(lambda: self._state(conn)))
        except sqlite3.Error as exc:
            raise self._error(exc, "open") from None
        finally:
            conn.close()

    def _roll_back_journal(self) -> None:
        """Roll back the transaction a stopped program left unfinished (a hot journal beside
        the file): SQLite does so on the first read of a connection that may write, and a
        read-only connection cannot. The file goes back to its last commit, as SQLite's own
        recovery does for any program; nothing committed is lost.

        Raises:
            StoreError: the journal cannot be rolled back (the file or folder is read-only).
        """
        try:
            conn = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
            try:
                self._retrying(lambda: conn.execute("PRAGMA schema_version").fetchone())
            finally:
                conn.close()
        except sqlite3.Error as exc:
            raise StoreError(
                f"cannot open the store {self.path}: a program stopped in the middle of "
                f"writing it and its unfinished change cannot be rolled back ({exc}); make "
                f"the file and its folder writable and try again") from None

    def _check(self, version: int, shape: _Shape) -> bool:
        """Raise when the file is not ours; True when it must be set up or migrated."""
        if version > SCHEMA_VERSION:
            raise StoreError(f"the store {self.path} has schema version {version}; this "
                             f"program knows version {SCHEMA_VERSION} and will not change it")
        if version == 0:
            if shape[0]:
                name = sorted(n for _, n, _ in shape[0])[0]
                raise StoreError(f"the store {self.path} is another program's SQLite "
                                 f"database ({name!r}); it is left as it is")
            return True
        if shape != _reference_shape(version):
            raise StoreError(f"the store {self.path} is not a gameshelf database "
                             f"({_difference(shape, _reference_shape(version))}); it is left "
                             f"as it is")
        return version < SCHEMA_VERSION

    def _state(self, conn: sqlite3.Connection) -> tuple[int, _Shape]:
        return int(conn.execute("PRAGMA user_version").fetchone()[0]), _shape(conn)

    def _open(self) -> None:
        try:
            state = self._retrying(lambda: self._state(self._conn))
        except sqlite3.Error as exc:
            raise self._error(exc, "open") from None
        if not self._check(*state):
            return

        def setup(c: sqlite3.Connection) -> None:
            version, shape = self._state(c)   # again, under the lock: another process
            if not self._check(version, shape):   # may have set it up meanwhile
                return
            scripts = ([_SCHEMA_V1] if version == 0 else []) + [
                _MIGRATIONS[v] for v in range(max(version, 1), SCHEMA_VERSION)]
            for script in scripts:   # statement by statement: executescript would commit
                for statement in script.split(";"):
                    if statement.strip():
                        c.execute(statement)
            c.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")

        self._write(setup, what="set up")

    def close(self) -> None:
        """Close the connection."""
        self._conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ----- transactions ------------------------------------------------------------------
    def _retrying(self, fn: Callable[[], _T]) -> _T:
        """``fn()``, tried again while another process holds the store locked."""
        deadline = time.monotonic() + self.wait
        delay = 0.05
        while True:
            try:
                return fn()
            except sqlite3.OperationalError as exc:
                if not _is_busy(exc) or time.monotonic() >= deadline:
                    raise
            self.busy_retries += 1
            time.sleep(delay)
            delay = min(delay * 2, 1.0)

    def _commit(self, conn: sqlite3.Connection) -> None:
        """Commit (a separate method so tests can inject a failure at every commit)."""
        conn.execute("COMMIT")

    def _error(self, exc: sqlite3.Error, what: str) -> StoreError:
        text = str(exc)
        if _is_busy(exc):
            return StoreError(f"cannot {what} the store {self.path}: another program holds "
                              f"it locked (waited {self.wait:g} s); nothing was written")
        if "readonly" in text or "read-only" in text:
            return StoreError(f"cannot {what} the store {self.path}: it is read-only")
        return StoreError(f"cannot {what} the store {self.path}: {text}")

    def _write(self, fn: Callable[[sqlite3.Connection], _T], what: str = "write to") -> _T:
        """Run ``fn`` in one ``BEGIN IMMEDIATE`` transaction, retried while locked.

        Raises:
            StoreError: the transaction failed (rolled back; nothing was written).
        """
        conn = self._conn

        def attempt() -> _T:
            conn.execute("BEGIN IMMEDIATE")
            try:
                out = fn(conn)
                self._commit(conn)
            except BaseException:
                if conn.in_transaction:
                    try:
                        conn.execute("ROLLBACK")
                    except sqlite3.Error:
                        pass
                raise
            return out

        try:
            return self._retrying(attempt)
        except sqlite3.Error as exc:
            raise self._error(exc, what) from None

    def _read(self, sql: str, params: tuple[Any, ...]) -> list[Any]:
        """Rows of a query; a damaged database raises StoreError, never sqlite3's errors."""
        try:
            return self._retrying(lambda: self._conn.execute(sql, params).fetchall())
        except sqlite3.Error as exc:
            raise self._error(exc, "read") from None

    def check_writable(self) -> None:
        """Check, at the start of a game, that the store can be written (nothing is kept).

        Raises:
            StoreError: the store is read-only (file or folder), locked past the wait, or
                otherwise cannot be written; the message says which.
        """
        def probe(c: sqlite3.Connection) -> None:
            c.execute("INSERT OR REPLACE INTO settings (key, value) VALUES ('.probe', '')")
            raise _Probed

        try:
            self._write(probe, what="write to")
        except _Probed:
            pass

    # ----- saves -------------------------------------------------------------------------
    @staticmethod
    def _taken(c: sqlite3.Connection, game: str, name: str) -> bool:
        return c.execute("SELECT 1 FROM saves WHERE game=? AND name=?",
                         (game, name)).fetchone() is not None

    def claim_save(self, game: str, base: str, record: GameRecord, *,
                   exact: bool = False, game_id: str | None = None) -> SaveHandle:
        """Save a new game under a name no save of ``game`` has (damaged saves included),
        chosen in the transaction that writes it: ``base``, else ``base-2``, ``base-3``...

        Args:
            exact: take ``base`` or nothing.
            game_id: the game's id (default: a new random one); an imported finished game
                has one made from its record, so that it is recorded once however often it
                is imported.

        Raises:
            SaveNameTakenError: ``exact`` and a save named ``base`` exists (it is left as
                it is).
            StoreError: ``record`` is not of ``game``; the game ``game_id`` is saved or
                was finished already; or the write failed.
        """
        if record.game != game:
            raise StoreError(f"a {record.game} record cannot be saved as a {game} game")
        text = record.to_json(indent=None)

        def run(c: sqlite3.Connection) -> SaveHandle:
            if game_id is not None:
                self._check_new_game(c, game, game_id)
            name, k = base, 1
            while self._taken(c, game, name):
                if exact:
                    raise SaveNameTakenError(f"a saved {game} game named {name!r} exists; it "
                                             f"is left as it is")
                k += 1
                name = f"{base}-{k}"
            handle = SaveHandle(game, name, game_id or _token(), _token())
            stamp = now_iso()
            c.execute("INSERT INTO saves (game, name, record, created, updated, owner, "
                      "game_id) VALUES (?,?,?,?,?,?,?)",
                      (game, name, text, stamp, stamp, handle.owner, handle.game_id))
            return handle

        return self._write(run)

    @staticmethod
    def _check_new_game(c: sqlite3.Connection, game: str, game_id: str) -> None:
        """Refuse to save the game ``game_id`` again: it is saved, or was finished."""
        row = c.execute("SELECT name FROM saves WHERE game_id=?", (game_id,)).fetchone()
        if row is not None:
            raise StoreError(f"this game is saved already, as {_as_text(row[0])!r}; it "
                             "is left as it is")
        if c.execute("SELECT 1 FROM finished WHERE game=? AND key=?",
                     (game, game_id)).fetchone():
            raise StoreError("this finished game was imported before and its scores are "
                             "recorded; they are not recorded twice")

    def take_save(self, game: str, name: str) -> tuple[SaveHandle, GameRecord]:
        """Open the save ``name`` to play on: its owner changes to this session, so a session
        elsewhere still playing it can no longer write it (it is told so).

        Raises:
            StoreError: no such save, or the write failed.
            RecordError: the stored record is damaged (nothing is changed).
        """
        def run(c: sqlite3.Connection) -> tuple[SaveHandle, GameRecord]:
            row = c.execute("SELECT record, game_id FROM saves WHERE game=? AND name=?",
                            (game, name)).fetchone()
            if row is None:
                raise StoreError(f"no saved {game} game named {name!r}")
            record = GameRecord.from_json(row[0], game=game)
            handle = SaveHandle(game, name, row[1], _token())
            c.execute("UPDATE saves SET owner=? WHERE game_id=?", (handle.owner, row[1]))
            return handle, record

        return self._write(run)

    def _owned(self, c: sqlite3.Connection, handle: SaveHandle) -> bool:
        """True when ``handle`` still owns its save; else StoreError saying what happened,
        or False when the game was finished (by this or another session)."""
        row = c.execute("SELECT owner, name FROM saves WHERE game=? AND game_id=?",
                        (handle.game, handle.game_id)).fetchone()
        if row is not None and row[0] == handle.owner:
            return True
        if row is not None:
            raise SaveLostError(f"the save {row[1]!r} was taken over by another session "
                                f"(resumed elsewhere); this session no longer writes it")
        if c.execute("SELECT 1 FROM finished WHERE game=? AND key=?",
                     (handle.game, handle.game_id)).fetchone():
            return False
        raise SaveLostError(f"the save {handle.name!r} was deleted or replaced elsewhere; "
                            f"this session no longer writes it")

    def update_save(self, handle: SaveHandle, record: GameRecord, *,
                    name: str | None = None) -> SaveHandle:
        """Write ``record`` into the save ``handle`` owns, optionally renaming it ("save as"
        ``name``: refused when another save, damaged or not, has that name).

        Returns:
            The handle to use from now on (a new name, same owner).

        Raises:
            SaveNameTakenError: ``name`` is another save's.
            StoreError: the save was taken over, deleted or finished elsewhere, or the write
                failed. Nothing is written then.
        """
        if record.game != handle.game:
            raise StoreError(f"a {record.game} record cannot be saved as a "
                             f"{handle.game} game")
        text = record.to_json(indent=None)
        new = handle if name is None or name == handle.name else SaveHandle(
            handle.game, name, handle.game_id, handle.owner)

        def run(c: sqlite3.Connection) -> SaveHandle:
            if not self._owned(c, handle):
                raise StoreError(f"the game saved as {handle.name!r} is already finished")
            if new.name != handle.name and self._taken(c, handle.game, new.name):
                raise SaveNameTakenError(f"a saved {handle.game} game named {new.name!r} "
                                         f"exists; it is left as it is")
            c.execute("UPDATE saves SET record=?, updated=?, name=? WHERE game_id=?",
                      (text, now_iso(), new.name, handle.game_id))
            return new

        return self._write(run)

    def replace_save(self, name: str, record: GameRecord, *,
                     game_id: str | None = None) -> SaveHandle:
        """Save ``record`` as ``name``, replacing a save of that name (intact or damaged):
        only for a replacement the person asked for (``--force``). A session playing the
        replaced save is told at its next write.

        Raises:
            StoreError: the write failed.
        """
        text = record.to_json(indent=None)
        handle = SaveHandle(record.game, name, game_id or _token(), _token())

        def run(c: sqlite3.Connection) -> SaveHandle:
            if game_id is not None:
                old = c.execute("SELECT game_id FROM saves WHERE game=? AND name=?",
                                (record.game, name)).fetchone()
                if old is None or old[0] != game_id:
                    self._check_new_game(c, record.game, game_id)
            stamp = now_iso()
            c.execute(
                "INSERT INTO saves (game, name, record, created, updated, owner, game_id) "
                "VALUES (?,?,?,?,?,?,?) ON CONFLICT (game, name) DO UPDATE SET "
                "record=excluded.record, updated=excluded.updated, owner=excluded.owner, "
                "game_id=excluded.game_id",
                (record.game, name, text, stamp, stamp, handle.owner, handle.game_id))
            return handle

        return self._write(run)

    def save_game(self, name: str, record: GameRecord) -> SaveHandle:
        """:meth:`replace_save` (the old name; front ends use claim/take/update)."""
        return self.replace_save(name, record)

    def list_saves(self, game: str) -> list[SaveRow]:
        """Every saved game of ``game``, newest first; a damaged one is listed with
        ``record=None`` and ``damaged`` saying why."""
        rows = self._read(
            "SELECT id, game, name, record, created, updated FROM saves WHERE game=? "
            "ORDER BY updated DESC, id DESC", (game,))
        out = []
        for rid, g, name, text, created, updated in rows:
            try:
                rec: GameRecord | None = GameRecord.from_json(text, game=game)
                damaged = None
            except Exception as exc:  # a damaged row is listed, marked, never hidden
                rec, damaged = None, str(exc) or type(exc).__name__
            fields = {"name": name, "created": created, "updated": updated}
            wrong = [k for k, v in fields.items() if not isinstance(v, str)]
            if wrong:  # a field that is not text (a BLOB, a number) is damage too
                rec, damaged = None, f"the save's {', '.join(wrong)} is not text"
            out.append(SaveRow(rid, g, _as_text(name), rec, _as_text(created),
                               _as_text(updated), damaged))
        return out

    def save_names(self, game: str) -> set[str]:
        """The names of every save of ``game``, damaged ones included."""
        return {row[0] for row in self._read("SELECT name FROM saves WHERE game=?", (game,))}

    def free_save_name(self, game: str, base: str) -> str:
        """``base`` when no save of ``game`` has that name, else ``base-2``, ``base-3``...

        Only a hint for what to show: :meth:`claim_save` chooses the name it writes.
        """
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

    def discard_save(self, handle: SaveHandle) -> bool:
        """Delete the save ``handle`` owns (a game left before its first move); True when
        deleted, False when it is no longer this session's (then it is left as it is)."""
        def run(c: sqlite3.Connection) -> bool:
            cur = c.execute("DELETE FROM saves WHERE game=? AND game_id=? AND owner=?",
                            (handle.game, handle.game_id, handle.owner))
            return cur.rowcount > 0

        return self._write(run)

    def delete_save(self, game: str, name: str) -> bool:
        """Delete a save; True when one was deleted."""
        def run(c: sqlite3.Connection) -> bool:
            cur = c.execute("DELETE FROM saves WHERE game=? AND name=?", (game, name))
            return cur.rowcount > 0

        return self._write(run)

    # ----- a game's end ------------------------------------------------------------------
    @staticmethod
    def _insert_score(c: sqlite3.Connection, game: str, e: ScoreEntry, date: str) -> int:
        cur = c.execute(
            "INSERT INTO scores (game, board, name, score, date, seed, detail) "
            "VALUES (?,?,?,?,?,?,?)",
            (game, e.board, e.name, int(e.score), date, e.seed,
             json.dumps(e.detail or {}, sort_keys=True)))
        return int(cur.lastrowid or 0)

    @staticmethod
    def _insert_result(c: sqlite3.Connection, game: str, e: ResultEntry) -> None:
        if e.outcome not in ("win", "loss", "draw"):
            raise StoreError(f"outcome must be win, loss or draw, got {e.outcome!r}")
        c.execute(
            "INSERT INTO results (game, player, opponent, outcome, date, seed, detail) "
            "VALUES (?,?,?,?,?,?,?)",
            (game, e.player, e.opponent, e.outcome, now_iso(), e.seed,
             json.dumps(e.detail or {}, sort_keys=True)))

    def finish_game(self, game: str, *, save: SaveHandle | None = None,
                    key: str | None = None, scores: Sequence[ScoreEntry] = (),
                    results: Sequence[ResultEntry] = (),
                    history: HistoryEntry | None = None) -> list[int] | None:
        """Everything a game's end writes, in ONE transaction: the scores, the results, the
        game's record kept in the history (``history``), the game marked finished (``key``,
        default ``save.game_id``; with neither, :func:`record_key` of the history's record)
        and its save removed.

        Idempotent: a game already finished (here or in another session) writes nothing.
        A save deleted elsewhere still gets its scores (the game was played to the end).

        Returns:
            The new score rows' ids in the order given; None when the game was already
            finished (nothing written).

        Raises:
            StoreError: the save was taken over by another session, an outcome is not
                ``win``/``loss``/``draw``, or the write failed (then nothing is written: the
                save is still there to finish later).
        """
        if key is None and save is not None:
            key = save.game_id
        if key is None and history is not None:
            key = record_key(history.record)
        if history is not None:
            self._check_history(game, history)

        def run(c: sqlite3.Connection) -> list[int] | None:
            if key is not None and c.execute("SELECT 1 FROM finished WHERE game=? AND key=?",
                                             (game, key)).fetchone():
                return None
            if save is not None:
                row = c.execute("SELECT owner, name FROM saves WHERE game=? AND game_id=?",
                                (game, save.game_id)).fetchone()
                if row is not None and row[0] != save.owner:
                    raise SaveLostError(f"the save {row[1]!r} was taken over by another "
                                        f"session; its end is recorded there, not here")
            date = now_iso()
            ids = [self._insert_score(c, game, e, date) for e in scores]
            for r in results:
                self._insert_result(c, game, r)
            if key is not None:
                c.execute("INSERT INTO finished (game, key, date) VALUES (?,?,?)",
                          (game, key, date))
                if history is not None:
                    self._insert_history(c, game, key, history, date)
            if save is not None:
                c.execute("DELETE FROM saves WHERE game=? AND game_id=?",
                          (game, save.game_id))
            return ids

        return self._write(run)

    def is_finished(self, game: str, key: str) -> bool:
        """True when the game ``key`` (a save's ``game_id``) was finished."""
        return bool(self._read("SELECT 1 FROM finished WHERE game=? AND key=?", (game, key)))

    # ----- the history of finished games -------------------------------------------------
    @staticmethod
    def _check_history(game: str, entry: HistoryEntry) -> None:
        if entry.record.game != game:
            raise StoreError(f"a {entry.record.game} record cannot be kept as a {game} game")
        if entry.source not in SOURCES:
            raise StoreError(f"source must be one of {', '.join(SOURCES)}, "
                             f"got {entry.source!r}")
        for p in entry.players:
            if p.kind not in SEAT_KINDS or p.outcome not in (None, "win", "loss", "draw"):
                raise StoreError(f"a seat of kind {p.kind!r} and outcome {p.outcome!r} "
                                 "cannot be kept")

    @staticmethod
    def _insert_history(c: sqlite3.Connection, game: str, key: str, entry: HistoryEntry,
                        date: str) -> None:
        c.execute(
            "INSERT OR IGNORE INTO history (game, key, finished, source, players, record) "
            "VALUES (?,?,?,?,?,?)",
            (game, key, entry.finished or date, entry.source,
             json.dumps([p.to_json() for p in entry.players], sort_keys=True),
             entry.record.to_json(indent=None)))

    def add_finished_record(self, entry: HistoryEntry, *, key: str | None = None,
                            scores: Sequence[ScoreEntry] = (),
                            results: Sequence[ResultEntry] = ()) -> bool:
        """Keep a finished game that has no save here (an imported record, an online game
        ended on a server) in the history, with its scores and results if given, in one
        transaction, once: the game's ``key`` (default :func:`record_key` of the record,
        so the same record sent or imported twice counts once) is marked finished.

        Returns:
            True when it was kept now; False when that game was finished already.

        Raises:
            StoreError: a seat kind, outcome or source that is none, or the write failed
                (nothing written).
        """
        return self.finish_game(entry.record.game, key=key or record_key(entry.record),
                                scores=scores, results=results, history=entry) is not None

    _HISTORY_COLUMNS = "id, game, key, finished, source, players, record"

    def finished_records(self, game: str | None = None, *, player: str | None = None,
                         limit: int | None = None,
                         with_records: bool = True) -> list[HistoryRow]:
        """Finished games kept in the history, newest first (by the time each ended).

        Args:
            game: only this game's (None: every game's).
            player: only games where a seat has this name (exactly).
            limit: at most this many (None: all).
            with_records: False leaves :attr:`HistoryRow.record` None (a quicker listing).

        Raises:
            StoreError: the store cannot be read.
        """
        where, params = ("WHERE game=?", (game,)) if game is not None else ("", ())
        rows = self._read(f"SELECT {self._HISTORY_COLUMNS} FROM history {where} "
                          "ORDER BY finished DESC, id DESC", params)
        out: list[HistoryRow] = []
        for r in rows:
            row = _history_row(r, with_record=with_records)
            if player is not None and all(p.name != player for p in row.players):
                continue
            out.append(row)
            if limit is not None and len(out) >= limit:
                break
        return out

    def finished_record(self, row_id: int) -> HistoryRow:
        """The finished game kept as history row ``row_id`` (a damaged one marked).

        Raises:
            StoreError: no such row, or the store cannot be read.
        """
        rows = self._read(f"SELECT {self._HISTORY_COLUMNS} FROM history WHERE id=?",
                          (row_id,))
        if not rows:
            raise StoreError(f"no finished game is kept as number {row_id}")
        return _history_row(rows[0])

    def prune_finished_records(self, game: str | None = None, *, keep: int | None = None,
                               before: str | None = None) -> list[HistoryRow]:
        """Remove old finished games from the history in one transaction: those not among
        the newest ``keep`` of their game, and those that ended before ``before`` (ISO 8601
        date or time, UTC). Their scores, results and high-score rows stay, and each game
        stays marked finished, so it is never counted again.

        Args:
            game: only this game's (None: every game, ``keep`` counted per game).

        Returns:
            The rows removed (records not read), newest first.

        Raises:
            StoreError: neither ``keep`` nor ``before``, a negative ``keep``, or the write
                failed (nothing removed).
        """
        if keep is None and before is None:
            raise StoreError("say which finished games to remove: keep N, or before DATE")
        if keep is not None and keep < 0:
            raise StoreError(f"keep must be 0 or more, got {keep}")

        def run(c: sqlite3.Connection) -> list[HistoryRow]:
            where, params = ("WHERE game=?", (game,)) if game is not None else ("", ())
            rows = c.execute(f"SELECT {self._HISTORY_COLUMNS} FROM history {where} "
                             "ORDER BY finished DESC, id DESC", params).fetchall()
            seen: dict[object, int] = {}
            gone = []
            for r in rows:
                seen[r[1]] = seen.get(r[1], 0) + 1
                old = keep is not None and seen[r[1]] > keep
                if old or (before is not None and _as_text(r[3]) < before):
                    gone.append(r)
            for r in gone:
                c.execute("DELETE FROM history WHERE id=?", (r[0],))
            return [_history_row(r, with_record=False) for r in gone]

        return self._write(run)

    # ----- high scores -------------------------------------------------------------------
    def add_score(self, game: str, name: str, score: int, *, seed: int | None = None,
                  board: str = "", detail: dict[str, Any] | None = None,
                  date: str | None = None) -> int:
        """Add one score (a game with no save; see :meth:`finish_game`); returns its row id."""
        entry = ScoreEntry(name, score, seed, board, detail)
        return self._write(lambda c: self._insert_score(c, game, entry, date or now_iso()))

    def top_scores(self, game: str, limit: int = 20, board: str = "") -> list[ScoreRow]:
        """The best ``limit`` scores, highest first; equal scores keep the earlier first.

        A damaged row (a name or date that is not text, a score that is not a whole number,
        a game number that is not one) is left out: it cannot be ranked or shown as a score.
        """
        rows = self._read(
            "SELECT id, game, board, name, score, date, seed, detail FROM scores "
            f"WHERE game=? AND board=? AND {_INTACT_SCORE} ORDER BY score DESC, id ASC "
            "LIMIT ?", (game, board, limit))
        return [ScoreRow(r[0], r[1], r[2], r[3], r[4], r[5], r[6], _detail(r[7]))
                for r in rows]

    # ----- results / statistics ----------------------------------------------------------
    def add_result(self, game: str, player: str, opponent: str, outcome: str, *,
                   seed: int | None = None, detail: dict[str, Any] | None = None) -> None:
        """Record one finished game: ``outcome`` is ``win``, ``loss`` or ``draw`` for player.

        Raises:
            StoreError: another outcome, or the write failed.
        """
        entry = ResultEntry(player, opponent, outcome, seed, detail)
        if outcome not in ("win", "loss", "draw"):
            raise StoreError(f"outcome must be win, loss or draw, got {outcome!r}")
        self._write(lambda c: self._insert_result(c, game, entry))

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

    # ----- settings ----------------------------------------------------------------------
    def get_setting(self, key: str) -> str | None:
        """The setting ``key`` (text), or None when it was never set."""
        rows = self._read("SELECT value FROM settings WHERE key=?", (key,))
        return str(rows[0][0]) if rows else None

    def set_setting(self, key: str, value: str) -> None:
        """Set the setting ``key`` to ``value`` (text), in one transaction.

        Raises:
            StoreError: the write failed.
        """
        self._write(lambda c: c.execute(
            "INSERT INTO settings (key, value) VALUES (?,?) ON CONFLICT (key) DO UPDATE SET "
            "value=excluded.value", (key, value)))


class _Probed(Exception):
    """Raised inside :meth:`Store.check_writable`'s transaction to roll it back."""
