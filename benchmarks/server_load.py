"""Load on the game server: N rooms of bot seats (4 each), over loopback, on one process
with SQLite, one with PostgreSQL and two with PostgreSQL, in one run.

Each setup starts ``gameshelf serve`` as its own process(es) on free ports (SQLite: a
temporary file; PostgreSQL: a throw-away cluster from Debian's packages, as the tests start
it, fsync off), creates ``--rooms`` rooms of ``--game`` (Pinball Showdown by default) of 4
people (bots; Muggins 2), and lets every bot play its seat: a bot waits ``--think`` seconds
(on average, exponentially spread) once it is to act, as a person would, then sends an
action chosen among the legal ones the server listed (the game's ``load_test_choice``). A
finished room starts a new game. With two servers, room ``n`` goes to server ``n % 2`` (as
a load balancer routing by room code sends every seat of a room to one server). The rooms
are opened over ``--ramp`` seconds; the run is measured for ``--seconds`` after that. The
bots run in ``--bot-procs`` processes of their own.

Prints for each setup: accepted actions per second, the p50 / p99 / max time from sending an
action to receiving the state that answers it (milliseconds), each server's CPU over the
measured run (and per accepted action, with the part of it spent in the kernel), memory and
time waited for a CPU, and PostgreSQL's CPU (every process of its cluster). Goal: 1,000
rooms x 4 seats on one process with p99 under 100 ms, under 0.5 ms of server CPU an
accepted action; two processes carry 1.6x one's load.

Run: ``.venv/bin/python benchmarks/server_load.py [--rooms 1000] [--seconds 60]
[--think 1.0] [--ramp 60] [--setups sqlite,pg1,pg2] [--game showdown] [--profile FILE]
[--sample FILE] [--stalls FILE]``
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import multiprocessing
import os
import random
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import msgspec
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.postgres import cluster  # noqa: E402

from gameshelf.core.progress import add_progress_option, progress  # noqa: E402
from gameshelf.server import protocol as p  # noqa: E402
from gameshelf.server.games import game_class, playable  # noqa: E402

#: ``gameshelf ARGS`` under cProfile counting CPU time (not the wall clock: on a busy
#: machine a process's wait for a CPU would be charged to whatever it was doing), its
#: figures written to ``sys.argv[1]`` at the end.
PROFILED = """
import cProfile, runpy, sys, time
out, sys.argv = sys.argv[1], ["gameshelf", *sys.argv[2:]]
profile = cProfile.Profile(time.process_time)
profile.enable()
try:
    runpy.run_module("gameshelf", run_name="__main__")
except SystemExit:
    pass
finally:
    profile.disable()
    profile.dump_stats(out)
"""

#: ``gameshelf ARGS`` with its Python stacks sampled every millisecond of the process's CPU
#: time (``ITIMER_PROF``: a wait for a CPU or for the network is never sampled, and no
#: function call is slowed, unlike cProfile, which charges its own cost to every call),
#: written at the end to ``sys.argv[1]`` as collapsed stacks (``frame;frame;... count`` a
#: line, as flame graph tools read them) through :func:`gameshelf.core.files.write_file`.
SAMPLED = """
import collections, runpy, signal, sys
out, sys.argv = sys.argv[1], ["gameshelf", *sys.argv[2:]]
counts = collections.Counter()
def sample(signum, frame):
    names = []
    while frame is not None:
        code = frame.f_code
        names.append(f"{code.co_name} ({code.co_filename.rsplit('/', 2)[-1]}:"
                     f"{code.co_firstlineno})")
        frame = frame.f_back
    counts[";".join(reversed(names))] += 1
signal.signal(signal.SIGPROF, sample)
signal.setitimer(signal.ITIMER_PROF, 0.001, 0.001)
try:
    runpy.run_module("gameshelf", run_name="__main__")
except SystemExit:
    pass
finally:
    signal.setitimer(signal.ITIMER_PROF, 0, 0)
    from gameshelf.core.files import write_file
    write_file(out, "".join(f"{k} {v}\\n" for k, v in counts.items()).encode(),
               overwrite=True)
