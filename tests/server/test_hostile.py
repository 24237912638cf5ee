"""A hostile client: every message type with every field of a wrong kind is refused with an
error (never the server's ``internal`` failure), and the limits per connection cannot be
dodged by opening more connections from one address (room codes are not found by trying)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from gameshelf.server import protocol as p
from gameshelf.server.app import Connection, Hub
from gameshelf.server.rooms import Lobby
from gameshelf.server.storage import SQLiteRoomStore
from tests.server.helpers import running

#: Values of every JSON kind, and the edges of each.
WEIRD: tuple[Any, ...] = (
    None, True, False, 0, -1, 10**30, -(10**18), 3.5, 1e308, float("inf"), float("nan"), "",
    "x" * 300, "\u202e", "\x00", "\ud800", [], [1], [[[]]], {}, {"a": 1}, {"kind": "host"})

SEATS = {"yatz": [{"kind": "host", "name": "A"}, {"kind": "open"}],
         "muggins": [{"kind": "host", "name": "A"}, {"kind": "open"}],
         "showdown": [{"kind": "host", "name": "A"}, {"kind": "open"}, {"kind": "computer"}]}


def _replies(hub: Hub, conn: Connection, obj: Any) -> list[dict[str, Any]]:
    text = obj if isinstance(obj, str) else json.dumps(obj)
    asyncio.run(hub.handle(conn, text))
    out = []
    while not conn.queue.empty():
        item = conn.queue.get_nowait()
        assert item is not None
        out.append(json.loads(item))
    return out


@pytest.mark.parametrize("game", p.GAMES)
def test_every_message_type_with_every_wrong_field_is_refused_never_internal(
        tmp_path: Path, game: str) -> None:
    hub = Hub(Lobby(SQLiteRoomStore(tmp_path / "s.db")), rate=1e9, burst=1e9, guesses=1e9)
    conn = Connection(ws=None)  # type: ignore[arg-type]
    joined = [m for m in _replies(hub, conn, {"v": 1, "type": "create", "game": game,
                                              "seats": SEATS[game]}) if m["type"] == "joined"]
    code, token = joined[0]["room"]["code"], joined[0]["token"]
    base: dict[str, dict[str, Any]] = {
        "hello": {"client": "x"},
        "create": {"game": game, "seats": SEATS[game], "options": {}, "away_timeout": 5},
        "join": {"code": code, "name": "B"},
        "rejoin": {"code": code, "token": token},
        "start": {"code": code, "token": token},
        "action": {"code": code, "token": token, "action": "x"},
        "record": {"code": code, "token": token}}
    assert set(base) == set(p.CLIENT_MESSAGES)
    failed = []
    sent = 0
    for kind, fields in base.items():
        for name in [*fields, "extra", "ref", "seat", "seq", "v", "type"]:
            for value in WEIRD:
                sent += 1
                for m in _replies(hub, conn, json.dumps({"v": 1, "type": kind, **fields,
                                                         name: value})):
                    if m["type"] == "error" and m["code"] not in p.ERROR_CODES[:-1]:
                        failed.append((kind, name, repr(value)[:20], m["message"]))
    for key in ("rules", "target", "seed", "players", "x"):
        for value in WEIRD:
            sent += 1
            for m in _replies(hub, conn, {"v": 1, "type": "create", "game": game,
                                          "seats": SEATS[game], "options": {key: value}}):
                if m["type"] == "error" and m["code"] == "internal":
                    failed.append(("create options", key, repr(value)[:20], m["message"]))
    for key in ("name", "level", "kind"):
        for value in WEIRD:
            sent += 1
            seats = [SEATS[game][0], {"kind": "computer", key: value}]
            for m in _replies(hub, conn, {"v": 1, "type": "create", "game": game,
                                          "seats": seats}):
                if m["type"] == "error" and m["code"] == "internal":
                    failed.append(("create seats", key, repr(value)[:20], m["message"]))
    assert sent > 900
    assert failed == []


@pytest.fixture
def strict(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A server allowing 3 connections and 4 wrong guesses an address (none refilled)."""
    monkeypatch.setenv("GAMESHELF_HOME", str(tmp_path))
    monkeypatch.setattr("gameshelf.server.app.GUESS_BURST", 4.0)
    with running(tmp_path / "server.db", rate=10_000.0, burst=10_000.0, per_host=3,
                 guesses=1e-9) as srv:
        yield srv.url


def _ask(ws: ClientConnection, **msg: Any) -> dict[str, Any]:
    ws.send(json.dumps({"v": 1, **msg}))
    reply: dict[str, Any] = json.loads(ws.recv(timeout=10))
    return reply


def test_one_address_holds_a_bounded_number_of_connections(strict: str) -> None:
    with connect(strict) as a, connect(strict) as b, connect(strict) as c:
        with connect(strict) as d:
            refused = json.loads(d.recv(timeout=10))
            assert refused["type"] == "error" and refused["code"] == "rate_limited"
            assert "too many connections" in refused["message"]
        for ws in (a, b, c):
            assert _ask(ws, type="hello")["type"] == "welcome"
    with connect(strict) as e:     # the three closed: room again
        assert _ask(e, type="hello")["type"] == "welcome"


def test_wrong_room_codes_and_tokens_are_limited_across_connections(strict: str) -> None:
    with connect(strict) as host, connect(strict) as a, connect(strict) as b:
        joined = _ask(host, type="create", game="yatz", seats=SEATS["yatz"])
        code = joined["room"]["code"]
        wrong = [_ask(a, type="join", code="ZZZZ", name="x"),
                 _ask(b, type="join", code="ZZZY", name="x"),
                 _ask(a, type="rejoin", code=code, token="guess"),
                 _ask(b, type="record", code=code, token="guess")]
        assert [m["code"] for m in wrong] == ["no_room", "no_room", "bad_token", "bad_token"]
        # the address has used its guesses: even the right code is refused now, on any
        # of its connections, while messages naming no room go on
        for ws in (a, b):
            late = _ask(ws, type="join", code=code, name="Bob")
            assert late["code"] == "rate_limited" and "wrong room codes" in late["message"]
            assert _ask(ws, type="hello")["type"] == "welcome"
