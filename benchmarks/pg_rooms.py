"""What the rooms' store costs on PostgreSQL against SQLite, and how soon another server
process hears of a write (``NOTIFY`` after the commit).

Starts a throw-away PostgreSQL (``initdb``/``pg_ctl`` from Debian's packages, as the tests
do: :mod:`tests.server.postgres`, fsync off) and prints, for ``--n`` writes each:

- per-append cost: one accepted action appended with its version checked (the server's
  write per action), wall time p50 / p99 and this process's CPU, on SQLite and PostgreSQL;
- notice latency: a second store appends; the first one, listening, is told (from the
  commit's return to the callback, and from the start of the write), p50 / p99 / max;
- reading a room again: a room (``--game``: Muggins, about 100 actions, by default; Yatz 39
  turns x 4 seats) played on one process while another holds it: the other's read of each
  action (the new ones only, applied to the game it holds: wall and CPU), and of the whole
  finished room (rebuilt and replayed, as at a first message).

Run: ``.venv/bin/python benchmarks/pg_rooms.py [--n 500] [--game yatz] [--reread-only]``
"""

from __future__ import annotations

import argparse
import queue
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.postgres import cluster  # noqa: E402

from gameshelf.core.progress import add_progress_option, progress  # noqa: E402
from gameshelf.server import protocol as p  # noqa: E402
from gameshelf.server.pgstore import PostgresRoomStore  # noqa: E402
from gameshelf.server.rooms import Lobby  # noqa: E402
from gameshelf.server.storage import (  # noqa: E402
    RoomStore,
    SQLiteRoomStore,
    StoredAction,
    StoredRoom,
    StoredSeat,
)

ROOM = StoredRoom("ABCD", "muggins", {}, (StoredSeat("person", "Ann", "", "a" * 64),
                                          StoredSeat("open")), 0, 60.0, 7, "playing")


def _pct(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))]


def appends(store: RoomStore, n: int, code: str) -> tuple[list[float], float]:
    """Wall seconds of each of ``n`` appends, and this process's CPU seconds per append."""
    store.create(StoredRoom(code, *[getattr(ROOM, f) for f in
                                    ("game", "options", "seats", "host", "away_timeout",
                                     "seed", "status")]))
    walls = []
    version = 0
    cpu = time.process_time()
    for i in range(n):
        t = time.perf_counter()
        version = store.append(code, [StoredAction(i + 1, 0, "draw")], "playing", known=i,
                               version=version)
        walls.append(time.perf_counter() - t)
    return walls, (time.process_time() - cpu) / n


def notices(url: str, n: int) -> tuple[list[float], list[float]]:
    """From the commit's return, and from the write's start, to the listener's callback."""
    told: queue.Queue[tuple[int, float]] = queue.Queue()
    mine, theirs = PostgresRoomStore(url), PostgresRoomStore(url)
    try:
        mine.listen(lambda _c, v: told.put((v, time.perf_counter())), lambda: None)
        mine.create(StoredRoom("NOTE", *[getattr(ROOM, f) for f in
                                         ("game", "options", "seats", "host",
                                          "away_timeout", "seed", "status")]))
        after, whole = [], []
        for i in range(n):
            start = time.perf_counter()
            v = theirs.append("NOTE", [StoredAction(i + 1, 0, "draw")], "playing",
                              version=i)
            done = time.perf_counter()
            got, at = told.get(timeout=10)
            assert got == v
            after.append(max(0.0, at - done))
            whole.append(at - start)
        return after, whole
    finally:
        mine.close()
        theirs.close()


#: the rooms read again (``--game``): options and seats; Yatz a long game, 39 turns x 4
GAMES = {"muggins": ({"target": 100}, 2), "yatz": ({}, 4), "showdown": ({}, 4),
         "dollar": ({}, 8)}


