"""A store that fails on command, for kill-point tests of every write path.

:class:`FaultyStore` counts every commit of every instance (class-level, since sessions open
their own stores). With ``fail_at = n`` the n-th commit from :meth:`FaultyStore.arm` either
fails like a full disk (``mode="fail"``: the transaction is rolled back, the program goes on
and is told by a StoreError) or kills the program right after the data is on disk
(``mode="kill"``: :class:`Killed`, a BaseException nothing catches, is raised after COMMIT,
as when the process dies between two writes).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from typing import ClassVar

import pytest

from gameshelf.core import store as store_module
from gameshelf.core.store import Store


class Killed(BaseException):
    """The process 'died' here."""


class FaultyStore(Store):
    commits: ClassVar[int] = 0
    fail_at: ClassVar[int | None] = None
    mode: ClassVar[str] = "fail"

    @classmethod
    def arm(cls, fail_at: int | None, mode: str = "fail") -> None:
        cls.commits, cls.fail_at, cls.mode = 0, fail_at, mode

    def _commit(self, conn: sqlite3.Connection) -> None:
        cls = type(self)
        cls.commits += 1
        if cls.commits == cls.fail_at:
            if cls.mode == "fail":
                raise sqlite3.OperationalError("disk I/O error")
            conn.execute("COMMIT")
            raise Killed
        conn.execute("COMMIT")


@contextmanager
def faulty_store(monkeypatch: pytest.MonkeyPatch) -> Iterator[type[FaultyStore]]:
    """Every ``Store()`` opened through :mod:`gameshelf.core.store` is a FaultyStore."""
    FaultyStore.arm(None)
    monkeypatch.setattr(store_module, "Store", FaultyStore)
    yield FaultyStore
    FaultyStore.arm(None)


class ReadOnlyStore(Store):
    """The store opened read-only (as a read-only file would be; tests run as root too)."""

    def _connect(self) -> sqlite3.Connection:
        return sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=self.timeout,
                               isolation_level=None)
