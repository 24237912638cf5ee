"""The server's rooms in PostgreSQL (``gameshelf serve --db postgresql://USER@HOST:PORT/DB``):
:class:`~gameshelf.server.storage.RoomStore` over psycopg 3 and a connection pool, so that
several server processes can share one set of rooms.

The tables are the SQLite adapter's (rooms, their accepted actions keyed by ``(code, seq)``)
plus what a finished game writes (``finished``, ``scores``, ``results``, ``history``, as the
local store keeps them), created by the server in an empty database and versioned in the
one-row table ``gameshelf_server`` (``application``, ``version``). A database that holds
other tables, names another application, or has a newer version is refused and changed in
nothing. Two servers starting on one empty database create the schema once (an advisory
lock).

Writes to a room are serialized by the database: :meth:`PostgresRoomStore.update` and
:meth:`PostgresRoomStore.append` lock the room's row (counting its version up) and check the
version and number of actions their caller knew, and ``(code, seq)`` is unique, so an action
is never applied twice, whichever process writes it. Each such write also sends
``NOTIFY gameshelf_rooms, 'CODE VERSION ORIGIN'`` in its transaction (PostgreSQL delivers it
at the commit, never for a write rolled back); every store ``LISTEN``s on a connection of its
own in a thread (:meth:`PostgresRoomStore.listen`) and tells its server of the other
processes' writes (its own, named by its ``ORIGIN``, are left out). A server also says
every few seconds which seats of its rooms have connections in it (``'CODE @SEATS ORIGIN'``,
:meth:`PostgresRoomStore.announce`), so that another one does not take them for gone.
A room's timed work (stand-ins, lobby expiry) is run by the one process holding its lease, a
row of ``room_lease`` (:meth:`PostgresRoomStore.hold`) that lapses unless renewed.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import socket
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

import psycopg
from psycopg import errors as pg_errors
from psycopg.conninfo import conninfo_to_dict
from psycopg_pool import ConnectionPool, PoolTimeout

from gameshelf.core.errors import BadInputError, StoreError
from gameshelf.core.store import HistoryEntry, ResultEntry, ScoreEntry, now_iso
from gameshelf.core.store.history import check_history, history_values
from gameshelf.core.store.scores import OUTCOMES, result_values, score_values
from gameshelf.server.storage import (
    LEASE_SECONDS,
    FinishedGame,
    RoomStore,
    StaleError,
    StoredAction,
    StoredRoom,
    StoredSeat,
    UnavailableError,
    check_version,
    seats_json,
    stored_room,
)

#: What the one row of ``gameshelf_server`` names: the program the database belongs to.
APPLICATION = "gameshelf-server"
#: The schema version this program writes; a newer database is refused, an older one
#: migrated (:data:`MIGRATIONS`).
SCHEMA_VERSION = 3
#: Seconds to wait for the database when connecting.
CONNECT_TIMEOUT = 5
#: Seconds a store operation waits for a free connection of the pool.
POOL_WAIT = 10.0
#: Connections the pool keeps at most (the event loop, and worker threads of slow rooms).
POOL_SIZE = 4
#: The advisory lock held while the schema is created or checked (two servers at once).
_SCHEMA_LOCK = 0x47535356
#: The channel of the rooms' notices (``NOTIFY``): ``CODE VERSION ORIGIN``.
CHANNEL = "gameshelf_rooms"
#: Seconds between two tries to reach the database again, when listening.
LISTEN_RETRY = 0.5
#: TCP keepalives of the listening connection: a database gone without closing the
#: connection (a network cut) is noticed within about 10 s.
KEEPALIVES: dict[str, Any] = {"keepalives": 1, "keepalives_idle": 4, "keepalives_interval": 2,
              "keepalives_count": 3}

log = logging.getLogger("gameshelf.server")

#: ``{version: statements}``: version 1 from an empty database.
SCHEMA = {1: (
    """CREATE TABLE gameshelf_server (
        application TEXT NOT NULL,
        version INTEGER NOT NULL,
        created TIMESTAMPTZ NOT NULL DEFAULT now())""",
    """CREATE TABLE rooms (
        code TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        options TEXT NOT NULL,
        seats TEXT NOT NULL,
        host INTEGER NOT NULL,
        away_timeout DOUBLE PRECISION NOT NULL,
        seed BIGINT NOT NULL,
        status TEXT NOT NULL,
        created TIMESTAMPTZ NOT NULL DEFAULT clock_timestamp())""",
    "CREATE INDEX rooms_unfinished ON rooms (created, code) "
    "WHERE status NOT IN ('over', 'closed')",
    """CREATE TABLE actions (
        code TEXT NOT NULL REFERENCES rooms (code),
        seq INTEGER NOT NULL CHECK (seq >= 1),
        seat INTEGER NOT NULL,
        action TEXT NOT NULL,
        by_computer BOOLEAN NOT NULL,
        PRIMARY KEY (code, seq))""",
    """CREATE TABLE finished (
        game TEXT NOT NULL,
        key TEXT NOT NULL,
        date TEXT NOT NULL,
        PRIMARY KEY (game, key))""",
    """CREATE TABLE scores (
        id BIGSERIAL PRIMARY KEY,
        game TEXT NOT NULL,
        board TEXT NOT NULL DEFAULT '',
        name TEXT NOT NULL,
        score BIGINT NOT NULL,
        date TEXT NOT NULL,
        seed BIGINT,
        detail TEXT NOT NULL DEFAULT '{}')""",
    "CREATE INDEX scores_by_board ON scores (game, board, score DESC, id)",
    """CREATE TABLE results (
        id BIGSERIAL PRIMARY KEY,
        game TEXT NOT NULL,
        player TEXT NOT NULL,
        opponent TEXT NOT NULL,
        outcome TEXT NOT NULL CHECK (outcome IN ('win', 'loss', 'draw')),
        date TEXT NOT NULL,
        seed BIGINT,
        detail TEXT NOT NULL DEFAULT '{}')""",
    """CREATE TABLE history (
        id BIGSERIAL PRIMARY KEY,
        game TEXT NOT NULL,
        key TEXT NOT NULL,
        finished TEXT NOT NULL,
        source TEXT NOT NULL DEFAULT 'local',
        players TEXT NOT NULL DEFAULT '[]',
        record TEXT NOT NULL,
        UNIQUE (game, key))""",
    "CREATE INDEX history_by_time ON history (game, finished DESC, id DESC)",
)}
#: ``{version: statements}``: what takes a database of the version before to this one.
MIGRATIONS = {2: (
    # every write to a room counts it up: a write naming an older one is refused
    "ALTER TABLE rooms ADD COLUMN version BIGINT NOT NULL DEFAULT 0",
), 3: (
    # who runs a room's timed work (stand-ins, lobby expiry) until when, by the
    # database's clock: one process at a time, taken over once it lapses
    """CREATE TABLE room_lease (
        code TEXT PRIMARY KEY,
        holder TEXT NOT NULL,
        expires TIMESTAMPTZ NOT NULL)""",
)}
#: The tables of each version.
TABLES = {v: frozenset({"gameshelf_server", "rooms", "actions", "finished", "scores",
                        "results", "history"} | ({"room_lease"} if v >= 3 else set()))
          for v in (1, 2, 3)}
#: Takes or renews leases (``%(codes)s``, sorted, so two processes never wait on each
#: other in a cycle): a row is written when it is this holder's or has lapsed.
_HOLD = """INSERT INTO room_lease AS l (code, holder, expires)
    SELECT code, %(holder)s, clock_timestamp() + %(seconds)s * interval '1 second'
    FROM unnest(%(codes)s::text[]) AS code
    ON CONFLICT (code) DO UPDATE SET holder = EXCLUDED.holder, expires = EXCLUDED.expires
    WHERE l.holder = EXCLUDED.holder OR l.expires < clock_timestamp()
    RETURNING l.code"""

T = TypeVar("T")


def public_url(url: str) -> str:
    """``url`` as it may be shown: ``postgresql://USER@HOST:PORT/DB``, never a password.

    Raises:
        BadInputError: it is not a PostgreSQL URL libpq reads.
    """
    try:
        parts = conninfo_to_dict(url)
    except psycopg.Error as exc:
        raise BadInputError(f"the server's database is not a PostgreSQL URL libpq reads: "
                            f"{_one_line(exc)}") from None
    user = f"{parts['user']}@" if parts.get("user") else ""
    host = str(parts.get("host") or "")
    host = f"[{host}]" if ":" in host else host
    port = f":{parts['port']}" if parts.get("port") else ""
    return f"postgresql://{user}{host}{port}/{parts.get('dbname') or ''}"


def _check_finished(f: FinishedGame) -> None:
    """Refuse a finished game the tables would not take (before any transaction)."""
    if f.history is not None:
        check_history(f.game, f.history)
    for r in f.results:
        if r.outcome not in OUTCOMES:
            raise StoreError(f"outcome must be win, loss or draw, got {r.outcome!r}")


def _write_finished(c: psycopg.Connection[Any], f: FinishedGame) -> bool:
    """Record ``f`` in the caller's transaction, once: False when its key was recorded
    already (by this process or another)."""
    date = now_iso()
    if c.execute("INSERT INTO finished (game, key, date) VALUES (%s,%s,%s) "
                 "ON CONFLICT DO NOTHING RETURNING 1", (f.game, f.key, date)).fetchone() is None:
        return False
    with c.cursor() as cur:
        cur.executemany("INSERT INTO scores (game, board, name, score, date, seed, detail) "
                        "VALUES (%s,%s,%s,%s,%s,%s,%s)",
                        [score_values(f.game, e, date) for e in f.scores])
        cur.executemany("INSERT INTO results (game, player, opponent, outcome, date, seed, "
                        "detail) VALUES (%s,%s,%s,%s,%s,%s,%s)",
                        [result_values(f.game, r, date) for r in f.results])
    if f.history is not None:
        c.execute("INSERT INTO history (game, key, finished, source, players, record) "
                  "VALUES (%s,%s,%s,%s,%s,%s) ON CONFLICT DO NOTHING",
                  history_values(f.game, f.key, f.history, date))
    return True


def _one_line(exc: BaseException) -> str:
    return " ".join(str(exc).split()) or type(exc).__name__


class PostgresRoomStore(RoomStore):
    """:class:`~gameshelf.server.storage.RoomStore` in a PostgreSQL database.

    Args:
        url: ``postgresql://USER@HOST:PORT/DB`` (any libpq URL; a password in it is never
            shown).
        pool_size: connections kept at most.
        pool_wait: seconds an operation waits for a working connection (the database
            down: then StoreError).

    Raises:
        BadInputError: ``url`` is not a PostgreSQL URL.
        StoreError: the database cannot be reached, belongs to another program, or has a
            newer schema (then nothing in it was changed).
    """

    blocking = True
    shared = True

    def __init__(self, url: str, *, pool_size: int = POOL_SIZE,
                 pool_wait: float = POOL_WAIT) -> None:
        self.url = url
        self.where = public_url(url)
        self.pool_wait = pool_wait
        #: This store's name in its notices (its own are not told back to it).
        self.origin = secrets.token_hex(8)
        #: This store's name as the holder of room leases: host, process and origin, so
        #: that ``SELECT * FROM room_lease`` says which process runs which room.
        self.holder = f"{socket.gethostname()}:{os.getpid()}:{self.origin}"
        self._stop = threading.Event()
        self._listener: threading.Thread | None = None
        #: Set while the listening connection is up (tests wait on it).
        self.listening = threading.Event()
        self._present: Callable[[str, tuple[int, ...]], None] | None = None
        try:
            with psycopg.connect(url, connect_timeout=CONNECT_TIMEOUT,
                                 autocommit=True) as conn:
                self._set_up(conn)
        except psycopg.Error as exc:
            raise StoreError(f"cannot reach the server database {self.where}: "
                             f"{_one_line(exc)}") from None
        # each connection is checked as it is taken (one round trip): one the database
        # dropped (a restart, a network cut) is replaced, not handed to a write
        self._pool = ConnectionPool(url, min_size=1, max_size=pool_size, open=False,
                                    timeout=pool_wait, name="gameshelf-rooms",
                                    check=ConnectionPool.check_connection,
                                    kwargs={"autocommit": True,
                                            "connect_timeout": CONNECT_TIMEOUT})
        try:
            self._pool.open(wait=True, timeout=max(pool_wait, CONNECT_TIMEOUT))
        except PoolTimeout as exc:
            self._pool.close()
            raise StoreError(f"cannot reach the server database {self.where}: "
                             f"{_one_line(exc)}") from None

    # ----- the schema -------------------------------------------------------------------------
    def _set_up(self, conn: psycopg.Connection[Any]) -> None:
        """Create the schema in an empty database, or check that it is ours and not newer
        (one transaction, under an advisory lock)."""
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            found = {(str(s), str(t)) for s, t in conn.execute(
                "SELECT table_schema, table_name FROM information_schema.tables "
                "WHERE table_schema NOT IN ('pg_catalog', 'information_schema')")}
            here = str(conn.execute("SELECT current_schema()").fetchone()[0])  # type: ignore[index]
            theirs = sorted(f"{s}.{t}" for s, t in found if s != here)
            ours = {t for s, t in found if s == here}
            if not found:
                for statement in SCHEMA[1]:
                    conn.execute(statement)   # type: ignore[arg-type]
                conn.execute("INSERT INTO gameshelf_server (application, version) "
                             "VALUES (%s, %s)", (APPLICATION, 1))
                self._migrate(conn, 1)
                return
            if "gameshelf_server" not in ours:
                name = theirs[0] if theirs else sorted(ours)[0]
                raise StoreError(f"the database {self.where} is another program's (it holds "
                                 f"{name!r} and no gameshelf server tables); it was left as "
                                 "it was")
            rows = conn.execute("SELECT application, version FROM gameshelf_server").fetchall()
            if len(rows) != 1 or rows[0][0] != APPLICATION:
                raise StoreError(f"the database {self.where} is not a gameshelf server "
                                 "database (gameshelf_server names another program); it was "
                                 "left as it was")
            version = int(rows[0][1])
            if version > SCHEMA_VERSION:
                raise StoreError(f"the server database {self.where} has schema version "
                                 f"{version}; this program knows version {SCHEMA_VERSION} and "
                                 "left it as it was")
            want = TABLES.get(version, frozenset())
            if theirs or ours != want:
                extra = theirs or sorted(ours ^ want)
                raise StoreError(f"the database {self.where} is not a gameshelf server "
                                 f"database of version {version} ({extra[0]!r} is not as "
                                 "ours); it was left as it was")
            self._migrate(conn, version)

    def _migrate(self, conn: psycopg.Connection[Any], version: int) -> None:
        """Take the schema from ``version`` to :data:`SCHEMA_VERSION` (in the caller's
        transaction)."""
        for step in range(version + 1, SCHEMA_VERSION + 1):
            for statement in MIGRATIONS[step]:
                conn.execute(statement)   # type: ignore[arg-type]
        if version < SCHEMA_VERSION:
            conn.execute("UPDATE gameshelf_server SET version=%s", (SCHEMA_VERSION,))

    # ----- transactions -----------------------------------------------------------------------
    @contextmanager
    def _tx(self, action: str) -> Iterator[psycopg.Connection[Any]]:
        """A connection of the pool in one transaction (committed at the end, rolled back on
        an error); database errors become StoreError naming ``action``: UnavailableError
        when no connection could be had or the one in use went."""
        try:
            with self._pool.connection(timeout=self.pool_wait) as conn, conn.transaction():
                yield conn
        except pg_errors.IntegrityError as exc:
            raise StoreError(f"the server database refused a write: {_one_line(exc)}") from None
        except PoolTimeout:
            raise UnavailableError(f"the server database {self.where} cannot be reached (no "
                                   f"connection in {self.pool_wait:g} s): it cannot {action}"
                                   ) from None
        except psycopg.OperationalError as exc:    # the connection went (a restart, a cut)
            raise UnavailableError(f"the server database {self.where} cannot {action}: "
                                   f"{_one_line(exc)}") from None
        except psycopg.Error as exc:
            raise StoreError(f"the server database {self.where} cannot {action}: "
                             f"{_one_line(exc)}") from None

    def _run(self, action: str, fn: Callable[[psycopg.Connection[Any]], T]) -> T:
        with self._tx(action) as conn:
            return fn(conn)

    # ----- rooms ------------------------------------------------------------------------------
    def create(self, room: StoredRoom) -> bool:
        def run(c: psycopg.Connection[Any]) -> bool:
            row = c.execute(
                "INSERT INTO rooms (code, game, options, seats, host, away_timeout, seed, "
                "status, version) VALUES (%s,%s,%s,%s,%s,%s,%s,%s,%s) ON CONFLICT (code) "
                "DO NOTHING RETURNING 1",
                (room.code, room.game, json.dumps(room.options), seats_json(room.seats),
                 room.host, room.away_timeout, room.seed, room.status,
                 room.version)).fetchone()
            return row is not None
        return self._run("be written", run)

    def _lock_room(self, c: psycopg.Connection[Any], code: str, version: int | None) -> int:
        """Lock the room's row (one writer of a room at a time, any process), check the
        version its writer saw and count it up, and notify the other processes at the
        commit; returns the new version."""
        row = c.execute("UPDATE rooms SET version=version+1 WHERE code=%s RETURNING version",
                        (code,)).fetchone()
        if row is None:
            raise StoreError(f"there is no room {code} in the server database")
        # the row is locked and read after any writer before us committed (an UPDATE
        # waits for the lock, then reads the newest row): its old version is row - 1
        check_version(code, int(row[0]) - 1, version)
        c.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{code} {row[0]} {self.origin}"))
        return int(row[0])

    def update(self, code: str, seats: Sequence[StoredSeat], status: str, *,
               version: int | None = None) -> int:
        def run(c: psycopg.Connection[Any]) -> int:
            new = self._lock_room(c, code, version)
            c.execute("UPDATE rooms SET seats=%s, status=%s WHERE code=%s",
                      (seats_json(seats), status, code))
            return new
        return self._run("be written", run)

    def append(self, code: str, actions: Sequence[StoredAction], status: str, *,
               known: int | None = None, version: int | None = None,
               finished: FinishedGame | None = None) -> int:
        if finished is not None:
            _check_finished(finished)

        def run(c: psycopg.Connection[Any]) -> int:
            new = self._lock_room(c, code, version)
            # counted in a statement of its own, after the lock: its snapshot then holds what
            # the writer before us committed (a count in the locking statement is read as of
            # before the wait, and four racing writers all passed the check)
            stored = c.execute("SELECT coalesce(max(seq), 0) FROM actions WHERE code=%s",
                               (code,)).fetchone()[0]   # type: ignore[index]
            if known is not None and stored != known:
                raise StaleError(f"the room {code} has {stored} actions stored, not "
                                 f"{known}: another writer was first")
            with c.pipeline(), c.cursor() as cur:   # the writes sent together
                if actions:   # a replaced last action (a Yatz hold after a hold) is rewritten
                    cur.execute("DELETE FROM actions WHERE code=%s AND seq>=%s",
                                (code, actions[0].seq))
                    cur.executemany(
                        "INSERT INTO actions (code, seq, seat, action, by_computer) "
                        "VALUES (%s,%s,%s,%s,%s)",
                        [(code, a.seq, a.seat, a.action, a.by_computer) for a in actions])
                cur.execute("UPDATE rooms SET status=%s WHERE code=%s", (status, code))
            if finished is not None:      # the results with the last actions, or neither
                _write_finished(c, finished)
            return new
        return self._run("be written", run)

    def load(self, code: str, after: int = 0) -> StoredRoom | None:
        def run(c: psycopg.Connection[Any]) -> StoredRoom | None:
            # the room and its actions as of one moment, whoever writes meanwhile
            c.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
            row = c.execute(
                "SELECT code, game, options, seats, host, away_timeout, seed, status, "
                "version FROM rooms WHERE code=%s", (code,)).fetchone()
            if row is None:
                return None
            acts = c.execute("SELECT seq, seat, action, by_computer FROM actions "
                             "WHERE code=%s AND seq>%s ORDER BY seq", (code, after)).fetchall()
            return stored_room(row, acts)
        return self._run("be read", run)

    def unfinished(self) -> list[str]:
        return self._run("be read", lambda c: [str(r[0]) for r in c.execute(
            "SELECT code FROM rooms WHERE status NOT IN ('over', 'closed') "
            "ORDER BY created, code")])

    # ----- finished games ---------------------------------------------------------------------
    def finish_game(self, game: str, *, key: str, scores: Sequence[ScoreEntry] = (),
                    results: Sequence[ResultEntry] = (),
                    history: HistoryEntry | None = None) -> bool:
        finished = FinishedGame(game, key, scores, results, history)
        _check_finished(finished)
        return self._run("be written", lambda c: _write_finished(c, finished))

    def is_finished(self, game: str, key: str) -> bool:
        return self._run("be read", lambda c: c.execute(
            "SELECT 1 FROM finished WHERE game=%s AND key=%s", (game, key)
        ).fetchone() is not None)

    def hold(self, codes: Sequence[str], release: Sequence[str] = (), *,
             seconds: float = LEASE_SECONDS) -> set[str]:
        """Take or renew the leases of ``codes`` and give back those of ``release``, in
        one transaction: ``room_lease(code, holder, expires)``, ``expires`` by the
        database's clock (the processes' clocks need not agree), a row written only when
        it is :attr:`holder`'s or has lapsed."""
        def run(c: psycopg.Connection[Any]) -> set[str]:
            if release:
                c.execute("DELETE FROM room_lease WHERE holder=%s AND code = ANY(%s)",
                          (self.holder, sorted(release)))
            if not codes:
                return set()
            return {str(r[0]) for r in c.execute(_HOLD, {
                "holder": self.holder, "seconds": seconds, "codes": sorted(set(codes))})}
        return self._run("hold the rooms' leases", run)

    def unleased(self, limit: int = 100) -> list[str]:
        def run(c: psycopg.Connection[Any]) -> list[str]:
            c.execute("DELETE FROM room_lease WHERE expires < clock_timestamp() - %s * "
                      "interval '1 second'", (LEASE_SECONDS,))
            return [str(r[0]) for r in c.execute(
                "SELECT r.code FROM rooms r LEFT JOIN room_lease l ON l.code = r.code "
                "WHERE r.status = 'lobby' AND (l.code IS NULL OR "
                "l.expires < clock_timestamp()) ORDER BY r.created, r.code LIMIT %s",
                (limit,))]
        return self._run("be read", run)

    def versions(self, codes: Sequence[str]) -> dict[str, int]:
        return self._run("be read", lambda c: {str(r[0]): int(r[1]) for r in c.execute(
            "SELECT code, version FROM rooms WHERE code = ANY(%s)", (list(codes),))})

    # ----- the other processes' writes ----------------------------------------------------------
    def listen(self, changed: Callable[[str, int], None], missed: Callable[[], None],
               present: Callable[[str, tuple[int, ...]], None] | None = None) -> None:
        if self._listener is not None:
            raise StoreError("this store is listening already")
        self._present = present
        self._listener = threading.Thread(target=self._listen, args=(changed, missed),
                                          name="gameshelf-listen", daemon=True)
        self._listener.start()
        # the notices of writes after this call are told: wait for the LISTEN (a database
        # away: the thread goes on trying, and tells missed() once it is back)
        self.listening.wait(CONNECT_TIMEOUT)

    def _listen(self, changed: Callable[[str, int], None],
                missed: Callable[[], None]) -> None:
        """The listening thread: ``LISTEN`` on a connection of its own, each notice told;
        the connection lost, tried again every :data:`LISTEN_RETRY` seconds, and once back
        ``missed()`` (notices may have been sent meanwhile)."""
        lost = False
        while not self._stop.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True,
                                     connect_timeout=CONNECT_TIMEOUT, **KEEPALIVES) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    if lost:
                        log.warning("the server database %s is back: rooms checked",
                                    self.where)
                        missed()
                        lost = False
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=LISTEN_RETRY):
                            self._told(note.payload, changed)
            except psycopg.Error as exc:
                self.listening.clear()
                if not lost:
                    log.warning("the server database %s cannot be listened to (%s): "
                                "trying again", self.where, _one_line(exc))
                lost = True
                self._stop.wait(LISTEN_RETRY)
            except Exception:   # noqa: BLE001 - the listener goes on, whatever a callback did
                log.exception("a notice of the server database failed")

    def _told(self, payload: str, changed: Callable[[str, int], None]) -> None:
        parts = payload.split()
        if len(parts) != 3 or parts[2] == self.origin:
            return
        if parts[1].isdigit():
            changed(parts[0], int(parts[1]))
        elif parts[1].startswith("@") and self._present is not None:
            seats = tuple(int(s) for s in parts[1][1:].split(",") if s.isdigit())
            self._present(parts[0], seats)

    def announce(self, rooms: Mapping[str, Sequence[int]]) -> None:
        notes = [f"{code} @{','.join(str(s) for s in seats)} {self.origin}"
                 for code, seats in rooms.items() if seats]
        if notes:
            self._run("be written", lambda c: c.execute(
                "SELECT pg_notify(%s, note) FROM unnest(%s::text[]) AS note",
                (CHANNEL, notes)))

    def close(self) -> None:
        self._stop.set()
        if self._listener is not None:
            self._listener.join(LISTEN_RETRY + CONNECT_TIMEOUT + 1)
        self._pool.close()