"""

#: ``gameshelf ARGS`` with a watch on its event loop: a callback the loop runs every 5 ms
#: notes the time; a thread of the watch looks every 5 ms, and while the loop is more than
#: 40 ms late it samples the main thread's stack (what the loop runs instead of answering,
#: or the call it waits in). At the end ``sys.argv[1]`` gets the count of stalls, the
#: longest, and the stacks seen in them, most seen first.
STALLED = """
import asyncio, collections, runpy, sys, threading, time, traceback
out, sys.argv = sys.argv[1], ["gameshelf", *sys.argv[2:]]
STALL, beat, counts, stalls = 0.04, [time.monotonic()], collections.Counter(), []
main = threading.get_ident()
run_forever = asyncio.base_events.BaseEventLoop.run_forever
def beating(self):
    def beat_once():
        beat[0] = time.monotonic()
        self.call_later(0.005, beat_once)
    self.call_soon(beat_once)
    return run_forever(self)
asyncio.base_events.BaseEventLoop.run_forever = beating
def watch():
    began = None
    while True:
        time.sleep(0.005)
        late = time.monotonic() - beat[0]
        if late > STALL:
            began = began or time.monotonic() - late
            frame = sys._current_frames().get(main)
            if frame is not None:
                counts[" <- ".join(f"{f.filename.rsplit('/', 2)[-1]}:{f.lineno} {f.name}"
                                   for f in reversed(traceback.extract_stack(frame)[-14:]))] += 1
        elif began is not None:
            stalls.append(time.monotonic() - began)
            began = None
threading.Thread(target=watch, daemon=True).start()
try:
    runpy.run_module("gameshelf", run_name="__main__")
except SystemExit:
    pass
finally:
    from gameshelf.core.files import write_file
    head = (f"{len(stalls)} stalls of the event loop over {STALL * 1000:.0f} ms; longest "
            f"{max(stalls, default=0) * 1000:.0f} ms; over 100 ms: "
            f"{sum(s > 0.1 for s in stalls)}\\n\\n")
    write_file(out, (head + "".join(f"{n} samples (5 ms each): {k}\\n\\n"
                                    for k, n in counts.most_common(30))).encode(),
               overwrite=True)
"""

#: Seconds the bots read on after the run's end, sending nothing, before they close.
LINGER = 3.0

#: The people of a room, by game (4, or as many as the game takes).
SEATS = {"muggins": 2}


class Stats:
    """What the bots measured (actions sent once every room is open: :attr:`since`)."""

    def __init__(self) -> None:
        self.since = float("inf")
        #: When the bots stop acting (the run's end; answers are still read a while).
        self.until = float("inf")
        self.latencies: list[float] = []
        self.accepted = 0
        self.games = 0
        self.errors: dict[str, int] = {}


def _proc_status(pid: int) -> dict[str, str]:
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        out[key] = value.strip()
    return out


def _run_delay(pid: int) -> float:
    """Seconds the process's threads waited for a CPU while runnable (Linux schedstat)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            total += int((task / "schedstat").read_text().split()[1])
        except (OSError, IndexError, ValueError):
            continue
    return total / 1e9


def _cpu_seconds(pid: int, children: bool = False) -> float:
    """The process's CPU seconds (with ``children``: also its children's that ended)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = int(fields[11]) + int(fields[12])
    if children:
        ticks += int(fields[13]) + int(fields[14])
    return ticks / os.sysconf("SC_CLK_TCK")


def _system_seconds(pid: int) -> float:
    """The process's CPU seconds in the kernel (its system calls: the sockets' reads and
    writes, the event loop's polls), a part of :func:`_cpu_seconds`."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[12]) / os.sysconf("SC_CLK_TCK")


def _tree_cpu(pid: int) -> float:
    """CPU seconds of process ``pid`` and its children, living and ended (PostgreSQL's
    postmaster and its backends)."""
    total = _cpu_seconds(pid, children=True)
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(stat[1]) == pid:
            total += (int(stat[11]) + int(stat[12])) / os.sysconf("SC_CLK_TCK")
    return total


async def _send(ws: ClientConnection, msg: p.Message) -> None:
    await ws.send(p.dump(msg))


class _Room(msgspec.Struct):
    code: str = ""


class _Said(msgspec.Struct):
    """What a bot reads of a server message: the fields it acts on. The rest (a seat's
    view, the log, the room's seats) is skipped by the decoder, never built: the bots share
    the server's cores, and reading every view whole cost them twice the server's CPU."""

    type: str
    seq: int = 0
    legal: list[str] = msgspec.field(default_factory=list)
    code: str = ""
    message: str = ""
    token: str = ""
    room: _Room | None = None


_read = msgspec.json.Decoder(_Said).decode


async def _recv(ws: ClientConnection) -> _Said:
    return _read(await ws.recv())


