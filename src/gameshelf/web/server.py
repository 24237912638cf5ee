"""The web server of ``gameshelf web``: textual-serve's server with a session limit, a page
that says when it is full, and sessions that always end their process.

textual-serve (pinned in ``pyproject.toml``) serves a page running xterm.js and starts one
app process per websocket (:class:`textual_serve.app_service.AppService`), relaying its input
and output. What this module adds around it, without changing the library:

* **At most** ``max_sessions`` **apps at once.** Beyond that the page is a short HTML page
  (HTTP 503) saying all places are taken and to try again later, and a websocket is refused.
* **A closed tab ends its process.** :meth:`Session.stop` asks the app to quit (as the library
  does), waits up to :data:`QUIT_SECONDS`, then terminates and, at last, kills it; either
  way the process is waited for, so no child is left behind. Nothing on that way waits
  without a bound: an app that does not read its input is not asked, and the relay of its
  output and a page that does not answer its websocket's closing get :data:`QUIT_SECONDS`
  each. The app is started directly (no shell in between), in a session of its own, so a
  Ctrl+C on the server's terminal reaches the server, which then ends every session in
  order.
* **Addresses from the request.** The page's websocket and static addresses use the host
  the browser asked for (``Host``), so a server bound to every address (``--host 0.0.0.0``)
  works from another machine; textual-serve would write ``0.0.0.0`` into the page.
* **Requests it cannot read** (no ``Host``, two of them) are answered HTTP 400 by aiohttp
  and said in one line at ``INFO`` (:class:`OneLineBadRequests`), not as a traceback.
* **Bad messages are ignored.** A websocket message that is not one of the page's (bad
  JSON or JSON nested too deeply, as the program's one reader :func:`gameshelf.core.
  safeload.read_json` refuses it; an unknown kind; a size that is not a whole number:
  ``true``, ``1.0``, ``"80"``) is dropped instead of ending the session with a traceback on
  the server's console; a size out of range is clamped.
* **Our own page.** The template in ``web/templates`` is textual-serve's with the bundled
  Roboto Mono font (no font fetched from the internet) and our own words; its script and
  styles are files in ``web/assets`` (served at ``/assets/``), so the page's Content
  Security Policy runs no inline script.
* **Only our own pages and names.** Every request (the page, its files, the websocket)
  passes :class:`gameshelf.core.webguard.Guard` first: an ``Origin`` that is not one of
  this server's pages (or one given with ``--allow-origin``), ``Origin: null``, or a
  ``Host`` that is not one of its names (DNS rebinding) is answered HTTP 403 before any app
  process starts. Every answer carries the guard's careful headers (the page its own
  Content Security Policy); textual-serve's listing of its static folder is not served.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import signal
import socket
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import aiohttp_jinja2
import jinja2
from aiohttp import WSCloseCode, WSMsgType, hdrs, web
from aiohttp.http_exceptions import HttpProcessingError
from aiohttp.web_protocol import RequestHandler
from aiohttp.web_request import BaseRequest
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from gameshelf.core.interrupt import stop_with_parent
from gameshelf.core.safeload import DataError, read_json, whole
from gameshelf.core.text import count
from gameshelf.core.webguard import (
    COMMON_HEADERS,
    Guard,
    claim_loopback,
    is_every_address,
    page_headers,
)
from gameshelf.web import DEFAULT_MAX_SESSIONS, DRIVER

log = logging.getLogger("gameshelf.web")

#: Seconds a session's app has to quit after it is asked (a closed tab, the server stopping)
#: before it is terminated; then as many again before it is killed.
QUIT_SECONDS = 5.0
#: The terminal sizes a page may ask for (columns, rows); other sizes are clamped.
MAX_COLUMNS, MAX_ROWS = 500, 200
#: The signals that stop the server in order (every session ended first).
STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


TEMPLATES = Path(__file__).parent / "templates"
#: The page's own script and styles (served at ``/assets/``).
ASSETS = Path(__file__).parent / "assets"


def app_command() -> list[str]:
    """The command each browser tab's app runs: the ``gameshelf`` menu with this Python."""
    return [sys.executable, "-m", "gameshelf", "menu"]


