"""Protocol v1 (docs/online.md): every message round-trips through JSON, and what cannot be
read is refused with the error code the server answers with."""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Iterator
from typing import Any

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
    p.Leave("K7QX", "tok"),
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


# ----- whole numbers are whole numbers: true, 1.0 and "1" are not 1 ---------------------
NOT_WHOLE = [True, False, 1.0, 0.0, 1.5, "1", None, [1], 1e300]


def _whole_fields(cls: type, data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """The paths in ``data`` (a message's JSON as sent) of every field whose type is a
    whole number (``int`` or ``int | None``), nested parts (rooms, seats, events, scores)
    included."""
    hints = typing.get_type_hints(cls)
    for f in dataclasses.fields(cls):
        if f.name not in data:
            continue
        hint = hints[f.name]
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        base = args[0] if typing.get_origin(hint) in (typing.Union, types.UnionType) else hint
        if base is int:
            yield (*path, f.name)
        elif dataclasses.is_dataclass(base) and isinstance(data[f.name], dict):
            yield from _whole_fields(base, data[f.name], (*path, f.name))
        elif typing.get_origin(base) is tuple:
            item = typing.get_args(base)[0]
            if dataclasses.is_dataclass(item):
                for i, value in enumerate(data[f.name]):
                    yield from _whole_fields(item, value, (*path, f.name, i))


def _with(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    copy = json.loads(json.dumps(data))
    target = copy
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = value
    return copy


#: Every message with every optional whole-number field given.
WHOLE_SAMPLES = [*CLIENT, *SERVER, p.Join("K7QX", "Bob", 0), p.Act("K7QX", "t", "x", 0, 0)]


def _cases() -> Iterator[tuple[str, p.Message, tuple[Any, ...]]]:
    for msg in WHOLE_SAMPLES:
        data = p.to_dict(msg)
        cls = type(msg)
        for path in [("v",), *_whole_fields(cls, data)]:
            yield f"{msg.TYPE}.{'.'.join(map(str, path))}", msg, path


WHOLE_CASES = {name: (msg, path) for name, msg, path in _cases()}


def test_every_whole_number_field_of_the_protocol_is_walked() -> None:
    names = {name.split(".", 1)[1] for name in WHOLE_CASES}
    assert {"v", "seat", "seq", "to_act", "room.host", "room.seq", "room.seats.0.seat",
            "events.0.seq", "events.0.seat", "scores.0.score", "scores.0.place"} <= names


@pytest.mark.parametrize("case", sorted(WHOLE_CASES))
def test_a_whole_number_field_refuses_booleans_floats_and_text(case: str) -> None:
    msg, path = WHOLE_CASES[case]
    parse = p.parse_client if type(msg) in p.CLIENT_MESSAGES.values() else p.parse_server
    data = p.to_dict(msg)
    optional = path != ("v",) and type(None) in typing.get_args(_hint_at(type(msg), path))
    for value in NOT_WHOLE:
        if value is None and optional:
            continue   # null is an optional field's "not given"
        with pytest.raises(p.ProtocolError) as info:
            parse(json.dumps(_with(data, path, value)))
        assert info.value.code == "malformed", (case, value, info.value.message)
    assert parse(json.dumps(data)) == msg


def _hint_at(cls: type, path: tuple[Any, ...]) -> Any:
    """The type hint of the field at ``path`` (indices into tuples skipped)."""
    hint: Any = cls
    for step in path:
        if isinstance(step, int):
            hint = typing.get_args(hint)[0]
            continue
        if typing.get_origin(hint) in (typing.Union, types.UnionType):
            hint = next(a for a in typing.get_args(hint) if a is not type(None))
        hint = typing.get_type_hints(hint)[step]
    return hint


@pytest.mark.parametrize(("v", "code"), [
    ("true", "malformed"), ("false", "malformed"), ("1.0", "malformed"), ("1e0", "malformed"),
    ('"1"', "malformed"), ("[1]", "malformed"), ("null", "malformed"), ("2", "version"),
    ("0", "version"), ("-1", "version"), ("1" * 19, "malformed"),
])
def test_v_is_the_whole_number_1(v: str, code: str) -> None:
    for parse in (p.parse_client, p.parse_server):
        kind = "hello" if parse is p.parse_client else "welcome"
        with pytest.raises(p.ProtocolError) as info:
            parse(f'{{"v": {v}, "type": "{kind}", "ref": "r"}}')
        assert info.value.code == code, (v, info.value.message)
        assert "\n" not in info.value.message
