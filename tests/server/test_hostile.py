"""A hostile client: every message type with every field of a wrong kind is refused with an
error (never the server's ``internal`` failure), and the limits per connection cannot be
dodged by opening more connections from one address (room codes are not found by trying);
no refusal names a card or tile its seat may not see."""

from __future__ import annotations

import asyncio
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from gameshelf.games.showdown.actions import card_text
from gameshelf.games.showdown.cards import default_deck
from gameshelf.server import keeper
from gameshelf.server import protocol as p
from gameshelf.server.app import Connection, Hub
from gameshelf.server.asks import ASKED
from gameshelf.server.games import playable
from gameshelf.server.room import Refused, Room
from gameshelf.server.rooms import Lobby
from gameshelf.server.storage import SQLiteRoomStore
from tests.server.helpers import running

#: Values of every JSON kind, and the edges of each.
WEIRD: tuple[Any, ...] = (
    None, True, False, 0, -1, 10**30, -(10**18), 3.5, 1e308, float("inf"), float("nan"), "",
    "x" * 300, "\u202e", "\x00", "\ud800", [], [1], [[[]]], {}, {"a": 1}, {"kind": "host"})

SEATS = {"dollar": [{"kind": "host", "name": "A"}, {"kind": "open"}],
         "yatz": [{"kind": "host", "name": "A"}, {"kind": "open"}],
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


@pytest.mark.parametrize("game", playable())
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
        "record": {"code": code, "token": token}, "leave": {"code": code, "token": token},
        "hint": {"code": code, "token": token}, "review": {"code": code, "token": token},
        "replay": {"code": code, "token": token, "step": 0}, "scores": {"game": game}}
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
    monkeypatch.setattr("gameshelf.server.limits.GUESS_BURST", 4.0)
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


def test_a_forwarded_for_header_does_not_dodge_the_address_limits(strict: str) -> None:
    """uvicorn believed X-Forwarded-For from 127.0.0.1 by default: a local client named a
    new address in each connection and was never limited. With no --proxy no header is
    believed (tests/server/test_hostile.py's limit of 3 holds whatever the header says)."""
    def forged(n: int) -> ClientConnection:
        return connect(strict, additional_headers={"X-Forwarded-For": f"10.9.8.{n}"})

    with forged(1) as a, forged(2) as b, forged(3) as c, forged(4) as d:
        refused = json.loads(d.recv(timeout=10))
        assert refused["type"] == "error" and "too many connections" in refused["message"]
        for ws in (a, b, c):
            assert _ask(ws, type="hello")["type"] == "welcome"


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


def _showdown_secrets(room: Room, seat: int) -> set[str]:
    """Cards ``seat`` may not know: the draw pile, other hands' unknown cards, face-down
    offers (as in test_games)."""
    st = room.game.match.state  # type: ignore[union-attr]
    known = [set(v) for v in st.view(seat).known_in_hand]
    secret = set(st.draw_pile)
    for o in range(len(room.seats)):
        if o != seat:
            secret |= set(st.hands[o]) - known[o]
            offer = st.offers[o]
            if offer is not None and offer not in st.faceup and offer not in known[o]:
                secret.add(offer)
    return {card_text(c) for c in secret}


def _muggins_secrets(room: Room, seat: int) -> set[str]:
    """Tiles ``seat`` may not know: the other rack and the boneyard."""
    st = room.game.match.state  # type: ignore[union-attr]
    return {str(t) for t in st.hands[1 - seat] | st.boneyard}


CARDS = [card_text(i) for i in range(len(default_deck().playfield))]
TILES = [f"{a}-{b}" for a in range(7) for b in range(a, 7)]
PROBES = {
    "showdown": ([f"{verb} {c}" for c in CARDS for verb in ("offer", "take", "buy")]
                 + [f"bid {c} 1" for c in CARDS] + ["flip 9", "speed 99", "done now", "x"],
                 _showdown_secrets),
    "muggins": ([f"{t} {side}" for t in TILES for side in ("L", "R")]
                + [f"take {t}" for t in TILES] + ["draw", "pass", "x"], _muggins_secrets)}