def _seats(game: str) -> tuple[p.SeatSpec, ...]:
    """The seats a room of ``game`` is created with: the host, then open seats."""
    return (p.SeatSpec("host", "Seat 1"),
            *(p.SeatSpec("open") for _ in range(SEATS.get(game, 4) - 1)))


async def _seat(ws: ClientConnection, code: str, token: str, rng: random.Random,
                think: float, stats: Stats, stop: float, game: str) -> None:
    """Play one seat until its game ends or the run stops: no action is sent after
    ``stop``, and the answers to those sent before are read for :data:`LINGER` seconds
    more, before any connection closes (the closes of every bot's connections at once, a
    storm of 'dropped' news to the others, would otherwise be in the measured tail)."""
    sent_at: float | None = None
    sent_seq = -1
    loop = asyncio.get_running_loop()
    try:
        # one deadline for the whole game, not a timer a message
        async with asyncio.timeout_at(loop.time() + max(0.05, stop + LINGER
                                                            - time.monotonic())):
            while True:
                msg = await _recv(ws)
                if msg.type == "over":
                    return
                sent_at, sent_seq = await _said(ws, msg, code, token, rng, think, stats,
                                                game, sent_at, sent_seq)
    except TimeoutError:
        return


async def _said(ws: ClientConnection, msg: _Said, code: str, token: str, rng: random.Random,
                think: float, stats: Stats, game: str, sent_at: float | None,
                sent_seq: int) -> tuple[float | None, int]:
    """One message to a seat: a latency counted when it answers the seat's last action,
    and the seat's next action sent when it is to act. Returns (when the action waiting
    for its answer was sent, or None; the ``seq`` it was sent at)."""
    kind = msg.type
    if kind == "error":
        stats.errors[msg.code] = stats.errors.get(msg.code, 0) + 1
        return sent_at, sent_seq
    if kind != "state":
        return sent_at, sent_seq
    if sent_at is not None and msg.seq > sent_seq:
        if sent_at >= stats.since:
            stats.latencies.append(time.perf_counter() - sent_at)
            stats.accepted += 1
        sent_at = None
    legal = msg.legal
    if legal and sent_at is None and time.monotonic() < stats.until:
        await asyncio.sleep(rng.expovariate(1 / think) if think > 0 else 0)
        action = game_class(game).load_test_choice(legal, rng)
        sent_seq = msg.seq
        sent_at = time.perf_counter()
        await _send(ws, p.Act(code, token, action))
    return sent_at, sent_seq


async def _room(url: str, n: int, think: float, stats: Stats, stop: float,
                game: str) -> None:
    rng = random.Random(n)
    seats = _seats(game)
    # proxy=None: no look for a proxy in the environment at each connection (loopback)
    conns = [await connect(url, max_size=1 << 20, open_timeout=120, proxy=None)
             for _ in seats]
    try:
        while time.monotonic() < stop:
            await _send(conns[0], p.Create(game, seats, {}, 0))
            tokens: list[str] = []
            code = ""
            for i, ws in enumerate(conns):
                if i:
                    await _send(ws, p.Join(code, f"Seat {i + 1}"))
                while True:
                    msg = await _recv(ws)
                    if msg.type == "joined" and msg.room is not None:
                        code = msg.room.code
                        tokens.append(msg.token)
                        break
                    if msg.type == "error":
                        raise RuntimeError(msg.message)
            await _send(conns[0], p.Start(code, tokens[0]))
            await asyncio.gather(*(_seat(ws, code, tok, random.Random(rng.random()), think,
                                         stats, stop, game)
                                   for ws, tok in zip(conns, tokens, strict=True)))
            stats.games += 1
    finally:
        for ws in conns:
            await ws.close()


async def _tick(advance: Callable[[int], None], total: int) -> None:
    """Advance the progress display once a second."""
    for _ in range(total):
        await asyncio.sleep(1.0)
        advance(1)


async def _drive(urls: list[str], rooms: range, seconds: float, think: float,
                 ramp: float, start_at: float, game: str = "showdown") -> Stats:
    """Play ``rooms`` of ``game`` (room ``n`` on ``urls[n % len(urls)]``), opened over
    ``ramp`` seconds from ``start_at`` (a wall clock time shared by every bot process)."""
    stats = Stats()
    await asyncio.sleep(max(0.0, start_at - time.time()))
    stop = time.monotonic() + ramp + seconds
    stats.until = stop
    tasks = []
    for i, n in enumerate(rooms):
        tasks.append(asyncio.create_task(_room(urls[n % len(urls)], n, think, stats, stop,
                                               game)))
        await asyncio.sleep(max(0.0, start_at + ramp * (i + 1) / len(rooms) - time.time()))
    stats.since = time.perf_counter()
    for ended in await asyncio.gather(*tasks, return_exceptions=True):
        if isinstance(ended, BaseException):     # a room that failed is counted, not fatal
            why = f"room failed: {type(ended).__name__}"
            stats.errors[why] = stats.errors.get(why, 0) + 1
    return stats


