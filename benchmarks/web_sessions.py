"""``gameshelf web`` under load (issue 12): how fast a page draws the menu, what one open
session costs, and how many sessions this machine serves before a key's echo is slow.

Prints:

* **page open to menu drawn**: headless Chromium opens the page and waits until the menu is
  on it (median, min and max of 10; a fresh page each time). Without Chromium, the same
  over the websocket alone.
* **memory per open session**: the resident memory (RSS) of each open session's app process,
  and its proportional share (PSS: shared pages divided among the processes that share them,
  which is what one more session really adds).
* **sessions served**: sessions are opened one more at a time (up to ``--most``), each drawing
  its menu; then every open session gets a key at the same moment (Down, Up, Down: the worst
  case, every player typing at once) and the time from a key sent to the first byte of the
  app's answer (its echo) is measured. It stops at the first count
  whose median echo passes 100 ms (or at ``--most``, or after ``--budget`` seconds), and says
  the largest count that stayed under.

The figures depend on what else the machine does (other programs' load is printed first).

Run: ``.venv/bin/python benchmarks/web_sessions.py [--most 40] [--budget 240]``
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # the tests' helpers

from tests.web.browser import browser_page, chromium, wait_for_text  # noqa: E402
from tests.web.served import MENU_DRAWN, Served, apps_of, read_until, served  # noqa: E402

from gameshelf.core.progress import add_progress_option, progress, tracked  # noqa: E402

ECHO_LIMIT_MS = 100.0
KEYS = ("\x1b[B", "\x1b[A")   # Down, Up: the menu's highlight moves and is drawn again


def page_to_menu(server: Served, runs: int = 10,
                 show: bool | None = None) -> tuple[str, list[float]]:
    """Seconds from opening the page to the menu drawn, ``runs`` times (``show``: the
    progress on stderr, see :func:`gameshelf.core.progress.progress`)."""
    times = []
    executable = chromium()
    if executable is not None:
        with browser_page(executable) as page:
            for _ in tracked(range(runs), "pages", runs, show):
                start = time.perf_counter()
                page.goto(server.url)
                wait_for_text(page, MENU_DRAWN)
                times.append(time.perf_counter() - start)
                page.goto("about:blank")   # the tab's session ends
        return "Chromium", times

    async def over_websocket() -> None:
        async with aiohttp.ClientSession() as session:
            for _ in tracked(range(runs), "pages", runs, show):
                start = time.perf_counter()
                async with session.get(server.url) as page:
                    await page.read()
                async with session.ws_connect(server.ws_url()) as ws:
                    await read_until(ws, MENU_DRAWN)
                times.append(time.perf_counter() - start)

    asyncio.run(over_websocket())
    return "websocket only (no Chromium)", times


def memory_kb(pid: int) -> tuple[int, int]:
    """(RSS, PSS) of process ``pid`` in kB."""
    rss = pss = 0
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Rss:"):
            rss = int(line.split()[1])
        elif line.startswith("Pss:"):
            pss = int(line.split()[1])
    return rss, pss


async def echo_ms(ws: aiohttp.ClientWebSocketResponse, key: str) -> float:
    """Milliseconds from sending ``key`` to the first output that answers it."""
    while True:   # drop output already waiting
        try:
            await ws.receive(timeout=0.001)
        except TimeoutError:
            break
    start = time.perf_counter()
    await ws.send_str(json.dumps(["stdin", key]))
    while True:
        message = await ws.receive(timeout=30)
        if message.type == aiohttp.WSMsgType.BINARY:
            return (time.perf_counter() - start) * 1000
        if message.type != aiohttp.WSMsgType.TEXT:
            raise RuntimeError("a session closed during the measure")


async def sessions_served(server: Served, most: int, budget: float,
                          show: bool | None = None) -> None:
    """Open sessions one more at a time; print the echo at each count (see the module)."""
    started = time.monotonic()
    best = 0
    async with aiohttp.ClientSession() as client:
        sockets: list[aiohttp.ClientWebSocketResponse] = []
        with progress("sessions", most, show) as advance:
            try:
                while len(sockets) < most and time.monotonic() - started < budget:
                    ws = await client.ws_connect(server.ws_url())
                    await read_until(ws, MENU_DRAWN)
                    sockets.append(ws)
                    advance(1)
                    if len(sockets) == 1:
                        rss, pss = memory_kb(apps_of(server)[0])
                        print(f"memory per open session: RSS {rss / 1024:.0f} MB, "
                              f"PSS {pss / 1024:.0f} MB (one session)")
                    echoes: list[float] = []
                    for round_ in range(3):   # every player presses a key at the same moment
                        echoes += await asyncio.gather(*(echo_ms(ws_, KEYS[round_ % 2])
                                                         for ws_ in sockets))
                    echoes.sort()
                    median = statistics.median(echoes)
                    p90 = echoes[int(0.9 * (len(echoes) - 1))]
                    print(f"  {len(sockets):3d} sessions: key echo median {median:6.1f} ms, "
                          f"90th percentile {p90:6.1f} ms, max {echoes[-1]:6.1f} ms",
                          flush=True)
                    if median > ECHO_LIMIT_MS:
                        break
                    best = len(sockets)
                if sockets:
                    sizes = [memory_kb(pid) for pid in apps_of(server)]
                    print(f"memory per open session ({len(sizes)} open): RSS median "
                          f"{statistics.median(s[0] for s in sizes) / 1024:.0f} MB, PSS median "
                          f"{statistics.median(s[1] for s in sizes) / 1024:.0f} MB")
            finally:
                for ws in sockets:
                    await ws.close()
    ended = "the limit of --most" if best == most else (
        "the time budget" if time.monotonic() - started >= budget else "a slow echo")
    print(f"sessions served with a median key echo under {ECHO_LIMIT_MS:.0f} ms: {best} "
          f"(stopped by {ended}; {os.cpu_count()} cores)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--most", type=int, default=40, help="most sessions to open (40)")
    parser.add_argument("--budget", type=float, default=240.0,
                        help="seconds for the sessions part at most (240)")
    add_progress_option(parser)
    args = parser.parse_args()
    load = os.getloadavg()
    print(f"machine: {os.cpu_count()} cores, load average {load[0]:.1f} before the run")
    with tempfile.TemporaryDirectory() as home:
        with served(Path(home), "--max-sessions", str(args.most + 1)) as server:
            how, times = page_to_menu(server, show=args.progress)
            print(f"page open to menu drawn ({how}, {len(times)} pages): median "
                  f"{statistics.median(times):.2f} s, min {min(times):.2f} s, "
                  f"max {max(times):.2f} s")
            asyncio.run(sessions_served(server, args.most, args.budget, args.progress))
            server.stop()


if __name__ == "__main__":
    main()
