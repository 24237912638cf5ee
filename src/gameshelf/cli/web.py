"""``gameshelf web``: play in the browser, on this machine.

By default the game server's own web page for one person: ``gameshelf serve``'s server
(:mod:`gameshelf.server`, the page of :mod:`gameshelf.web.page` beside its WebSocket) on
127.0.0.1 at a free port (or ``--port``), its rooms in ``server.db`` in the data folder as
``serve`` keeps them, and the page opened in the default browser where there is one
(``--no-open``: only its address printed). ``--terminal`` serves the terminal app inside a
page instead (see :mod:`gameshelf.web`: one app process per browser tab, the same store as
``gameshelf``). Another ``--host`` is said to be reachable by anyone who can reach the
address. Ctrl+C (or SIGTERM, SIGHUP) stops the server in order (every terminal session
ended with its game saved; the page's rooms are in the database at every move) and exits
with ``128 + signal``.
"""

from __future__ import annotations

import os
import signal
import socket
import threading
from types import FrameType
from typing import TYPE_CHECKING, Annotated

import typer

from gameshelf.core import interrupt
from gameshelf.core.errors import BadInputError, GameshelfError
from gameshelf.core.inputs import whole_number
from gameshelf.core.output import say
from gameshelf.core.text import literal
from gameshelf.core.webguard import (
    ALLOW_ORIGIN_HELP,
    allowed_origin,
    is_every_address,
    is_loopback,
)
from gameshelf.web import DEFAULT_MAX_SESSIONS

if TYPE_CHECKING:
    import webbrowser

#: The most sessions ``--max-sessions`` accepts (each is a process of about 130 MB resident,
#: 75 MB of it its own: ``benchmarks/web_sessions.py``).
MOST_SESSIONS = 1000
#: ``--terminal``'s port when none is given (the page's: any free port).
TERMINAL_PORT = 8000
#: Browsers that draw in the terminal they are started from: never started by ``web``
#: (they would take the terminal the server prints to).
TEXT_BROWSERS = frozenset({"www-browser", "links", "elinks", "lynx", "w3m"})


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
    port: Annotated[int | None, typer.Option(
        "--port", parser=_port, metavar="PORT",
        help="The port to listen on (default: any free port, printed; "
        f"{TERMINAL_PORT} with --terminal; 0: any free port).")] = None,
    open_page: Annotated[bool, typer.Option(
        "--open/--no-open",
        help="Open the page in the default browser, where there is one (--no-open: only "
        "print its address).")] = True,
    terminal: Annotated[bool, typer.Option(
        "--terminal",
        help="Serve the terminal app inside a page instead (one app process per browser "
        "tab, the same store as gameshelf in a terminal).")] = False,
    max_sessions: Annotated[int, typer.Option(
        "--max-sessions", parser=_sessions, metavar="N",
        help="With --terminal: how many browser tabs may play at once (each runs its own "
        "app process); beyond that the page says every place is taken.")
    ] = DEFAULT_MAX_SESSIONS,
    allow_origin: Annotated[list[str] | None, typer.Option(
        "--allow-origin", metavar="URL", help=ALLOW_ORIGIN_HELP)] = None,
) -> None:
    """Play in a web browser: the game page served on this machine and opened.

    The page plays every game the server has a page for: alone, against computers, or
    with friends who open a room's link (with --host 0.0.0.0). --terminal serves the
    terminal app in a page instead. Ctrl+C stops the server. Only the server's own pages
    (and those of an --allow-origin) may use it.
    """
    _check_host(host, port or 0)
    for origin in allow_origin or ():
        allowed_origin(origin)   # a bad one is said before any warning
    if terminal:
        _terminal(host, TERMINAL_PORT if port is None else port, max_sessions,
                  allow_origin or (), open_page)
    else:
        _page(host, port or 0, allow_origin or (), open_page)


