"""Figures of the game server's own web page, in headless Chromium over loopback, beside
the terminal app in a page, in one run (the same machine, the same load, the same niceness).

Starts ``gameshelf web --no-open --port 0`` (the page) and ``gameshelf web --terminal
--no-open --port 0`` (the terminal app in a page), each in its own data folder, then prints:

- page open to the menu usable, for each: from asking for ``/`` in a fresh browser context
  (no cache) to the menu's ``Yatz`` button there to click (the page) or the menu drawn in
  the terminal (its last game's name on the screen): median and p95 of ``--runs``, the
  opens of the two taken in turn so that the machine's load falls on both alike. Both by
  the browser's own clock (from the request for ``/`` to the menu in the page) and as the
  driver saw it (Playwright's round trips to the browser included: on a loaded machine
  they are a good part of it);
- what the page waited for (medians): its HTML's last byte, its script's and styles' last
  bytes, the requests made before the menu showed, and the menu itself, all from the
  request for ``/`` (the browser's own Navigation and Resource Timing);
- a click on a die to the page showing it held (``aria-pressed``), measured inside the page,
  and to the server's answer shown (the hold said in the moves' log): p50 and p95;
- server memory per connected player and players per process: for the page, one game server
  process (``gameshelf serve``, its own data folder) holds more and more players (``--steps``:
  Showdown rooms of 4 bots over WebSockets, each bot acting ``--think`` seconds on average
  after it is to act, as ``server_load.py`` plays them), each count for ``--seconds``: the
  server's resident memory above its start per player at each count, the p99 of a move sent
  to its ``state`` received, and the most players held with p99 under 100 ms; for the
  terminal in a page, the memory (RSS, PSS) of one player's own app process, one process
  per player (``web_sessions.py`` counts how many this machine serves).

``--before DIR`` also opens, in the same turns, the page of another checkout of this
repository at ``DIR`` (its ``gameshelf serve --port 0``, for a before/after figure).
``--shots DIR`` also saves screenshots of the menu, of a Yatz game (a few turns in, two
dice held) and of a Muggins game (a few moves in) at 390x844, 1280x800 and 1920x1080 as
``DIR/page-menu-WxH.png``, ``DIR/page-yatz-WxH.png`` and ``DIR/page-muggins-WxH.png``.

Run: ``nice .venv/bin/python benchmarks/web_page.py [--runs 20] [--before DIR]
[--shots docs/images] [--steps 100,200,400,800,1000] [--seconds 10] [--think 1.0]
[--progress]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.server_load import _cpu_seconds, _drive  # noqa: E402
from benchmarks.web_sessions import memory_kb  # noqa: E402
from tests.procs import default_signals  # noqa: E402
from tests.web.browser import READ_SCREEN, chromium, wait_for_text  # noqa: E402
from tests.web.gamepage import (  # noqa: E402
    GameServer,
    browser,
    create_room,
    game_server,
    page_server,
)
from tests.web.served import MENU_DRAWN, apps_of, served  # noqa: E402

from gameshelf.core.benchargs import whole  # noqa: E402
from gameshelf.core.progress import add_progress_option, tracked  # noqa: E402

SIZES = ((390, 844), (1280, 800), (1920, 1080))
OPEN_BOX = re.compile(r"^x[123] .+: scores \d+ now$")

#: Run in every page before its own script: the moment (``performance.now()``) the menu's
#: first game button is in the page and shown, as ``window.gameshelfMenuAt``.
MENU_SEEN = """
window.gameshelfMenuAt = null;
new MutationObserver((_, seen) => {
  if (document.querySelector('#menu:not([hidden]) button')) {
    window.gameshelfMenuAt = performance.now();
    seen.disconnect();
  }
}).observe(document, { subtree: true, childList: true, attributes: true });
"""

#: Run in the terminal's page after :data:`READ_SCREEN`: the moment the menu is drawn (its
#: last game's name on the screen, looked for every 10 ms), as ``window.gameshelfMenuAt``.
TERMINAL_SEEN = """
window.gameshelfMenuAt = null;
const gameshelfLook = setInterval(() => {
  if (window.gameshelfScreen && window.gameshelfScreen().includes(%r)) {
    window.gameshelfMenuAt = performance.now();
    clearInterval(gameshelfLook);
  }
}, 10);
"""
#: The menu's moment from the request for ``/`` (ms), by the browser's own clock.
MENU_AT = """() => window.gameshelfMenuAt - performance.getEntriesByType('navigation')[0]
    .startTime"""

#: What the page waited for, from the request for ``/`` (ms): the HTML's last byte, the
#: frame's styles' and script's last bytes, the first paint, how many requests were made,
#: and the menu in the page (:data:`MENU_SEEN`).
WAITED = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const t0 = nav.startTime;
  const done = (part) => {
    const found = performance.getEntriesByType('resource').find((e) => e.name.endsWith(part));
    return found ? found.responseEnd - t0 : null;
  };
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  return {html: nav.responseEnd - t0, styles: done('/frame.css'), script: done('/frame.js'),
          paint: paint ? paint.startTime - t0 : null,
          requests: 1 + performance.getEntriesByType('resource').length,
          menu: window.gameshelfMenuAt === null ? null : window.gameshelfMenuAt - t0};
}"""
#: :data:`WAITED`'s parts, in the order said.
PARTS = ("html", "styles", "script", "paint", "menu", "requests")

