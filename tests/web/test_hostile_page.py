"""``gameshelf web`` against frames no page of ours sends: JSON nested as deep as the frame
cap allows is dropped like any bad frame; the tab's app goes on (the same process draws
again) and nothing reaches the server's console."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import aiohttp

from tests.web.served import MENU_DRAWN, Served, apps_of, read_until, served

#: The largest frame the web server reads (aiohttp's default, which textual-serve keeps).
WEB_FRAME = 4 * 1024 * 1024


def deep_frames() -> list[str]:
    """Arrays and objects nested past the reader's cap, near Python's recursion limit and
    as deep as :data:`WEB_FRAME` allows, bare and inside the page's own messages."""
    deepest = (WEB_FRAME - 2) // 2
    frames = ["[" * depth + "]" * depth for depth in (65, 950, 100_000, deepest)]
    frames += ['{"a":' * 950 + "0" + "}" * 950, '{"a":' * 100_000 + "0" + "}" * 100_000]
    inner = "[" * 100_000 + "]" * 100_000
    frames += [f'["stdin", {inner}]', f'["resize", {{"width": {inner}, "height": 24}}]',
               f'["ping", {inner}]', f'["focus", {inner}]']
    return frames


async def _nested_frames_are_dropped(server: Served) -> None:
    async with aiohttp.ClientSession() as session, \
            session.ws_connect(server.ws_url(), max_msg_size=0) as ws:
        await read_until(ws, MENU_DRAWN)
        [app] = apps_of(server)
        for frame in deep_frames():
            await ws.send_str(frame)
        # the same app reads the page's next message: a new size, drawn again
        await ws.send_str(json.dumps(["resize", {"width": 100, "height": 30}]))
        await read_until(ws, MENU_DRAWN, bytearray())
        assert apps_of(server) == [app]


def test_deeply_nested_frames_are_dropped_and_the_session_goes_on(tmp_path: Path) -> None:
    with served(tmp_path / "home") as server:
        asyncio.run(_nested_frames_are_dropped(server))
        code, out, err = server.stop()
    assert code == 130, err
    assert "Traceback" not in out + err and "RecursionError" not in out + err


#: Sizes that are not whole numbers, for each of the page's whole-number fields (a resize's
#: width and height): JSON's true and false (Python's bool is an int), 90.0, "90".
TYPED_SIZES = [{"width": bad, "height": 24} for bad in (True, False, 90.0, "90")] + \
    [{"width": 90, "height": bad} for bad in (True, False, 30.0, "30")]


async def _output_for(ws: aiohttp.ClientWebSocketResponse, seconds: float) -> bytes:
    """The app's output in the next ``seconds``."""
    output = bytearray()
    deadline = asyncio.get_running_loop().time() + seconds
    while (left := deadline - asyncio.get_running_loop().time()) > 0:
        try:
            message = await ws.receive(timeout=left)
        except TimeoutError:
            break
        if message.type == aiohttp.WSMsgType.BINARY:
            output += message.data
    return bytes(output)


async def _typed_sizes_are_dropped(server: Served) -> None:
    async with aiohttp.ClientSession() as session, \
            session.ws_connect(server.ws_url()) as ws:
        await read_until(ws, MENU_DRAWN)
        for _ in range(30):              # until the menu is drawn whole and still
            if not await _output_for(ws, 2.0):
                break
        for size in TYPED_SIZES:
            await ws.send_str(json.dumps(["resize", size]))
        await ws.send_str(json.dumps(["ping", "after"]))
        # a resize taken redraws the app at once (true: one column); none may come
        drawn = await _output_for(ws, 3.0)
        assert drawn == b"", drawn[:200]
        await ws.send_str(json.dumps(["resize", {"width": 100, "height": 30}]))
        await read_until(ws, MENU_DRAWN, bytearray())


def test_sizes_that_are_not_whole_numbers_are_dropped(tmp_path: Path) -> None:
    with served(tmp_path / "home") as server:
        asyncio.run(_typed_sizes_are_dropped(server))
