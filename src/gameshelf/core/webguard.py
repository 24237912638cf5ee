"""Who may talk to a server of ours: the ``Origin`` and ``Host`` checks every page and
WebSocket of ``gameshelf web`` and ``gameshelf serve`` passes first, and the headers every
answer carries. One :class:`Guard` decides for both servers (an ASGI middleware,
:class:`GuardMiddleware`, wraps the game server; the web server's aiohttp app calls
:meth:`Guard.refusal` from its own middleware).

Browsers let any page open a WebSocket to any address, ``127.0.0.1`` included, and send the
page's origin with it; a page can also reach ``127.0.0.1`` under a name of its own (DNS
rebinding), which the browser then sends as ``Host``. So a request is answered only when:

- **Host** (exactly one) names this server: its address and port (``--host``/``--port``),
  and for a loopback server also ``localhost`` and ``127.0.0.1`` at that port (``::1`` too
  when it listens there), or the host and port of an origin given with ``--allow-origin``.
  ``localhost`` names both loopback addresses and a browser may go to either, so a
  loopback server listens on the one it was not asked for too (:func:`claim_loopback`);
  when another program listens there, neither it nor ``localhost`` is this server's name.
  A server listening on every address (``0.0.0.0``, ``::``) cannot know all the names it is
  reached by: it takes any IP address at its port (no page can choose what an address
  literal points to, so no rebinding comes that way), this machine's name
  (``socket.gethostname()``), ``localhost``, and the ``--allow-origin`` hosts; any other
  name needs ``--allow-origin``. A ``Host`` without a port names port 80 (or 443 of an
  ``https`` origin allowed).
- **Origin**, when sent (browsers always send it on a WebSocket; the terminal client and
  scripts send none and are let in), is exactly one serialised origin (``scheme://host`` or
  ``scheme://host:port``, no path, not ``null``) that is either a page of this server
  (``http`` with one of its own names above, or the same host and port as the request's
  ``Host``) or one given with ``--allow-origin``. Host names compare without case; an IPv6
  address compares in its short form (``[0:0::1]`` is ``[::1]``); a default port may be
  written or left out.

Anything else is answered HTTP 403 before any route runs: no app process is started, no
room is touched. A page's refusal says why in one line; a WebSocket's is a 403 without a
body on the game server (uvicorn answers a close before the handshake so; a body would have
it log an error line for each) and the one line on the web server. The headers every answer
carries, the ones the servers' HTTP and WebSocket layers make themselves included (a request
they cannot read, a handshake they refuse: :mod:`gameshelf.server.layers`,
:class:`gameshelf.web.server.CarefulConnection`), are :data:`COMMON_HEADERS` and
:func:`page_headers`: a Content Security Policy allowing only the
server's own origin (pages) or nothing (everything else), ``X-Content-Type-Options:
nosniff``, ``Referrer-Policy: no-referrer``, ``Cross-Origin-Resource-Policy: same-origin``,
``Cache-Control: no-store`` (a page may hold what a player typed).

Example:
    >>> guard = Guard("127.0.0.1", 8000)
    >>> guard.refusal(["localhost:8000"], ["http://127.0.0.1:8000"]) is None
    True
    >>> print(guard.refusal(["127.0.0.1:8000"], ["http://evil.example"]))  # doctest: +ELLIPSIS
    the page 'http://evil.example' is not one of this server's (give it with --allow-origin ...)
"""

from __future__ import annotations

import errno
import ipaddress
import socket
from collections.abc import Awaitable, Callable, Collection, MutableMapping, Sequence
from dataclasses import dataclass
from typing import Any

from gameshelf.core.errors import BadInputError

#: The default port of each scheme an origin may have.
DEFAULT_PORTS = {"http": 80, "https": 443}
#: The help of ``--allow-origin`` (``gameshelf web`` and ``gameshelf serve``).
ALLOW_ORIGIN_HELP = ("Also let in pages of this origin (scheme://host[:port], e.g. "
                     "https://games.example.com behind a proxy); repeatable. By default "
                     "only the server's own pages and names are let in, and clients that "
                     "send no Origin (the terminal's client, scripts).")
