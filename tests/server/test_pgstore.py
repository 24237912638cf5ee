"""The PostgreSQL adapter's notices of other processes' writes, and the adapter when its
database goes away: restarted under a running store, the next operation goes through on a
new connection; down, an operation is refused with a clear error within the store's wait,
and goes through again once the database is back."""

from __future__ import annotations

import queue
import threading

import pytest

from gameshelf.core.errors import StoreError
from gameshelf.server.pgstore import PostgresRoomStore
from gameshelf.server.storage import StoredAction, StoredRoom, StoredSeat
from gameshelf.server.stores import open_store
from tests.server.postgres import Cluster

ROOM = StoredRoom("ABCD", "muggins", {}, (StoredSeat("person", "Ann", "", "a" * 64),
                                          StoredSeat("open")), 0, 60.0, 7, "playing")


def test_a_restart_of_postgres_under_a_running_store_loses_no_write(
        pg_cluster: Cluster, pg_url: str) -> None:
    store = PostgresRoomStore(pg_url)
    try:
        store.create(ROOM)
        store.append("ABCD", [StoredAction(1, 0, "draw")], "playing", known=0)
        pg_cluster.ctl("restart", "-m", "fast")
        store.append("ABCD", [StoredAction(2, 0, "draw")], "playing", known=1)
        loaded = store.load("ABCD")
        assert loaded is not None and [a.seq for a in loaded.actions] == [1, 2]
    finally:
        store.close()


def test_postgres_down_is_a_clear_error_then_the_store_goes_on_by_itself(
        pg_cluster: Cluster, pg_url: str) -> None:
    store = open_store(pg_url, wait=1.0)     # what --db-wait 1 opens
    assert isinstance(store, PostgresRoomStore)
    try:
        store.create(ROOM)
        pg_cluster.ctl("stop", "-m", "fast")
        try:
            with pytest.raises(StoreError, match=r"cannot be reached \(no connection in 1 s\)"):
                store.append("ABCD", [StoredAction(1, 0, "draw")], "playing", known=0)
        finally:
            pg_cluster.ctl("start")
        store.pool_wait = 30.0
        store.append("ABCD", [StoredAction(1, 0, "draw")], "playing", known=0)
        loaded = store.load("ABCD")
        assert loaded is not None and [a.seq for a in loaded.actions] == [1]
    finally:
        store.close()


def test_a_store_is_told_of_the_other_stores_writes_after_their_commit(
        pg_cluster: Cluster, pg_url: str) -> None:
    """Each write of another store (another process) is told with the room's new version,
    and the seats it says have connections there; the listening store's own writes and
    announcements and a write rolled back are not; the database
    restarted, the store says it may have missed notices and listens again."""
    told: queue.Queue[tuple[str, int]] = queue.Queue()
    missed = threading.Event()
    mine, theirs = PostgresRoomStore(pg_url), PostgresRoomStore(pg_url)
    try:
        here: queue.Queue[tuple[str, tuple[int, ...]]] = queue.Queue()
        mine.listen(lambda code, version: told.put((code, version)), missed.set,
                    lambda code, seats: here.put((code, seats)))
        assert mine.listening.is_set()
        mine.create(ROOM)
        assert mine.update("ABCD", ROOM.seats, "playing", version=0) == 1   # not told
        assert theirs.append("ABCD", [StoredAction(1, 0, "draw")], "playing",
                             version=1) == 2
        assert told.get(timeout=5) == ("ABCD", 2)
        with pytest.raises(StoreError):                  # rolled back: nothing told
            theirs.append("ABCD", [StoredAction(2, 0, "draw")], "playing", version=1)
        theirs.update("ABCD", ROOM.seats, "playing", version=2)
        assert told.get(timeout=5) == ("ABCD", 3)
        assert told.empty()
        theirs.announce({"ABCD": [0, 2], "EFGH": []})     # who is connected there
        mine.announce({"WXYZ": [1]})                      # its own: not told
        assert here.get(timeout=5) == ("ABCD", (0, 2))
        assert told.empty() and here.empty()
        pg_cluster.ctl("restart", "-m", "fast")
        assert missed.wait(15)
        theirs.update("ABCD", ROOM.seats, "playing", version=3)
        assert told.get(timeout=5) == ("ABCD", 4)
    finally:
        mine.close()
        theirs.close()
