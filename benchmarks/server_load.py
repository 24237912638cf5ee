"""Load on the game server (issue 13): N rooms of 4 bot seats each, over loopback.

Starts ``gameshelf serve`` as its own process on a free port with a temporary database,
creates ``--rooms`` Pinball Showdown rooms of 4 people (bots), and lets every bot play its
seat: a bot waits ``--think`` seconds (on average, exponentially spread) once it is to act,
as a person would, then sends an action chosen among the legal ones the server listed. A
finished room starts a new game. The rooms are opened over ``--ramp`` seconds; the run is
measured for ``--seconds`` after that.

Prints accepted actions per second, the p50 / p99 / max time from sending an action to
receiving the state that answers it (milliseconds), the server's memory (resident, peak)
and its CPU time. Goal on a 2-core machine: 200 rooms x 4 seats with p99 under 100 ms.

Run: ``.venv/bin/python benchmarks/server_load.py [--rooms 200] [--seconds 60]
[--think 1.0] [--ramp 20]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from gameshelf.core.progress import add_progress_option, progress
from gameshelf.server import protocol as p

SEATS = [p.SeatSpec("host", "Seat 1"), p.SeatSpec("open"), p.SeatSpec("open"),
         p.SeatSpec("open")]


class Stats:
    """What the bots measured (actions sent once every room is open: :attr:`since`)."""

    def __init__(self) -> None:
        self.since = float("inf")
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


def _cpu_seconds(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def _send(ws: ClientConnection, msg: p.Message) -> None:
    await ws.send(p.dump(msg))


async def _recv(ws: ClientConnection) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(await ws.recv())
    return data


async def _seat(ws: ClientConnection, code: str, token: str, rng: random.Random,
                think: float, stats: Stats, stop: float) -> None:
    """Play one seat until its game ends or the run stops."""
    sent_at: float | None = None
    sent_seq = -1
    while time.monotonic() < stop:
        try:
            msg = await asyncio.wait_for(_recv(ws), max(0.05, stop - time.monotonic()))
        except TimeoutError:
            return
        kind = msg["type"]
        if kind == "over":
            return
        if kind == "error":
            stats.errors[msg["code"]] = stats.errors.get(msg["code"], 0) + 1
            continue
        if kind != "state":
            continue
        if sent_at is not None and msg["seq"] > sent_seq:
            if sent_at >= stats.since:
                stats.latencies.append(time.perf_counter() - sent_at)
                stats.accepted += 1
            sent_at = None
        legal = msg["legal"]
        if legal and sent_at is None:
            await asyncio.sleep(rng.expovariate(1 / think) if think > 0 else 0)
            action = "done" if "done" in legal and rng.random() < 0.7 else rng.choice(legal)
            sent_seq = msg["seq"]
            sent_at = time.perf_counter()
            await _send(ws, p.Act(code, token, action))


async def _room(url: str, n: int, think: float, stats: Stats, stop: float) -> None:
    rng = random.Random(n)
    conns = [await connect(url, max_size=1 << 20) for _ in SEATS]
    try:
        while time.monotonic() < stop:
            await _send(conns[0], p.Create("showdown", tuple(SEATS), {}, 0))
            tokens: list[str] = []
            code = ""
            for i, ws in enumerate(conns):
                if i:
                    await _send(ws, p.Join(code, f"Seat {i + 1}"))
                while True:
                    msg = await _recv(ws)
                    if msg["type"] == "joined":
                        code = msg["room"]["code"]
                        tokens.append(msg["token"])
                        break
                    if msg["type"] == "error":
                        raise RuntimeError(msg["message"])
            await _send(conns[0], p.Start(code, tokens[0]))
            await asyncio.gather(*(_seat(ws, code, tok, random.Random(rng.random()), think,
                                         stats, stop)
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


async def _drive(url: str, rooms: int, seconds: float, think: float,
                 ramp: float, advance: Callable[[int], None]) -> tuple[Stats, float]:
    stats = Stats()
    stop = time.monotonic() + ramp + seconds
    ticker = asyncio.create_task(_tick(advance, int(ramp + seconds)))
    tasks = []
    for n in range(rooms):
        tasks.append(asyncio.create_task(_room(url, n, think, stats, stop)))
        await asyncio.sleep(ramp / rooms)
    stats.since = time.perf_counter()
    start = time.monotonic()
    await asyncio.gather(*tasks, return_exceptions=False)
    ticker.cancel()
    return stats, time.monotonic() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--rooms", type=int, default=200, help="rooms at once (1-1000)")
    ap.add_argument("--seconds", type=float, default=60.0, help="length of the run (5-600)")
    ap.add_argument("--think", type=float, default=1.0,
                    help="a bot's mean wait before acting, seconds (0-10)")
    ap.add_argument("--ramp", type=float, default=20.0,
                    help="seconds over which the rooms are opened, before the measured "
                         "run (1-600)")
    add_progress_option(ap)
    args = ap.parse_args()
    if not (1 <= args.rooms <= 1000 and 5 <= args.seconds <= 600 and 0 <= args.think <= 10
            and 1 <= args.ramp <= 600):
        ap.error("--rooms 1-1000, --seconds 5-600, --think 0-10, --ramp 1-600")
    home = tempfile.mkdtemp(prefix="gameshelf-bench-")
    src = Path(__file__).resolve().parent.parent / "src"
    env = {**os.environ, "GAMESHELF_HOME": home,
           "PYTHONPATH": os.pathsep.join([str(src), os.environ.get("PYTHONPATH", "")])}
    server = subprocess.Popen([sys.executable, "-m", "gameshelf", "serve", "--port", "0",
                               "--db", str(Path(home) / "server.db"), "--rate", "1000",
                               "--connections", "100000", "--rooms", "100000"],
                              env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        found = re.search(r"ws://127\.0\.0\.1:\d+/ws", server.stdout.readline())
        if not found:
            raise SystemExit("the server did not start")
        cpu0 = _cpu_seconds(server.pid)
        wait0 = _run_delay(server.pid)
        mine0 = time.process_time()
        with progress("seconds of load", int(args.ramp + args.seconds),
                      args.progress) as advance:
            stats, elapsed = asyncio.run(_drive(found.group(0), args.rooms, args.seconds,
                                                args.think, args.ramp, advance))
        status = _proc_status(server.pid)
        cpu = _cpu_seconds(server.pid) - cpu0
        waited = _run_delay(server.pid) - wait0
        mine = time.process_time() - mine0
    finally:
        server.terminate()
        server.wait(30)
    lat = sorted(stats.latencies)
    if not lat:
        raise SystemExit("no action was answered")

    def q(x: float) -> float:
        return 1000 * lat[min(len(lat) - 1, int(x * len(lat)))]

    print(f"rooms {args.rooms} x 4 seats, measured {elapsed:.1f} s after {args.ramp:g} s of "
          f"opening rooms, think {args.think:g} s (mean wait before acting)")
    print(f"accepted actions: {stats.accepted:,} ({stats.accepted / elapsed:,.0f}/s); "
          f"games finished: {stats.games:,}")
    print(f"send -> state: p50 {q(0.50):.1f} ms, p99 {q(0.99):.1f} ms, max "
          f"{1000 * lat[-1]:.1f} ms, mean {1000 * statistics.fmean(lat):.1f} ms")
    print(f"server: RSS {status.get('VmRSS', '?')}, peak {status.get('VmHWM', '?')}, CPU "
          f"{cpu:.1f} s ({100 * cpu / elapsed:.0f}% of one core); waited for a CPU while "
          f"runnable {waited:.1f} s")
    print(f"bots (this process): CPU {mine:.1f} s ({100 * mine / elapsed:.0f}% of one core); "
          f"machine load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    if stats.errors:
        print(f"errors: {stats.errors}")


if __name__ == "__main__":
    main()
