"""Protocol v1 (docs/online.md): every message round-trips through JSON, and what cannot be
read is refused with the error code the server answers with."""

from __future__ import annotations

import json

import pytest

from gameshelf.server import protocol as p

ROOM = p.RoomInfo("K7QX", "showdown", {}, (
    p.SeatInfo(0, "person", "Ann", connected=True),
    p.SeatInfo(1, "open"),
    p.SeatInfo(2, "computer", "CPU 1", "heuristic")), 0, "lobby", 60.0)

CLIENT = [
    p.Hello("gameshelf 0.1.0"),
    p.Create("showdown", (p.SeatSpec("host", "Ann"), p.SeatSpec("open"),
                          p.SeatSpec("computer", level="heuristic")), {}, 30.0, "c1"),
    p.Join("K7QX", "Bob"), p.Join("K7QX", "Bob", 1, "j"),
    p.Rejoin("K7QX", "tok"), p.Start("K7QX", "tok"),
    p.Act("K7QX", "tok", "offer P41", 1, 5, "a1"), p.GetRecord("K7QX", "tok"),
]
SERVER = [
    p.Welcome("gameshelf 0.1.0"), p.Joined(ROOM, 0, "tok", "c1"), p.RoomUpdate(ROOM),
    p.State("K7QX", 5, 1, 1, ("offer P03",), {"game": "showdown", "hand": ["P03"]},
            (p.Event(4, 0, None), p.Event(5, 2, "bid P12 1", True)), "offer a card"),
    p.GameOver("K7QX", (p.Score(1, "Bob", 212, 1), p.Score(0, "Ann", 180, 2))),
    p.Record("K7QX", {"format": "gameshelf-record/1"}), p.Error("illegal", "no", "a1"),
]


@pytest.mark.parametrize("msg", CLIENT, ids=lambda m: m.TYPE)
def test_client_messages_round_trip(msg: p.Message) -> None:
    text = p.dump(msg)
    assert json.loads(text)["v"] == p.VERSION
    assert p.parse_client(text) == msg


@pytest.mark.parametrize("msg", SERVER, ids=lambda m: m.TYPE)
def test_server_messages_round_trip(msg: p.Message) -> None:
    assert p.parse_server(p.dump(msg)) == msg


@pytest.mark.parametrize(("text", "code"), [
    ("not json", "malformed"), ("[1]", "malformed"), ('{"v": 1}', "unknown_type"),
    ('{"v": 2, "type": "hello"}', "version"), ('{"type": "hello"}', "version"),
    ('{"v": 1, "type": "welcome"}', "unknown_type"),
    ('{"v": 1, "type": "join", "code": 5, "name": "x"}', "malformed"),
    ('{"v": 1, "type": "action", "code": "A", "token": "t", "action": "x", "seq": true}',
     "malformed"),
    ('{"v": 1, "type": "create", "game": "yatz", "seats": [{"kind": "boss"}]}', "malformed"),
    ('{"v": 1, "type": "create", "game": "yatz", "seats": [{}]}', "malformed"),
    ("[" * 100_000, "too_large"), ("[" * 60_000, "malformed"),
    ('{"v": 1, "type": "hello", "client": "' + "é" * 33_000 + '"}', "too_large"),
])
def test_what_cannot_be_read_is_refused_with_its_code(text: str, code: str) -> None:
    with pytest.raises(p.ProtocolError) as info:
        p.parse_client(text)
    assert info.value.code == code and info.value.code in p.ERROR_CODES
    assert "\n" not in info.value.message


def test_the_ref_comes_back_with_the_error_and_another_version_is_named() -> None:
    with pytest.raises(p.ProtocolError) as info:
        p.parse_client('{"v": 7, "type": "hello", "ref": "r9"}')
    assert info.value.ref == "r9"
    assert "version 1" in info.value.message and "version 7" in info.value.message


def test_unknown_fields_are_ignored() -> None:
    assert p.parse_client('{"v": 1, "type": "join", "code": "A", "name": "B", "x": 1}') \
        == p.Join("A", "B")


def test_the_module_examples_hold() -> None:
    import doctest
    assert doctest.testmod(p).failed == 0