def reread(store: RoomStore, again: RoomStore, game: str = "muggins"
           ) -> tuple[int, int, float, float, float]:
    """A room of ``game`` (:data:`GAMES`) played to its end on one lobby, by people, while a
    second (another process, on ``again``) holds it and is told of each write: the second's
    read of each write (one accepted message: its action and the chance or computer moves
    that followed; only the new ones applied, :meth:`Game.extend`; wall median, and this
    process's CPU per write), and of the whole finished room (the replay of a room
    rebuilt), ms. Returns the room's actions, and the writes read."""
    lobby, other = Lobby(store), Lobby(again)
    options, n = GAMES[game]
    host, open_ = p.SeatSpec("host", "Ann"), p.SeatSpec("open")
    room, _, ann = lobby.create(p.Create(game, (host, *[open_] * (n - 1)), options), 0.0)
    tokens = [ann]
    for name in ("Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")[:n - 1]:
        tokens.append(lobby.join(p.Join(room.code, name), 0.0)[2])
    lobby.start(p.Start(room.code, ann), 0.0)
    other.room(room.code)
    room = lobby.rooms[room.code]
    assert room.game is not None
    steps, cpu, told = [], 0.0, 0
    while not room.game.is_over():
        s = room.game.to_act()
        lobby.act(p.Act(room.code, tokens[s], room.game.stand_in(s)), 0.0)
        t, c = time.perf_counter(), time.process_time()
        other.refresh(room.code, room.version, 0.0)
        cpu += time.process_time() - c
        steps.append(time.perf_counter() - t)
        told += 1
    times = []
    for _ in range(20):
        other.rooms.pop(room.code, None)
        other.finished.pop(room.code, None)
        t = time.perf_counter()
        other.room(room.code)
        times.append(time.perf_counter() - t)
    return room.seq, told, statistics.median(steps), cpu / told, statistics.median(times)


def rereads(game: str, name: str, mine: RoomStore, other: RoomStore) -> str:
    """:func:`reread`'s figures in one line."""
    seq, told, step, cpu, read = reread(mine, other, game)
    return (f"a {game} room of {seq} actions in {told} writes ({name}): another process "
            f"reads each write (the new actions only) in {step * 1000:.2f} ms (median), "
            f"{cpu * 1000:.2f} ms CPU a write, {cpu * told / seq * 1000:.2f} ms an action; "
            f"the whole room in {read * 1000:.1f} ms (median)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=500, help="writes measured (default 500)")
    ap.add_argument("--game", choices=sorted(GAMES), default="muggins",
                    help="the room read again by another process (default muggins; yatz: "
                         "39 turns x 4 seats)")
    ap.add_argument("--reread-only", action="store_true",
                    help="measure only the room read again, on SQLite (no PostgreSQL)")
    add_progress_option(ap)
    args = ap.parse_args()
    if args.reread_only:
        with tempfile.TemporaryDirectory() as tmp:
            one = SQLiteRoomStore(Path(tmp) / "rooms.db")
            two = SQLiteRoomStore(Path(tmp) / "rooms.db")
            try:
                print(rereads(args.game, "sqlite", one, two))
            finally:
                one.close()
                two.close()
        return
    with tempfile.TemporaryDirectory() as tmp, cluster() as pg, \
            progress("stores measured", 5, args.progress) as advance:
        sqlite = SQLiteRoomStore(Path(tmp) / "rooms.db")
        postgres = PostgresRoomStore(pg.create_db("bench"))
        try:
            for name, store in (("sqlite", sqlite), ("postgres", postgres)):
                walls, cpu = appends(store, args.n, "APND")
                print(f"append ({name}): p50 {_pct(walls, .5) * 1000:.2f} ms, p99 "
                      f"{_pct(walls, .99) * 1000:.2f} ms wall; {cpu * 1000:.2f} ms CPU of "
                      "the server process each")
                advance(1)
            after, whole = notices(postgres.url, args.n)
            print(f"notice (postgres): after the commit p50 {_pct(after, .5) * 1000:.2f} ms,"
                  f" p99 {_pct(after, .99) * 1000:.2f} ms, max {max(after) * 1000:.2f} ms; "
                  f"from the write's start p50 {_pct(whole, .5) * 1000:.2f} ms, p99 "
                  f"{_pct(whole, .99) * 1000:.2f} ms")
            advance(1)
            others: list[tuple[str, RoomStore, RoomStore]] = [
                ("sqlite", sqlite, SQLiteRoomStore(Path(tmp) / "rooms.db")),
                ("postgres", postgres, PostgresRoomStore(postgres.url))]
            for name, mine, other in others:
                print(rereads(args.game, name, mine, other))
                other.close()
                advance(1)
        finally:
            sqlite.close()
            postgres.close()


if __name__ == "__main__":
    main()
