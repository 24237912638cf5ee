"""``gameshelf serve``: the game server for playing online (docs/online.md).

An adapter over :mod:`gameshelf.server`: it checks the options, opens the server's database,
binds the port (a port in use is one line and exit code 2) and runs uvicorn until Ctrl-C or
SIGTERM, or until what started it ends. Anything but a loopback address is warned about: the
protocol is plain WebSockets.
"""

from __future__ import annotations

import signal
import socket
import sys
from typing import Annotated, Any

import typer
from typer.core import TyperCommand

from gameshelf.core.errors import BadInputError
from gameshelf.core.interrupt import stop_with_parent
from gameshelf.core.text import error_line, listed
from gameshelf.core.webguard import ALLOW_ORIGIN_HELP, allowed_origin, claim_loopback, is_loopback
from gameshelf.games import REGISTRY


def bound(family: int, kind: int, proto: int, address: Any) -> socket.socket:
    """A socket of that family, bound to ``address`` and listening (connections wait from
    then on, while the rooms are rebuilt): the one way both ``serve`` and ``web`` listen.

    Raises:
        OSError: the address cannot be used (in use, not this machine's); the socket is
            closed.
    """
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(2048)
    except OSError:
        sock.close()
        raise
    return sock


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` (0: a free port), ready for the server.

    Raises:
        BadInputError: the address cannot be used (in use, not this machine's, no such
            host).
    """
    try:
        infos = socket.getaddrinfo(host.strip("[]"), port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        raise BadInputError(f"cannot listen on {host}: {exc}") from None
    family, kind, proto, _, address = infos[0]
    try:
        return bound(family, kind, proto, address)
    except OSError as exc:
        raise BadInputError(f"cannot listen on {host}:{port}: {exc.strerror or exc}") from None


def held(sock: socket.socket) -> list[str]:
    """The addresses a listening socket holds (one on ``::`` that takes IPv4 too holds
    ``0.0.0.0`` as well)."""
    address = str(sock.getsockname()[0])
    if address == "::" and not sock.getsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY):
        return [address, "0.0.0.0"]
    return [address]


def serve(
    host: Annotated[str, typer.Option("--host", help="The address to listen on.")
                    ] = "127.0.0.1",
    port: Annotated[int, typer.Option(
        "--port", min=0, max=65535, help="The port (0: any free one, said at the start).")
    ] = 8765,
    db: Annotated[str | None, typer.Option(
        "--db", metavar="PATH|URL",
        help="The server's database of rooms: an SQLite file's path (default: server.db in "
             "the data folder) or a PostgreSQL URL, postgresql://USER@HOST:PORT/DB.")] = None,
    db_wait: Annotated[float, typer.Option(
        "--db-wait", min=0.1, max=600.0, metavar="SECONDS",
        help="Seconds a PostgreSQL database away (a restart, a network cut) is waited for "
             "before a message is refused as unavailable, nothing changed.")] = 10.0,
    rate: Annotated[float, typer.Option(
        "--rate", min=1.0, max=100_000.0,
        help="Messages a second each connection may send (bursts of twice as many).")
    ] = 20.0,
    connections: Annotated[int, typer.Option(
        "--connections", min=1, max=100_000,
        help="Connections one client address may hold at once.")
    ] = 64,
    rooms: Annotated[float, typer.Option(
        "--rooms", min=1.0, max=100_000.0,
        help="Rooms one client address may create a minute (bursts of twice as many).")
    ] = 30.0,
    lobby_idle: Annotated[float, typer.Option(
        "--lobby-idle", min=0.0, max=7 * 24 * 60.0, metavar="MINUTES",
        help="Close a room whose game has not started after this many minutes with no one "
             "in it (0: never).")
    ] = 60.0,
    proxy: Annotated[str, typer.Option(
        "--proxy", metavar="ADDRESSES",
        help="Trusted reverse proxies (comma-separated addresses, * for any): their "
             "X-Forwarded-For header names the client for the per-address limits. "
             "Default: none, the header is ignored.")
    ] = "",
    allow_origin: Annotated[list[str] | None, typer.Option(
        "--allow-origin", metavar="URL", help=ALLOW_ORIGIN_HELP)] = None,
) -> None:
    """Run the game server (its help: :func:`serve_help`)."""
    # start-up: the server (Starlette, uvicorn) loads only when it runs
    import uvicorn

    from gameshelf.server.app import config, make_app, open_store
    from gameshelf.server.games import not_served

    # First thing, while the parent that started us is surely there (uvicorn stops in order
    # on SIGTERM; before it runs, SIGTERM ends the process, which holds nothing unsaved yet).
    stop_with_parent(signal.SIGTERM)

    if not host.strip():
        raise BadInputError("--host needs an address, e.g. 127.0.0.1")
    for origin in allow_origin or ():
        allowed_origin(origin)
    store = open_store(db, wait=db_wait)
    sock = listen(host, port)
    claims: list[socket.socket] = []
    try:
        bound = sock.getsockname()[1]
        claims, foreign = claim_loopback(held(sock), bound)
        if not is_loopback(host):
            typer.echo(f"gameshelf: warning: {error_line(host)} is not a loopback address: "
                       "anyone who can reach this machine can connect; the protocol is not "
                       "encrypted (use a TLS proxy beyond a trusted network)", err=True)
        for line in not_served().values():
            typer.echo(f"gameshelf: warning: {error_line(line)}", err=True)
        shown = f"[{host}]" if ":" in host else host
        typer.echo(f"gameshelf serve: listening on ws://{shown}:{bound}/ws, the page at "
                   f"http://{shown}:{bound}/ (rooms in {store.where}); Ctrl-C stops")
        sys.stdout.flush()
        app = make_app(store, rate=rate, burst=2 * rate, per_host=connections,
                       rooms=rooms, lobby_idle=60.0 * lobby_idle)
        uvicorn.Server(config(app, host, bound, proxy, allow_origins=allow_origin or (),
                              foreign=foreign)).run(sockets=[sock, *claims])
    finally:
        for claim in claims:
            claim.close()
        sock.close()
        store.close()


def serve_help() -> str:
    """``Run the game server: rooms for Yatz, Muggins and Pinball Showdown played online.``,
    the games those the registry has a ``server`` part of (a game whose ``GAME`` does not
    load is left out; ``serve`` says why when it starts)."""
    titles = [g.title for g in REGISTRY.with_part("server")]
    return f"Run the game server: rooms for {listed(titles, none='no game')} played online."


class _ServeCommand(TyperCommand):
    """``serve``, its help read from the registry when it is shown (never at import: a
    game registered later is named, and a badly made one cannot stop the command line)."""

    @property  # type: ignore[override]
    def help(self) -> str:
        return serve_help()

    @help.setter
    def help(self, value: str | None) -> None:
        """The help given when the command is made is not kept: :func:`serve_help` is."""


def register(app: typer.Typer) -> None:
    """Add ``serve`` to the root command."""
    app.command("serve", cls=_ServeCommand)(serve)
