"""Where the server keeps its rooms: a small storage interface (:class:`RoomStore`) and its
SQLite implementation (the embedded default; PostgreSQL's is :mod:`gameshelf.server.pgstore`,
and :func:`gameshelf.server.stores.open_store` picks one from ``--db``).

Nothing about a room lives only in the server's memory: a room's row holds its game, options,
seats (each seat's token as a SHA-256 hash, never the token), host, away timeout, seed and
status, and a version counted up by every write to the room; every accepted action is a row
keyed by ``(code, seq)``. A write names the version its writer last saw and is refused
(:class:`StaleError`) when another writer changed the room since, so two servers sharing one
database never both accept an action nor both take one open seat. A
finished game's results, top-20 rows and history are written through the store too, once
per game, with the game's last actions (``append(..., finished=...)``: PostgreSQL in the
same transaction; SQLite, whose finished games go to the player store, another file, right
after the commit). SQLite runs in write-ahead-log mode with
``synchronous=NORMAL``: a committed action survives a ``kill -9``; a power cut may lose the
last actions of the log.
"""

from __future__ import annotations

import json
import logging
import sqlite3
import threading
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gameshelf.core.errors import StoreError
from gameshelf.core.safeload import read_json
from gameshelf.core.store import HistoryEntry, ResultEntry, ScoreEntry, Store

log = logging.getLogger("gameshelf.server")

#: The server database's SQLite ``application_id`` ("GSSV"): another program's file is
#: refused.
APPLICATION_ID = 0x47535356
#: The server database's schema version (SQLite ``user_version``; 0 in files made before
#: it was kept, which are version 1): a newer file is refused and left as it is. Version 2
#: added the rooms' ``version`` column (a version 1 file gains it, every room at 0).
SCHEMA_VERSION = 2

_SCHEMA = """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    host INTEGER NOT NULL,
    away_timeout REAL NOT NULL,
    seed INTEGER NOT NULL,
    status TEXT NOT NULL,
    created TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    version INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL,
    seq INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    by_computer INTEGER NOT NULL,
    PRIMARY KEY (code, seq)
);
"""


#: Seconds a room's lease lasts once taken or renewed (:meth:`RoomStore.hold`): a process
#: that dies holding it is taken over from within this long.
LEASE_SECONDS = 5.0


class UnavailableError(StoreError):
    """The database cannot be reached now (stopped, restarting, or cut off by the
    network): nothing was read or written, and the same call may work in a moment."""


class StaleError(StoreError):
    """A write refused because another writer (another server process) changed the room
    since its writer last read it: nothing was written; read the room again."""


@dataclass(frozen=True)
class StoredSeat:
    """A seat as stored: ``kind`` ``person``/``open``/``computer``, its name, a computer's
    level, and the SHA-256 hex of its token ("" for computers and open seats)."""

    kind: str
    name: str = ""
    level: str = ""
    token_hash: str = ""


@dataclass(frozen=True)
class StoredAction:
    """One accepted action: its number (1-based), who played it (-1 chance), its text, and
    whether a computer chose it (a computer seat, or one standing in for an away person)."""

    seq: int
    seat: int
    action: str
    by_computer: bool = False


@dataclass(frozen=True)
class FinishedGame:
    """A finished game as :meth:`RoomStore.finish_game` records it: its game key, the
    record's key (recorded once), its top-20 rows, results and history entry."""

    game: str
    key: str
    scores: Sequence[ScoreEntry] = ()
    results: Sequence[ResultEntry] = ()
    history: HistoryEntry | None = None


@dataclass(frozen=True)
class StoredRoom:
    """A room's row and its actions in order; ``version`` counts the writes to the room
    (0 when created; each :meth:`RoomStore.update` and :meth:`RoomStore.append` adds 1)."""

    code: str
    game: str
    options: dict[str, Any]
    seats: tuple[StoredSeat, ...]
    host: int
    away_timeout: float
    seed: int
    status: str
    actions: tuple[StoredAction, ...] = ()
    version: int = 0


