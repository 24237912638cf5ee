"""One storage test suite, run against both adapters of the server's rooms: SQLite (a file)
and PostgreSQL (a real server, :mod:`tests.server.postgres`). Each case says what every
adapter must do; a few say what ``--db`` takes."""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest

from gameshelf.core.errors import BadInputError, StoreError
from gameshelf.core.records import GameRecord
from gameshelf.core.store import HistoryEntry, HistoryPlayer, ResultEntry, ScoreEntry
from gameshelf.server import protocol as p
from gameshelf.server.room import Stale
from gameshelf.server.rooms import Lobby
from gameshelf.server.storage import (
    FinishedGame,
    RoomStore,
    SQLiteRoomStore,
    StaleError,
    StoredAction,
    StoredRoom,
    StoredSeat,
)
from gameshelf.server.stores import open_store


@dataclass
class Backend:
    """One adapter under test: ``open`` a store on its database (again and again, as
    another process would), make the database another program's, set its schema version,
    and see what it holds (``snapshot``: unchanged means nothing was written)."""

    name: str
    open: Callable[[], RoomStore]
    foreign: Callable[[], None]
    set_version: Callable[[int], None]
    snapshot: Callable[[], object]


def _sqlite(path: Path) -> Backend:
    def foreign() -> None:
        with sqlite3.connect(path) as c:
            c.execute("CREATE TABLE notes (x)")
            c.execute("INSERT INTO notes VALUES (1)")
        c.close()

    def set_version(v: int) -> None:
        with sqlite3.connect(path) as c:
            c.execute(f"PRAGMA user_version={v}")
        c.close()

    return Backend("sqlite", lambda: SQLiteRoomStore(path), foreign, set_version,
                   lambda: path.read_bytes() if path.exists() else b"")


def _postgres(url: str) -> Backend:
    def sql(*statements: str) -> list[tuple[object, ...]]:
        with psycopg.connect(url, autocommit=True) as c:
            rows: list[tuple[object, ...]] = []
            for s in statements:
                cur = c.execute(s)   # type: ignore[arg-type]
                if cur.description is not None:
                    rows.extend(cur.fetchall())
            return rows

    def snapshot() -> object:
        tables = sql("SELECT table_name FROM information_schema.tables WHERE table_schema "
                     "NOT IN ('pg_catalog', 'information_schema') ORDER BY table_name")
        out: list[object] = list(tables)
        for (t,) in tables:
            out.append(sql(f'SELECT * FROM "{t}" ORDER BY 1'))
        return out

    return Backend("postgres", lambda: open_store(url),
                   lambda: sql("CREATE TABLE notes (x INTEGER)", "INSERT INTO notes VALUES (1)")
                   and None,
                   lambda v: sql(f"UPDATE gameshelf_server SET version={v}") and None,
                   snapshot)


@pytest.fixture(params=["sqlite", "postgres"])
def backend(request: pytest.FixtureRequest, tmp_path: Path) -> Backend:
    if request.param == "sqlite":
        return _sqlite(tmp_path / "rooms.db")
    return _postgres(request.getfixturevalue("pg_url"))


@pytest.fixture
def store(backend: Backend) -> Iterator[RoomStore]:
    s = backend.open()
    try:
        yield s
    finally:
        s.close()


SEATS = (StoredSeat("person", "Ann", "", "a" * 64), StoredSeat("open"),
         StoredSeat("computer", "Mugsy", "easy"))


def _room(code: str = "ABCD", status: str = "lobby") -> StoredRoom:
    return StoredRoom(code, "muggins", {"target": 61, "note": "ümlaut"}, SEATS, 0, 60.0,
                      2**53 - 1, status)


def _acts(first: int, n: int, seat: int = 0) -> list[StoredAction]:
    return [StoredAction(first + i, seat, f"play {first + i}", bool(i % 2)) for i in range(n)]


def test_a_room_created_is_loaded_as_it_was_and_a_code_is_taken_once(
        store: RoomStore) -> None:
    assert store.create(_room())
    assert not store.create(_room())           # the code is taken: nothing written
    assert store.load("ABCD") == _room()
    assert store.load("ZZZZ") is None
    assert store.where


def test_seats_and_status_change_and_only_unfinished_rooms_are_listed(
        store: RoomStore) -> None:
    for code in ("BBBB", "AAAA", "CCCC", "DDDD"):
        assert store.create(_room(code))
    joined = (SEATS[0], StoredSeat("person", "Bob", "", "b" * 64), SEATS[2])
    store.update("AAAA", joined, "playing")
    store.update("CCCC", SEATS, "over")
    store.update("DDDD", SEATS, "closed")
    loaded = store.load("AAAA")
    assert loaded is not None and loaded.seats == joined and loaded.status == "playing"
    assert sorted(store.unfinished()) == ["AAAA", "BBBB"]