#: Clicks die ``n`` and resolves with the milliseconds until its aria-pressed changed and
#: until the log said the server's answer (a new line).
CLICK_DIE = """async (n) => {
  const die = [...document.querySelectorAll('button')]
      .find((b) => (b.getAttribute('aria-label') || '').startsWith(`Die ${n}:`));
  const log = document.getElementById('log');
  const lines = log.childElementCount;
  const was = die.getAttribute('aria-pressed');
  const t0 = performance.now();
  let pressed = null;
  return await new Promise((resolve) => {
    const check = () => {
      if (pressed === null && die.getAttribute('aria-pressed') !== was) {
        pressed = performance.now() - t0;
      }
      if (pressed !== null && log.childElementCount > lines) {
        resolve([pressed, performance.now() - t0]);
        return true;
      }
      return false;
    };
    new MutationObserver((_, obs) => { if (check()) obs.disconnect(); })
      .observe(document.body, { subtree: true, childList: true, attributes: true });
    die.click();
    check();
  });
}"""


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def new_game(page: Any, url: str) -> None:
    page.goto(url)
    # the quick computer, as before strong was the default: a fresh checkout's first strong
    # move compiles the solver (up to a minute on a loaded machine)
    create_room(page, "Yatz", level="greedy", made=False)
    page.get_by_role("button", name="Roll", exact=True).wait_for()


def play_turns(page: Any, turns: int) -> None:
    from playwright.sync_api import expect

    roll = page.get_by_role("button", name="Roll", exact=True)
    for _ in range(turns):
        expect(roll).to_be_enabled()
        roll.click()
        boxes = page.get_by_role("button", name=OPEN_BOX)
        expect(boxes.first).to_be_visible()
        labels = boxes.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
        best = max(labels, key=lambda n: int(n.split("scores ")[1].split()[0]))
        page.get_by_role("button", name=best, exact=True).click()
        page.get_by_role("button", name=f"Fill {best.split(':')[0]}", exact=True).click()
        expect(page.get_by_role("button", name=f"{best.split(':')[0]}: filled",
                                exact=False)).to_be_disabled()


@contextmanager
def before_server(checkout: Path, home: Path) -> Iterator[GameServer]:
    """``gameshelf serve --port 0`` of another checkout (its own ``src``), killed after."""
    home.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "GAMESHELF_HOME": str(home), "PYTHONPATH": str(checkout / "src")}
    process = subprocess.Popen(
        [sys.executable, "-m", "gameshelf", "serve", "--port", "0", "--rate", "1000",
         "--db", str(home / "server.db")], env=env, stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL, text=True, cwd=checkout, preexec_fn=default_signals)
    try:
        assert process.stdout is not None
        found = re.search(r"ws://127\.0\.0\.1:(\d+)/ws", process.stdout.readline())
        assert found, "the other checkout's server did not start"
        yield GameServer(process, int(found.group(1)))
    finally:
        process.kill()
        process.wait(10)