def _bots(urls: list[str], rooms: range, seconds: float, think: float, ramp: float,
          start_at: float, game: str, out: Any) -> None:
    """A bot process: its share of the rooms; sends back (latencies, accepted, games,
    errors)."""
    stats = asyncio.run(_drive(urls, rooms, seconds, think, ramp, start_at, game))
    out.send((stats.latencies, stats.accepted, stats.games, stats.errors,
              time.process_time()))


@contextlib.contextmanager
def _servers(db: str, count: int, home: str, profile: str | None,
             sample: str | None = None, stalls: str | None = None) -> Iterator[list[Any]]:
    """``count`` ``gameshelf serve`` processes on ``db``: ``[(process, url)]`` (under
    cProfile with ``profile``, sampled with ``sample``, its event loop's stalls watched
    with ``stalls``)."""
    src = Path(__file__).resolve().parent.parent / "src"
    env = {**os.environ, "GAMESHELF_HOME": home,
           "PYTHONPATH": os.pathsep.join([str(src), os.environ.get("PYTHONPATH", "")])}
    started = []
    try:
        for i in range(count):
            run = ([sys.executable, "-c", PROFILED, f"{profile}.{i}"] if profile
                   else [sys.executable, "-c", SAMPLED, f"{sample}.{i}"] if sample
                   else [sys.executable, "-c", STALLED, f"{stalls}.{i}"] if stalls
                   else [sys.executable, "-m", "gameshelf"])
            server = subprocess.Popen([*run, "serve", "--port", "0", "--db", db, "--rate",
                                       "1000", "--connections", "100000", "--rooms",
                                       "100000"], env=env, stdout=subprocess.PIPE, text=True)
            assert server.stdout is not None
            found = re.search(r"ws://127\.0\.0\.1:\d+/ws", server.stdout.readline())
            if not found:
                raise SystemExit("the server did not start")
            started.append((server, found.group(0)))
        yield started
    finally:
        for server, _ in started:
            server.terminate()
        for server, _ in started:
            server.wait(60)


def _run(name: str, db: str, count: int, args: argparse.Namespace,
         postgres_pid: int | None, advance: Callable[[int], None]) -> None:
    home = tempfile.mkdtemp(prefix="gameshelf-bench-")
    with _servers(db.replace("HOME", home), count, home, args.profile,
                  args.sample, args.stalls) as servers:
        urls = [url for _, url in servers]
        start_at = time.time() + 1.0
        pipes, procs = [], []
        ctx = multiprocessing.get_context("spawn")
        for b in range(args.bot_procs):
            mine, theirs = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_bots, args=(urls, range(b, args.rooms, args.bot_procs),
                                                   args.seconds, args.think, args.ramp,
                                                   start_at, args.game, theirs))
            proc.start()
            pipes.append(mine)
            procs.append(proc)
        time.sleep(max(0.0, start_at + args.ramp - time.time()))
        for _ in range(int(args.ramp)):
            advance(1)
        cpu0 = [_cpu_seconds(s.pid) for s, _ in servers]
        sys0 = [_system_seconds(s.pid) for s, _ in servers]
        wait0 = [_run_delay(s.pid) for s, _ in servers]
        pg0 = _tree_cpu(postgres_pid) if postgres_pid else 0.0
        t0 = time.monotonic()
        time.sleep(args.seconds)
        for _ in range(int(args.seconds)):
            advance(1)
        cpu = [_cpu_seconds(s.pid) - c for (s, _), c in zip(servers, cpu0, strict=True)]
        kernel = [_system_seconds(s.pid) - c for (s, _), c in zip(servers, sys0, strict=True)]
        waited = [_run_delay(s.pid) - w for (s, _), w in zip(servers, wait0, strict=True)]
        pg = _tree_cpu(postgres_pid) - pg0 if postgres_pid else 0.0
        elapsed = time.monotonic() - t0
        status = [_proc_status(s.pid) for s, _ in servers]
        load = os.getloadavg()
        results = [pipe.recv() for pipe in pipes]
        for proc in procs:
            proc.join(60)
    lat: list[float] = sorted(float(x) for r in results for x in r[0])
    accepted = sum(r[1] for r in results)
    errors: dict[str, int] = {}
    for r in results:
        for k, v in r[3].items():
            errors[k] = errors.get(k, 0) + v
    if not lat:
        print(f"{name}: no action was answered")
        return

    def q(x: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(x * len(lat)))]

    print(f"{name}: {args.rooms} {args.game} rooms x {SEATS.get(args.game, 4)} seats, "
          f"measured {elapsed:.0f} s after {args.ramp:g} s of opening rooms, think "
          f"{args.think:g} s")
    print(f"  accepted actions {accepted:,} ({accepted / elapsed:,.0f}/s), games finished "
          f"{sum(r[2] for r in results):,}; send -> state p50 {q(0.50):.1f} ms, p99 "
          f"{q(0.99):.1f} ms, max {1000 * lat[-1]:.1f} ms")
    for i, (c, k, w, st) in enumerate(zip(cpu, kernel, waited, status, strict=True)):
        share = accepted / len(servers)
        print(f"  server {i + 1}: CPU {c:.1f} s ({100 * c / elapsed:.0f}% of one core, "
              f"{1000 * c / max(1, share):.2f} ms an accepted action, "
              f"{1000 * k / max(1, share):.2f} of it in the kernel); RSS "
              f"{st.get('VmRSS', '?')}; waited for a CPU while runnable {w:.1f} s")
    if postgres_pid:
        print(f"  PostgreSQL: CPU {pg:.1f} s ({100 * pg / elapsed:.0f}% of one core)")
    print(f"  bots: CPU {sum(r[4] for r in results):.1f} s in {len(results)} processes; load "
          f"average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} cores")
    if errors:
        print(f"  errors: {errors}")