@pytest.mark.parametrize("game", sorted(PROBES))
def test_refused_actions_name_no_secret_card_or_tile(tmp_path: Path, game: str) -> None:
    """At every turn of a whole game each seat tries every card or tile in every verb; no
    error names a card or tile the seat may not know (beyond the one it named itself, and
    the fixed examples of the game's action words)."""
    probes, secrets_of = PROBES[game]
    lobby = Lobby(SQLiteRoomStore(tmp_path / "s.db"), seed_source=lambda: 11)
    seats = [p.SeatSpec("host", "Ann"), p.SeatSpec("open")]
    room, _, token = lobby.create(p.Create(game, tuple(seats),
                                           {"target": 30} if game == "muggins" else {}), 0)
    _, _, other, _ = lobby.join(p.Join(room.code, "Bob"), 0)
    tokens = [token, other]
    lobby.start(p.Start(room.code, token), 0)
    pick = random.Random(3)
    g = room.game
    assert g is not None
    refused = 0
    leaks = []
    while not g.is_over():
        seat = g.to_act()
        legal = set(g.legal(seat))
        for probe in probes:
            if probe in legal:
                continue
            with pytest.raises(Refused) as err:
                lobby.act(p.Act(room.code, tokens[seat], probe), 0)
            refused += 1
            said = re.sub(r"\(try[^)]*\)", "", err.value.message).replace(probe, "")
            leaks += [(probe, said) for x in secrets_of(room, seat)
                      if x in said and x not in probe.split()]
        lobby.act(p.Act(room.code, tokens[seat], pick.choice(sorted(legal))), 0)
    assert refused > 1000
    assert leaks == []