def _page(host: str, port: int, allow_origins: tuple[str, ...] | list[str],
          open_page: bool) -> None:
    """Run the game server and its page until a stopping signal (see the module's text).

    Raises:
        BadInputError: the address cannot be listened on (in use, not this machine's).
        typer.Exit: ``128 + signal`` once stopped by SIGINT, SIGTERM or SIGHUP.
    """
    # start-up: the server (Starlette, uvicorn) and the store load only for this command
    import uvicorn

    from gameshelf.cli.serve import held
    from gameshelf.core.webguard import claim_loopback
    from gameshelf.server.app import config, make_app, open_store
    from gameshelf.server.games import not_served

    interrupt.stop_with_parent(signal.SIGTERM)
    store = open_store(None)
    claims: list[socket.socket] = []
    hangup = getattr(signal, "SIGHUP", None)
    before: object = None
    try:
        _warn(host, store.where)
        sock = _listen(host, port)
    except BaseException:
        store.close()
        raise
    stopped: list[int] = []
    try:
        bound = sock.getsockname()[1]
        claims, foreign = claim_loopback(held(sock), bound)
        for line in not_served().values():
            say(f"gameshelf web: warning: {line}")
        url = _address(host, bound)
        typer.echo(f"gameshelf web: the game page is at {url}")
        typer.echo(f"rooms kept in {store.where}; Ctrl+C stops the server")
        typer.get_text_stream("stdout").flush()
        app = make_app(store)
        server = uvicorn.Server(config(app, host, bound, allow_origins=allow_origins,
                                       foreign=foreign))

        def on_hangup(signum: int, frame: FrameType | None) -> None:
            stopped.append(signum)   # uvicorn stops on SIGINT and SIGTERM only
            server.handle_exit(signum, frame)

        if hangup is not None and signal.getsignal(hangup) is not signal.SIG_IGN:
            before = signal.signal(hangup, on_hangup)
        if open_page:   # connections wait in the bound socket until the server runs
            _open(url)
        server.run(sockets=[sock, *claims])
    # uvicorn raises again the signal it stopped on; one before it ran is the same stop
    except interrupt.Stopped as stop:
        stopped.append(stop.signum)
        interrupt.last_signal = None   # said here, with the exit code, not again by main
    finally:
        if before is not None and hangup is not None:
            signal.signal(hangup, before)  # type: ignore[arg-type]
        for claim in claims:
            claim.close()
        sock.close()
        store.close()
    if stopped:
        say(f"gameshelf web: stopped ({signal.Signals(stopped[0]).name})")
        raise typer.Exit(128 + stopped[0])


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` (0: a free port) and listening.

    Raises:
        GameshelfError: the address cannot be used (in use, not this machine's), said as
            ``--terminal`` says it.
    """
    family, kind, proto, _, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM)[0]
    # start-up: the server's command module loads only when the page is served
    from gameshelf.cli.serve import bound as bound_socket

    try:
        return bound_socket(family, kind, proto, address)
    except OSError as exc:
        reason = os.strerror(exc.errno) if exc.errno else str(exc)
        raise GameshelfError(f"cannot listen on {literal(host)} port {port}: "
                             f"{reason[:1].lower()}{reason[1:]}") from None


def _address(host: str, port: int) -> str:
    """The page's address to print and open (this machine's name when the server listens
    on every address: the room links the page gives are then ones friends can open)."""
    shown = socket.gethostname() if is_every_address(host) else host
    return f"http://[{shown}]:{port}/" if ":" in shown else f"http://{shown}:{port}/"


def browser() -> webbrowser.BaseBrowser | None:
    """The default browser to open the page in: Python's :func:`webbrowser.get`, or None
    where there is none, or only one that draws in this terminal (:data:`TEXT_BROWSERS`,
    or any that runs in the foreground without a window)."""
    import webbrowser  # start-up: it brings subprocess (14 ms), wanted only to open a page

    try:
        found = webbrowser.get()
    except webbrowser.Error:
        return None
    if type(found) is webbrowser.GenericBrowser and (
            os.path.basename(found.name) in TEXT_BROWSERS):
        return None
    if isinstance(found, webbrowser.UnixBrowser) and not found.background:
        return None
    return found


def _open(url: str) -> None:
    """Open ``url`` in :func:`browser`, in a thread of its own (a browser started in the
    foreground holds it until it closes); nothing when there is none, and a browser that
    cannot be started (it raises, or says False) is said in one line, never an error."""
    found = browser()
    if found is None:
        return

    def run() -> None:
        try:
            opened = found.open(url, new=2)
        except Exception as exc:   # any failure of a browser is no failure of the server
            say(f"gameshelf web: could not open a browser ({exc}); open the address above")
            return
        if not opened:
            say("gameshelf web: could not open a browser (it did not start); open the "
                "address above")

    threading.Thread(target=run, name="open-browser", daemon=True).start()


def _warn(host: str, where: object) -> None:
    """The warning of an address others can reach."""
    if not is_loopback(host):
        say(f"gameshelf web: warning: listening on {literal(host)}: anyone who can reach this "
            f"address can play and write to the store in {literal(str(where))}")


def _terminal(host: str, port: int, max_sessions: int, allow_origins: tuple[str, ...] |
              list[str], open_page: bool) -> None:
    """Serve the terminal app inside a page (:class:`gameshelf.web.server.GameServer`)
    until a stopping signal.

    Raises:
        GameshelfError: the address cannot be listened on.
        typer.Exit: ``128 + signal`` once stopped by SIGINT, SIGTERM or SIGHUP.
    """
    # start-up: the web server, its event loop and the store load only for this command
    import asyncio

    from gameshelf.core.store import data_dir
    from gameshelf.web.server import GameServer

    def out(line: str) -> None:
        typer.echo(line)
        typer.get_text_stream("stdout").flush()

    _warn(host, data_dir())
    server = GameServer(host, port, max_sessions=max_sessions, say=out,
                        allow_origins=allow_origins)
    ready = (lambda: _open(server.address())) if open_page else None
    try:
        try:
            signum = asyncio.run(server.run(ready))
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
