"""Both servers we ship (``gameshelf web``, ``gameshelf serve``) refuse what does not come
from one of their own pages or names, before any app process starts or any room is
touched, and answer with careful headers.

* Raw handshakes over real sockets (``tests/origins.py``): no ``Origin`` (the terminal
  client, a script), the server's own page and its loopback names are let in; a foreign
  page, ``Origin: null``, every odd spelling of an origin, a foreign ``Host`` (DNS
  rebinding), a ``Host`` without its port or of another port, two headers, very long
  headers, an absolute URI, other paths: HTTP 403 (or the HTTP layer's 400).
* ``--allow-origin URL`` lets that page in (and its name as ``Host``).
* In headless Chromium: a page from another loopback port (a second origin, a tiny HTTP
  server on a free port) opens neither server's WebSocket, nor does a page under a foreign
  name resolved to 127.0.0.1 (DNS rebinding); the server's own page works under its
  Content Security Policy (no violation reported).
"""

from __future__ import annotations

import http.server
import json
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import connect

from gameshelf.server import protocol as p
from tests.cli_helpers import run
from tests.origins import LET_IN, REFUSED, Answer, ask, refused
from tests.server.helpers import Running, running
from tests.web.browser import browser_or_skip, browser_page
from tests.web.served import MENU_DRAWN, PATIENCE, Served, apps_of, served, wait_for_no_apps


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="module")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    with served(tmp_path_factory.mktemp("web-home"), "--max-sessions", "4",
                "--allow-origin", "http://127.0.0.1:1/") as server:
        yield server
        code, out, err = server.stop()
        assert "Traceback" not in out + err, err


@pytest.fixture(scope="module")
def game_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    home = tmp_path_factory.mktemp("serve-home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GAMESHELF_HOME", str(home))
        with running(home / "server.db") as srv:
            yield srv


def _port(url: str) -> int:
    return int(url.rsplit(":", 1)[1].split("/", 1)[0])


# ----- raw handshakes -------------------------------------------------------------------
@pytest.mark.parametrize("case", [c[0] for c in LET_IN])
def test_the_web_server_lets_in_its_own_pages_and_clients(web: Served, case: str) -> None:
    line, headers = dict(LET_IN)[case](web.port, free_port())
    answer = ask(web.port, line, headers)
    assert answer.status == 101, answer
    _careful(answer, page=False)
    assert wait_for_no_apps(web) == []


@pytest.mark.parametrize("case", [c[0] for c in REFUSED])
def test_the_web_server_refuses_before_any_app_starts(web: Served, case: str) -> None:
    line, headers = dict(REFUSED)[case](web.port, free_port())
    assert wait_for_no_apps(web) == []   # the apps of the tests before it have ended
    answer = ask(web.port, line, headers)
    assert refused(answer), answer
    assert apps_of(web) == []   # nothing was started for it
    if answer.status == 403:
        assert answer.body.startswith(b"gameshelf: refused: ") and answer.body.count(b"\n") == 1
        _careful(answer, page=False)


@pytest.mark.parametrize("case", [c[0] for c in LET_IN])
def test_the_game_server_lets_in_its_own_pages_and_clients(game_server: Running,
                                                           case: str) -> None:
    port = _port(game_server.url)
    answer = ask(port, *dict(LET_IN)[case](port, free_port()))
    assert answer.status == 101, answer
    _careful(answer, page=False)


@pytest.mark.parametrize("case", [c[0] for c in REFUSED])
def test_the_game_server_refuses_before_any_room_is_touched(game_server: Running,
                                                           case: str) -> None:
    port = _port(game_server.url)
    rooms = dict(game_server.hub.lobby.rooms)
    answer = ask(port, *dict(REFUSED)[case](port, free_port()))
    assert refused(answer), answer
    assert game_server.hub.hosts == {} and game_server.hub.lobby.rooms == rooms


