"""The store's file and its transactions: where it lives, how it is opened and checked, and
the one way it is written.

Opening (:class:`Database`) checks the file before anything is written: a newer program's
store, another program's SQLite file (:mod:`gameshelf.core.store.schema`) or no database at
all is refused with :class:`StoreError` and left byte for byte as it was; an older store is
migrated in one transaction. Every write is one ``BEGIN IMMEDIATE`` transaction
(:meth:`Database._write`), retried while another process holds the lock, so a failure leaves
the stored data as it was.
"""

from __future__ import annotations

import os
import sqlite3
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Self, TypeVar

import platformdirs

from gameshelf.core.errors import StoreError
from gameshelf.core.inputs import tidy_name
from gameshelf.core.store.schema import check_schema, read_schema, upgrade

_T = TypeVar("_T")

#: SQLite's extended result code for a read-only connection that met a hot journal.
_READONLY_ROLLBACK = 776


def is_busy(exc: sqlite3.Error) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
    return "locked" in str(exc) or "busy" in str(exc)


def as_text(value: object) -> str:
    """A stored field as text: damaged rows may hold BLOBs or numbers where text belongs."""
    if isinstance(value, str):
        return value
    if isinstance(value, bytes):
        return value.decode("utf-8", "backslashreplace")
    return str(value)


def data_dir() -> Path:
    """The folder the store lives in: ``$GAMESHELF_HOME`` or the platform's user data dir."""
    return _folder("", platformdirs.user_data_dir)


def cache_dir() -> Path:
    """The folder for caches (solver tables): ``$GAMESHELF_HOME/cache`` or the user cache dir."""
    return _folder("cache", platformdirs.user_cache_dir)


def _folder(under_home: str, user_dir: Callable[..., str]) -> Path:
    home = os.environ.get("GAMESHELF_HOME")
    if home:
        return Path(home) / under_home
    return Path(user_dir("gameshelf", appauthor=False))


def now_iso() -> str:
    """The current UTC time as ISO 8601 text, to the second."""
    return datetime.now(UTC).replace(microsecond=0).isoformat()



def _tidy(value: str | bytes | int | float | None) -> str | bytes | int | float | None:
    """:func:`~gameshelf.core.inputs.tidy_name` for SQL: text tidied, anything else (a
    damaged row's BLOB or number) as it is, so it never matches a name."""
    return tidy_name(value) if isinstance(value, str) else value


class Database:
    """The SQLite file of the store (default ``data_dir() / "gameshelf.db"``), opened and
    checked: its transactions and reads. SQLite waits ``timeout`` seconds for another
    process's lock on each try; an operation keeps retrying for ``wait`` seconds in all.

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
            # names are looked up in their one form (tidy_name), so a save named before
            # names were composed (NFC) is found however its name is typed
            self._conn.create_function("tidy_name", 1, _tidy, deterministic=True)
        except (OSError, sqlite3.DatabaseError) as exc:
            raise StoreError(f"cannot open the store {self.path}: {exc}") from None
        try:
            self._open()
        except BaseException:
            self._conn.close()
            raise

    # ----- opening -----------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        """The connection (autocommit: every transaction is begun explicitly); the SQL
        function ``tidy_name`` (:func:`~gameshelf.core.inputs.tidy_name`) is added to it."""
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
            check_schema(self.path, *self._retrying(lambda: read_schema(conn)))
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

    def _open(self) -> None:
        """Set up an empty file, or migrate an older store, in one transaction."""
        try:
            version, found = self._retrying(lambda: read_schema(self._conn))
        except sqlite3.Error as exc:
            raise self._error(exc, "open") from None
        if not check_schema(self.path, version, found):
            return

        def setup(c: sqlite3.Connection) -> None:
            version, found = read_schema(c)   # again, under the lock: another process
            if check_schema(self.path, version, found):   # may have set it up meanwhile
                upgrade(c, version)

        self._write(setup, what="set up")

    def close(self) -> None:
        """Close the connection."""
        self._conn.close()

    def __enter__(self) -> Self:
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
                if not is_busy(exc) or time.monotonic() >= deadline:
                    raise
            self.busy_retries += 1
            time.sleep(delay)
            delay = min(delay * 2, 1.0)

    def _commit(self, conn: sqlite3.Connection) -> None:
        """Commit (a separate method so tests can inject a failure at every commit)."""
        conn.execute("COMMIT")

    def _error(self, exc: sqlite3.Error, what: str) -> StoreError:
        text = str(exc)
        if is_busy(exc):
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


class _Probed(Exception):
    """Raised inside :meth:`Database.check_writable`'s transaction to roll it back."""
