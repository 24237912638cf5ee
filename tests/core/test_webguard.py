"""The one check of ``Origin`` and ``Host`` both servers make (:mod:`gameshelf.core.webguard`),
as a table: the names a server answers to (loopback, one address, every address, origins
allowed), every spelling of an origin and a host a client may send, and what is let in."""

from __future__ import annotations

import socket

import pytest

from gameshelf.core.errors import BadInputError
from gameshelf.core.webguard import (
    COMMON_HEADERS,
    Guard,
    allowed_origin,
    page_headers,
    parse_authority,
    parse_origin,
)

P = 8000
LOOPBACK = Guard("127.0.0.1", P)
OWN = f"127.0.0.1:{P}"


@pytest.mark.parametrize(("host", "origin"), [
    (OWN, None), (OWN, f"http://127.0.0.1:{P}"), (OWN, f"http://localhost:{P}"),
    (f"localhost:{P}", f"http://127.0.0.1:{P}"), (f"LOCALHOST:{P}", f"http://LocalHost:{P}"),
    (f"localhost.:{P}", f"http://localhost.:{P}"), (f" {OWN} ", f" http://127.0.0.1:{P} "),
    (f"127.0.0.1:0{P}", None),
])
def test_a_loopback_server_lets_in_its_own_pages_and_clients_without_origin(
        host: str, origin: str | None) -> None:
    assert LOOPBACK.refusal([host], [] if origin is None else [origin]) is None


@pytest.mark.parametrize(("hosts", "origins", "words"), [
    ([OWN], ["http://evil.example"], "is not one of this server's"),
    ([OWN], [f"http://evil.example:{P}"], "is not one of this server's"),
    ([OWN], [f"http://127.0.0.1:{P + 1}"], "is not one of this server's"),   # another port
    ([OWN], ["http://127.0.0.1"], "is not one of this server's"),            # port 80
    ([OWN], [f"https://127.0.0.1:{P}"], "is not one of this server's"),      # another scheme
    ([OWN], [f"http://[::1]:{P}"], "is not one of this server's"),    # not bound there
    ([OWN], [f"http://127.0.0.2:{P}"], "is not one of this server's"),
    ([OWN], [f"ws://127.0.0.1:{P}"], "is not an origin"),
    ([OWN], [f"http://127.0.0.1:{P}/"], "is not an origin"),                 # a path
    ([OWN], [f"http://127.0.0.1:{P}/ws"], "is not an origin"),
    ([OWN], [f"HTTP://127.0.0.1:{P}"], "is not an origin"),
    ([OWN], [f"http://user@127.0.0.1:{P}"], "is not an origin"),
    ([OWN], [f"http://127.0.0.1:{P}?x"], "is not an origin"),
    ([OWN], [f"http://127.0.0.1:{P}#x"], "is not an origin"),
    ([OWN], [f"http://127.0.0.1:{P}\\"], "is not an origin"),
    ([OWN], [f"http://127.0.0.1:{P}:{P}"], "is not an origin"),
    ([OWN], [f"http://127.0.0.1:{P}\x00"], "is not an origin"),
    ([OWN], ["http://127.0.0.1:99999"], "is not an origin"),
    ([OWN], ["http://"], "is not an origin"), ([OWN], [""], "is not an origin"),
    ([OWN], ["file://"], "is not an origin"),
    ([OWN], ["chrome-extension://abcdef"], "is not an origin"),
    ([OWN], ["http://" + "a" * 100_000], "is not an origin"),
    ([OWN], ["null"], "no origin (null"), ([OWN], ["NULL"], "is not an origin"),
    ([OWN], [f"http://127.0.0.1:{P}", f"http://127.0.0.1:{P}"], "more than one Origin"),
    ([], [], "no Host"), ([OWN, OWN], [], "more than one Host"),
    (["evil.example"], [], "is not known as"),                     # DNS rebinding
    ([f"evil.example:{P}"], [f"http://evil.example:{P}"], "is not known as"),
    (["127.0.0.1"], [], "is not known as"),                        # port 80
    ([f"127.0.0.1:{P + 1}"], [], "is not known as"),
    ([f"[::1]:{P}"], [], "is not known as"),
    ([f"127.1:{P}"], [], "is not known as"), ([f"2130706433:{P}"], [], "is not known as"),
    ([f"user@127.0.0.1:{P}"], [], "is not known as"),
    ([f"127.0.0.1:{P}:{P}"], [], "is not known as"), ([""], [], "is not known as"),
    ([f"127.0.0.1:+{P}"], [], "is not known as"), ([f"127.0.0.1:{P}0"], [], "is not known as"),
    (["a" * 100_000], [], "is not known as"),
    ([f"[127.0.0.1]:{P}"], [], "is not known as"),
    ([f"127.0.0.1 :{P}"], [], "is not known as"),
])
def test_everything_else_is_refused_in_one_line(hosts: list[str], origins: list[str],
                                                words: str) -> None:
    why = LOOPBACK.refusal(hosts, origins)
    assert why is not None and words in why, why
    assert "\n" not in why and len(why) < 400