def test_an_origin_allowed_is_let_in_on_both_servers(web: Served, tmp_path: Path) -> None:
    # the web fixture allows http://127.0.0.1:1 (given with a slash: an address a person
    # types); its name is then a Host too
    for headers in (["Host: 127.0.0.1:{P}", "Origin: http://127.0.0.1:1"],
                    ["Host: 127.0.0.1:1", "Origin: http://127.0.0.1:1"]):
        answer = ask(web.port, "GET /ws HTTP/1.1", [h.format(P=web.port) for h in headers])
        assert answer.status == 101, answer
    assert wait_for_no_apps(web) == []
    assert ask(web.port, "GET /ws HTTP/1.1", [f"Host: 127.0.0.1:{web.port}",
                                               "Origin: http://127.0.0.1:2"]).status == 403
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GAMESHELF_HOME", str(tmp_path))
        with running(tmp_path / "server.db", allow_origins=["https://games.example.com"]) as srv:
            port = _port(srv.url)
            for headers in ([f"Host: 127.0.0.1:{port}", "Origin: https://games.example.com"],
                            ["Host: games.example.com", "Origin: https://games.example.com"]):
                assert ask(port, "GET /ws HTTP/1.1", headers).status == 101
            assert ask(port, "GET /ws HTTP/1.1", [
                f"Host: 127.0.0.1:{port}", "Origin: http://games.example.com"]).status == 403


def test_the_terminal_client_still_plays(game_server: Running) -> None:
    """The terminal's client sends no Origin: let in (every online test plays through it)."""
    with connect(game_server.url) as ws:
        ws.send(p.dump(p.Hello("test")))
        assert isinstance(p.parse_server(ws.recv(timeout=PATIENCE)), p.Welcome)


def _careful(answer: Answer, *, page: bool) -> None:
    headers = answer.headers
    assert headers.get("x-content-type-options") == "nosniff"
    assert headers.get("referrer-policy") == "no-referrer"
    assert headers.get("cache-control") == "no-store"
    csp = headers.get("content-security-policy", "")
    assert "frame-ancestors 'none'" in csp
    assert ("script-src 'self'" in csp) if page else ("default-src 'none'" in csp)


def test_pages_carry_careful_headers(web: Served, game_server: Running) -> None:
    page = ask(web.port, "GET / HTTP/1.1", [f"Host: 127.0.0.1:{web.port}"], upgrade=False)
    assert page.status == 200
    _careful(page, page=True)
    csp = page.headers["content-security-policy"]
    assert f"connect-src 'self' ws://127.0.0.1:{web.port};" in csp
    assert "'unsafe-inline'" not in csp.split("script-src")[1].split(";")[0]
    assert b"<script>" not in page.body and b"onclick" not in page.body.lower()
    port = _port(game_server.url)
    # the game server's own page: no inline script nor style at all
    own = ask(port, "GET / HTTP/1.1", [f"Host: 127.0.0.1:{port}"], upgrade=False)
    assert own.status == 200
    _careful(own, page=True)
    csp = own.headers["content-security-policy"]
    assert f"connect-src 'self' ws://127.0.0.1:{port};" in csp
    assert "'unsafe-inline'" not in csp and "'unsafe-eval'" not in csp
    assert b"<script>" not in own.body and b"<style" not in own.body
    assert b" style=" not in own.body and b"onclick" not in own.body.lower()
    listing = ask(port, "GET /games.json HTTP/1.1", [f"Host: 127.0.0.1:{port}"],
                  upgrade=False)
    assert listing.status == 200
    _careful(listing, page=False)


# ----- in a browser ---------------------------------------------------------------------
#: The foreign page's script: ``tryOpen(url, hello)`` opens a WebSocket and says what came
#: of it: ``open`` (and the first message, after sending ``hello`` when given) or
#: ``refused`` (closed, code 1006, before it opened).
TRY_OPEN = """
window.tryOpen = (url, hello) => new Promise(resolve => {
  const ws = new WebSocket(url);
  ws.binaryType = "arraybuffer";
  let opened = false;
  ws.onopen = () => { opened = true; if (hello) ws.send(hello); };
  ws.onmessage = event => {
    const text = typeof event.data === "string" ? event.data : "(bytes)";
    resolve("open " + text); ws.close();
  };
  ws.onclose = event => resolve((opened ? "closed " : "refused ") + event.code);
});
"""