class RoomStore(ABC):
    """What the server needs of its storage. Every method either does all of its work in
    one transaction or none of it.

    Raises (every method):
        StoreError: the storage cannot be read or written.
    """

    #: Where the rooms are, in words for the log and the start line (a file's path, a
    #: database's URL without its password).
    where: str = ""
    #: True when a call may wait on the network (a database server): the server then makes
    #: its calls in worker threads, so one slow commit holds up its own room only.
    blocking: bool = False
    #: True when other server processes may hold the same rooms (they are told of each
    #: write and of who is connected where: :meth:`listen`, :meth:`announce`).
    shared: bool = False

    def listen(self, changed: Callable[[str, int], None], missed: Callable[[], None],
               present: Callable[[str, tuple[int, ...]], None] | None = None) -> None:
        """Be told of the rooms other server processes write, after each commit:
        ``changed(code, version)`` (the room's new version), from a thread of the store's;
        ``missed()`` when notices may have been lost (the database was away): every room
        held should be checked (:meth:`versions`); ``present(code, seats)`` when another
        process says those seats of the room have connections there (:meth:`announce`).
        Writes committed after this call returns are told. By default nothing is told
        (one process per store: SQLite)."""
        return

    def announce(self, rooms: Mapping[str, Sequence[int]]) -> None:
        """Tell the other server processes which seats of which rooms have connections in
        this one (``{code: seats}``; their ``present``): by default no one is told."""
        return

    def hold(self, codes: Sequence[str], release: Sequence[str] = (), *,
             seconds: float = LEASE_SECONDS) -> set[str]:
        """Take or renew the lease of each room of ``codes`` for ``seconds`` (the right to
        run its timed work: stand-ins for away seats, the closing of an idle lobby), and
        give back those of ``release``. A lease is taken when no other process holds it or
        its holder let it lapse (did not renew it within ``seconds``: it died, or lost the
        database). Returns the codes this process holds now. By default (one process per
        store: SQLite) every room of ``codes`` is held."""
        return set(codes)

    def unleased(self, limit: int = 100) -> list[str]:
        """Lobbies (rooms not started) whose lease no process holds: their holder died, and
        no process holds them in memory to close them when idle (at most ``limit``). A store
        with leases also clears here the lease rows lapsed longer than a lease's time (a
        lapsed row counts as no lease, so the table does not keep a row for every room a
        process killed ever held). By default none (one process per store holds every room
        it has)."""
        return []

    def versions(self, codes: Sequence[str]) -> dict[str, int]:
        """The stored version of each of the rooms ``codes`` there is (by default read
        through :meth:`load`)."""
        out: dict[str, int] = {}
        for code in codes:
            room = self.load(code)
            if room is not None:
                out[code] = room.version
        return out

    @abstractmethod
    def create(self, room: StoredRoom) -> bool:
        """Insert a new room; False when its code is taken (nothing written)."""

    @abstractmethod
    def update(self, code: str, seats: Sequence[StoredSeat], status: str, *,
               version: int | None = None) -> int:
        """Change a room's seats and status.

        Args:
            version: the room's version the caller last saw; another one stored means
                another writer was first (None: not checked).

        Returns:
            The room's new version.

        Raises:
            StaleError: ``version`` is not the one stored: nothing written.
            StoreError: there is no room ``code``, or the write failed.
        """

    @abstractmethod
    def append(self, code: str, actions: Sequence[StoredAction], status: str, *,
               known: int | None = None, version: int | None = None,
               finished: FinishedGame | None = None) -> int:
        """Commit accepted actions (numbered on from the room's last, or from its last
        one when that one is replaced: a Yatz hold right after a hold) and the room's
        status, together; with ``finished`` (the game's last actions), the finished game
        is recorded as :meth:`finish_game` records it, once, only when the actions are
        (PostgreSQL: in their transaction; SQLite: right after it, in the player store).

        Args:
            known: the number of actions the caller found stored (its last commit); when
                the store holds another number, another writer was first (None: not
                checked).
            version: the room's version the caller last saw, checked as
                :meth:`update` checks it.

        Returns:
            The room's new version.

        Raises:
            StaleError: ``known`` or ``version`` is not the one stored (another writer was
                first): nothing written.
            StoreError: an action's number is taken, there is no room ``code``, or the write
                failed: nothing written.
        """

    @abstractmethod
    def load(self, code: str, after: int = 0) -> StoredRoom | None:
        """The room ``code`` with its actions numbered above ``after`` (0: every one; a
        process that holds the first ``after`` reads only the rest), None when there is
        none."""

    @abstractmethod
    def unfinished(self) -> list[str]:
        """The codes of rooms not over (in the lobby or playing)."""

    @abstractmethod
    def finish_game(self, game: str, *, key: str, scores: Sequence[ScoreEntry] = (),
                    results: Sequence[ResultEntry] = (),
                    history: HistoryEntry | None = None) -> bool:
        """Record a finished game (what :class:`gameshelf.session.ending.Ending` holds: its
        top-20 rows, results and history entry) once: the game ``key`` is marked finished,
        and a key marked already writes nothing.

        Returns:
            True when written now; False when that game was recorded already.

        Raises:
            StoreError: an outcome, seat kind or source that is none, a record of another
                game, or the write failed (nothing written).
        """

    @abstractmethod
    def is_finished(self, game: str, key: str) -> bool:
        """True when the game ``key`` was recorded (:meth:`finish_game`)."""

    @abstractmethod
    def close(self) -> None:
        """Let the storage go."""