SETUPS = {"sqlite": ("one process, SQLite", 1), "pg1": ("one process, PostgreSQL", 1),
          "pg2": ("two processes, PostgreSQL", 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--rooms", type=int, default=1000, help="rooms at once (1-2000)")
    ap.add_argument("--seconds", type=float, default=60.0, help="length of the run (5-600)")
    ap.add_argument("--think", type=float, default=1.0,
                    help="a bot's mean wait before acting, seconds (0-10)")
    ap.add_argument("--ramp", type=float, default=60.0,
                    help="seconds over which the rooms are opened, before the measured "
                         "run (1-600)")
    ap.add_argument("--setups", default="sqlite,pg1,pg2",
                    help="which setups, comma-separated: sqlite, pg1, pg2")
    ap.add_argument("--bot-procs", type=int, default=2, help="processes of bots (1-16)")
    ap.add_argument("--game", default="showdown",
                    help="the game the rooms play (a key of a game played online)")
    ap.add_argument("--profile", metavar="FILE",
                    help="run each server under cProfile (CPU time), its figures in FILE.N")
    ap.add_argument("--stalls", metavar="FILE",
                    help="watch each server's event loop: the stacks it ran while more "
                         "than 40 ms late, in FILE.N")
    ap.add_argument("--sample", metavar="FILE",
                    help="sample each server's Python stacks every millisecond of its CPU "
                         "time, collapsed stacks in FILE.N")
    add_progress_option(ap)
    args = ap.parse_args()
    setups = [s.strip() for s in args.setups.split(",") if s.strip()]
    if not (1 <= args.rooms <= 2000 and 5 <= args.seconds <= 600 and 0 <= args.think <= 10
            and 1 <= args.ramp <= 600 and 1 <= args.bot_procs <= 16
            and setups and all(s in SETUPS for s in setups) and args.game in playable()):
        ap.error("--rooms 1-2000, --seconds 5-600, --think 0-10, --ramp 1-600, "
                 "--bot-procs 1-16, --setups of sqlite, pg1, pg2, --game of "
                 f"{', '.join(playable())}")
    total = len(setups) * int(args.ramp + args.seconds)
    with progress("seconds of load", total, args.progress) as advance, \
            contextlib.ExitStack() as stack:
        pg = None
        for name in setups:
            title, count = SETUPS[name]
            if name == "sqlite":
                _run(title, "HOME/server.db", count, args, None, advance)
                continue
            if pg is None:
                pg = stack.enter_context(cluster())
            db = pg.create_db(f"bench_{name}")
            pid = int((pg.folder / "data" / "postmaster.pid").read_text().split()[0])
            _run(title, db, count, args, pid, advance)


if __name__ == "__main__":
    main()