@contextmanager
def foreign_site() -> Iterator[int]:
    """A tiny HTTP server on a free loopback port (another origin) whose page is
    :data:`TRY_OPEN`; its port."""
    body = f"<!DOCTYPE html><title>elsewhere</title><script>{TRY_OPEN}</script>".encode()

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - the library's name
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: Any) -> None:
            pass

    site = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=site.serve_forever, daemon=True)
    thread.start()
    try:
        yield int(site.server_address[1])
    finally:
        site.shutdown()
        site.server_close()


#: Names the browser resolves to 127.0.0.1 (``--host-resolver-rules``): a rebinding page.
REBOUND = "rebound.example"
#: Records every Content Security Policy violation of a page (``window.violations``).
WATCH_POLICY = """
window.violations = [];
document.addEventListener("securitypolicyviolation",
  e => window.violations.push(e.violatedDirective + " " + e.blockedURI));
"""


def test_a_foreign_page_opens_neither_servers_websocket_in_a_browser(
        web: Served, game_server: Running) -> None:
    executable = browser_or_skip()
    serve_port = _port(game_server.url)
    hello = p.dump(p.Hello("browser"))
    args = [f"--host-resolver-rules=MAP {REBOUND} 127.0.0.1"]
    with foreign_site() as elsewhere, browser_page(executable, args=args) as page:
        for origin in (f"http://127.0.0.1:{elsewhere}", f"http://localhost:{elsewhere}",
                       f"http://{REBOUND}:{elsewhere}"):
            page.goto(f"{origin}/")
            for url in (f"ws://127.0.0.1:{web.port}/ws?width=80&height=24",
                        f"ws://localhost:{web.port}/ws",
                        f"ws://127.0.0.1:{serve_port}/ws", f"ws://{REBOUND}:{serve_port}/ws",
                        f"ws://{REBOUND}:{web.port}/ws"):
                found = page.evaluate("([url, hello]) => tryOpen(url, hello)", [url, hello])
                assert found.startswith("refused"), (origin, url, found)
                assert apps_of(web) == [] and game_server.hub.hosts == {}
        # a page under a name the server does not have (DNS rebinding) is refused whole
        answer = page.goto(f"http://{REBOUND}:{web.port}/")
        assert answer is not None and answer.status == 403
        assert "refused" in page.inner_text("body")


def test_the_servers_own_pages_work_under_their_policy_in_a_browser(
        web: Served, game_server: Running) -> None:
    executable = browser_or_skip()
    with browser_page(executable) as page:
        page.add_init_script(WATCH_POLICY)
        page.goto(web.url)
        page.wait_for_function("t => window.gameshelfScreen().includes(t)", arg=MENU_DRAWN,
                               timeout=PATIENCE * 1000)
        page.keyboard.press("1")    # the menu answers keys: the socket is the page's own
        page.wait_for_function("() => window.gameshelfScreen().includes('Best bills ever')",
                               timeout=PATIENCE * 1000)
        assert page.evaluate("window.violations") == []
    assert wait_for_no_apps(web) == []
    # the game server's one page is text (its policy lets it run nothing); a script run in
    # it as a page of that origin would be (the policy set aside) is let in
    serve_port = _port(game_server.url)
    with browser_page(executable, bypass_csp=True) as page:
        page.goto(f"http://127.0.0.1:{serve_port}/")
        page.evaluate(TRY_OPEN)
        found = page.evaluate("([url, hello]) => tryOpen(url, hello)",
                              [game_server.url, p.dump(p.Hello("browser"))])
        assert found.startswith("open ") and json.loads(found[5:])["type"] == "welcome"



# ----- the command line -----------------------------------------------------------------
@pytest.mark.parametrize("command", [["web", "--port", "0"], ["serve", "--port", "0"]])
@pytest.mark.parametrize("value", ["games.example.com", "http://a/b", "ftp://a", "null", "",
                                   "http://a:0", "http://[::1", "http://a\x1b[31m"])
def test_a_bad_allow_origin_is_one_line_and_exit_2(
        command: list[str], value: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMESHELF_HOME", str(tmp_path))
    code, out, err = run([*command, "--allow-origin", value], capsys, monkeypatch)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "--allow-origin" in err and "\x1b" not in err, err
