"""What the rooms' store costs on PostgreSQL against SQLite, and how soon another server
process hears of a write (``NOTIFY`` after the commit).

Starts a throw-away PostgreSQL (``initdb``/``pg_ctl`` from Debian's packages, as the tests
do: :mod:`tests.server.postgres`, fsync off) and prints, for ``--n`` writes each:

- per-append cost: one accepted action appended with its version checked (the server's
  write per action), wall time p50 / p99 and this process's CPU, on SQLite and PostgreSQL;
- notice latency: a second store appends; the first one, listening, is told (from the
  commit's return to the callback, and from the start of the write), p50 / p99 / max;
- reading a room again: a Muggins room played on one process while another holds it: the
  other's read of each action (the new ones only, applied to the game it holds), and of the
  whole finished room (about 100 actions, rebuilt and replayed, as at a first message).

Run: ``.venv/bin/python benchmarks/pg_rooms.py [--n 500]``
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


def reread(store: RoomStore, again: RoomStore) -> tuple[int, float, float]:
    """A Muggins room played to its end on one lobby while a second (another process, on
    ``again``) holds it and is told of each write: the second's read of each action
    (only the new ones, :meth:`Game.extend`), and of the whole finished room (the replay
    of a room rebuilt), ms, medians."""
    lobby, other = Lobby(store), Lobby(again)
    host, open_ = p.SeatSpec("host", "Ann"), p.SeatSpec("open")
    room, _, ann = lobby.create(p.Create("muggins", (host, open_), {"target": 100}), 0.0)
    _, _, bob, _ = lobby.join(p.Join(room.code, "Bob"), 0.0)
    lobby.start(p.Start(room.code, ann), 0.0)
    other.room(room.code)
    tokens = [ann, bob]
    room = lobby.rooms[room.code]
    assert room.game is not None
    steps = []
    while not room.game.is_over():
        s = room.game.to_act()
        lobby.act(p.Act(room.code, tokens[s], room.game.stand_in(s)), 0.0)
        t = time.perf_counter()
        other.refresh(room.code, room.version, 0.0)
        steps.append(time.perf_counter() - t)
    times = []
    for _ in range(20):
        other.rooms.pop(room.code, None)
        other.finished.pop(room.code, None)
        t = time.perf_counter()
        other.room(room.code)
        times.append(time.perf_counter() - t)
    return room.seq, statistics.median(steps), statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=500, help="writes measured (default 500)")
    add_progress_option(ap)
    args = ap.parse_args()
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
                seq, step, read = reread(mine, other)
                print(f"a Muggins room of {seq} actions ({name}): another process reads "
                      f"each action (the new ones only) in {step * 1000:.2f} ms, the whole "
                      f"room in {read * 1000:.1f} ms (medians)")
                other.close()
                advance(1)
        finally:
            sqlite.close()
            postgres.close()


if __name__ == "__main__":
    main()
