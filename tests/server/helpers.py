"""Start the game server on a free loopback port: in this process (uvicorn in a thread) or
as a subprocess (``gameshelf serve``, for the kill -9 test)."""

from __future__ import annotations

import asyncio
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import uvicorn

from gameshelf.server.app import Hub, config, make_app, open_store


def free_socket() -> socket.socket:
    """A listening-ready socket bound to a free 127.0.0.1 port."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    return sock


@dataclass
class Running:
    """A server running in a thread: its URL, its hub (rooms, rate limit) and its home."""

    url: str
    hub: Hub
    db: Path


@contextmanager
def running(db: Path, *, allow_origins: tuple[str, ...] | list[str] = (),
            **options: Any) -> Iterator[Running]:
    """The server on ``db`` in a thread (``allow_origins``: ``--allow-origin``); yields it;
    stopped at the end."""
    store = open_store(db)
    app = make_app(store, **options)
    sock = free_socket()
    port = sock.getsockname()[1]
    server = uvicorn.Server(config(app, "127.0.0.1", port, allow_origins=allow_origins))
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])),
                              daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the server did not start")
        time.sleep(0.01)
    try:
        yield Running(f"ws://127.0.0.1:{port}/ws", app.state.hub, db)
    finally:
        server.should_exit = True
        thread.join(10)
        store.close()
        sock.close()
