"""Each message is written to its connection's socket at once, through the WebSocket
layer's :class:`~gameshelf.server.layers.Frames` (no queue, no task's turn per message):
every connection the server accepts has one, a closed connection's writes nothing, and a
reader that lets :data:`~gameshelf.server.hub.MAX_BUFFERED` bytes heap up is dropped while
the others go on. The layer reads a connection on until
:data:`~gameshelf.server.layers.READ_AHEAD` of its messages wait, and answers them all in
order."""

from __future__ import annotations

import asyncio
import socket
import time
from collections.abc import Callable
from typing import Any, TypeVar

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

from gameshelf.server import hub as hub_module
from gameshelf.server import protocol as p
from gameshelf.server.hub import Connection
from gameshelf.server.layers import FRAMES, READ_AHEAD, Frames
from tests.server.helpers import Running

T = TypeVar("T")


def _on_server(server: Running, fn: Callable[[], T]) -> T:
    """``fn()`` run on the server's event loop (its transports are that loop's)."""
    async def call() -> T:
        return fn()
    assert server.hub.loop is not None
    return asyncio.run_coroutine_threadsafe(call(), server.hub.loop).result(10)


async def _until(ws: ClientConnection, kind: type[p.Message]) -> Any:
    while True:
        msg = p.parse_server(await ws.recv())
        if isinstance(msg, kind):
            return msg


def _eventually(check: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 10
    while not check():
        assert time.monotonic() < deadline, "the server never got there"
        time.sleep(0.01)


def _seated(server: Running, code: str) -> Connection:
    """The connection at seat 0 of room ``code`` (once the server has seated it)."""
    _eventually(lambda: bool(server.hub.seats.get(code, {}).get(0)))
    (conn,) = server.hub.seats[code][0]
    return conn


def test_a_connection_writes_through_the_layer_and_not_once_it_is_closed(
        server: Running) -> None:
    """A seat's connection has the layer's frames, a frame written through them arrives as
    one text message holding what was written, and once the client is gone they write
    nothing (-1) and the connection's scope no longer holds them."""
    seen: dict[str, Any] = {}

    async def go() -> None:
        async with connect(server.url) as ws:
            await ws.send(p.dump(p.Create("yatz", (p.SeatSpec("host", "Ann"),), {}, 0)))
            joined = await _until(ws, p.Joined)
            conn = _seated(server, joined.room.code)
            assert isinstance(conn.frames, Frames)
            seen.update(code=joined.room.code, frames=conn.frames, scope=conn.ws.scope)
            text = p.dump(p.Error("internal", "caf\u00e9 \u2603 " + "x" * 70_000))
            _on_server(server, lambda: conn.send(text))
            # (the room's own messages first); past 65,535 bytes: the longest frame head
            while (got := await asyncio.wait_for(ws.recv(), 10)) != text:
                assert p.parse_server(got).TYPE == "room"
            _on_server(server, lambda: conn.send(text.encode()))
            assert await ws.recv() == text

    asyncio.run(go())
    _eventually(lambda: not server.hub.seats.get(seen["code"], {}).get(0))
    _eventually(lambda: FRAMES not in seen["scope"]["extensions"])
    assert _on_server(server, lambda: seen["frames"].text(b'{"v":1}')) == -1


def test_a_reader_that_lets_the_buffer_heap_up_is_dropped_and_others_go_on(
        server: Running, monkeypatch: pytest.MonkeyPatch) -> None:
    """A client that sends and never reads (the socket buffers on both sides small) has its
    connection dropped once more than ``MAX_BUFFERED`` bytes wait for it; another client
    is answered meanwhile and after."""
    monkeypatch.setattr(hub_module, "MAX_BUFFERED", 32 << 10)
    host, port = server.url.removeprefix("ws://").split("/")[0].split(":")

    async def answered() -> bool:
        async with connect(server.url) as ws:
            await ws.send(p.dump(p.Hello("other")))
            return isinstance(await _until(ws, p.Welcome), p.Welcome)

    def small_buffer(conn: Connection) -> None:
        assert conn.frames is not None
        sock = conn.frames._layer.transport.get_extra_info("socket")
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)

    async def go() -> None:
        sock = socket.socket()
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sock.connect((host, int(port)))
        sock.setblocking(False)
        async with connect(server.url, sock=sock) as slow:
            await slow.send(p.dump(p.Create("yatz", (p.SeatSpec("host", "Ann"),), {}, 0)))
            joined = await _until(slow, p.Joined)
            conn = _seated(server, joined.room.code)
            _on_server(server, lambda: small_buffer(conn))
            dropped = False
            for _ in range(4000):   # some 400 KB of answers asked for, none read
                try:
                    await slow.send(p.dump(p.Hello("x")))
                except ConnectionClosed:
                    dropped = True
                    break
            assert await answered()
            if not dropped:
                with pytest.raises(ConnectionClosed):
                    while True:
                        await asyncio.wait_for(slow.recv(), 10)
        assert await answered()

    asyncio.run(go())


