"""The game server's HTTP and WebSocket layers (uvicorn's h11 and websockets protocols) with
the careful headers (:data:`gameshelf.core.webguard.COMMON_HEADERS`: a Content Security
Policy allowing nothing, ``nosniff``, ``no-referrer``, ``no-store``...) on every answer they
send, the ones they make themselves included: a request the HTTP layer cannot read (no
``Host``, two of them, a bad header: HTTP 400), a WebSocket handshake the WebSocket layer
refuses (two ``Origin`` headers, no key: HTTP 400) or the app closes before accepting it
(the guard's refusal, a path with no WebSocket: HTTP 403), and uvicorn's HTTP 500. The app's
own answers carry them already (:class:`gameshelf.core.webguard.GuardMiddleware`); a header
an answer has is kept as it is.

:func:`gameshelf.server.app.config` hands both classes to uvicorn (``http=``, ``ws=``).
"""

from __future__ import annotations

from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.http11 import Response

from gameshelf.core.webguard import COMMON_HEADERS

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