#: Characters of a refused header shown back in the refusal's line.
SHOWN = 80

#: A host (as compared: lower case, an IPv6 address without brackets) and a port.
Authority = tuple[str, int]

#: Headers of every answer (pages add their own policy: :func:`page_headers`).
COMMON_HEADERS: dict[str, str] = {
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; "
                               "form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Cache-Control": "no-store",
}


def page_headers(authority: Authority, secure: bool = False, *,
                 inline_styles: bool = True, trusted_types: bool = False) -> dict[str, str]:
    """The headers of an HTML page served at ``authority`` (the request's checked
    ``Host``, :meth:`Guard.host_of`): its scripts, styles, fonts and images from the server
    itself only, WebSockets to it only, no inline script, no frames, no forms; not kept in
    any cache. Inline styles are allowed unless ``inline_styles`` is False: xterm.js, which
    draws textual-serve's page, writes its own style elements and attributes (a style
    cannot run code); the game server's own page needs none. ``trusted_types``: the
    browser refuses every text-to-markup or text-to-script sink (``innerHTML``,
    ``outerHTML``, ``insertAdjacentHTML``, ``document.write``, a script's ``src`` or text
    set from a string), so no text, a player's name included, can become markup or code
    even by a slip in the page's script (the game server's own page, which builds its
    elements with ``textContent`` only)."""
    scheme = "wss" if secure else "ws"
    styles = "'self' 'unsafe-inline'" if inline_styles else "'self'"
    sinks = "require-trusted-types-for 'script'; trusted-types 'none'; " if trusted_types else ""
    return {
        **COMMON_HEADERS,
        "Content-Security-Policy": (
            f"default-src 'none'; script-src 'self'; style-src {styles}; "
            f"font-src 'self'; img-src 'self'; connect-src 'self' {scheme}://"
            f"{authority_text(authority)}; {sinks}frame-ancestors 'none'; base-uri 'none'; "
            "form-action 'none'"),
        "Cross-Origin-Opener-Policy": "same-origin",
        "X-Frame-Options": "DENY",
    }


# ----- names -------------------------------------------------------------------------
def is_loopback(host: str) -> bool:
    """True when ``host`` is reachable only from this machine (``localhost``, ``127.x``,
    ``::1``, brackets allowed)."""
    name = host.strip().lower().rstrip(".")
    if name == "localhost":
        return True
    try:
        return ipaddress.ip_address(name.strip("[]")).is_loopback
    except ValueError:
        return False


def is_every_address(host: str) -> bool:
    """True when ``host`` means every address of this machine (``0.0.0.0``, ``::``, ``""``)."""
    return host.strip().strip("[]") in ("", "0.0.0.0", "::")


def _host(text: str) -> str | None:
    """A host as compared: lower case, one final dot dropped, an IP address in its short
    form without brackets; None when it is no host name (empty, a blank, ``@``...)."""
    name = text.lower()
    if "%" in name:
        return None   # an IPv6 zone: no browser sends one
    if name.startswith("["):
        if not name.endswith("]"):
            return None
        try:
            return ipaddress.IPv6Address(name[1:-1]).compressed
        except ValueError:
            return None
    try:
        return ipaddress.IPv4Address(name).compressed
    except ValueError:
        pass
    name = name[:-1] if name.endswith(".") else name
    labels = name.split(".")
    if not name or any(not label or len(label) > 63 for label in labels) or len(name) > 253:
        return None
    if not all(ch.isascii() and (ch.isalnum() or ch in "-_") for ch in name.replace(".", "")):
        return None
    return name


def _bound_host(host: str) -> str | None:
    """The address a server listens on as compared (an IPv6 address with or without
    brackets)."""
    text = host.strip()
    try:
        return ipaddress.IPv6Address(text.strip("[]")).compressed
    except ValueError:
        return _host(text)