def test_messages_naming_a_finished_room_replay_it_once(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A finished room leaves memory; every message type naming it (join, rejoin, start,
    action, record) is answered from one replay, not one replay each (a long Yatz game's
    replay takes a tenth of a second: at 20 messages a second one connection held the
    server)."""
    replays = []
    real = keeper.game_of_record

    def counted(record: Any) -> Any:
        replays.append(record.game)
        return real(record)

    monkeypatch.setattr(keeper, "game_of_record", counted)
    lobby = Lobby(SQLiteRoomStore(tmp_path / "s.db"))
    room, _, token = lobby.create(p.Create("yatz", (p.SeatSpec("host", "Ann"),)), 0)
    lobby.start(p.Start(room.code, token), 0)
    pick = random.Random(2)
    g = room.game
    assert g is not None
    while not g.is_over():
        lobby.act(p.Act(room.code, token, pick.choice(g.legal(0))), 0)
    lobby.rooms.pop(room.code)        # as when its last connection goes
    asked = [p.Join(room.code, "Bob"), p.Rejoin(room.code, token),
             p.Start(room.code, token), p.Act(room.code, token, "roll"),
             p.GetRecord(room.code, token), p.Act(room.code, "guess", "roll")]
    # (hint, review, replay and scores are answered by gameshelf.server.asks: test_asks.py)
    assert {type(m).TYPE for m in asked} == set(p.CLIENT_MESSAGES) - {
        "hello", "create", "leave", *(m.TYPE for m in ASKED)}
    answers = []
    for msg in asked * 5:
        try:
            answers.append(type(getattr(lobby, {"record": "record", "action": "act"}.get(
                msg.TYPE, msg.TYPE))(msg, 0)).__name__)
        except Refused as exc:
            answers.append(exc.code)
    assert answers[:6] == ["already_started", "tuple", "already_started", "over", "Record",
                           "bad_token"]
    assert replays == ["yatz"]


def test_rooms_created_from_one_address_are_limited(tmp_path: Path) -> None:
    """Creating rooms is bounded by address (each is kept in the store and in memory: 2,000
    rooms a second from 64 connections grew the server by megabytes a second); another
    address goes on."""
    hub = Hub(Lobby(SQLiteRoomStore(tmp_path / "s.db")), rate=1e9, burst=1e9, rooms=5.0,
              clock=lambda: 0.0)
    create = {"v": 1, "type": "create", "game": "muggins", "seats": SEATS["muggins"]}
    one, other = Connection(ws=None, host="10.0.0.1"), Connection(ws=None, host="10.0.0.2")  # type: ignore[arg-type]
    kinds = [_replies(hub, one, create)[0]["type"] for _ in range(25)]
    assert kinds == ["joined"] * 20 + ["error"] * 5
    refused = _replies(hub, one, create)[0]
    assert refused["code"] == "rate_limited" and "rooms" in refused["message"]
    assert _replies(hub, other, create)[0]["type"] == "joined"
    assert len(hub.lobby.rooms) == 21


def test_a_finished_room_rejoined_and_left_is_shown_unconnected_and_forgotten(
        tmp_path: Path) -> None:
    """Rejoining a finished room (to ask for its record) and leaving it leaves the seat
    shown unconnected and no connection table behind, however often it is done."""
    hub = Hub(Lobby(SQLiteRoomStore(tmp_path / "s.db")), rate=1e9, burst=1e9)
    lobby = hub.lobby
    room, _, token = lobby.create(p.Create("muggins", (
        p.SeatSpec("host", "Ann"), p.SeatSpec("computer", level="easy")), {"target": 10}), 0)
    lobby.start(p.Start(room.code, token), 0)
    pick = random.Random(4)
    g = room.game
    assert g is not None
    while not g.is_over():
        lobby.act(p.Act(room.code, token, pick.choice(g.legal(0))), 0)
    lobby.rooms.pop(room.code)
    for _ in range(3):
        conn = Connection(ws=None)  # type: ignore[arg-type]
        assert _replies(hub, conn, {"v": 1, "type": "rejoin", "code": room.code,
                                    "token": token})[0]["type"] == "joined"
        hub.unbind(conn)
    assert lobby.room(room.code).seats[0].connections == 0
    assert room.code not in hub.seats


def _deep(depth: int, shape: str = "arrays") -> str:
    if shape == "arrays":
        return "[" * depth + "]" * depth
    return '{"a":' * depth + "0" + "}" * depth


def test_deeply_nested_frames_are_malformed_and_the_connection_goes_on(
        server: Any) -> None:
    """Nesting past 64 levels is refused ``malformed`` wherever it is (a field the server
    ignores included), up to the deepest a 64 KiB frame holds; a frame past 64 KiB (and up
    to the 1 MiB the WebSocket layer reads) is ``too_large``; the connection answers the
    next message."""
    room = p.MAX_MESSAGE_BYTES - 200
    frames: list[tuple[str, str]] = []
    for depth in (65, 500, 950, room // 2):
        frames += [(_deep(depth), "malformed"),
                   (f'{{"v": 1, "type": "hello", "x": {_deep(depth)}}}', "malformed"),
                   (f'{{"v": 1, "type": "hello", "ref": {_deep(depth)}}}', "malformed"),
                   ('{"v": 1, "type": "create", "game": "yatz", "seats": [{"kind": "host", '
                    f'"name": "A"}}], "options": {{"rules": {_deep(depth)}}}}}', "malformed")]
    for depth in (65, 950, room // 6):
        frames.append((f'{{"v": 1, "type": "join", "code": "K7QX", "name": "B", '
                       f'"seat": {_deep(depth, "objects")}}}', "malformed"))
    frames.append((_deep((1 << 20) // 2 - 8), "too_large"))
    with connect(server.url, max_size=None) as ws:
        for frame, code in frames:
            ws.send(frame)
            reply = json.loads(ws.recv(timeout=30))
            assert reply["type"] == "error" and reply["code"] == code, (frame[:60], reply)
            assert _ask(ws, type="hello", client="after")["type"] == "welcome"