def test_actions_are_committed_with_the_status_and_a_replaced_last_one_rewritten(
        store: RoomStore) -> None:
    store.create(_room())
    store.append("ABCD", _acts(1, 3), "playing", known=0)
    store.append("ABCD", [StoredAction(3, 1, "hold 12", True)], "playing", known=3)
    store.append("ABCD", _acts(4, 2), "over", known=3)
    loaded = store.load("ABCD")
    assert loaded is not None and loaded.status == "over"
    assert loaded.actions == (*_acts(1, 2), StoredAction(3, 1, "hold 12", True),
                              *_acts(4, 2))


def test_a_write_by_a_caller_who_knew_other_actions_is_refused_and_changes_nothing(
        store: RoomStore, backend: Backend) -> None:
    store.create(_room())
    store.append("ABCD", _acts(1, 2), "playing", known=0)
    before = backend.snapshot()
    with pytest.raises(StoreError, match="another writer"):
        store.append("ABCD", _acts(2, 1), "over", known=1)   # it had not seen action 2
    with pytest.raises(StoreError):          # one batch with a number twice: none of it
        store.append("ABCD", [*_acts(3, 2), StoredAction(3, 0, "again")], "over")
    assert backend.snapshot() == before
    loaded = store.load("ABCD")
    assert loaded is not None and loaded.actions == tuple(_acts(1, 2))
    assert loaded.status == "playing"