def test_an_absolute_request_target_must_name_the_server() -> None:
    assert LOOPBACK.refusal([OWN], [], f"http://127.0.0.1:{P}/ws") is None
    for target in ("http://evil.example/ws", f"http://evil.example:{P}/ws", "gopher://x/"):
        why = LOOPBACK.refusal([OWN], [], target)
        assert why is not None and "the request names" in why


def test_origins_allowed_are_let_in_exactly_and_name_the_server() -> None:
    guard = Guard("127.0.0.1", P, ["https://games.example.com", "HTTP://127.0.0.1:9000/"])
    assert guard.refusal([OWN], ["https://games.example.com"]) is None
    assert guard.refusal([OWN], ["https://games.example.com:443"]) is None
    assert guard.refusal([OWN], ["http://127.0.0.1:9000"]) is None
    assert guard.refusal(["games.example.com"], ["https://games.example.com"]) is None
    assert guard.refusal(["games.example.com:443"], []) is None
    for origin in ("http://games.example.com", "https://games.example.com:8443",
                   "https://evil.games.example.com", "https://127.0.0.1:9000"):
        assert guard.refusal([OWN], [origin]) is not None, origin
    assert guard.refusal(["games.example.com:80"], []) is not None


@pytest.mark.parametrize("text", ["games.example.com", "http://", "http://a/b", "ftp://a",
                                  "http://a:0", "http://a b", "null", "", "http://[::1"])
def test_an_allowed_origin_that_is_none_is_one_line(text: str) -> None:
    with pytest.raises(BadInputError) as info:
        allowed_origin(text)
    assert "--allow-origin" in str(info.value) and "\n" not in str(info.value)


def test_an_ipv6_loopback_server_answers_to_its_names() -> None:
    guard = Guard("::1", P)
    for host in (f"[::1]:{P}", f"[0:0:0:0:0:0:0:1]:{P}", f"localhost:{P}", OWN):
        assert guard.refusal([host], [f"http://[::1]:{P}"]) is None, host
    assert guard.refusal([f"[::2]:{P}"], []) is not None


def test_a_server_on_one_address_answers_to_it_alone() -> None:
    guard = Guard("192.168.1.5", P)
    assert guard.refusal([f"192.168.1.5:{P}"], [f"http://192.168.1.5:{P}"]) is None
    for host in (OWN, f"localhost:{P}", f"10.0.0.1:{P}"):
        assert guard.refusal([host], []) is not None, host


def test_a_server_on_every_address_takes_addresses_and_its_name_not_other_names() -> None:
    guard = Guard("0.0.0.0", P)
    machine = socket.gethostname().lower()
    for host in (OWN, f"localhost:{P}", f"192.168.1.5:{P}", f"[fe80::1]:{P}",
                 f"{machine}:{P}"):
        assert guard.refusal([host], []) is None, host
    # a page is let in from the address it was served at, not from another address
    assert guard.refusal([f"192.168.1.5:{P}"], [f"http://192.168.1.5:{P}"]) is None
    assert guard.refusal([f"192.168.1.5:{P}"], [f"http://127.0.0.1:{P}"]) is None
    for origin in (f"http://192.168.1.6:{P}", f"http://1.2.3.4:{P}", "http://evil.example"):
        assert guard.refusal([f"192.168.1.5:{P}"], [origin]) is not None, origin
    for host in (f"evil.example:{P}", f"192.168.1.5:{P + 1}", "192.168.1.5"):
        assert guard.refusal([host], []) is not None, host
    assert Guard("::", P).refusal([f"[2001:db8::1]:{P}"], []) is None


@pytest.mark.parametrize(("text", "found"), [
    ("127.0.0.1:80", ("127.0.0.1", 80)), ("[::1]:8", ("::1", 8)), ("LocalHost", None),
    ("[::1]", None), ("::1", None), ("a:b", None), ("a:", None), (":80", None),
    ("a..b:1", None), ("-:1", ("-", 1)),
])
def test_authorities(text: str, found: tuple[str, int] | None) -> None:
    assert parse_authority(text, None) == found


def test_origins_compare_in_one_form() -> None:
    assert parse_origin("http://LOCALHOST") == parse_origin("http://localhost:80")
    assert parse_origin("http://[0::1]:8000") == parse_origin("http://[::1]:8000")
    assert str(parse_origin("https://[::1]")) == "https://[::1]:443"


def test_pages_allow_only_their_own_origin() -> None:
    csp = page_headers(("127.0.0.1", P))["Content-Security-Policy"]
    assert "default-src 'none'" in csp and "script-src 'self';" in csp
    assert f"connect-src 'self' ws://127.0.0.1:{P};" in csp
    assert "unsafe-inline" not in csp.split("script-src")[1].split(";")[0]
    assert "[::1]:8000" in page_headers(("::1", P))["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp
    for headers in (COMMON_HEADERS, page_headers(("127.0.0.1", P))):
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert headers["Referrer-Policy"] == "no-referrer"
        assert headers["Cache-Control"] == "no-store"