class SQLiteRoomStore(RoomStore):
    """:class:`RoomStore` in one SQLite file (the server's own, not the player store);
    finished games are recorded in the player store of the server's data folder
    (``Store()``: its top-20 tables, results and history).

    Args:
        path: the database file (made with its folder when missing).

    Raises:
        StoreError: the file cannot be opened, is another program's, or has a newer schema
            (then it is left as it was).
    """

    def __init__(self, path: Path) -> None:
        self.path = path
        self.where = str(path)
        self._lock = threading.Lock()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            self._conn = sqlite3.connect(path, timeout=30.0, isolation_level=None,
                                         check_same_thread=False)
            app = self._conn.execute("PRAGMA application_id").fetchone()[0]
            version = self._conn.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in self._conn.execute(
                "SELECT name FROM sqlite_master WHERE type='table'")}
            if app not in (0, APPLICATION_ID) or (app == 0 and tables):
                self._conn.close()
                raise StoreError(f"{path} is not a gameshelf server database (it is another "
                                 "program's file); it was left as it was")
            if version > SCHEMA_VERSION:
                self._conn.close()
                raise StoreError(f"the server database {path} has schema version {version}; "
                                 f"this program knows version {SCHEMA_VERSION} and left it "
                                 "as it was")
            self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.execute("PRAGMA synchronous=NORMAL")
            self._conn.executescript(_SCHEMA)
            columns = {r[1] for r in self._conn.execute("PRAGMA table_info(rooms)")}
            if "version" not in columns:    # version 1: every room's count starts at 0
                self._conn.execute("ALTER TABLE rooms ADD COLUMN version INTEGER NOT NULL "
                                   "DEFAULT 0")
            self._conn.execute(f"PRAGMA application_id={APPLICATION_ID}")
            self._conn.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        except sqlite3.Error as exc:
            raise StoreError(f"cannot open the server database {path}: {exc}") from None

    def _tx(self, fn: Any) -> Any:
        with self._lock:
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                try:
                    out = fn(self._conn)
                except BaseException:
                    self._conn.execute("ROLLBACK")
                    raise
                self._conn.execute("COMMIT")
                return out
            except StoreError:
                raise
            except sqlite3.IntegrityError as exc:
                raise StoreError(f"the server database refused a write: {exc}") from None
            except sqlite3.Error as exc:
                raise StoreError(f"the server database {self.path} cannot be written: "
                                 f"{exc}") from None

    def create(self, room: StoredRoom) -> bool:
        def run(c: sqlite3.Connection) -> bool:
            if c.execute("SELECT 1 FROM rooms WHERE code=?", (room.code,)).fetchone():
                return False
            c.execute("INSERT INTO rooms (code, game, options, seats, host, away_timeout, "
                      "seed, status, version) VALUES (?,?,?,?,?,?,?,?,?)",
                      (room.code, room.game, json.dumps(room.options), seats_json(room.seats),
                       room.host, room.away_timeout, room.seed, room.status, room.version))
            return True
        return bool(self._tx(run))

    def _bump(self, c: sqlite3.Connection, code: str, version: int | None) -> int:
        """Check the room's version (the write lock is held: BEGIN IMMEDIATE) and count it
        up; returns the new one."""
        row = c.execute("SELECT version FROM rooms WHERE code=?", (code,)).fetchone()
        if row is None:
            raise StoreError(f"there is no room {code} in the server database")
        check_version(code, int(row[0]), version)
        c.execute("UPDATE rooms SET version=? WHERE code=?", (int(row[0]) + 1, code))
        return int(row[0]) + 1

    def update(self, code: str, seats: Sequence[StoredSeat], status: str, *,
               version: int | None = None) -> int:
        def run(c: sqlite3.Connection) -> int:
            new = self._bump(c, code, version)
            c.execute("UPDATE rooms SET seats=?, status=? WHERE code=?",
                      (seats_json(seats), status, code))
            return new
        return int(self._tx(run))

    def append(self, code: str, actions: Sequence[StoredAction], status: str, *,
               known: int | None = None, version: int | None = None,
               finished: FinishedGame | None = None) -> int:
        def run(c: sqlite3.Connection) -> int:
            row = c.execute("SELECT version FROM rooms WHERE code=?", (code,)).fetchone()
            if row is None:
                raise StoreError(f"there is no room {code} in the server database")
            check_version(code, int(row[0]), version)
            # actions are numbered 1, 2, ... with no gap: the highest is their count (one
            # look in the key, not a count of the room's rows)
            stored = c.execute("SELECT COALESCE(MAX(seq), 0) FROM actions WHERE code=?",
                               (code,)).fetchone()[0]
            if known is not None and stored != known:
                raise StaleError(f"the room {code} has {stored} actions stored, not "
                                 f"{known}: another writer was first")
            if actions and actions[0].seq <= stored:
                # a replaced last action (a Yatz hold after a hold) is rewritten
                c.execute("DELETE FROM actions WHERE code=? AND seq>=?",
                          (code, actions[0].seq))
            c.executemany("INSERT INTO actions (code, seq, seat, action, by_computer) "
                          "VALUES (?,?,?,?,?)",
                          [(code, a.seq, a.seat, a.action, int(a.by_computer))
                           for a in actions])
            c.execute("UPDATE rooms SET version=?, status=? WHERE code=?",
                      (int(row[0]) + 1, status, code))
            return int(row[0]) + 1
        new = int(self._tx(run))
        if finished is not None:     # the player store is another file: after the commit
            try:
                self.finish_game(finished.game, key=finished.key, scores=finished.scores,
                                 results=finished.results, history=finished.history)
            except (StoreError, OSError) as exc:
                log.error("room %s: the finished game could not be recorded: %s", code, exc)
        return new

    def load(self, code: str, after: int = 0) -> StoredRoom | None:
        with self._lock:
            try:
                row = self._conn.execute(
                    "SELECT code, game, options, seats, host, away_timeout, seed, status, "
                    "version FROM rooms WHERE code=?", (code,)).fetchone()
                if row is None:
                    return None
                acts = self._conn.execute(
                    "SELECT seq, seat, action, by_computer FROM actions WHERE code=? "
                    "AND seq>? ORDER BY seq", (code, after)).fetchall()
            except sqlite3.Error as exc:
                raise StoreError(f"the server database {self.path} cannot be read: "
                                 f"{exc}") from None
        return stored_room(row, acts)

    def unfinished(self) -> list[str]:
        with self._lock:
            try:
                return [r[0] for r in self._conn.execute(
                    "SELECT code FROM rooms WHERE status NOT IN ('over', 'closed') "
                    "ORDER BY created, code")]
            except sqlite3.Error as exc:
                raise StoreError(f"the server database {self.path} cannot be read: "
                                 f"{exc}") from None

    def finish_game(self, game: str, *, key: str, scores: Sequence[ScoreEntry] = (),
                    results: Sequence[ResultEntry] = (),
                    history: HistoryEntry | None = None) -> bool:
        with Store() as store:
            return store.finish_game(game, key=key, scores=scores, results=results,
                                     history=history) is not None

    def is_finished(self, game: str, key: str) -> bool:
        with Store() as store:
            return store.is_finished(game, key)

    def close(self) -> None:
        with self._lock:
            self._conn.close()