def open_page(b: Any, url: str, waited: list[dict[str, float]]) -> tuple[float, float]:
    """Milliseconds from asking for the page ``url`` to its menu's Yatz button shown, in a
    fresh context: by the browser's clock (the request for ``/`` to the button in the page)
    and as the driver saw it; what it waited for (:data:`WAITED`) appended to ``waited``."""
    context = b.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(MENU_SEEN)
    page = context.new_page()
    t0 = time.perf_counter()
    page.goto(url, wait_until="commit")
    page.get_by_role("button", name="Yatz").wait_for(state="visible")
    took = (time.perf_counter() - t0) * 1000
    found = page.evaluate(WAITED)
    waited.append(found)
    context.close()
    return float(found["menu"]), took


def open_terminal(b: Any, url: str) -> tuple[float, float]:
    """Milliseconds from asking for the terminal page ``url`` to its menu drawn, in a fresh
    context (closed after: its session ends), as :func:`open_page` gives them."""
    context = b.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(READ_SCREEN)
    context.add_init_script(TERMINAL_SEEN % MENU_DRAWN)
    page = context.new_page()
    t0 = time.perf_counter()
    page.goto(url, wait_until="commit")
    wait_for_text(page, MENU_DRAWN)
    took = (time.perf_counter() - t0) * 1000
    page.wait_for_function("() => window.gameshelfMenuAt !== null")
    shown = float(page.evaluate(MENU_AT))
    context.close()
    return shown, took


def waited_for(part: str, values: list[float]) -> str:
    """``part M/P ms`` (median, p95), or ``requests M/P``."""
    if not values:
        return f"{part} -"
    unit = "" if part == "requests" else " ms"
    return f"{part} {statistics.median(values):.0f}/{pct(values, 95):.0f}{unit}"


def said(name: str, values: list[tuple[float, float]]) -> str:
    """The figures of one page's opens (see :func:`open_page`)."""
    shown, seen = [v[0] for v in values], [v[1] for v in values]
    return (f"{name}: page open to menu usable: median {statistics.median(shown):.0f} ms, "
            f"p95 {pct(shown, 95):.0f} ms in the page; median {statistics.median(seen):.0f} "
            f"ms, p95 {pct(seen, 95):.0f} ms as the driver saw it ({len(values)} runs, "
            "fresh contexts)")


#: The p99 of a move to its update under which a count of players is held (ms).
HELD_P99_MS = 100.0


