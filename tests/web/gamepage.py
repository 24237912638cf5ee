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

from gameshelf.core.records import GameRecord
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


def phone(chromium: Any, asked: list[str] | None = None) -> Any:
    """A page at a phone's 390x844 window (touch, mobile) in a context of its own, waiting
    up to :data:`PATIENCE`; with ``asked``, every address the page asks for (its requests
    and WebSockets) is added to it as it goes. ``page.context.close()`` ends it."""
    context = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True,
                                   is_mobile=True)
    context.set_default_timeout(PATIENCE * 1000)
    page = context.new_page()
    if asked is not None:
        page.on("request", lambda r: asked.append(r.url))
        page.on("websocket", lambda w: asked.append(w.url))
    return page


def record_of(ws_url: str, code: str, token: str) -> GameRecord:
    """The record of room ``code`` as the server gives it to the seat holding ``token``."""
    from websockets.sync.client import connect

    with connect(ws_url) as ws:
        ws.send(json.dumps({"v": 1, "type": "record", "code": code, "token": token}))
        answer = json.loads(ws.recv(timeout=PATIENCE))
    assert answer["type"] == "record", answer
    return GameRecord.from_json(json.dumps(answer["record"]))


def no_horizontal_scroll(page: Any) -> bool:
    """True when the page is no wider than its window (nothing to scroll sideways)."""
    return bool(page.evaluate(
        "() => document.documentElement.scrollWidth <= window.innerWidth"))


def kept_seat(page: Any, code: str) -> dict[str, Any]:
    """The seat this browser keeps for room ``code`` (``{"seat", "token"}``)."""
    text = page.evaluate("code => localStorage.getItem(`gameshelf.seat.${code}`)", code)
    found: dict[str, Any] = json.loads(text)
    return found


def create_room(page: Any, game: str, name: str = "Ann", *, computers: int | None = None,
                level: str | None = None, device: str | None = None,
                friends: int | None = None, options: dict[str, str] | None = None,
                press: str = "click", opened: bool = False, made: bool = True) -> str:
    """From the page's menu, a room of ``game`` made by ``name``: its setup opened (unless
    ``opened`` says it is open already), the name typed, and each field given set (how many
    computer players, their level, the names of others at this device, how many seats for
    friends, and the game's own number fields, ``options``, by the first words of their
    labels); "Create the room" pressed as ``press`` says (``click``, ``tap``, the game's
    button tapped too, or ``dblclick``). With ``made``, the room's code once the page's
    address is the room's (``/r/CODE``); without (the form may be refused), "" at once.
    Fields not given keep the page's defaults."""
    from playwright.sync_api import expect

    if not opened:
        getattr(page.get_by_role("button", name=game, exact=True),
                "tap" if press == "tap" else "click")()
    page.get_by_role("textbox", name="Your name").fill(name)
    if computers is not None:
        page.get_by_role("spinbutton", name="Computer players").fill(str(computers))
    if level is not None:
        page.get_by_role("combobox", name="Computer level").select_option(level)
    if device is not None:
        page.get_by_role("textbox", name=re.compile("^Others playing at this device")
                         ).fill(device)
    if friends is not None:
        page.get_by_role("spinbutton", name=re.compile("^Seats for friends")).fill(str(friends))
    for label, value in (options or {}).items():
        page.get_by_role("spinbutton", name=re.compile(f"^{label}")).fill(value)
    getattr(page.get_by_role("button", name="Create the room"), press)()
    if not made:
        return ""
    expect(page).to_have_url(re.compile(r"/r/[A-Z0-9]+$"))
    return str(page.url.rsplit("/", 1)[1])


def join_room(page: Any, url: str, name: str) -> None:
    """``name`` sits at an open seat of the room at ``url`` (its link): the link opened,
    the name typed, Join pressed."""
    page.goto(url)
    page.get_by_role("textbox", name="Your name").fill(name)
    page.get_by_role("button", name="Join").click()


def device_room(page: Any, title: str, tap: bool = False) -> None:
    """From the page's menu, a room of ``title`` for Ann and Bob at this one device (no
    computer), once the page says Bob is there; ``tap`` touches where it would click."""
    from playwright.sync_api import expect

    create_room(page, title, computers=0, device="Bob", press="tap" if tap else "click")
    expect(page.get_by_text("Bob: at this device")).to_be_visible()