class OneLineBadRequests(logging.Filter):
    """aiohttp logs a request it cannot read (no ``Host``, two of them, a header too long)
    as an error with a traceback; this makes it one line at ``INFO`` (not shown by
    default), as the request was only answered HTTP 400."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, HttpProcessingError):
            record.msg = "gameshelf web: refused a request it cannot read: %s"
            record.args = (" ".join(str(exc.message).split())[:120],)
            record.exc_info = record.exc_text = None
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


#: Installed on aiohttp's server logger while a server runs.
BAD_REQUESTS = OneLineBadRequests()


class CarefulConnection(RequestHandler):
    """aiohttp's handler of one connection, whose own answers (a request it cannot read: no
    ``Host``, two of them, a bad header, no HTTP at all: HTTP 400; a handler's failure:
    HTTP 500) carry the careful headers too: they are made beneath the app, where its
    ``on_response_prepare`` does not run."""

    __slots__ = ()

    def handle_error(self, request: BaseRequest, status: int = 500,
                     exc: BaseException | None = None,
                     message: str | None = None) -> web.StreamResponse:
        response = super().handle_error(request, status, exc, message)
        for name, value in COMMON_HEADERS.items():
            response.headers.setdefault(name, value)
        return response


class CarefulWebServer(web.Server):
    """aiohttp's server whose connections are :class:`CarefulConnection` s."""

    def __call__(self) -> RequestHandler:
        handler = super().__call__()
        handler.__class__ = CarefulConnection   # the same slots: only handle_error differs
        return handler


class Session(AppService):
    """One browser tab's app: its process, the relay of its input and output (from
    textual-serve) and an end that always comes (see the module's text)."""

    def __init__(self, argv: list[str], **kwargs: Any) -> None:
        super().__init__(" ".join(argv), **kwargs)
        self.argv = argv
        self._stopping: asyncio.Task[None] | None = None
        #: True once the app has drawn (it reads the browser's input from then on).
        self.drawn = False


    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment["TEXTUAL_DRIVER"] = DRIVER
        return environment

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Any:
        """Start the app process directly (no shell), in a session of its own."""
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=self._build_environment(width=width, height=height),
            start_new_session=True,
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def on_data(self, payload: bytes) -> None:
        self.drawn = True
        await super().on_data(payload)

    async def stop(self) -> None:
        """End the app: ask it to quit, wait :data:`QUIT_SECONDS`, terminate, kill; the
        process is always waited for. An app that has not drawn yet (a tab closed as it
        opened) is terminated at once: it has no game to keep and is not reading its input
        yet. Safe to call more than once and at the same time."""
        if self._stopping is None:
            self._stopping = asyncio.ensure_future(self._stop())
        await asyncio.shield(self._stopping)

    async def _stop(self) -> None:
        process = self._process
        if process is None:
            return
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        ask = process.returncode is None and self.drawn and await self._ask_to_quit()
        for end in ((None,) if ask else ()) + (process.terminate, process.kill):
            if process.returncode is not None:
                break
            if end is not None:
                with contextlib.suppress(ProcessLookupError):
                    end()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(process.wait(), QUIT_SECONDS)
        await process.wait()
        with contextlib.suppress(OSError, RuntimeError):
            if self._stdin is not None:
                self._stdin.close()
        relay, self._task = self._task, None
        if relay is not None:   # it ends at the output's end, unless the page stopped reading
            with contextlib.suppress(Exception):   # a timeout, or a page gone mid-write
                await asyncio.wait_for(relay, QUIT_SECONDS)

    async def _ask_to_quit(self) -> bool:
        """Send the app the library's ``quit``; False when it is not taken within
        :data:`QUIT_SECONDS` (the app does not read its input: it is terminated instead)."""
        try:
            return await asyncio.wait_for(self.send_meta({"type": "quit"}), QUIT_SECONDS)
        except TimeoutError:
            return False


async def close_socket(websocket: web.WebSocketResponse, code: int = WSCloseCode.OK,
                       message: bytes = b"") -> None:
    """Close a page's websocket, waiting at most :data:`QUIT_SECONDS` for the page to answer
    (a page that stopped reading would hold aiohttp's close forever); then it is dropped."""
    try:
        await asyncio.wait_for(websocket.close(code=code, message=message), QUIT_SECONDS)
    except (TimeoutError, ConnectionError):
        pass


