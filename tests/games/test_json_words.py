"""Messages about a value received as JSON write it as JSON (``true``, ``null``,
``{"a": 1}``), never as Python's repr (``True``, ``None``, ``{'a': 1}``), wherever the value
came from: a room's options, a protocol message, a field checked by ``safeload``; and bounds
are written one way (``5 to 10,000``) in help and in errors."""

from __future__ import annotations

import json

import pytest

from gameshelf.core.errors import BadInputError
from gameshelf.core.gamedef import GameDef, options_of
from gameshelf.core.options import NumberOption
from gameshelf.core.safeload import as_json, flag, whole
from gameshelf.games import REGISTRY
from gameshelf.server.protocol import ProtocolError, parse_client

#: JSON values no whole-number option takes, and how a message must write each.
BAD_VALUES = [(True, "true"), (False, "false"), (None, "null"), ({"a": 1}, '{"a": 1}'),
              ([1], "[1]"), ("5", '"5"'), (5.0, "5.0")]
PYTHON_WORDS = ("True", "False", "None", "{'", "['", "'5'")


def _clean(message: str, wanted: str) -> None:
    assert wanted in message, message
    assert not any(word in message for word in PYTHON_WORDS), message


@pytest.mark.parametrize(("value", "wanted"), BAD_VALUES)
def test_every_option_writes_a_bad_json_value_as_json(pig: GameDef, value: object,
                                                      wanted: str) -> None:
    for g in REGISTRY:
        for option in options_of(g).FIELDS:
            with pytest.raises(BadInputError) as refused:
                options_of(g).from_json({option.name: value})
            _clean(str(refused.value), f"got {wanted}")


def test_an_unknown_option_is_named_as_json(pig: GameDef) -> None:
    for g in REGISTRY:
        with pytest.raises(BadInputError) as refused:
            options_of(g).from_json({"colour's": 1})
        assert str(refused.value).startswith('unknown option "colour\'s"'), refused.value


def test_bounds_are_written_alike_in_help_and_errors(pig: GameDef) -> None:
    for g in REGISTRY:
        for option in options_of(g).FIELDS:
            assert isinstance(option, NumberOption)
            with pytest.raises(BadInputError) as refused:
                options_of(g).from_json({option.name: option.maximum + 1})
            assert f"must be {option.bounds()} " in str(refused.value)
            assert f"({option.bounds()};" in option.describe()
    muggins = options_of(REGISTRY.get("muggins")).FIELDS[0]
    assert isinstance(muggins, NumberOption) and muggins.bounds() == "5 to 10,000"


@pytest.mark.parametrize(("value", "wanted"), BAD_VALUES)
def test_safeload_and_the_protocol_write_json_values_as_json(value: object,
                                                             wanted: str) -> None:
    for check in (whole, flag):
        if check is flag and isinstance(value, bool):
            continue
        with pytest.raises(ValueError) as refused:
            check(value)
        _clean(str(refused.value), wanted)
    for field in ("v", "type"):
        with pytest.raises(ProtocolError) as said:
            parse_client(json.dumps({"v": 1, "type": "create", field: value}))
        if field == "type":
            _clean(said.value.message, f"unknown message type {wanted}")
        assert not any(word in said.value.message for word in PYTHON_WORDS), said.value


def test_as_json_is_cut() -> None:
    assert as_json("x" * 100, 10) == '"xxxxxx...'
    assert as_json("é") == '"é"'