def seats_json(seats: Sequence[StoredSeat]) -> str:
    """Seats as their column holds them (a JSON list of objects)."""
    return json.dumps([{"kind": s.kind, "name": s.name, "level": s.level,
                        "token_hash": s.token_hash} for s in seats])


def check_version(code: str, stored: int, seen: int | None) -> None:
    """Refuse a write to the room ``code`` whose writer saw version ``seen`` when
    ``stored`` is in the database (None: not checked).

    Raises:
        StaleError: another writer changed the room first.
    """
    if seen is not None and stored != seen:
        raise StaleError(f"the room {code} was changed by another writer (version {stored}, "
                         f"not {seen}): another writer was first")


def stored_room(row: Sequence[Any], acts: Sequence[Sequence[Any]]) -> StoredRoom:
    """A room read back from its row ``(code, game, options, seats, host, away_timeout,
    seed, status, version)`` (options and seats as JSON text) and its action rows ``(seq,
    seat, action, by_computer)``.

    Raises:
        StoreError: the row is damaged.
    """
    code = row[0]
    try:
        seats = tuple(StoredSeat(**s) for s in read_json(row[3]))
        options = read_json(row[2])
    except (ValueError, TypeError) as exc:
        raise StoreError(f"the room {code} is damaged in the server database: "
                         f"{exc}") from None
    return StoredRoom(row[0], row[1], options, seats, row[4], row[5], row[6], row[7],
                      tuple(StoredAction(a[0], a[1], a[2], bool(a[3])) for a in acts),
                      int(row[8]))
