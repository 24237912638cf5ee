"""A JSON object naming one key twice is refused, not read with the last value winning:
every JSON reader of the program (protocol frames, views, records, saves, the store's rows,
the server database's rooms, files) goes through :func:`gameshelf.core.safeload.read_json`
(``tests/core/test_safeload.py`` fails when a module reads JSON itself), and the walks of
those readers there are run again here with texts whose objects repeat a key, expecting the
same one-line error kinds as other malformed input."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import tests.core.test_safeload as walks
from gameshelf.core.safeload import DataError, read_json
from gameshelf.server import protocol as p

TWICE = "given twice"


def duplicated(room: int) -> Iterator[tuple[str, str]]:
    """(label, JSON value) whose objects repeat a key: at the top, inside an array, deep
    inside objects, and with a key written two ways (an escape)."""
    yield "flat", '{"a": 1, "a": 2}'
    yield "same value", '{"a": 1, "b": 0, "a": 1}'
    yield "in an array", '[0, {"seat": 0, "seat": 1}]'
    yield "deep", '{"x": {"y": {"z": 0, "z": 0}}}'
    yield "escaped", '{"a": 1, "\\u0061": 2}'


@pytest.fixture
def twice(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(walks, "json_values", duplicated)
    monkeypatch.setattr(walks, "DEEP", TWICE)


@pytest.mark.parametrize("reader", sorted(walks.JSON_READERS))
def test_every_json_reader_refuses_a_key_given_twice_in_one_line(
        reader: str, twice: None) -> None:
    walks.test_every_json_reader_refuses_deep_nesting_in_one_line(reader)


def test_the_store_reads_rows_with_a_key_given_twice_as_damaged(
        tmp_path: Path, twice: None) -> None:
    walks.test_the_store_reads_deep_rows_as_damaged(tmp_path)


def test_the_server_database_reads_a_room_with_a_key_given_twice_as_damaged(
        tmp_path: Path, twice: None) -> None:
    walks.test_the_server_database_reads_a_deep_room_as_damaged(tmp_path)


def test_a_client_frame_naming_a_field_twice_is_malformed() -> None:
    with pytest.raises(p.ProtocolError) as info:
        p.parse_client('{"v": 1, "type": "act", "code": "K7QX", "token": "t", '
                       '"action": "roll", "action": "hold 1"}')
    assert info.value.code == "malformed" and TWICE in str(info.value)
    assert "\n" not in str(info.value)


def test_keys_once_each_are_read_as_before() -> None:
    assert read_json('{"a": 1, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}]}') == {
        "a": 1, "b": {"a": 2}, "c": [{"a": 3}, {"a": 4}]}
    with pytest.raises(DataError):
        read_json('{"a": 1, "a": 2}')