class GameServer(Server):
    """textual-serve's server for the gameshelf app, with at most ``max_sessions`` apps at
    once (see the module's text). ``port`` 0 takes any free port (:attr:`port` is the one
    bound once started); ``argv`` is each tab's command (default :func:`app_command`);
    ``say`` prints one line for the player; ``allow_origins`` are other origins whose pages
    may use this server (``--allow-origin``).

    Raises:
        BadInputError: an ``allow_origins`` entry is not an origin.
    """

    def __init__(self, host: str = "127.0.0.1", port: int = 8000, *,
                 max_sessions: int = DEFAULT_MAX_SESSIONS, argv: list[str] | None = None,
                 say: Callable[[str], object] = print,
                 allow_origins: Sequence[str] = ()) -> None:
        super().__init__("gameshelf", host=host, port=port, title="gameshelf",
                         templates_path=TEMPLATES)
        if max_sessions < 1:
            raise ValueError("max_sessions must be at least 1")
        self.max_sessions = max_sessions
        self.argv = argv if argv is not None else app_command()
        self.say = say
        #: The open sessions and their websockets.
        self.sessions: dict[Session, web.WebSocketResponse] = {}
        self.allow_origins = tuple(allow_origins)
        #: Who may use the server, made once the port is bound (none before: every
        #: request is then refused).
        self.guard: Guard | None = None
        Guard(host, port or 1, self.allow_origins)  # a bad --allow-origin said at once
        self._starting = 0
        self._stop_event: asyncio.Event | None = None

    # -- the page ----------------------------------------------------------------------

    @property
    def full(self) -> bool:
        """True when every place is taken (an app running or starting for each)."""
        return len(self.sessions) + self._starting >= self.max_sessions

    async def on_startup(self, app: web.Application) -> None:
        """Nothing printed here: :meth:`run` says the address once it is bound."""

    async def _make_app(self) -> web.Application:
        """textual-serve's routes (without the listing of its static folder) and ours,
        behind the guard, with the careful headers on every answer."""
        app = web.Application(middlewares=[self._guarded])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes([
            web.get("/", self.handle_index, name="index"),
            web.get("/ws", self.handle_websocket, name="websocket"),
            web.get("/download/{key}", self.handle_download, name="download"),
            web.static("/static", self.statics_path, name="static"),
            web.static("/assets", ASSETS, name="assets"),
        ])
        app.on_response_prepare.append(self._careful_headers)
        app.on_startup.append(self.on_startup)
        app.on_shutdown.append(self.on_shutdown)
        return app

    @web.middleware
    async def _guarded(self, request: web.Request,
                       handler: Callable[[web.Request], Any]) -> web.StreamResponse:
        """Refuse (HTTP 403, one line) what :attr:`guard` does not let in, before any
        route runs."""
        target = request.raw_path if "://" in request.raw_path.split("?", 1)[0] else None
        why = ("the server is not listening yet" if self.guard is None else
               self.guard.refusal(request.headers.getall(hdrs.HOST, []),
                                  request.headers.getall(hdrs.ORIGIN, []), target))
        if why is not None:
            log.info("gameshelf web: refused a request: %s", why)
            return web.Response(status=403, text=f"gameshelf: refused: {why}\n")
        response: web.StreamResponse = await handler(request)
        return response

    async def _careful_headers(self, request: web.Request,
                               response: web.StreamResponse) -> None:
        """The guard's headers on every answer (a page has set its own policy); the page's
        files may be kept by a browser but are checked again each time."""
        for name, value in COMMON_HEADERS.items():
            response.headers.setdefault(name, value)
        if request.path.startswith(("/static/", "/assets/")) and response.status < 400:
            response.headers["Cache-Control"] = "no-cache"

    def _page_headers(self, request: web.Request) -> dict[str, str]:
        assert self.guard is not None    # the request passed it
        checked = self.guard.page_authority(request.headers.getall(hdrs.HOST, []))
        assert checked is not None
        host, proxied_tls = checked
        return page_headers(host, secure=request.secure or proxied_tls)

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page (xterm.js and the script that connects it), or the page saying every
        place is taken (HTTP 503)."""
        if self.full:
            response = aiohttp_jinja2.render_template(
                "full.html", request, {"players": count(self.max_sessions, "player"),
                                       "assets_url": "/assets/"}, status=503)
            response.headers["Retry-After"] = "30"
            response.headers.update(self._page_headers(request))
            return response
        font_size = min(max(to_int(request.query.get("fontsize", "16"), 16), 6), 64)
        scheme = "wss" if request.secure else "ws"
        context = {
            "font_size": font_size,
            "app_websocket_url": f"{scheme}://{request.host}/ws",
            "static_url": "/static/",
            "assets_url": "/assets/",
            "title": "gameshelf",
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers.update(self._page_headers(request))
        return response

    # -- a tab's session ---------------------------------------------------------------

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """Run one app for the websocket the page opened, until either side ends."""
        if self.full or self._stop_event is not None and self._stop_event.is_set():
            raise web.HTTPServiceUnavailable(text="gameshelf: every place is taken\n")
        width = min(max(to_int(request.query.get("width", "80"), 80), 1), MAX_COLUMNS)
        height = min(max(to_int(request.query.get("height", "24"), 24), 1), MAX_ROWS)
        websocket = web.WebSocketResponse(heartbeat=15)
        self._starting += 1
        session: Session | None = None
        try:
            try:
                await websocket.prepare(request)
                session = Session(self.argv, write_bytes=websocket.send_bytes,
                                  write_str=websocket.send_str, close=websocket.close,
                                  download_manager=self.download_manager)
                self.sessions[session] = websocket
            finally:
                self._starting -= 1
            await session.start(width, height)
            await self._process_messages(websocket, session)
        except (asyncio.CancelledError, ConnectionError):
            pass
        except OSError as exc:   # the app's command cannot be started
            log.error("gameshelf web: cannot start the app (%s): %s", " ".join(self.argv), exc)
        finally:
            try:
                if session is not None:
                    await session.stop()
            finally:
                if session is not None:
                    self.sessions.pop(session, None)   # its place is free, whatever came
                if websocket.prepared:   # a request that is no handshake is answered 400
                    await close_socket(websocket)
        return websocket

    async def _process_messages(self, websocket: web.WebSocketResponse,
                                app_service: AppService) -> None:
        """Relay the page's messages to the app; a message that is not one of the page's
        is dropped (see the module's text)."""
        async for message in websocket:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                envelope = read_json(message.data)
            except DataError:
                continue
            if not isinstance(envelope, list) or not envelope:
                continue
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8", "replace"))
            elif kind == "resize" and isinstance(data, dict):
                try:   # whole numbers: true, 1.0 and "80" are not sizes
                    width, height = whole(data.get("width")), whole(data.get("height"))
                except ValueError:
                    continue
                await app_service.set_terminal_size(min(max(width, 1), MAX_COLUMNS),
                                                    min(max(height, 1), MAX_ROWS))
            elif kind == "ping" and isinstance(data, str):
                await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()

    # -- running and stopping ----------------------------------------------------------

    def address(self) -> str:
        """The address to open in a browser (the bound port; this machine's name when the
        server listens on every address)."""
        host = socket.gethostname() if is_every_address(self.host) else self.host
        if ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{self.port}/"


    async def run(self, ready: Callable[[], object] | None = None) -> int | None:
        """Serve until a stopping signal; then end every session (each app quits, is
        terminated or killed, and is waited for) and close. ``ready`` is called once the
        port is bound. Returns the signal that stopped the server.

        Raises:
            OSError: the address cannot be listened on (port taken, unknown host).
        """
        loop = asyncio.get_running_loop()
        self._stop_event = stop = asyncio.Event()
        stopped_by: list[int] = []

        def on_signal(signum: int) -> None:
            stopped_by.append(signum)
            stop.set()

        installed = []
        for sig in STOP_SIGNALS:
            if signal.getsignal(sig) is signal.SIG_IGN:
                continue  # ignored at start (nohup): it stays ignored
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(sig, on_signal, int(sig))
                installed.append(sig)
        if signal.SIGHUP in installed:
            stop_with_parent(signal.SIGHUP)
        logging.getLogger("aiohttp.server").addFilter(BAD_REQUESTS)
        runner = web.AppRunner(await self._make_app(), access_log=None,
                               handle_signals=False, shutdown_timeout=QUIT_SECONDS)
        await runner.setup()
        assert runner.server is not None
        runner.server.__class__ = CarefulWebServer   # made by the app; only __call__ differs
        claims: list[socket.socket] = []
        try:
            site = web.TCPSite(runner, self.host or None, self.port)
            await site.start()
            bound = runner.addresses
            if self.port == 0 and bound:
                self.port = int(bound[0][1])
            claims, foreign = claim_loopback([str(a[0]) for a in bound], self.port)
            for claim in claims:   # localhost's other address, this server's too
                await web.SockSite(runner, claim).start()
            self.guard = Guard(self.host, self.port, self.allow_origins, foreign=foreign)
            self.say(f"gameshelf web: serving the game menu on {self.address()}")
            self.say("open it in a browser; Ctrl+C stops the server "
                     f"(at most {count(self.max_sessions, 'player')} at once)")
            if ready is not None:
                ready()
            await stop.wait()
            ended = len(self.sessions)
            await self.end_sessions()
            if ended:
                self.say(f"gameshelf web: ended {count(ended, 'open session')}; "
                         "every game is saved")
        finally:
            await runner.cleanup()
            for claim in claims:
                claim.close()
            logging.getLogger("aiohttp.server").removeFilter(BAD_REQUESTS)
            for sig in installed:
                loop.remove_signal_handler(sig)
        return stopped_by[0] if stopped_by else None

    async def end_sessions(self) -> None:
        """End every open session: each app asked to quit (then terminated, killed) and
        waited for, each page's websocket closed."""
        sessions = list(self.sessions.items())
        await asyncio.gather(*(s.stop() for s, _ in sessions), return_exceptions=True)
        await asyncio.gather(*(close_socket(ws, WSCloseCode.GOING_AWAY, b"server stopped")
                               for _, ws in sessions), return_exceptions=True)

    def serve(self, debug: bool = False) -> None:
        """Serve until stopped (textual-serve's entry point, kept for its callers)."""
        asyncio.run(self.run())
