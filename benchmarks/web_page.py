"""Figures of the game server's own web page, in headless Chromium over loopback.

Starts ``gameshelf serve --port 0`` (its own data folder), then prints:

- page open to the menu usable: from asking for ``/`` in a fresh browser context (no cache)
  to the menu's game button being there to click (median and p95 of ``--runs``);
- a click on a die to the page showing it held (``aria-pressed``), measured inside the page,
  and to the server's answer shown (the hold said in the moves' log): p50 and p95.

``--shots DIR`` also saves screenshots of the menu, of a Yatz game (a few turns in, two
dice held) and of a Muggins game (a few moves in) at 390x844, 1280x800 and 1920x1080 as
``DIR/page-menu-WxH.png``, ``DIR/page-yatz-WxH.png`` and ``DIR/page-muggins-WxH.png``.

Run: ``.venv/bin/python benchmarks/web_page.py [--runs 20] [--shots docs/images] [--progress]``.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.browser import chromium  # noqa: E402
from tests.web.gamepage import browser, game_server  # noqa: E402

from gameshelf.core.benchargs import whole  # noqa: E402
from gameshelf.core.progress import add_progress_option, tracked  # noqa: E402

SIZES = ((390, 844), (1280, 800), (1920, 1080))
OPEN_BOX = re.compile(r"^x[123] .+: scores \d+ now$")

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
    page.get_by_role("button", name="Yatz").click()
    page.get_by_role("textbox", name="Your name").fill("Ann")
    page.get_by_role("button", name="Create the room").click()
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
        expect(page.get_by_role("button", name=f"{best.split(':')[0]}: filled",
                                exact=False)).to_be_disabled()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=whole("--runs", 1, 1000), default=20)
    parser.add_argument("--shots", type=Path, default=None)
    add_progress_option(parser)
    args = parser.parse_args()
    executable = chromium()
    if executable is None:
        sys.exit("no Chromium: install Debian's chromium package")
    with tempfile.TemporaryDirectory(prefix="gameshelf-page-") as home, \
            game_server(Path(home), "--rate", "1000") as server, browser(executable) as b:
        opened = []
        for _ in tracked(range(args.runs), "page opened", args.runs, args.progress):
            context = b.new_context(viewport={"width": 1280, "height": 800})
            page = context.new_page()
            t0 = time.perf_counter()
            page.goto(server.url, wait_until="commit")
            page.get_by_role("button", name="Yatz").wait_for(state="visible")
            opened.append((time.perf_counter() - t0) * 1000)
            context.close()
        print(f"page open to menu usable: median {statistics.median(opened):.0f} ms, "
              f"p95 {pct(opened, 95):.0f} ms ({args.runs} runs, fresh contexts)")

        context = b.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        new_game(page, server.url)
        shown, answered = [], []
        while len(shown) < args.runs:
            page.get_by_role("button", name="Roll", exact=True).click()
            page.get_by_role("button", name=re.compile(r"^Die 1: [1-6]$")).wait_for()
            for n in (1, 2, 1, 2):
                pressed, said = page.evaluate(CLICK_DIE, n)
                shown.append(pressed)
                answered.append(said)
            play_turns_box(page)
        print(f"click on a die to held shown: p50 {pct(shown, 50):.1f} ms, p95 "
              f"{pct(shown, 95):.1f} ms; to the server's answer shown: p50 "
              f"{pct(answered, 50):.1f} ms, p95 {pct(answered, 95):.1f} ms "
              f"({len(shown)} clicks)")
        context.close()

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
    page.get_by_role("button", name="Muggins").click()
    page.get_by_role("textbox", name="Your name").fill("Ann")
    page.get_by_role("button", name="Create the room").click()
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
    page.get_by_role("button", name=re.compile(rf"^{re.escape(best.split(':')[0])}: filled"))\
        .wait_for()
    page.get_by_role("button", name="Die 1: not rolled").wait_for()


if __name__ == "__main__":
    main()
