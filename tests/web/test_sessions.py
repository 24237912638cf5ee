"""Issue 12: ``gameshelf web`` over its websocket, without a browser.

* A closed tab ends its process: 100 open/close cycles (closed at once, while the app
  starts, and after the menu is drawn) leave no app process behind.
* ``--max-sessions``: when every place is taken the page says so (HTTP 503) and a websocket
  is refused; a place freed is offered again.
* Ctrl+C (SIGINT) stops the server in order: every open session's app ends, exit code 130.
* Messages that are not the page's are ignored; the session goes on.
* The command line: bad ``--port``/``--max-sessions``, a port in use: one line, exit 2;
  another ``--host`` warns that anyone who can reach it can play and write to the store.
"""

from __future__ import annotations

import asyncio
import json
import signal
import socket
from pathlib import Path

import aiohttp
import pytest

from gameshelf.core.webguard import is_loopback
from gameshelf.web.server import GameServer
from tests.cli_helpers import run
from tests.web.served import (
    MENU_DRAWN,
    PATIENCE,
    Served,
    apps_of,
    closed,
    read_until,
    served,
    wait_for_no_apps,
)

CYCLES = 100


async def _connect(session: aiohttp.ClientSession,
                   server: Served) -> aiohttp.ClientWebSocketResponse:
    """Open the websocket; while every place is taken (closed tabs' apps still ending),
    try again."""
    deadline = asyncio.get_running_loop().time() + PATIENCE
    while True:
        try:
            return await session.ws_connect(server.ws_url())
        except aiohttp.WSServerHandshakeError as exc:
            if exc.status != 503 or asyncio.get_running_loop().time() > deadline:
                raise
        await asyncio.sleep(0.02)


async def _cycle(session: aiohttp.ClientSession, server: Served, wait: str | None,
                 pause: float = 0.0) -> None:
    async with await _connect(session, server) as ws:
        if wait is not None:
            await read_until(ws, wait)
        elif pause:
            await asyncio.sleep(pause)  # closed while the app is starting, at some moment


async def _cycles(server: Served) -> None:
    async with aiohttp.ClientSession() as session:
        for i in range(CYCLES):
            # two wait for the menu (a tab closed in play: the app is asked to quit); the
            # others close at once or a few ms in (the app is still starting)
            wait = MENU_DRAWN if i in (0, CYCLES // 2) else None
            await _cycle(session, server, wait, pause=(i % 4) * 0.01)


def test_a_hundred_opened_and_closed_tabs_leave_no_process(tmp_path: Path) -> None:
    with served(tmp_path / "home", "--max-sessions", "4") as server:
        asyncio.run(_cycles(server))
        assert wait_for_no_apps(server) == []
        assert server.process.poll() is None  # still serving
        code, out, err = server.stop()
    assert code == 130, err
    assert "Traceback" not in out + err


async def _play_full_then_interrupt(server: Served) -> tuple[int, str, str]:
    async with aiohttp.ClientSession() as session:
        async with session.ws_connect(server.ws_url()) as ws:
            await read_until(ws, MENU_DRAWN)
            async with session.get(server.url) as page:
                assert page.status == 503
                text = " ".join((await page.text()).split())
                assert "Every place is taken" in text and "lets 1 player play at once" in text
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await session.ws_connect(server.ws_url())
            assert refused.value.status == 503
        # the tab closed: its place is offered again
        async with await _connect(session, server) as ws:
            # messages that are not the page's: dropped, the session goes on
            for bad in ("not json", "{}", "[]", '["stdin", 5]', '["resize", {"width": "x"}]',
                        '["resize", {"width": 100000, "height": -3}]', '["nonsense"]'):
                await ws.send_str(bad)
            await ws.send_bytes(b"\x00\xff")
            await ws.send_str(json.dumps(["ping", "42"]))
            output = bytearray()
            await read_until(ws, MENU_DRAWN, output)
            assert len(apps_of(server)) == 1
            # Ctrl+C on the server's terminal, a tab open
            code, out, err = await asyncio.to_thread(server.stop, signal.SIGINT)
            await closed(ws)
            return code, out, err


def test_a_full_server_says_so_and_ctrl_c_ends_every_session(tmp_path: Path) -> None:
    with served(tmp_path / "home", "--max-sessions", "1") as server:
        assert "at most 1 player at once" in "".join(server.banner)
        code, out, err = asyncio.run(_play_full_then_interrupt(server))
        assert wait_for_no_apps(server, timeout=0) == []
    assert code == 130
    assert "ended 1 open session; every game is saved" in out
    assert "stopped (SIGINT)" in err and "Traceback" not in out + err


@pytest.mark.parametrize("args", [("--port", "70000"), ("--port", "http"),
                                  ("--max-sessions", "0"), ("--max-sessions", "many"),
                                  ("--host", ""), ("--host", " "),
                                  ("--host", "no-such-host.invalid"), ("--host", "999.1.1.1"),
                                  ("--host", "[::1]"), ("--host", "a\x1b[31m")])
@pytest.mark.parametrize("mode", [[], ["--terminal"]], ids=["page", "terminal"])
def test_bad_options_are_one_line_and_exit_2(args: tuple[str, ...], mode: list[str],
                                             tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run(["web", *mode, "--no-open", *args], capsys, monkeypatch)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("gameshelf: error:")


@pytest.mark.parametrize("mode", [[], ["--terminal"]], ids=["page", "terminal"])
def test_a_port_in_use_is_one_line_and_exit_2(mode: list[str],
                                              capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = run(["web", *mode, "--no-open", "--port", str(port)], capsys,
                             monkeypatch)
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    assert f"cannot listen on 127.0.0.1 port {port}: address already in use" in err


@pytest.mark.parametrize("mode", [[], ["--terminal"]], ids=["page", "terminal"])
def test_another_host_warns_that_anyone_can_play_and_write(
        mode: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        _gameshelf_home: Path) -> None:
    with socket.socket() as taken:   # taken: the command warns, then stops at once
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        code, out, err = run(["web", *mode, "--no-open", "--host", "0.0.0.0", "--port",
                              str(port)], capsys, monkeypatch)
    assert code == 2
    warning = err.splitlines()[0]
    assert warning.startswith("gameshelf web: warning: listening on 0.0.0.0: anyone who can "
                              "reach this address can play and write to the store in ")
    assert str(_gameshelf_home) in warning


@pytest.mark.parametrize(("host", "loopback", "shown"), [
    ("127.0.0.1", True, "127.0.0.1"), ("localhost", True, "localhost"),
    ("::1", True, "[::1]"), ("127.0.0.2", True, "127.0.0.2"),
    ("0.0.0.0", False, socket.gethostname()), ("::", False, socket.gethostname()),
    ("192.168.1.5", False, "192.168.1.5")])
def test_the_address_said(host: str, loopback: bool, shown: str) -> None:
    assert is_loopback(host) is loopback
    assert GameServer(host, 8123).address() == f"http://{shown}:8123/"
