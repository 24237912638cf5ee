"""Every answer of both servers (``gameshelf web`` and ``gameshelf serve``, real processes on
free 127.0.0.1 ports, raw sockets): each route asked for in every way a client may ask
(plain requests and WebSocket handshakes, good and broken ones, requests the HTTP layer
cannot read, refused ones) is answered below HTTP 500, with the careful headers (a Content
Security Policy, ``nosniff``, ``no-referrer``, no storing), and nothing reaches the
server's console as a traceback. The answers made beneath the app (the HTTP layer's own
400s, the WebSocket layer's refusals) are answers too."""

from __future__ import annotations

import base64
import os
import re
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests.procs import default_signals
from tests.web.served import PATIENCE, ROOT, served

KEY = base64.b64encode(b"0123456789abcdef").decode()
UPGRADE = "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"


def requests(port: int, *, web: bool) -> dict[str, bytes]:
    """Raw requests, by what they are, to the server at ``port``."""
    own = f"Host: 127.0.0.1:{port}\r\n"
    evil = "Origin: http://evil.example\r\n"
    hand = UPGRADE + f"Sec-WebSocket-Key: {KEY}\r\n"
    asked = {
        "GET /": f"GET / HTTP/1.1\r\n{own}\r\n",
        "HEAD /": f"HEAD / HTTP/1.1\r\n{own}\r\n",
        "POST /": f"POST / HTTP/1.1\r\n{own}Content-Length: 0\r\n\r\n",
        "OPTIONS /": f"OPTIONS / HTTP/1.1\r\n{own}\r\n",
        "GET /nope": f"GET /nope HTTP/1.1\r\n{own}\r\n",
        "GET /ws, no handshake": f"GET /ws HTTP/1.1\r\n{own}\r\n",
        "POST /ws": f"POST /ws HTTP/1.1\r\n{own}Content-Length: 0\r\n\r\n",
        "/ws handshake without a key": f"GET /ws HTTP/1.1\r\n{own}{UPGRADE}\r\n",
        "/ws handshake with a bad key": f"GET /ws HTTP/1.1\r\n{own}{UPGRADE}"
                                        "Sec-WebSocket-Key: x\r\n\r\n",
        "/ws upgrade to h2c": f"GET /ws HTTP/1.1\r\n{own}Upgrade: h2c\r\n"
                              "Connection: Upgrade\r\n\r\n",
        "handshake to /": f"GET / HTTP/1.1\r\n{own}{hand}\r\n",
        "handshake to /nope": f"GET /nope HTTP/1.1\r\n{own}{hand}\r\n",
        "page from a foreign Origin": f"GET / HTTP/1.1\r\n{own}{evil}\r\n",
        "/ws from a foreign Origin": f"GET /ws HTTP/1.1\r\n{own}{evil}{hand}\r\n",
        "/ws from Origin null": f"GET /ws HTTP/1.1\r\n{own}Origin: null\r\n{hand}\r\n",
        "/ws with two Origins": f"GET /ws HTTP/1.1\r\n{own}Origin: http://127.0.0.1:{port}"
                                f"\r\n{evil}{hand}\r\n",
        "/ws for a foreign Host": f"GET /ws HTTP/1.1\r\nHost: evil.example:{port}\r\n{hand}\r\n",
        "page for a foreign Host": f"GET / HTTP/1.1\r\nHost: evil.example:{port}\r\n\r\n",
        "absolute target of another host": f"GET http://evil.example/ws HTTP/1.1\r\n{own}"
                                           f"{hand}\r\n",
        "no Host": "GET / HTTP/1.1\r\n\r\n",
        "/ws with no Host": f"GET /ws HTTP/1.1\r\n{hand}\r\n",
        "two Hosts": f"GET / HTTP/1.1\r\n{own}{own}\r\n",
        "/ws with two Hosts": f"GET /ws HTTP/1.1\r\n{own}{own}{hand}\r\n",
        "a header with a NUL": f"GET / HTTP/1.1\r\n{own}X-A: a\x00b\r\n\r\n",
        "a header line without a colon": f"GET / HTTP/1.1\r\n{own}nonsense\r\n\r\n",
        "no HTTP at all": "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03\r\n\r\n",
        "HTTP/9.9": f"GET / HTTP/9.9\r\n{own}\r\n",
    }
    if web:
        asked |= {
            "/static/ listing": f"GET /static/ HTTP/1.1\r\n{own}\r\n",
            "/assets/ listing": f"GET /assets/ HTTP/1.1\r\n{own}\r\n",
            "a static file": f"GET /static/js/textual.js HTTP/1.1\r\n{own}\r\n",
            "an asset": f"GET /assets/page.js HTTP/1.1\r\n{own}\r\n",
            "a missing asset": f"GET /assets/none.js HTTP/1.1\r\n{own}\r\n",
            "a path out of the assets": f"GET /assets/%2e%2e/server.py HTTP/1.1\r\n{own}\r\n",
            "a download of no key": f"GET /download/nope HTTP/1.1\r\n{own}\r\n",
        }
    return {what: text.encode("latin-1") for what, text in asked.items()}


