"""The game server's HTTP and WebSocket layers (uvicorn's h11 and websockets protocols) with
the careful headers (:data:`gameshelf.core.webguard.COMMON_HEADERS`: a Content Security
Policy allowing nothing, ``nosniff``, ``no-referrer``, ``no-store``...) on every answer they
send, the ones they make themselves included: a request the HTTP layer cannot read (no
``Host``, two of them, a bad header: HTTP 400), a WebSocket handshake the WebSocket layer
refuses (two ``Origin`` headers, no key: HTTP 400) or the app closes before accepting it
(the guard's refusal, a path with no WebSocket: HTTP 403), and uvicorn's HTTP 500. The app's
own answers carry them already (:class:`gameshelf.core.webguard.GuardMiddleware`); a header
an answer has is kept as it is.

The WebSocket layer reads on while fewer than :data:`READ_AHEAD` messages wait for the app
(uvicorn's own stops reading at every message and starts again when the app takes it: two
calls into the event loop's selector a message). It also offers the app a way to write a
text frame at once (:class:`Frames`, in the connection's scope:
``scope["extensions"][FRAMES]["frames"]``): the frame goes to the socket in the call, with
no ASGI ``send`` awaited, no task's turn and no queue, written by websockets' own
connection as ``websocket.send`` would have it written.

:func:`gameshelf.server.app.config` hands both classes to uvicorn (``http=``, ``ws=``).
"""

from __future__ import annotations

from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.exceptions import InvalidState
from websockets.http11 import Response

from gameshelf.core.webguard import COMMON_HEADERS

#: Messages read from one connection and not yet taken by the app before the WebSocket
#: layer stops reading it (until the app has taken them all).
READ_AHEAD = 8

#: The key in a WebSocket scope's ``extensions`` whose ``"frames"`` is its connection's
#: :class:`Frames` (an extension's entry is a dict, as ASGI has them).
FRAMES = "gameshelf.frames"

_CAREFUL = [(name.lower().encode(), value.encode()) for name, value in COMMON_HEADERS.items()]


def _careful_event(event: Any) -> Any:
    """``event`` (an h11 event about to be sent) with the careful headers when it is an
    answer's head that lacks some."""
    if not isinstance(event, h11.Response):
        return event
    have = {name.lower() for name, _ in event.headers}
    missing = [(name, value) for name, value in _CAREFUL if name not in have]
    if not missing:
        return event
    return h11.Response(status_code=event.status_code, reason=event.reason,
                        http_version=event.http_version,
                        headers=[*event.headers.raw_items(), *missing])


class CarefulH11(H11Protocol):
    """uvicorn's HTTP/1.1 layer; every answer's head carries the careful headers."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        send = self.conn.send

        def careful_send(event: Any) -> Any:
            return send(_careful_event(event))

        # the connection object is kept for the life of the connection (next requests too)
        self.conn.send = careful_send  # type: ignore[method-assign, assignment]


class CarefulWebSockets(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket layer; every handshake answer carries the careful headers (the
    switch to WebSocket, and each refusal)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        send_response = self.conn.send_response

        def careful_send_response(response: Response) -> None:
            for name, value in COMMON_HEADERS.items():
                if name not in response.headers:
                    response.headers[name] = value
            send_response(response)

        self.conn.send_response = careful_send_response  # type: ignore[method-assign]

    def send_receive_event_to_app(self) -> None:
        """uvicorn's hand-over of a message read to the app, reading stopped only once
        :data:`READ_AHEAD` messages wait (uvicorn's ``receive`` starts it again when the
        app has taken every one)."""
        paused = self.read_paused
        self.read_paused = True     # uvicorn's own stop at every message is skipped
        try:
            super().send_receive_event_to_app()
        finally:
            self.read_paused = paused
        if (not paused and self.queue.qsize() >= READ_AHEAD
                and not self.transport.is_closing()):
            self.read_paused = True
            self.transport.pause_reading()

    async def run_asgi(self) -> None:
        """The app, its scope offering :class:`Frames` once the handshake is read (taken
        back when the app ends, so the connection holds no cycle through its scope)."""
        extensions = self.scope.setdefault("extensions", {})
        extensions[FRAMES] = {"frames": Frames(self)}
        try:
            await super().run_asgi()
        finally:
            extensions.pop(FRAMES, None)


class Frames:
    """Text frames written to one WebSocket connection at once (from the event loop's
    thread): each call writes its frame to the socket, or to the transport's buffer when
    the socket takes no more for now, and returns."""

    __slots__ = ("_layer",)

    def __init__(self, layer: CarefulWebSockets) -> None:
        self._layer = layer

    def text(self, data: bytes) -> int:
        """Write one text frame holding ``data`` (UTF-8 text, as the app's
        ``websocket.send`` of it would): the bytes the transport still holds, not yet
        taken by the socket, after it (0: all sent); -1 when the connection is closing or
        closed (nothing written)."""
        layer = self._layer
        transport = layer.transport
        if layer.close_sent or layer.disconnected or transport.is_closing():
            return -1
        try:        # websockets writes the frame (its sans-I/O connection)
            layer.conn.send_text(data)
        except InvalidState:
            return -1
        transport.write(b"".join(layer.conn.data_to_send()))
        return transport.get_write_buffer_size()

    def drop(self) -> None:
        """Close the connection at once, what its transport still holds thrown away (a
        reader that does not keep up)."""
        self._layer.close_sent = True
        self._layer.transport.abort()
