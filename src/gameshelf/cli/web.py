"""``gameshelf web``: serve the game menu to browsers (see :mod:`gameshelf.web`).

Each browser tab that opens the printed address plays in its own app process, the same
app as ``gameshelf`` in a terminal, with the same store. Loopback only by default; another
``--host`` is said to be reachable by anyone who can reach the address. Ctrl+C (or SIGTERM,
SIGHUP) ends every open session, each game saved, and exits with ``128 + signal``.
"""

from __future__ import annotations

import os
import signal
import socket
from typing import Annotated

import typer

from gameshelf.core import interrupt
from gameshelf.core.errors import BadInputError, GameshelfError
from gameshelf.core.inputs import whole_number
from gameshelf.core.output import say
from gameshelf.core.text import literal
from gameshelf.core.webguard import ALLOW_ORIGIN_HELP, allowed_origin
from gameshelf.web import DEFAULT_MAX_SESSIONS

#: The most sessions ``--max-sessions`` accepts (each is a process of about 130 MB resident,
#: 75 MB of it its own: ``benchmarks/web_sessions.py``).
MOST_SESSIONS = 1000


def _port(text: str) -> int:
    try:  # ASCII digits only, as every number typed (int() also reads '٨٠', '8_0', '+80')
        return whole_number(text, "--port", low=0, high=65535)
    except BadInputError:
        raise typer.BadParameter(
            f"{literal(text)} is not a port (0-65535; 0: any free port)") from None


def _sessions(text: str) -> int:
    try:
        count = whole_number(text, "--max-sessions")
    except BadInputError:
        count = 0
    if not 1 <= count <= MOST_SESSIONS:
        raise typer.BadParameter(f"{literal(text)} is not a number of sessions "
                                 f"(1-{MOST_SESSIONS})")
    return count


def web(
    host: Annotated[str, typer.Option(
        "--host", help="The address to listen on. The default, 127.0.0.1, is reachable from "
        "this machine only; another (0.0.0.0: every address) lets anyone who can reach it "
        "play and write to the store.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(
        "--port", parser=_port, metavar="PORT",
        help="The port to listen on (0: any free port, printed).")] = 8000,
    max_sessions: Annotated[int, typer.Option(
        "--max-sessions", parser=_sessions, metavar="N",
        help="How many browser tabs may play at once (each runs its own app process); "
        "beyond that the page says every place is taken.")] = DEFAULT_MAX_SESSIONS,
    allow_origin: Annotated[list[str] | None, typer.Option(
        "--allow-origin", metavar="URL", help=ALLOW_ORIGIN_HELP)] = None,
) -> None:
    """Serve the game menu to web browsers: open the printed address and play.

    Every game plays as in the terminal, one app per browser tab, with the same store.
    Ctrl+C stops the server, ending every open session with its game saved. Only the
    server's own pages (and those of an --allow-origin) may use it.
    """
    # start-up: the web server, its event loop and the store load only for this command
    import asyncio

    from gameshelf.core.store import data_dir
    from gameshelf.core.webguard import is_loopback
    from gameshelf.web.server import GameServer

    def out(line: str) -> None:
        typer.echo(line)
        typer.get_text_stream("stdout").flush()

    _check_host(host, port)
    for origin in allow_origin or ():
        allowed_origin(origin)   # a bad one is said before any warning
    if not is_loopback(host):
        say(f"gameshelf web: warning: listening on {literal(host)}: anyone who can reach this "
            f"address can play and write to the store in {literal(str(data_dir()))}")
    server = GameServer(host, port, max_sessions=max_sessions, say=out,
                        allow_origins=allow_origin or ())
    try:
        try:
            signum = asyncio.run(server.run())
        finally:
            interrupt.install()  # the server's event loop reset the handlers when it closed
    except OSError as exc:
        reason = (exc.strerror if isinstance(exc, socket.gaierror) and exc.strerror
                  else os.strerror(exc.errno) if exc.errno else str(exc))
        raise GameshelfError(f"cannot listen on {literal(host)} port {port}: "
                             f"{reason[:1].lower()}{reason[1:]}") from None
    if signum is not None:
        say(f"gameshelf web: stopped ({signal.Signals(signum).name})")
        raise typer.Exit(128 + signum)


def _check_host(host: str, port: int) -> None:
    """Refuse, before any warning, a ``--host`` that is empty (it would listen on every
    address) or names no address of this machine (one line, not a warning then an error).

    Raises:
        BadInputError: the host is blank, or cannot be resolved.
    """
    if not host.strip():
        raise BadInputError("--host is empty (0.0.0.0: every address of this machine; "
                            "127.0.0.1: this machine only)")
    try:
        socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise BadInputError(f"cannot listen on {literal(host)}: no such host or address "
                            f"({reason[:1].lower()}{reason[1:]})") from None


def register(app: typer.Typer) -> None:
    """Add ``web`` to the ``gameshelf`` command."""
    app.command("web")(web)
