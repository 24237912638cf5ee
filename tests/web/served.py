"""A ``gameshelf web --terminal`` server in a child process, a websocket client speaking the
page's protocol, and the processes a server leaves behind (tests and ``benchmarks/web_*.py``).

The client is what the page's script does (textual-serve's ``textual.js``): it opens
``/ws?width=W&height=H``, sends ``["stdin", text]`` for keys and ``["resize", {...}]``, and
receives the app's output as binary messages. :func:`screen_text` strips the output's escape
sequences, enough to find words the app drew.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import aiohttp

from tests.procs import default_signals

ROOT = Path(__file__).resolve().parents[2]
#: Seconds a test waits for something that should come at once (a server start, a menu
#: drawn) on a loaded 2-core machine before it fails.
PATIENCE = 60.0

_ESCAPES = re.compile(rb"\x1b(?:\[[0-9;?$<>=!]*[ -/]*[@-~]"        # CSI: colours, moves
                      rb"|\][^\x07\x1b]*(?:\x07|\x1b\\)"             # OSC: titles
                      rb"|[@-Z\\-_])")                              # two-byte escapes


def screen_text(output: bytes) -> str:
    """The text in an app's output with the escape sequences taken out."""
    return _ESCAPES.sub(b"", output).decode("utf-8", "replace")


class Served:
    """A running ``gameshelf web --port 0`` child process and its address."""

    def __init__(self, process: subprocess.Popen[str], port: int, home: Path,
                 banner: list[str]) -> None:
        self.process = process
        self.port = port
        self.home = home
        self.banner = banner

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/"

    def ws_url(self, width: int = 80, height: int = 24) -> str:
        return f"http://127.0.0.1:{self.port}/ws?width={width}&height={height}"

    def stop(self, sig: int = signal.SIGINT, timeout: float = PATIENCE) -> tuple[int, str, str]:
        """Send ``sig`` and wait; the exit code, the rest of stdout and stderr."""
        if self.process.poll() is None:
            self.process.send_signal(sig)
        out, err = self.process.communicate(timeout=timeout)
        return self.process.returncode, out, err


def server_command(*args: str) -> list[str]:
    """``gameshelf web --terminal --no-open`` with ``args``, on a free port unless ``args``
    name one (an option is given once: the command line refuses it twice)."""
    port = () if "--port" in args else ("--port", "0")
    return [sys.executable, "-m", "gameshelf", "web", "--terminal", "--no-open", *port, *args]


@contextmanager
def served(home: Path, *args: str, command: list[str] | None = None) -> Iterator[Served]:
    """Start ``gameshelf web --terminal --no-open --port 0 ARGS`` (or ``command``, which
    prints the same banner) with ``GAMESHELF_HOME=home``; stop it after."""
    env = dict(os.environ, GAMESHELF_HOME=str(home),
               PYTHONPATH=str(ROOT / "src"))
    process = subprocess.Popen(command or server_command(*args), stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT,
                               preexec_fn=default_signals)
    try:
        assert process.stdout is not None
        banner = []
        port = None
        deadline = time.monotonic() + PATIENCE
        while port is None and time.monotonic() < deadline:
            line = process.stdout.readline()
            if not line:
                break
            banner.append(line)
            found = re.search(r"serving the game menu on http://\S+:(\d+)/", line)
            if found:
                port = int(found.group(1))
        if port is None:
            process.kill()
            out, err = process.communicate()
            raise AssertionError(f"the server did not start: {banner} {out} {err}")
        banner.append(process.stdout.readline())
        yield Served(process, port, home, banner)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def processes_of(home: Path) -> list[int]:
    """The processes running with ``GAMESHELF_HOME=home`` (the server and every app it
    started, also one whose parent went away), this test's own process left out."""
    marker = f"GAMESHELF_HOME={home}".encode() + b"\0"
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            environ = (entry / "environ").read_bytes()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if state != "Z" and (b"\0" + environ).find(b"\0" + marker) >= 0:
            found.append(int(entry.name))
    return found


def apps_of(served: Served) -> list[int]:
    """The app processes of ``served`` (every process with its home but the server)."""
    return [pid for pid in processes_of(served.home) if pid != served.process.pid]


def wait_for_no_apps(served: Served, timeout: float = PATIENCE) -> list[int]:
    """Wait until ``served`` has no app process left; the ones left at the deadline."""
    deadline = time.monotonic() + timeout
    while (left := apps_of(served)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


async def receive(ws: aiohttp.ClientWebSocketResponse,
                  timeout: float = PATIENCE) -> aiohttp.WSMessage:
    """The next message from ``ws``, or :class:`TimeoutError` once ``timeout`` seconds have
    passed. aiohttp's own ``receive(timeout)`` starts its timeout again at each ping the
    server sends (its heartbeat, every 15 s): a longer timeout never expires while the
    server runs, and a test waiting on an app that never draws would wait for ever."""
    return await asyncio.wait_for(ws.receive(), timeout)


async def closed(ws: aiohttp.ClientWebSocketResponse,
                 timeout: float = PATIENCE) -> aiohttp.WSMsgType:
    """Read ``ws`` until the server closes it; how it closed (``CLOSED`` also when the
    transport was already closing as aiohttp answered a ping with its pong: a race with
    the server's close, seen once at load 20).

    Raises:
        TimeoutError: it was still open after ``timeout`` seconds.
    """
    deadline = time.monotonic() + timeout
    while True:
        try:
            message = await receive(ws, deadline - time.monotonic())
        except aiohttp.ClientConnectionResetError:
            return aiohttp.WSMsgType.CLOSED
        if message.type not in (aiohttp.WSMsgType.BINARY, aiohttp.WSMsgType.TEXT):
            return message.type


async def read_until(ws: aiohttp.ClientWebSocketResponse, words: str,
                     output: bytearray | None = None, timeout: float = PATIENCE) -> bytes:
    """Read the app's output from ``ws`` until ``words`` are in its text; all output read.

    Raises:
        AssertionError: the socket closed, or ``timeout`` passed, before the words came.
    """
    output = bytearray() if output is None else output
    deadline = time.monotonic() + timeout
    while words not in screen_text(bytes(output)):
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError(f"{words!r} never came: {screen_text(bytes(output))[-800:]!r}")
        try:
            message = await receive(ws, left)
        except TimeoutError:
            continue  # the deadline says it
        if message.type == aiohttp.WSMsgType.BINARY:
            output += message.data
        elif message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                              aiohttp.WSMsgType.CLOSING, aiohttp.WSMsgType.ERROR):
            raise AssertionError(f"closed before {words!r}: {screen_text(bytes(output))!r}")
    return bytes(output)


#: Words the menu draws once it is whole (the last game's line).
MENU_DRAWN = "Pinball Showdown"
