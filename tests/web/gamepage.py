"""The game server's own web page under test: ``gameshelf serve`` on a free loopback port in
a child process, and headless Chromium (Debian's ``chromium``, driven by Playwright; nothing
downloads a browser) opening it. Used by the page's tests and ``benchmarks/web_page.py``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.procs import default_signals
from tests.web.browser import ARGS, SHARED

ROOT = Path(__file__).resolve().parents[2]
#: Seconds to wait for something that should come at once, on a loaded 2-core machine.
PATIENCE = 60.0


class GameServer:
    """A running ``gameshelf serve --port 0`` and its addresses."""

    def __init__(self, process: subprocess.Popen[str], port: int) -> None:
        self.process = process
        self.port = port

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"


@contextmanager
def game_server(home: Path, *args: str) -> Iterator[GameServer]:
    """``gameshelf serve --port 0 --db HOME/server.db ARGS`` with ``GAMESHELF_HOME=home``,
    stopped (killed, waited for) after."""
    home.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "GAMESHELF_HOME": str(home),
           "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    process = subprocess.Popen(
        [sys.executable, "-m", "gameshelf", "serve", "--port", "0",
         "--db", str(home / "server.db"), *args],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
        preexec_fn=default_signals)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.search(r"ws://127\.0\.0\.1:(\d+)/ws", line)
        assert found, line + (process.stderr.read() if process.stderr else "")
        yield GameServer(process, int(found.group(1)))
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()


@contextmanager
def page_server(home: Path, *args: str) -> Iterator[GameServer]:
    """``gameshelf web --no-open --port 0 ARGS`` (the page for one person, its rooms in
    ``HOME``'s data folder) with ``GAMESHELF_HOME=home``, stopped (killed, waited for)
    after; its first line names the page's address."""
    home.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "GAMESHELF_HOME": str(home),
           "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), os.environ.get("PYTHONPATH", "")])}
    process = subprocess.Popen(
        [sys.executable, "-m", "gameshelf", "web", "--no-open", "--port", "0", *args],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT,
        preexec_fn=default_signals)
    try:
        assert process.stdout is not None
        line = process.stdout.readline()
        found = re.search(r"the game page is at http://127\.0\.0\.1:(\d+)/$", line)
        assert found, line + (process.stderr.read() if process.stderr else "")
        yield GameServer(process, int(found.group(1)))
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(10)
        for stream in (process.stdout, process.stderr):
            if stream is not None:
                stream.close()


@contextmanager
def browser(executable: str) -> Iterator[Any]:
    """A headless Chromium (Playwright's ``Browser``): the test process's one while its page
    tests run (:data:`tests.web.browser.SHARED`), every context the caller opened in it
    closed after, else one launched for the caller."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        address = SHARED.get(executable)
        if address is not None:
            connected = playwright.chromium.connect_over_cdp(address)
            kept = set(connected.contexts)      # Chromium's own default context
            try:
                yield connected
            finally:
                for context in connected.contexts:
                    if context not in kept:
                        context.close()
                connected.close()
            return
        launched = playwright.chromium.launch(executable_path=executable, headless=True,
                                              args=ARGS)
        try:
            yield launched
        finally:
            launched.close()


def no_horizontal_scroll(page: Any) -> bool:
    """True when the page is no wider than its window (nothing to scroll sideways)."""
    return bool(page.evaluate(
        "() => document.documentElement.scrollWidth <= window.innerWidth"))


def kept_seat(page: Any, code: str) -> dict[str, Any]:
    """The seat this browser keeps for room ``code`` (``{"seat", "token"}``)."""
    text = page.evaluate("code => localStorage.getItem(`gameshelf.seat.${code}`)", code)
    found: dict[str, Any] = json.loads(text)
    return found


def device_room(page: Any, title: str, tap: bool = False) -> None:
    """From the page's menu, a room of ``title`` for Ann and Bob at this one device (no
    computer), once the page says Bob is there; ``tap`` touches where it would click."""
    from playwright.sync_api import expect

    press = "tap" if tap else "click"
    getattr(page.get_by_role("button", name=title), press)()
    page.get_by_role("textbox", name="Your name").fill("Ann")
    page.get_by_role("spinbutton", name="Computer players").fill("0")
    page.get_by_role("textbox", name="Others playing at this device").fill("Bob")
    getattr(page.get_by_role("button", name="Create the room"), press)()
    expect(page.get_by_text("Bob: at this device")).to_be_visible()
