"""A WebSocket handshake sent by hand over a real socket, with any ``Host`` and ``Origin``
(or none, or two), and the table of requests a server must let in or refuse: the raw tests
of both servers' ``Origin`` and ``Host`` checks (``tests/test_origins.py``)."""

from __future__ import annotations

import base64
import os
import socket
from collections.abc import Callable
from dataclasses import dataclass

#: Seconds a handshake's answer may take on a loaded machine before the test fails.
PATIENCE = 60.0


@dataclass(frozen=True)
class Answer:
    """The status, headers (names in lower case) and body of an HTTP answer."""

    status: int
    headers: dict[str, str]
    body: bytes


def ask(port: int, request_line: str, headers: list[str], *, upgrade: bool = True) -> Answer:
    """Send ``request_line`` and ``headers`` (``Name: value`` lines, as given: no ``Host``
    is added) to ``127.0.0.1:port``, with the WebSocket upgrade's headers when ``upgrade``;
    the answer (a 101 is read up to its headers, then the socket is closed)."""
    key = base64.b64encode(os.urandom(16)).decode()
    lines = [request_line, *headers]
    if upgrade:
        lines += ["Upgrade: websocket", "Connection: Upgrade", f"Sec-WebSocket-Key: {key}",
                  "Sec-WebSocket-Version: 13"]
    with socket.create_connection(("127.0.0.1", port), timeout=PATIENCE) as sock:
        sock.sendall(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
        head, _, body = data.partition(b"\r\n\r\n")
        if not head:
            return Answer(0, {}, b"")
        status_line, *header_lines = head.decode("latin-1").split("\r\n")
        found = {}
        for line in header_lines:
            name, _, value = line.partition(":")
            found[name.strip().lower()] = value.strip()
        status = int(status_line.split()[1])
        if status != 101:
            length = int(found.get("content-length", "0") or 0)
            while len(body) < length:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                body += chunk
    return Answer(status, found, body)


#: (name, request line, headers) made from the server's port ``P`` and another free
#: loopback port ``Q``; ``LET_IN`` are answered 101, every other is refused before any
#: app or room sees it (403, or 400 from the HTTP layer for a request it cannot read).
Case = tuple[str, Callable[[int, int], tuple[str, list[str]]]]


def _ws(*headers: str) -> Callable[[int, int], tuple[str, list[str]]]:
    return lambda p, q: ("GET /ws HTTP/1.1", [h.format(P=p, Q=q) for h in headers])


LET_IN: list[Case] = [
    ("no Origin (the terminal client, a script)", _ws("Host: 127.0.0.1:{P}")),
    ("its own page", _ws("Host: 127.0.0.1:{P}", "Origin: http://127.0.0.1:{P}")),
    ("its page under localhost", _ws("Host: localhost:{P}", "Origin: http://localhost:{P}")),
    ("localhost page to 127.0.0.1", _ws("Host: 127.0.0.1:{P}", "Origin: http://localhost:{P}")),
    ("upper-case host names", _ws("Host: LOCALHOST:{P}", "Origin: http://LocalHost:{P}")),
]

REFUSED: list[Case] = [
    ("a foreign page", _ws("Host: 127.0.0.1:{P}", "Origin: http://evil.example")),
    ("a foreign page at the same port", _ws("Host: 127.0.0.1:{P}",
                                            "Origin: http://evil.example:{P}")),
    ("a page on another loopback port", _ws("Host: 127.0.0.1:{P}",
                                            "Origin: http://127.0.0.1:{Q}")),
    ("a page of localhost on another port", _ws("Host: 127.0.0.1:{P}",
                                                "Origin: http://localhost:{Q}")),
    ("an https page", _ws("Host: 127.0.0.1:{P}", "Origin: https://127.0.0.1:{P}")),
    ("Origin: null", _ws("Host: 127.0.0.1:{P}", "Origin: null")),
    ("an empty Origin", _ws("Host: 127.0.0.1:{P}", "Origin: ")),
    ("an Origin with a trailing slash", _ws("Host: 127.0.0.1:{P}",
                                            "Origin: http://127.0.0.1:{P}/")),
    ("an Origin with a path", _ws("Host: 127.0.0.1:{P}", "Origin: http://127.0.0.1:{P}/ws")),
    ("an Origin of ws://", _ws("Host: 127.0.0.1:{P}", "Origin: ws://127.0.0.1:{P}")),
    ("IPv6 loopback, not bound", _ws("Host: 127.0.0.1:{P}", "Origin: http://[::1]:{P}")),
    ("two Origins", _ws("Host: 127.0.0.1:{P}", "Origin: http://127.0.0.1:{P}",
                        "Origin: http://evil.example")),
    ("a very long Origin", _ws("Host: 127.0.0.1:{P}", "Origin: http://" + "a" * 6000)),
    ("DNS rebinding", _ws("Host: evil.example:{P}")),
    ("DNS rebinding, its page", _ws("Host: evil.example:{P}",
                                    "Origin: http://evil.example:{P}")),
    ("Host without a port", _ws("Host: 127.0.0.1")),
    ("Host of another port", _ws("Host: 127.0.0.1:{Q}")),
    ("Host [::1], not bound", _ws("Host: [::1]:{P}")),
    ("Host 127.1", _ws("Host: 127.1:{P}")),
    ("Host with user info", _ws("Host: user@127.0.0.1:{P}")),
    ("a very long Host", _ws("Host: " + "a" * 6000)),
    ("an absolute URI elsewhere", lambda p, q: ("GET http://evil.example/ws HTTP/1.1",
                                                [f"Host: 127.0.0.1:{p}"])),
    ("another path, a foreign page", lambda p, q: ("GET /ws/ HTTP/1.1", [
        f"Host: 127.0.0.1:{p}", "Origin: http://evil.example"])),
    ("the root, a foreign page", lambda p, q: ("GET / HTTP/1.1", [
        f"Host: 127.0.0.1:{p}", "Origin: http://evil.example"])),
    ("no Host", _ws()),
    ("two Hosts", _ws("Host: 127.0.0.1:{P}", "Host: evil.example")),
]


def refused(answer: Answer) -> bool:
    """True when ``answer`` refuses: 403 (the check), or 400/431 from the HTTP layer (a
    request it cannot read), or a closed connection; never 101 nor a server error."""
    return answer.status in (0, 400, 403, 431)