def _port(text: str) -> int | None:
    if not text or len(text) > 5 or not all("0" <= ch <= "9" for ch in text):
        return None
    port = int(text)
    return port if 1 <= port <= 65535 else None


def authority_text(authority: Authority) -> str:
    """``host:port`` (an IPv6 address in brackets)."""
    host, port = authority
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def parse_authority(text: str, default_port: int | None) -> Authority | None:
    """``host[:port]`` (an IPv6 address in brackets) as compared, or None when it is none;
    without a port, ``default_port`` (None: a port is required)."""
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            return None
        host_text, rest = text[:end + 1], text[end + 1:]
    elif text.count(":") == 1:
        host_text, port_text = text.split(":")
        rest = ":" + port_text
    elif ":" in text:
        return None   # an IPv6 address without brackets, or more than one port
    else:
        host_text, rest = text, ""
    if rest and not rest.startswith(":"):
        return None
    host = _host(host_text)
    port = _port(rest[1:]) if rest else default_port
    return None if host is None or port is None else (host, port)


@dataclass(frozen=True)
class Origin:
    """A serialised origin as compared: ``scheme``, ``host`` (as :func:`parse_authority`
    compares it) and ``port`` (the scheme's default when none is written)."""

    scheme: str
    host: str
    port: int

    def __str__(self) -> str:
        return f"{self.scheme}://{authority_text((self.host, self.port))}"


def parse_origin(text: str, *, lenient: bool = False) -> Origin | None:
    """The origin ``text`` (``http://host`` or ``https://host:port``), or None when it is
    not one. ``lenient`` (an address a person gives, ``--allow-origin``) also takes a final
    ``/`` and upper case in the scheme; a browser's ``Origin`` header never has them."""
    scheme, sep, rest = text.partition("://")
    if lenient:
        scheme = scheme.lower()
        rest = rest[:-1] if rest.endswith("/") else rest
    if not sep or scheme not in DEFAULT_PORTS or not rest:
        return None
    if any(ch in rest for ch in "/?#@\\") or any(ord(ch) <= 32 or ord(ch) >= 127 for ch in rest):
        return None
    found = parse_authority(rest, DEFAULT_PORTS[scheme])
    return None if found is None else Origin(scheme, *found)


def allowed_origin(text: str) -> Origin:
    """An ``--allow-origin`` value, checked.

    Raises:
        BadInputError: not an origin (``http://host`` or ``https://host:port``: a scheme, a
            host and maybe a port, no path).
    """
    found = parse_origin(text.strip(), lenient=True)
    if found is None:
        raise BadInputError(f"--allow-origin {_shown(text)} is not an origin: give "
                            "http://HOST or https://HOST:PORT (a scheme and a host, maybe a "
                            "port; no path)")
    return found


def _shown(text: str) -> str:
    """A header's value quoted for the refusal's line: cut, control characters escaped."""
    cut = text if len(text) <= SHOWN else text[:SHOWN] + "..."
    return repr(cut)


# ----- the loopback addresses --------------------------------------------------------
#: The addresses ``localhost`` names (a browser tries each in turn).
LOOPBACK = ("127.0.0.1", "::1")


def claim_loopback(bound: Sequence[str], port: int) -> tuple[list[socket.socket], set[str]]:
    """Listen, for a server listening on ``bound`` at ``port``, on each loopback address of
    :data:`LOOPBACK` it does not listen on, so that no other program can serve pages at
    ``http://localhost:PORT`` (a browser may reach either address under that name, and the
    page's origin would be taken as this server's): the server serves these sockets too. An
    address this machine does not have is no one's.

    Args:
        bound: the addresses the server listens on (``0.0.0.0`` holds ``127.0.0.1``,
            ``::`` holds ``::1``; a socket on ``::`` that takes IPv4 too is given as
            ``::`` and ``0.0.0.0``).
        port: its port.

    Returns:
        The listening sockets for the server to serve (close them when it stops), and the
        addresses another program holds at ``port`` (:class:`Guard`'s ``foreign``).
    """
    held = {_bound_host(address) for address in bound}
    if "0.0.0.0" in held:
        held.add("127.0.0.1")
    if "::" in held:
        held.add("::1")
    sockets: list[socket.socket] = []
    foreign: set[str] = set()
    for address in LOOPBACK:
        if address in held:
            continue
        family = socket.AF_INET6 if ":" in address else socket.AF_INET
        try:
            sock = socket.socket(family, socket.SOCK_STREAM)
        except OSError:
            continue       # no IPv6 here: the address is no one's
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            sock.bind((address, port))
            sock.listen(2048)      # a listening socket: no other program may bind it now
        except OSError as exc:
            sock.close()
            if exc.errno == errno.EADDRINUSE:
                foreign.add(address)
            continue       # else the machine has no such address
        sockets.append(sock)
    return sockets, foreign


