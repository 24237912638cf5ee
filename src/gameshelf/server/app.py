"""The game server on the network: a Starlette app on uvicorn speaking WebSockets.

One WebSocket endpoint, ``/ws`` (:class:`gameshelf.server.hub.Hub`: the connections, the
rooms' locks, delivery, the away tick and the other processes' writes), and beside it on
the same port the web page that plays over it (:mod:`gameshelf.web.page`: ``/`` the menu,
``/r/CODE`` a room's link, the frame's and the games' page modules). Every request passes
:class:`gameshelf.core.webguard.Guard` first (:func:`config` wraps the app in its
middleware): a WebSocket or page asked for by a web page that is not one of this server's
(or of an origin given with ``--allow-origin``), or naming a ``Host`` the server does not
have, is answered HTTP 403 before any room is touched; clients that send no ``Origin`` (the
terminal's client) are let in.

- A refused message gets an ``error`` on its connection only; nothing changes and the
  connection goes on. Frames over 64 KiB are refused that way too (frames over
  :data:`MAX_FRAME`, 1 MiB, which the WebSocket layer will not read, close the connection).
- Messages, connections, wrong guesses of a room code or token, and rooms made are limited
  per connection and per client address (:mod:`gameshelf.server.limits`); beyond a limit
  a message is refused ``rate_limited``.
- Tokens are never logged: the log names rooms and error codes only.
- Finished games are recorded in the server's store (its top-20 tables and statistics:
  :func:`record_finished`).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
from collections.abc import AsyncIterator, Callable, Collection, Sequence
from typing import Any

import uvicorn
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute

from gameshelf.core.errors import GameshelfError
from gameshelf.core.webguard import Guard, GuardMiddleware
from gameshelf.server.hub import Connection, Hub
from gameshelf.server.keeper import LOBBY_IDLE
from gameshelf.server.layers import CarefulH11, CarefulWebSockets
from gameshelf.server.results import finished_game, record_finished
from gameshelf.server.room import Room
from gameshelf.server.rooms import Lobby
from gameshelf.server.storage import FinishedGame, RoomStore
from gameshelf.server.stores import default_db, open_store
from gameshelf.web.page import page_routes

log = logging.getLogger("gameshelf.server")

#: The largest frame the WebSocket layer reads (bytes); larger ones close the connection.
MAX_FRAME = 1 << 20
#: :func:`make_app`'s default finisher: finished games recorded through the rooms' store,
#: with their last actions (:func:`finished_game`).
STORED = object()


def make_app(store: RoomStore, *,
             finisher: Callable[[Room], FinishedGame] | None | object = STORED,
             lobby_idle: float = LOBBY_IDLE, **hub_options: Any) -> Starlette:
    """The ASGI app over ``store``: at start every unfinished room is rebuilt from it.

    Args:
        store: the rooms' storage.
        finisher: what a finished game records, written with its last actions (default
            :data:`STORED`: :func:`finished_game`; None: not recorded).
        lobby_idle: seconds before a room not started, with no one in it, is closed.
        hub_options: :class:`Hub`'s ``rate``, ``burst``, ``per_host``, ``guesses``,
            ``rooms``, ``ask_workers``, ``tick``, ``clock``.
    """
    if finisher is STORED:
        finisher = finished_game
    lobby = Lobby(store, finisher, lobby_idle=lobby_idle)  # type: ignore[arg-type]
    hub = Hub(lobby, **hub_options)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        store.listen(hub.changed, hub.missed, hub.present)
        rebuilt = lobby.load_unfinished(hub.clock())
        if rebuilt:
            log.warning("%d unfinished room(s) rebuilt from %s", len(rebuilt),
                        store.where or "the store")
        gc.freeze()      # what start-up made (modules, the rooms rebuilt) stays: never walked
        tasks = [asyncio.create_task(hub.ticker()), asyncio.create_task(hub.freezer())]
        if store.shared:    # other processes may hold these rooms: say who is here
            tasks.append(asyncio.create_task(hub.announcer()))
            tasks.append(asyncio.create_task(hub.leases.keep(
                lambda: list(lobby.rooms.values()), lambda c: lobby.room(c, hub.clock()),
                hub.lock)))
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            await asyncio.to_thread(hub.leases.give_back)
            hub.asks.close()

    app = Starlette(routes=[*page_routes(), WebSocketRoute("/ws", hub.serve)],
                    lifespan=lifespan)
    app.state.hub = hub
    return app


def config(app: Starlette, host: str, port: int, proxies: str = "", *,
           allow_origins: Sequence[str] = (), foreign: Collection[str] = (),
           **extra: Any) -> Any:
    """uvicorn's configuration for ``app`` behind the guard of ``host:port``
    (:class:`gameshelf.core.webguard.GuardMiddleware`; quiet: no access log; 1 MiB frames
    at most; the HTTP and WebSocket layers of :mod:`gameshelf.server.layers`, whose own
    answers carry the careful headers too). WebSocket frames are not compressed
    (permessage-deflate off): compressing each connection's copy of a 3 KB ``state`` cost
    about 0.15 ms of CPU a message, more than building and writing it, and a frame's bytes
    are then the same for every connection of a seat.

    Args:
        host, port: the address the server listens on (the bound port, never 0): the
            names it answers to.
        proxies: the addresses of trusted reverse proxies, comma-separated (``*``: any),
            whose ``X-Forwarded-For`` names the client; "" (the default): no header is
            believed, the client is the peer address. (uvicorn believes the header from
            127.0.0.1 by default, which let any local client dodge the per-address limits
            by naming another address.)
        allow_origins: origins whose pages may use the server too (``--allow-origin``).
        foreign: loopback addresses another program holds at ``port``
            (:func:`gameshelf.core.webguard.claim_loopback`): not the server's names.

    Raises:
        BadInputError: an ``allow_origins`` entry is not an origin.
    """
    trusted = ",".join(part.strip() for part in proxies.split(",") if part.strip())
    guarded = GuardMiddleware(app, Guard(host, port, allow_origins, foreign=foreign))
    return uvicorn.Config(guarded, host=host, port=port, ws_max_size=MAX_FRAME,
                          ws_per_message_deflate=False,
                          log_level="warning", access_log=False, lifespan="on",
                          http=CarefulH11, ws=CarefulWebSockets, proxy_headers=bool(trusted),
                          forwarded_allow_ips=trusted or None, **extra)


__all__ = ["Connection", "GameshelfError", "Hub", "default_db", "make_app", "open_store",
           "record_finished"]
