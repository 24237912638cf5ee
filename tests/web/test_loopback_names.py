"""A loopback server takes ``localhost`` (and the other loopback address) as its own name
only where no other program can serve a page under it: ``localhost`` names ``127.0.0.1``
and ``::1``, and a browser goes to either; a page another program serves at
``http://localhost:PORT`` (from ``[::1]:PORT`` beside our ``127.0.0.1:PORT``) is not ours.
Both servers (real processes, real sockets): with another program on the other loopback
address at their port, pages of ``localhost`` and of that address are refused; without
one, the server listens on that address too (no other program can listen there) and
``localhost`` pages are let in on both."""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.procs import default_signals
from tests.web.served import PATIENCE, ROOT, served
from tests.web.test_every_answer import KEY, UPGRADE, answer


def _family(address: str) -> socket.AddressFamily:
    return socket.AF_INET6 if ":" in address else socket.AF_INET


def _shown(address: str) -> str:
    return f"[{address}]" if ":" in address else address


def _has_ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as sock:
            sock.bind(("::1", 0))
    except OSError:
        return False
    return True


pytestmark = pytest.mark.skipif(not _has_ipv6_loopback(), reason="no ::1 on this machine")


def _free_port_on_both() -> int:
    """A port free on ``127.0.0.1`` and on ``::1``."""
    for _ in range(50):
        with socket.socket() as four:
            four.bind(("127.0.0.1", 0))
            port = int(four.getsockname()[1])
            try:
                with socket.socket(socket.AF_INET6) as six:
                    six.bind(("::1", port))
            except OSError:
                continue
        return port
    raise AssertionError("no port free on both loopback addresses")


@contextmanager
def _other_program(address: str, port: int) -> Iterator[socket.socket]:
    """Another program's server listening on ``address:port`` (as ``python -m http.server``
    or a dev server would: SO_REUSEADDR, listening)."""
    sock = socket.socket(_family(address), socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((address, port))
    sock.listen(8)
    try:
        yield sock
    finally:
        sock.close()


@contextmanager
def _server(kind: str, home: Path, host: str, port: int) -> Iterator[None]:
    """``gameshelf web`` or ``gameshelf serve`` on ``host:port``."""
    if kind == "web":
        with served(home, "--host", host, "--port", str(port)):
            yield
        return
    env = dict(os.environ, GAMESHELF_HOME=str(home), PYTHONPATH=str(ROOT / "src"))
    proc = subprocess.Popen([sys.executable, "-m", "gameshelf", "serve", "--host", host,
                             "--port", str(port)], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, cwd=ROOT,
                            preexec_fn=default_signals)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert re.search(r"listening on ws://\S+:\d+/ws", line), line
        yield
    finally:
        proc.kill()
        proc.communicate(timeout=PATIENCE)


def _status(kind: str, host: str, port: int, origin: str, host_header: str = "") -> int:
    """The status of a page's request (the web server's page; the game server's
    WebSocket) from ``origin`` to ``host:port`` (``Host``: that, or ``host_header``)."""
    path, hand = ("/", "") if kind == "web" else ("/ws", UPGRADE + f"Sec-WebSocket-Key: {KEY}\r\n")
    named = host_header or f"{_shown(host)}:{port}"
    raw = (f"GET {path} HTTP/1.1\r\nHost: {named}\r\nOrigin: {origin}\r\n"
           f"{hand}\r\n").encode()
    return answer_at(host, port, raw)


def answer_at(host: str, port: int, raw: bytes) -> int:
    if host == "127.0.0.1":
        return answer(port, raw)[0]
    with socket.create_connection((host, port), timeout=PATIENCE) as sock:
        sock.sendall(raw)
        head = sock.recv(65536).split(b"\r\n", 1)[0].decode("latin-1")
    return int(head.split()[1])


#: (the server's --host, the other loopback address)
PAIRS = [("127.0.0.1", "::1"), ("::1", "127.0.0.1")]


@pytest.mark.parametrize(("kind", "host", "other"), [
    *((kind, host, other) for kind in ("web", "serve") for host, other in PAIRS),
    # every address: an IPv6 socket of the web server takes no IPv4 (the game server's
    # does, and cannot start beside another program on 127.0.0.1 then)
    ("web", "::", "127.0.0.1"),
])
def test_pages_another_program_may_serve_under_a_loopback_name_are_refused(
        kind: str, host: str, other: str, tmp_path: Path) -> None:
    port = _free_port_on_both()
    at = "::1" if host == "::" else host
    with _other_program(other, port), _server(kind, tmp_path / "home", host, port):
        for origin in (f"http://localhost:{port}", f"http://{_shown(other)}:{port}"):
            assert _status(kind, at, port, origin) == 403, origin
        assert _status(kind, at, port, f"http://{_shown(at)}:{port}") in (101, 200)


@pytest.mark.parametrize("kind", ["web", "serve"])
@pytest.mark.parametrize(("host", "other"), [*PAIRS, ("::", "127.0.0.1")])
def test_a_loopback_server_holds_the_other_loopback_address_and_answers_to_localhost(
        kind: str, host: str, other: str, tmp_path: Path) -> None:
    port = _free_port_on_both()
    with _server(kind, tmp_path / "home", host, port):
        with pytest.raises(OSError), _other_program(other, port):
            pass
        for address in ("::1" if host == "::" else host, other):   # it answers on both
            assert _status(kind, address, port, f"http://localhost:{port}",
                           host_header=f"localhost:{port}") in (101, 200), address