# ----- the guard ---------------------------------------------------------------------
class Guard:
    """The names a server answers to and the origins whose pages it serves (see the
    module's text for the rules).

    Args:
        host: the address the server listens on (``--host``).
        port: its port (the bound one, never 0).
        allow: origins given with ``--allow-origin`` (checked with :func:`allowed_origin`).
        foreign: the loopback addresses (of :data:`LOOPBACK`) another program holds at
            ``port`` (:func:`claim_loopback`): they and ``localhost`` (which may lead a
            browser there) are not this server's names.

    Raises:
        BadInputError: an ``allow`` entry is not an origin.
    """

    def __init__(self, host: str, port: int, allow: Sequence[str] = (), *,
                 foreign: Collection[str] = ()) -> None:
        self.port = port
        self.allowed = frozenset(allowed_origin(text) for text in allow)
        self.every_address = is_every_address(host)
        names: set[Authority] = set()
        bound = None if self.every_address else _bound_host(host)
        if foreign and bound == "localhost":
            bound = None
        if bound is not None:
            names.add((bound, port))
        if self.every_address or is_loopback(host):
            loopback = {"localhost", "127.0.0.1"}
            if self.every_address or bound in ("::1", "localhost"):
                loopback.add("::1")
            if foreign:   # localhost may name another program's page at this port
                loopback -= {"localhost", *foreign}
            names |= {(name, port) for name in loopback}
        if self.every_address:
            machine = _host(socket.gethostname())
            if machine is not None:
                names.add((machine, port))
        #: The server's own names (``host``, ``port``): its pages are theirs.
        self.names = frozenset(names)
        #: Every name a request may give as ``Host``.
        self.hosts = self.names | {(o.host, o.port) for o in self.allowed}

    def host_of(self, values: Sequence[str]) -> Authority | None:
        """The request's checked ``Host`` (None when it is not one of this server's)."""
        if len(values) != 1:
            return None
        text = values[0].strip()
        for default in (None, 80, 443):
            found = parse_authority(text, default)
            if found is None:
                continue
            if found in self.hosts or (self.every_address and found[1] == self.port
                                       and _is_address(found[0])):
                return found
        return None

    def page_authority(self, values: Sequence[str]) -> tuple[Authority, bool] | None:
        """The request's checked ``Host`` (:meth:`host_of`) and whether the browser reached
        it over TLS: True when it is the host and port of an ``https`` origin given with
        ``--allow-origin`` (a TLS proxy's; its ``Host`` without a port names 443), so a
        page's policy names the ``wss://`` address its page opens; None when the ``Host``
        is not one of this server's."""
        host = self.host_of(values)
        if host is None:
            return None
        secure = host not in self.names and any(
            o.scheme == "https" and (o.host, o.port) == host for o in self.allowed)
        return host, secure

    def refusal(self, hosts: Sequence[str], origins: Sequence[str],
                target: str | None = None) -> str | None:
        """Why a request is refused, in one line; None when it is let in.

        Args:
            hosts: its ``Host`` header's values (exactly one is taken).
            origins: its ``Origin`` header's values (none: not from a web page).
            target: the request line's target when it is an absolute URI
                (``http://host/ws``): its host must then be one of this server's too.
        """
        if len(hosts) != 1:
            return ("the request has no Host header" if not hosts else
                    "the request has more than one Host header")
        host = self.host_of(hosts)
        if host is None:
            return (f"this server is not known as {_shown(hosts[0])} (a name of an origin "
                    "given with --allow-origin is)")
        if target is not None and _target_host(target, self) is None:
            return f"this server is not the one the request names ({_shown(target)})"
        if not origins:
            return None
        if len(origins) > 1:
            return "the request has more than one Origin header"
        text = origins[0].strip()
        if text == "null":
            return ("the request comes from a page with no origin (null: a file, a sandboxed "
                    "frame or a redirect); only this server's pages are let in")
        origin = parse_origin(text)
        if origin is None:
            return f"the request's Origin {_shown(text)} is not an origin"
        if origin in self.allowed:
            return None
        own = (origin.host, origin.port)
        if origin.scheme == "http" and (own in self.names or own == host):
            return None
        return (f"the page {_shown(text)} is not one of this server's (give it with "
                "--allow-origin to let it in)")