class PeakMemory:
    """The most resident memory (kB) process ``pid`` had while it was watched, sampled every
    0.2 s in a thread of its own (``with PeakMemory(pid) as peak: ...; peak.kb``)."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.kb = memory_kb(pid)[0]
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, daemon=True)

    def _watch(self) -> None:
        while not self._done.wait(0.2):
            self.kb = max(self.kb, memory_kb(self.pid)[0])

    def __enter__(self) -> PeakMemory:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._done.set()
        self._thread.join()
        self.kb = max(self.kb, memory_kb(self.pid)[0])


def in_a_thread(work: Callable[[], Any]) -> Any:
    """``work()`` in a thread of its own (its own event loop: Playwright's sync API holds
    one in this thread); its result, or its exception raised here."""
    out: list[Any] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            out.append(work())
        except BaseException as exc:   # raised again in the caller's thread
            failed.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
    return out[0]


def players_held(home: Path, steps: list[int], seconds: float, think: float,
                 show: bool | None) -> None:
    """Print, for one game server process, the memory per connected player and the p99 of
    a move to its update at each count of ``steps`` (players, rounded down to rooms of 4),
    then the most players held with p99 under :data:`HELD_P99_MS` (see the module's text).
    Stops at the first count past it."""
    limits = ("--rate", "1000", "--connections", "100000", "--rooms", "100000")
    with game_server(home, *limits) as server:
        pid = server.process.pid
        in_a_thread(lambda: asyncio.run(_drive([server.ws_url], range(1), 1.0, 0.0, 1.0,
                                               time.time())))   # warmed
        start_kb = memory_kb(pid)[0]
        held = 0
        for players in tracked(steps, "counts of players", len(steps), show):
            rooms = max(1, players // 4)
            cpu0, wall0 = _cpu_seconds(pid), time.perf_counter()
            with PeakMemory(pid) as peak:
                def load(rooms: int = rooms) -> Any:
                    return asyncio.run(_drive([server.ws_url], range(rooms), seconds,
                                              think, max(2.0, seconds / 2), time.time()))
                stats = in_a_thread(load)
            busy = (_cpu_seconds(pid) - cpu0) / (time.perf_counter() - wall0)
            lat = sorted(stats.latencies)
            p99 = 1000 * lat[min(len(lat) - 1, int(0.99 * len(lat)))] if lat else float("inf")
            per = (peak.kb - start_kb) / (rooms * 4)
            errors = f"; errors {stats.errors}" if stats.errors else ""
            print(f"  the page's server, {rooms * 4:,} players connected: move to update p99 "
                  f"{p99:.1f} ms ({len(lat):,} moves); memory {peak.kb / 1024:.0f} MB, "
                  f"{per:.0f} kB per player above the server's start "
                  f"({start_kb / 1024:.0f} MB); server CPU {100 * busy:.0f}% of one core"
                  f"{errors}", flush=True)
            if p99 >= HELD_P99_MS:
                break
            held = rooms * 4
        print(f"the page: players one server process holds with p99 move to update under "
              f"{HELD_P99_MS:.0f} ms: {held:,} (of the counts tried: "
              f"{', '.join(map(str, steps))}; {os.cpu_count()} cores shared, load average "
              f"{os.getloadavg()[0]:.1f})")


def terminal_memory(b: Any, url: str, terminal: Any) -> None:
    """Print the memory of one player's app process in the terminal in a page (the page
    open at its menu meanwhile)."""
    context = b.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(READ_SCREEN)
    page = context.new_page()
    page.goto(url)
    wait_for_text(page, MENU_DRAWN)
    sizes = [memory_kb(pid) for pid in apps_of(terminal)]
    context.close()
    rss, pss = sum(s[0] for s in sizes), sum(s[1] for s in sizes)
    print(f"the terminal in a page: server memory per connected player: RSS {rss / 1024:.0f} "
          f"MB, PSS {pss / 1024:.0f} MB (its own app process); players per process: 1 "
          "(one app process each; web_sessions.py counts how many this machine serves)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=whole("--runs", 1, 1000), default=20)
    parser.add_argument("--steps", default="100,200,400,800,1000",
                        help="counts of players connected to the page's server, in order")
    parser.add_argument("--seconds", type=float, default=10.0,
                        help="seconds each count of players is measured (2-600)")
    parser.add_argument("--think", type=float, default=1.0,
                        help="a bot's mean wait before acting, seconds (0-10)")
    parser.add_argument("--before", type=Path, default=None, metavar="DIR")
    parser.add_argument("--shots", type=Path, default=None)
    add_progress_option(parser)
    args = parser.parse_args()
    try:
        steps = [int(n) for n in args.steps.split(",")]
    except ValueError:
        parser.error("--steps: counts of players separated by commas, like 100,200,400")
    if not (all(4 <= n <= 100_000 for n in steps) and 2 <= args.seconds <= 600
            and 0 <= args.think <= 10):
        parser.error("--steps 4-100000 each, --seconds 2-600, --think 0-10")
    executable = chromium()
    if executable is None:
        sys.exit("no Chromium: install Debian's chromium package")
    with tempfile.TemporaryDirectory(prefix="gameshelf-page-") as home, ExitStack() as stack:
        root = Path(home)
        server = stack.enter_context(page_server(root / "page"))
        terminal = stack.enter_context(served(root / "terminal", "--max-sessions", "40"))
        b = stack.enter_context(browser(executable))
        waited: dict[str, list[dict[str, float]]] = {"the page": []}
        opens: dict[str, Callable[[], tuple[float, float]]] = {
            "the page": lambda: open_page(b, server.url, waited["the page"]),
            "the terminal in a page": lambda: open_terminal(b, terminal.url)}
        if args.before is not None:
            old = stack.enter_context(before_server(args.before.resolve(), root / "before"))
            waited["the page before"] = []
            opens["the page before"] = lambda: open_page(b, old.url, waited["the page before"])
        for how in opens.values():
            how()    # each server's first answer (its imports warmed) is not counted
        for kept in waited.values():
            kept.clear()
        times: dict[str, list[tuple[float, float]]] = {name: [] for name in opens}
        for _ in tracked(range(args.runs), "pages opened", args.runs, args.progress):
            for name, how in opens.items():
                times[name].append(how())
        for name, values in times.items():
            print(said(name, values))
        for name, kept in waited.items():
            print(f"{name} waited for (median, p95 from the request for /): " + ", ".join(
                waited_for(part, [w[part] for w in kept if w[part] is not None])
                for part in PARTS))

        context = b.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        new_game(page, server.url)
        shown: list[float] = []
        answered: list[float] = []
        while len(shown) < args.runs:
            page.get_by_role("button", name="Roll", exact=True).click()
            page.get_by_role("button", name=re.compile(r"^Die 1: [1-6]$")).wait_for()
            for n in (1, 2, 1, 2):
                pressed, said_ = page.evaluate(CLICK_DIE, n)
                shown.append(pressed)
                answered.append(said_)
            play_turns_box(page)
        print(f"click on a die to held shown: p50 {pct(shown, 50):.1f} ms, p95 "
              f"{pct(shown, 95):.1f} ms; to the server's answer shown: p50 "
              f"{pct(answered, 50):.1f} ms, p95 {pct(answered, 95):.1f} ms "
              f"({len(shown)} clicks)")
        context.close()

        terminal_memory(b, terminal.url, terminal)
        players_held(root / "load", steps, args.seconds, args.think, args.progress)

        if args.shots is not None:
            args.shots.mkdir(parents=True, exist_ok=True)
            for width, height in SIZES:
                context = b.new_context(viewport={"width": width, "height": height})
                page = context.new_page()
                page.goto(server.url)
                page.get_by_role("button", name="Yatz").wait_for()
                page.screenshot(path=str(args.shots / f"page-menu-{width}x{height}.png"))
                new_game(page, server.url)
                play_turns(page, 5)
                page.get_by_role("button", name="Roll", exact=True).click()
                page.get_by_role("button", name=re.compile(r"^Die 1: [1-6]$")).wait_for()
                for n in (2, 4):
                    page.evaluate(CLICK_DIE, n)
                page.wait_for_timeout(500)    # the roll's tumble done
                page.evaluate("() => window.scrollTo(0, 0)")
                page.screenshot(path=str(args.shots / f"page-yatz-{width}x{height}.png"))
                muggins(page, server.url)
                page.screenshot(path=str(args.shots / f"page-muggins-{width}x{height}.png"))
                context.close()
            print(f"screenshots in {args.shots}")


def muggins(page: Any, url: str, moves: int = 8) -> None:
    """A Muggins game against Mugsy, a few moves in (a tile that fits, else draw or pass)."""
    page.goto(url)
    create_room(page, "Muggins", made=False)
    rack = page.get_by_role("group", name="Your tiles")
    able = page.get_by_role("button", name=re.compile(r"^(\d-\d|Draw|Pass)$"), disabled=False)
    for _ in range(moves):
        able.first.wait_for()
        tiles = rack.get_by_role("button", disabled=False)
        if tiles.count():
            tiles.first.click()
            ends = page.get_by_role("group", name="Which end")
            if ends.is_visible():
                ends.get_by_role("button", name=re.compile("^Left end")).click()
        else:
            able.first.click()
    able.first.wait_for()
    page.evaluate("() => window.scrollTo(0, 0)")


def play_turns_box(page: Any) -> None:
    """Fill the best box now (the turn ends)."""
    boxes = page.get_by_role("button", name=OPEN_BOX)
    boxes.first.wait_for()
    labels = boxes.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    best = max(labels, key=lambda n: int(n.split("scores ")[1].split()[0]))
    page.get_by_role("button", name=best, exact=True).click()
    page.get_by_role("button", name=f"Fill {best.split(':')[0]}", exact=True).click()
    page.get_by_role("button", name=re.compile(rf"^{re.escape(best.split(':')[0])}: filled"))\
        .wait_for()
    page.get_by_role("button", name="Die 1: not rolled").wait_for()


if __name__ == "__main__":
    main()
