"""Every way a browser tab's session ends, over ``gameshelf web``'s websocket (the page's
protocol, no browser); after each, no app process is left and the page's socket is closed:

* The app ends itself: q on the menu, at once; Ctrl+Q in a game once its farewell (where
  the game is kept, shown for ``FAREWELL_SECONDS``) has been seen.
* A closed tab on the menu, in a game, or during a farewell.
* A farewell never holds an end: with every tab's farewell an hour long (the server's tab
  command sets it so, :data:`LONG_FAREWELLS`), Ctrl+Q again, a closed tab, and the server
  stopped by SIGINT (Ctrl+C), SIGTERM or SIGHUP with tabs open on the menu, in a game and in
  a farewell still end every app: exit code ``128 + signal``, the sessions ended counted.
  Any wait for the farewell would fail the test (its patience is a minute).
"""

from __future__ import annotations

import asyncio
import signal
import sys
import time
from pathlib import Path

import aiohttp
import pytest

from tests.web.served import (
    MENU_DRAWN,
    PATIENCE,
    Served,
    apps_of,
    closed,
    read_until,
    screen_text,
    served,
)

#: The keys the page sends for Ctrl+Q and F2 (Dollar: add the bill).
CTRL_Q, F2 = "\x11", "\x1bOQ"
#: The farewell's notice's title, and what Dollar's says with a bill entered (wrapped in
#: the notice: "nothing saved, 1 bill entered but not played").
FAREWELL, SAID = "Quitting", ("nothing saved, 1", "not played")
#: Where a tab is left before it ends: the menu, Dollar with a bill entered, its farewell.
PLACES = ("menu", "game", "farewell")

#: A server whose every tab's app shows its farewell for an hour.
_LONG_APP = ("import gameshelf.tui.base as base; base.FAREWELL_SECONDS = 3600.0; "
             "from gameshelf.cli import main; main(['menu'])")
_LONG_SERVER = ("import sys; from gameshelf.web import server; "
                f"server.app_command = lambda: [sys.executable, '-c', {_LONG_APP!r}]; "
                "from gameshelf.cli import main; "
                "main(['web', '--terminal', '--no-open', '--port', '0'])")
LONG_FAREWELLS = [sys.executable, "-c", _LONG_SERVER]
CLOSED = (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)


class Tab:
    """One open page: its websocket and what its app drew."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.output = bytearray()

    async def keys(self, keys: str, then: str) -> None:
        """Type ``keys``, then read until ``then`` is drawn."""
        await self.ws.send_json(["stdin", keys])
        await read_until(self.ws, then, self.output)

    def text(self) -> str:
        """What the app drew, its spaces and line ends as single spaces."""
        return " ".join(screen_text(bytes(self.output)).split())

    async def closed(self) -> aiohttp.WSMsgType:
        """Read until the server closes the socket (the app has ended); how it closed."""
        return await closed(self.ws)


async def _open(session: aiohttp.ClientSession, server: Served, place: str) -> Tab:
    """A tab left in ``place`` (one of :data:`PLACES`)."""
    tab = Tab(await session.ws_connect(server.ws_url()))
    await read_until(tab.ws, MENU_DRAWN, tab.output)
    if place in ("game", "farewell"):
        await tab.keys("1", "bill as printed")
        await tab.keys(F2, "(Player 2)")
    if place == "farewell":
        await tab.keys(CTRL_Q, FAREWELL)
    return tab


def _apps_left(server: Served, most: int = 0) -> list[int]:
    """Wait until ``server`` has at most ``most`` app processes; the ones left then."""
    deadline = time.monotonic() + PATIENCE
    while len(left := apps_of(server)) > most and time.monotonic() < deadline:
        time.sleep(0.05)
    return left


async def _none_left(server: Served) -> None:
    assert await asyncio.to_thread(_apps_left, server) == []


async def _the_app_ends_itself_and_a_closed_tab_ends_it(server: Served) -> None:
    async with aiohttp.ClientSession() as session:
        tab = await _open(session, server, "menu")
        await tab.ws.send_json(["stdin", "q"])
        assert await tab.closed() in CLOSED
        await _none_left(server)

        tab = await _open(session, server, "farewell")
        assert all(words in tab.text() for words in SAID), tab.text()
        assert await tab.closed() in CLOSED    # the farewell seen, the app ended itself
        await _none_left(server)

        for place in PLACES:
            tab = await _open(session, server, place)
            await tab.ws.close()
            await _none_left(server)


def test_the_app_ends_itself_and_a_closed_tab_ends_it(tmp_path: Path) -> None:
    with served(tmp_path / "home") as server:
        asyncio.run(_the_app_ends_itself_and_a_closed_tab_ends_it(server))
        assert server.process.poll() is None    # still serving
        code, out, err = server.stop()
    assert code == 130 and "Traceback" not in out + err


async def _a_farewell_never_holds_its_tab(server: Served) -> None:
    async with aiohttp.ClientSession() as session:
        tab = await _open(session, server, "farewell")
        await tab.ws.send_json(["stdin", CTRL_Q])   # Ctrl+Q again
        assert await tab.closed() in CLOSED
        await _none_left(server)

        tab = await _open(session, server, "farewell")
        await tab.ws.close()
        await _none_left(server)


def test_a_farewell_never_holds_ctrl_q_again_nor_a_closed_tab(tmp_path: Path) -> None:
    with served(tmp_path / "home", command=LONG_FAREWELLS) as server:
        asyncio.run(_a_farewell_never_holds_its_tab(server))
        code, out, err = server.stop()
    assert code == 130 and "Traceback" not in out + err


async def _stop_with_every_place_open(server: Served,
                                      sig: signal.Signals) -> tuple[int, str, str]:
    async with aiohttp.ClientSession() as session:
        tabs = [await _open(session, server, place) for place in PLACES]
        assert len(apps_of(server)) == len(PLACES)
        code, out, err = await asyncio.to_thread(server.stop, sig)
        for tab in tabs:
            assert await tab.closed() in CLOSED
        return code, out, err


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP],
                         ids=lambda s: s.name)
def test_a_stopped_server_ends_every_session_even_in_a_farewell(
        tmp_path: Path, sig: signal.Signals) -> None:
    with served(tmp_path / "home", command=LONG_FAREWELLS) as server:
        code, out, err = asyncio.run(_stop_with_every_place_open(server, sig))
        assert _apps_left(server, 0) == []
    assert code == 128 + sig
    assert f"ended {len(PLACES)} open sessions; every game is saved" in out
    assert f"stopped ({sig.name})" in err and "Traceback" not in out + err