def test_two_stores_on_one_database_never_both_accept_the_same_action(
        store: RoomStore, backend: Backend) -> None:
    """Two processes' stores, each sure it is at action 4, write at once: one wins, the
    other is refused; the room holds the winner's action once."""
    store.create(_room())
    store.append("ABCD", _acts(1, 4), "playing", known=0)
    others = [backend.open() for _ in range(4)]
    won: list[int] = []
    lost: list[int] = []
    gate = threading.Barrier(len(others))

    def write(i: int, s: RoomStore) -> None:
        gate.wait()
        try:
            s.append("ABCD", [StoredAction(5, i, f"move {i}")], "playing", known=4)
            won.append(i)
        except StoreError:
            lost.append(i)

    threads = [threading.Thread(target=write, args=(i, s)) for i, s in enumerate(others)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    for s in others:
        s.close()
    assert len(won) == 1 and len(lost) == len(others) - 1
    loaded = store.load("ABCD")
    assert loaded is not None and [a.seq for a in loaded.actions] == [1, 2, 3, 4, 5]
    assert loaded.actions[-1].action == f"move {won[0]}"


def test_a_server_that_missed_another_ones_action_is_refused_then_plays_on_from_it(
        store: RoomStore, backend: Backend) -> None:
    """Two servers' lobbies on one database: the one that did not see the other's action
    has its own refused ``stale`` with the fresh state (nothing stored, the room rebuilt
    from the database), then plays on from the stored game."""
    first, second = Lobby(store), Lobby(other := backend.open())
    try:
        room, _, ann = first.create(p.Create("yatz", (p.SeatSpec("host", "Ann"),
                                                      p.SeatSpec("open"))), 0.0)
        first.join(p.Join(room.code, "Bob"), 0.0)
        first.start(p.Start(room.code, ann), 0.0)
        stale = second.room(room.code)           # the second server has the room now
        first.act(p.Act(room.code, ann, "roll"), 0.0)
        stored = store.load(room.code)
        assert stored is not None
        with pytest.raises(Stale) as info:
            second.act(p.Act(room.code, ann, "roll"), 0.0)
        assert info.value.code == "stale"
        told = [m for _, m in info.value.out if isinstance(m, p.State)]
        assert told and all(m.seq == len(stored.actions) for m in told)
        assert store.load(room.code) == stored    # nothing of the second server's stored
        fresh = second.rooms[room.code]
        assert fresh is not stale and fresh.seq == first.rooms[room.code].seq
        assert fresh.game is not None
        second.act(p.Act(room.code, ann, "score x1 chance"), 0.0)
        again = store.load(room.code)
        assert again is not None and len(again.actions) > len(stored.actions)
        assert [a.seq for a in again.actions] == list(range(1, len(again.actions) + 1))
    finally:
        other.close()


def _finished(seed: int = 5) -> HistoryEntry:
    return HistoryEntry(GameRecord("muggins", 1, {}, seed, ("draw",)),
                        [HistoryPlayer("Ann", "remote", None, 61, "win"),
                         HistoryPlayer("Mugsy", "computer", "easy", 40, "loss")],
                        source="online")


def test_a_finished_game_is_recorded_once(store: RoomStore) -> None:
    kwargs = {"key": "online-ABCD-5",
              "scores": [ScoreEntry("Ann", 61, 5, detail={"online": "ABCD"})],
              "results": [ResultEntry("Ann", "mugsy-easy", "win", 5)],
              "history": _finished()}
    assert not store.is_finished("muggins", "online-ABCD-5")
    assert store.finish_game("muggins", **kwargs)      # type: ignore[arg-type]
    assert not store.finish_game("muggins", **kwargs)  # type: ignore[arg-type]
    assert store.is_finished("muggins", "online-ABCD-5")
    with pytest.raises(StoreError):
        store.finish_game("muggins", key="other", results=[ResultEntry("A", "B", "won")])
    assert not store.is_finished("muggins", "other")


def test_rooms_outlive_the_store_that_wrote_them(backend: Backend) -> None:
    first = backend.open()
    first.create(_room())
    first.append("ABCD", _acts(1, 2), "playing", known=0)
    first.close()
    again = backend.open()
    try:
        loaded = again.load("ABCD")
        assert loaded is not None and loaded.actions == tuple(_acts(1, 2))
        assert again.unfinished() == ["ABCD"]
    finally:
        again.close()


def test_another_programs_database_is_refused_and_left_as_it_was(backend: Backend) -> None:
    backend.foreign()
    before = backend.snapshot()
    with pytest.raises(StoreError, match="another program"):
        backend.open()
    assert backend.snapshot() == before


def test_a_newer_schema_is_refused_and_left_as_it_was(backend: Backend) -> None:
    backend.open().close()
    backend.set_version(99)
    before = backend.snapshot()
    with pytest.raises(StoreError, match="version 99"):
        backend.open()
    assert backend.snapshot() == before


# ----- what --db takes ---------------------------------------------------------------------
@pytest.mark.parametrize("url", ["ftp://example.invalid/x", "mysql://root@127.0.0.1/gs",
                                 "sqlite:///tmp/x.db"])
def test_a_url_of_another_scheme_is_refused_and_no_folder_is_made(
        url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(BadInputError, match="postgresql://"):
        open_store(url)
    assert os.listdir(tmp_path) == []


def test_a_postgres_url_that_cannot_be_reached_is_refused_and_no_folder_is_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(StoreError, match=r"cannot reach .*postgresql://nobody@127\.0\.0\.1:1/gs"):
        open_store("postgresql://nobody:secret@127.0.0.1:1/gs")
    assert os.listdir(tmp_path) == []


def test_a_path_is_a_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    for name in ("rooms.db", "postgresql:rooms.db", "./postgresql:/x/rooms.db"):
        s = open_store(name)
        assert isinstance(s, SQLiteRoomStore) and s.path.resolve() == (tmp_path / name).resolve()
        s.close()


# ----- the room's version: a write after another process's is refused ----------------------
def test_every_write_counts_the_version_up_and_one_naming_an_older_one_is_refused(
        store: RoomStore, backend: Backend) -> None:
    store.create(_room())
    assert store.update("ABCD", SEATS, "playing", version=0) == 1
    assert store.append("ABCD", _acts(1, 2), "playing", known=0, version=1) == 2
    before = backend.snapshot()
    with pytest.raises(StaleError, match="another writer"):
        store.update("ABCD", SEATS, "over", version=1)
    with pytest.raises(StaleError, match="another writer"):
        store.append("ABCD", _acts(3, 1), "over", version=0)
    assert backend.snapshot() == before
    loaded = store.load("ABCD")
    assert loaded is not None and loaded.version == 2 and loaded.status == "playing"
    assert store.update("ABCD", SEATS, "playing") == 3      # None: not checked


def test_two_servers_joining_one_room_at_once_take_two_seats(
        store: RoomStore, backend: Backend) -> None:
    """The second server held the room before the first one's join: its own join is tried
    again on the room as stored, and takes the next open seat, never the same one."""
    first, second = Lobby(store), Lobby(other := backend.open())
    try:
        room, _, _ = first.create(p.Create("yatz", (p.SeatSpec("host", "Ann"),
                                                    p.SeatSpec("open"), p.SeatSpec("open"))),
                                  0.0)
        second.room(room.code)
        _, bob, _, _ = first.join(p.Join(room.code, "Bob"), 0.0)
        _, cid, _, told = second.join(p.Join(room.code, "Cid"), 0.0)
        assert (bob, cid) == (1, 2)
        assert any(isinstance(m, p.RoomUpdate) for _, m in told)
        stored = store.load(room.code)
        assert stored is not None
        assert [s.name for s in stored.seats] == ["Ann", "Bob", "Cid"]
    finally:
        other.close()


def test_the_last_actions_record_the_finished_game_with_them_once_or_not_at_all(
        store: RoomStore) -> None:
    """The write of a game's last actions records the game (once, whoever writes it
    again); a last write refused (another writer first) records nothing."""
    done = FinishedGame("muggins", "online-ABCD-5",
                        [ScoreEntry("Ann", 61, 5, detail={"online": "ABCD"})],
                        [ResultEntry("Ann", "mugsy-easy", "win", 5)], _finished())
    store.create(_room())
    store.append("ABCD", _acts(1, 2), "playing", version=0)
    with pytest.raises(StaleError):
        store.append("ABCD", _acts(3, 1), "over", version=0, finished=done)
    assert not store.is_finished("muggins", "online-ABCD-5")
    store.append("ABCD", _acts(3, 1), "over", version=1, finished=done)
    assert store.is_finished("muggins", "online-ABCD-5")
    store.create(_room("EFGH"))             # the same game's key again: written once
    store.append("EFGH", _acts(1, 1), "over", finished=done)
    assert not store.finish_game("muggins", key="online-ABCD-5")
