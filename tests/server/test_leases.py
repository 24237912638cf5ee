"""Room leases in the store (:meth:`RoomStore.hold`): on PostgreSQL a lease is taken by one
store (one process) at a time, renewed while held, given back, and taken over by another
once it lapses; an older database gains the lease table; a lobby whose holder died is read
and closed by another process; the server's tick runs the away rule only in the rooms whose
lease it holds. On SQLite (one process) every
room is held. :class:`Leases` counts a lease as held only until its time after the renewal
was asked, and lets it go when the store cannot be reached."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator
from pathlib import Path

import psycopg
import pytest

from gameshelf.core.errors import StoreError
from gameshelf.server import protocol as p
from gameshelf.server.app import Hub
from gameshelf.server.leases import Leases
from gameshelf.server.pgstore import SCHEMA_VERSION, PostgresRoomStore
from gameshelf.server.room import Room, Seat
from gameshelf.server.rooms import Lobby
from gameshelf.server.storage import SQLiteRoomStore

#: A short lease, so that the test sees it lapse.
SHORT = 0.6


def test_one_store_holds_a_lease_until_it_lapses_then_another_takes_it_over(
        pg_url: str) -> None:
    a, b = PostgresRoomStore(pg_url), PostgresRoomStore(pg_url)
    try:
        assert a.hold(["ABCD", "EFGH"], seconds=SHORT) == {"ABCD", "EFGH"}
        assert b.hold(["ABCD", "JKLM"], seconds=SHORT) == {"JKLM"}      # ABCD is a's
        # renewed before it lapses: still a's, however often b asks
        for _ in range(3):
            time.sleep(SHORT / 3)
            assert a.hold(["ABCD", "EFGH"], seconds=SHORT) == {"ABCD", "EFGH"}
            assert b.hold(["ABCD", "JKLM"], seconds=SHORT) == {"JKLM"}
        # a stops renewing (killed): once lapsed, b takes it over, and a no longer has it
        time.sleep(SHORT + 0.2)
        assert b.hold(["ABCD", "JKLM"], seconds=SHORT) == {"ABCD", "JKLM"}
        assert a.hold(["ABCD"], seconds=SHORT) == set()
        # given back: taken at once by the other
        assert b.hold([], ["ABCD"], seconds=SHORT) == set()
        assert a.hold(["ABCD"], seconds=SHORT) == {"ABCD"}
        with psycopg.connect(pg_url) as conn:
            rows = conn.execute("SELECT code, holder, expires > clock_timestamp() "
                                "FROM room_lease ORDER BY code").fetchall()
        holders = {code: holder for code, holder, _ in rows}
        assert holders["ABCD"] == a.holder and holders["JKLM"] == b.holder
        assert a.holder.split(":")[1].isdigit()     # host:pid:origin, for the operator
    finally:
        a.close()
        b.close()


def test_lease_rows_lapsed_longer_than_a_lease_are_cleared(
        pg_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A process killed leaves its lease rows; the next look for lobbies no one holds
    (:meth:`RoomStore.unleased`, every 10 s) clears the rows lapsed longer than a lease's
    time, and keeps the live ones."""
    monkeypatch.setattr("gameshelf.server.pgstore.LEASE_SECONDS", SHORT)
    a, b = PostgresRoomStore(pg_url), PostgresRoomStore(pg_url)
    try:
        assert a.hold(["DEAD", "GONE"], seconds=SHORT) == {"DEAD", "GONE"}   # a is killed
        time.sleep(2 * SHORT + 0.2)
        assert b.hold(["LIVE"], seconds=30) == {"LIVE"}
        assert b.unleased() == []
        with psycopg.connect(pg_url) as conn:
            rows = conn.execute("SELECT code FROM room_lease ORDER BY code").fetchall()
        assert [r[0] for r in rows] == ["LIVE"]
    finally:
        a.close()
        b.close()


def test_a_database_of_schema_version_2_gains_the_lease_table(pg_url: str) -> None:
    PostgresRoomStore(pg_url).close()
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute("DROP TABLE room_lease")
        conn.execute("UPDATE gameshelf_server SET version=2")
    store = PostgresRoomStore(pg_url)
    try:
        assert store.hold(["ABCD"]) == {"ABCD"}
    finally:
        store.close()
    with psycopg.connect(pg_url) as conn:
        assert conn.execute("SELECT version FROM gameshelf_server").fetchone() == (
            SCHEMA_VERSION,)


def test_on_sqlite_every_room_is_held(tmp_path: Path) -> None:
    store = SQLiteRoomStore(tmp_path / "rooms.db")
    try:
        assert store.hold(["ABCD", "EFGH"], ["JKLM"]) == {"ABCD", "EFGH"}
        leases = Leases(store, time.monotonic)
        assert leases.holds("ABCD", time.monotonic())      # without asking the store
    finally:
        store.close()