def test_a_connection_without_the_layer_queues_and_drops_a_slow_reader() -> None:
    """Without frames (another ASGI server) messages are queued, bytes read as text; with
    frames that say more than ``MAX_BUFFERED`` bytes wait, the connection is dropped."""
    queued = Connection(ws=None)  # type: ignore[arg-type]
    queued.send(b'{"v":1}')
    queued.send('{"v":2}')
    assert [queued.queue.get_nowait(), queued.queue.get_nowait()] == ['{"v":1}', '{"v":2}']

    class Heaped:
        def __init__(self) -> None:
            self.sent: list[bytes] = []
            self.dropped = 0

        def text(self, data: bytes) -> int:
            self.sent.append(data)
            return 0 if len(self.sent) < 3 else hub_module.MAX_BUFFERED + 1

        def drop(self) -> None:
            self.dropped += 1

    heaped = Heaped()
    conn = Connection(ws=None, frames=heaped)  # type: ignore[arg-type]
    for text in ("a", "b", "c"):
        conn.send(text)
    assert heaped.sent == [b"a", b"b", b"c"] and heaped.dropped == 1
    assert queued.queue.empty() and conn.queue.empty()



def test_messages_sent_at_once_are_read_ahead_then_reading_stops_and_all_are_answered(
        server: Running) -> None:
    """While the room's lock is held, messages naming the room wait: once
    :data:`READ_AHEAD` of them wait beyond the one being handled, the layer stops reading
    the connection; let go, every one is answered, in the order sent, and reading goes
    on."""
    async def hold(code: str, holding: asyncio.Event, free: asyncio.Event) -> None:
        async with server.hub.lock(code):
            holding.set()
            await free.wait()

    async def go() -> None:
        async with connect(server.url) as ws:
            await ws.send(p.dump(p.Create("yatz", (p.SeatSpec("host", "Ann"),), {}, 0)))
            joined = await _until(ws, p.Joined)
            code, token = joined.room.code, joined.token
            conn = _seated(server, code)
            assert conn.frames is not None
            layer = conn.frames._layer
            loop = server.hub.loop
            assert loop is not None
            holding, free = _on_server(server, lambda: (asyncio.Event(), asyncio.Event()))
            asyncio.run_coroutine_threadsafe(hold(code, holding, free), loop)
            _eventually(holding.is_set)
            sent = READ_AHEAD + 12
            for i in range(sent):
                await ws.send(p.dump(p.GetRecord(code, token, ref=str(i))))
            # (one read of the socket may bring more than READ_AHEAD at once)
            _eventually(lambda: layer.queue.qsize() >= READ_AHEAD)
            assert _on_server(server, lambda: (layer.read_paused,
                                               layer.transport.is_reading())) == (True, False)
            loop.call_soon_threadsafe(free.set)
            refs = []
            while len(refs) < sent:
                msg = p.parse_server(await asyncio.wait_for(ws.recv(), 10))
                if isinstance(msg, p.Error):
                    refs.append(msg.ref)
            assert refs == [str(i) for i in range(sent)]
            assert _on_server(server, lambda: layer.transport.is_reading())

    asyncio.run(go())


def test_messages_one_at_a_time_never_stop_the_reading(server: Running) -> None:
    """A client sending one message at a time, each answered before the next, never has
    its connection's reading stopped (uvicorn's own layer stops it and starts it again at
    every message)."""
    async def go() -> None:
        async with connect(server.url) as ws:
            await ws.send(p.dump(p.Create("yatz", (p.SeatSpec("host", "Ann"),), {}, 0)))
            joined = await _until(ws, p.Joined)
            conn = _seated(server, joined.room.code)
            assert conn.frames is not None
            transport = conn.frames._layer.transport
            stops: list[int] = []
            pause = transport.pause_reading

            def counted() -> None:
                stops.append(1)
                pause()

            _on_server(server, lambda: setattr(transport, "pause_reading", counted))
            for i in range(20):
                await ws.send(p.dump(p.Hello("x", ref=str(i))))
                assert (await _until(ws, p.Welcome)).ref == str(i)
            assert stops == []

    asyncio.run(go())


def test_one_connections_burst_gives_the_others_their_turn(
        server: Running, monkeypatch: pytest.MonkeyPatch) -> None:
    """A client's thousands of messages in one write (one network read may hold thousands,
    each then taken from the layer's queue without a wait) are handled
    :data:`~gameshelf.server.hub.TURN` at most in a row before the event loop runs anything
    else (another connection's message, a tick): one client's burst never holds up the
    others to its end. A callback that puts itself back on the loop marks each turn of it."""
    from websockets.frames import Frame, Opcode

    order: list[str] = []
    handle = server.hub.handle
    marking = [True]

    async def noted(conn: Connection, text: str | bytes) -> None:
        order.append("message")
        await handle(conn, text)

    def mark() -> None:
        order.append("turn")
        if marking[0]:
            asyncio.get_running_loop().call_soon(mark)

    monkeypatch.setattr(server.hub, "handle", noted)
    burst = 3_000

    async def go() -> None:
        async with connect(server.url) as flood:
            _on_server(server, mark)
            frames = [Frame(Opcode.TEXT, p.dump(p.Hello("x", ref=f"b{i}")).encode())
                      .serialize(mask=True, extensions=[]) for i in range(burst)]
            flood.transport.write(b"".join(frames))      # one write, as a flooding client
            for _ in range(burst):
                await flood.recv()

    try:
        asyncio.run(go())
    finally:
        marking[0] = False
    assert order.count("message") == burst
    runs = [len(run) for run in "".join("m" if o == "message" else " " for o in order).split()]
    assert max(runs) <= hub_module.TURN, max(runs)