def answer(port: int, raw: bytes) -> tuple[int, dict[str, str]]:
    """The status and the headers (names in lower case) the server answers ``raw`` with."""
    with socket.create_connection(("127.0.0.1", port), timeout=PATIENCE) as sock:
        sock.sendall(raw)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                break
            data += chunk
    head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    found = re.match(r"HTTP/1\.[01] (\d{3})", head[0])
    assert found, f"no answer: {data[:200]!r}"
    headers = {}
    for line in head[1:]:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    return int(found.group(1)), headers


def careless(headers: dict[str, str]) -> list[str]:
    """The careful headers an answer lacks (or has without their point)."""
    lacks = []
    if "default-src 'none'" not in headers.get("content-security-policy", ""):
        lacks.append("Content-Security-Policy")
    if headers.get("x-content-type-options") != "nosniff":
        lacks.append("X-Content-Type-Options")
    if headers.get("referrer-policy") != "no-referrer":
        lacks.append("Referrer-Policy")
    if headers.get("cache-control") not in ("no-store", "no-cache"):
        lacks.append("Cache-Control")
    return lacks


def walk(port: int, *, web: bool) -> list[str]:
    """Every request of :func:`requests` asked; what went wrong with each answer."""
    wrong = []
    for what, raw in requests(port, web=web).items():
        status, headers = answer(port, raw)
        if status >= 500 or status == 101:
            wrong.append(f"{what}: HTTP {status}")
        lacks = careless(headers)
        if lacks:
            wrong.append(f"{what} (HTTP {status}) lacks {', '.join(lacks)}")
    return wrong


@contextmanager
def game_server(home: Path) -> Iterator[tuple[subprocess.Popen[str], int]]:
    """``gameshelf serve --port 0`` with its home in ``home``, and its port."""
    env = dict(os.environ, GAMESHELF_HOME=str(home), PYTHONPATH=str(ROOT / "src"))
    proc = subprocess.Popen([sys.executable, "-m", "gameshelf", "serve", "--port", "0"],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, cwd=ROOT, preexec_fn=default_signals)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        found = re.search(r"ws://127\.0\.0\.1:(\d+)/ws", line)
        assert found, line
        yield proc, int(found.group(1))
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.communicate(timeout=PATIENCE)


def test_every_answer_of_the_web_server_is_careful_and_none_is_an_internal_error(
        tmp_path: Path) -> None:
    with served(tmp_path / "home") as server:
        wrong = walk(server.port, web=True)
        code, out, err = server.stop()
    assert wrong == []
    assert code == 130, err
    assert "Traceback" not in out + err, err


def test_every_answer_of_the_game_server_is_careful_and_none_is_an_internal_error(
        tmp_path: Path) -> None:
    with game_server(tmp_path / "home") as (proc, port):
        wrong = walk(port, web=False)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=PATIENCE)
    assert wrong == []
    assert "Traceback" not in out + err, err


def test_the_web_servers_page_behind_a_tls_proxy_names_its_wss_address(
        tmp_path: Path) -> None:
    """An ``https`` origin given with ``--allow-origin`` is a TLS proxy's: its page opens
    ``wss://`` at 443, and the policy names that (no plain WebSocket at a port nobody
    serves)."""
    from tests.origins import ask

    with served(tmp_path / "home", "--allow-origin", "https://games.example.com") as web:
        answer = ask(web.port, "GET / HTTP/1.1", ["Host: games.example.com"], upgrade=False)
    assert answer.status == 200
    sources = answer.headers["content-security-policy"].split("connect-src ", 1)[1]
    assert sources.split(";", 1)[0] == "'self' wss://games.example.com:443"