def _is_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _target_host(target: str, guard: Guard) -> Authority | None:
    scheme, sep, rest = target.partition("://")
    if not sep or scheme.lower() not in ("http", "https", "ws", "wss"):
        return None
    authority = rest.split("/", 1)[0]
    return guard.host_of([authority])


# ----- the ASGI middleware (the game server) ----------------------------------------
Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


def _with_headers(headers: Sequence[tuple[bytes, bytes]],
                  extra: dict[str, str]) -> list[tuple[bytes, bytes]]:
    have = {name.lower() for name, _ in headers}
    return [*headers, *((k.lower().encode(), v.encode()) for k, v in extra.items()
                        if k.lower().encode() not in have)]


#: The scope key where :class:`GuardMiddleware` leaves a request's checked ``Host`` and
#: whether it was reached over TLS (:meth:`Guard.page_authority`), for pages' policies.
PAGE_AUTHORITY = "gameshelf.page_authority"


class GuardMiddleware:
    """An ASGI app that lets ``app`` answer only the requests ``guard`` lets in (HTTP and
    WebSocket alike; others get HTTP 403 and one line), with :data:`COMMON_HEADERS` on every
    answer, a WebSocket's handshake included; the request's checked ``Host`` is left in
    its scope under :data:`PAGE_AUTHORITY`."""

    def __init__(self, app: ASGIApp, guard: Guard) -> None:
        self.app = app
        self.guard = guard

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = scope.get("headers") or []
        hosts = [v.decode("latin-1") for k, v in headers if k.lower() == b"host"]
        origins = [v.decode("latin-1") for k, v in headers if k.lower() == b"origin"]
        raw = scope.get("raw_path") or b""
        target = raw.decode("latin-1") if b"://" in raw.split(b"?", 1)[0] else None
        why = self.guard.refusal(hosts, origins, target)
        if why is not None:
            await self._refuse(kind, send, why)
            return
        scope[PAGE_AUTHORITY] = self.guard.page_authority(hosts)

        async def send_with_headers(message: MutableMapping[str, Any]) -> None:
            if message["type"] in ("http.response.start", "websocket.accept"):
                message["headers"] = _with_headers(list(message.get("headers") or []),
                                                   COMMON_HEADERS)
            await send(message)

        await self.app(scope, receive, send_with_headers)

    async def _refuse(self, kind: str, send: Send, why: str) -> None:
        if kind == "websocket":
            # before the handshake, a close is answered HTTP 403 (uvicorn logs a denial
            # response with a body as a handshake never completed, an error line each time)
            await send({"type": "websocket.close", "code": 1008})
            return
        body = f"gameshelf: refused: {why}\n".encode()
        headers = _with_headers([(b"content-type", b"text/plain; charset=utf-8"),
                                 (b"content-length", str(len(body)).encode())],
                                COMMON_HEADERS)
        await send({"type": "http.response.start", "status": 403, "headers": headers})
        await send({"type": "http.response.body", "body": body})