def _room(code: str, status: str = "playing", away: float = 30.0) -> Room:
    return Room(code, "muggins", {}, [Seat("person", "Ann")], 0, away, 1, status)


def test_leases_are_held_until_their_time_from_the_renewal_and_let_go_on_errors(
        pg_url: str) -> None:
    store = PostgresRoomStore(pg_url, pool_wait=1.0)
    now = [100.0]
    leases = Leases(store, lambda: now[0], seconds=5.0)
    try:
        rooms = [_room("ABCD"), _room("EFGH", away=0.0), _room("JKLM", "lobby"),
                 _room("NPQR", "over")]
        # only the rooms with timed work: a game with an away timeout, a lobby
        assert leases.renew(rooms) == {"ABCD", "JKLM"}
        assert leases.holds("ABCD", 104.9) and not leases.holds("ABCD", 105.0)
        assert not leases.holds("EFGH", 100.0)
        # a room no longer held in memory is given back (another process may take it)
        now[0] = 101.0
        assert leases.renew(rooms[:1]) == {"ABCD"}
        other = PostgresRoomStore(pg_url)
        try:
            assert other.hold(["JKLM", "ABCD"]) == {"JKLM"}
        finally:
            other.close()

        def down(*_: object, **__: object) -> set[str]:
            raise StoreError("the server database cannot be reached")

        store.hold = down  # type: ignore[method-assign]
        now[0] = 102.0      # the store away: what was held lapses by itself
        assert leases.renew(rooms[:1]) == {"ABCD"}
        now[0] = 106.5
        assert leases.renew(rooms[:1]) == set() and not leases.holds("ABCD", now[0])
    finally:
        store.close()


def test_a_lobby_whose_holder_died_is_read_by_another_process_which_closes_it_when_idle(
        pg_url: str) -> None:
    """A lobby only its dead creator held in memory: once its lease lapses another process
    finds it (:meth:`RoomStore.unleased`), reads it, takes its lease and closes it once no
    one has been in it for the idle time."""
    a, b = PostgresRoomStore(pg_url), PostgresRoomStore(pg_url)
    try:
        room, _, _ = Lobby(a).create(p.Create("yatz", (p.SeatSpec("host", "Ann"),
                                                       p.SeatSpec("open"))), 0.0)
        assert a.hold([room.code], seconds=SHORT) == {room.code}
        assert b.unleased() == []                       # held: not b's to read
        time.sleep(SHORT + 0.2)                         # a died: its lease lapsed
        assert b.unleased() == [room.code]
        now = [50.0]
        lobby = Lobby(b, lobby_idle=60.0)
        leases = Leases(b, lambda: now[0])

        @contextlib.asynccontextmanager
        async def lock(_: str) -> AsyncIterator[None]:
            yield

        def rooms() -> list[Room]:
            return list(lobby.rooms.values())

        read = asyncio.run(leases.adopt(rooms, lambda c: lobby.room(c, now[0]), lock))
        assert read == [room.code] and room.code in lobby.rooms
        assert leases.renew(rooms()) == {room.code} and b.unleased() == []
        assert asyncio.run(leases.adopt(rooms, lambda c: lobby.room(c, now[0]), lock)) == []
        assert not lobby.close_if_idle(lobby.rooms[room.code], 100.0)   # idle from 50
        assert lobby.close_if_idle(lobby.rooms[room.code], 110.0)
        stored = a.load(room.code)
        assert stored is not None and stored.status == "closed"
    finally:
        a.close()
        b.close()


def test_the_away_rule_runs_only_in_the_rooms_whose_lease_is_held_here(
        tmp_path: Path) -> None:
    """Ann is gone past the away timeout at her turn, Bob is in the room: without the
    room's lease the server's tick plays nothing for her; with it, the stand-in plays."""
    lobby = Lobby(SQLiteRoomStore(tmp_path / "rooms.db"))
    room, seat, ann = lobby.create(p.Create("yatz", (p.SeatSpec("host", "Ann"),
                                                     p.SeatSpec("open")), away_timeout=1),
                                   0.0)
    _, bob_seat, _, _ = lobby.join(p.Join(room.code, "Bob"), 0.0)
    lobby.start(p.Start(room.code, ann), 0.0)
    lobby.connected(room, bob_seat)
    assert room.game is not None and room.game.to_act() == seat
    hub = Hub(lobby, tick=0.01, clock=lambda: 100.0)
    hub.leases.everything = False          # as with a store other processes share

    async def ticks() -> None:
        task = asyncio.create_task(hub.ticker())
        await asyncio.sleep(0.1)
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    before = room.seq
    asyncio.run(ticks())
    assert room.seq == before and not room.seats[seat].away      # not this process's
    hub.leases.held[room.code] = 105.0
    asyncio.run(ticks())
    assert room.seats[seat].away and room.game.to_act() == bob_seat
