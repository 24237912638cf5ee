"""Every JSON and TOML reader of the program, fed the deepest nesting its size cap admits
(and depths between): each gives its normal one-line error (or, where damage is shown
rather than raised, its normal damage mark), never a ``RecursionError``, a traceback or an
internal error. And no module reads JSON or TOML but through :mod:`gameshelf.core.safeload`.

The readers walked: the shared reader itself and its wrappers (``load_json``,
``load_toml``), game records (saves, exports, ``yatz import``, ``replay FILE``), protocol
frames both ways, the store's saves, score details, history players and settings (a kept
seat), the server's database of rooms, Showdown deck files, the Yatz correction file and the
Yatz reference table. The web page's frames are read by the same ``read_json`` and are
tried against the real server in ``tests/web/test_guard.py``.
"""

from __future__ import annotations

import ast
import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from gameshelf.core.errors import BadInputError, GameshelfError, RecordError, StoreError
from gameshelf.core.inputs import MAX_DATA_FILE_BYTES, MAX_RECORD_BYTES, load_json, load_toml
from gameshelf.core.records import GameRecord
from gameshelf.core.safeload import MAX_DEPTH, DataError, read_json, read_toml
from gameshelf.core.store import HistoryEntry, HistoryPlayer, ScoreEntry, Store
from gameshelf.server import protocol as p
from tests.cli_helpers import run

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "gameshelf"
READER = SRC / "core" / "safeload.py"
DEEP = "nested too deeply"

#: What a store or a file reader gets when nothing else caps it.
NO_CAP = 1 << 20


# ----- the deep texts -------------------------------------------------------------------
def json_values(room: int) -> Iterator[tuple[str, str]]:
    """(label, JSON value) nested one level past the cap, at 500 and 950 levels (Python's
    parser reads these; code walking the value later would not), and as deep as ``room``
    bytes allow: arrays, objects and both by turns."""
    shapes: dict[str, tuple[str, str, str]] = {
        "arrays": ("[", "0", "]"), "objects": ('{"a":', "0", "}"),
        "mixed": ('[{"a":', "0", "}]")}
    for name, (open_, leaf, close) in shapes.items():
        deepest = (room - len(leaf)) // (len(open_) + len(close))
        for depth in (MAX_DEPTH + 1, 500, 950, deepest):
            if depth <= deepest:
                yield f"{name}-{depth}", open_ * depth + leaf + close * depth


def toml_texts(room: int) -> Iterator[tuple[str, str]]:
    """(label, TOML text) nested one level past the cap and as deep as ``room`` bytes
    allow: arrays, inline tables, dotted keys (bare and quoted), table headers and headers
    of arrays of tables."""
    for depth in (MAX_DEPTH + 1, (room - 8) // 2):
        yield f"arrays-{depth}", "a = " + "[" * depth + "]" * depth + "\n"
    for depth in (MAX_DEPTH + 1, (room - 8) // 6):
        yield f"inline-tables-{depth}", "a = " + "{b = " * depth + "1" + "}" * depth + "\n"
    yield from dotted_texts(room)


def dotted_texts(room: int) -> Iterator[tuple[str, str]]:
    """The dotted-key shapes of :func:`toml_texts` (``tomllib`` alone reads a key of *n*
    parts in memory growing as *n* squared)."""
    for depth in (MAX_DEPTH + 1, (room - 8) // 2):
        yield f"dotted-{depth}", "a" + ".a" * (depth - 1) + " = 1\n"
        yield f"header-{depth}", "[" + ".".join(["a"] * depth) + "]\n"
        yield f"array-header-{depth}", "[[" + ".".join(["a"] * depth) + "]]\n"
    depth = (room - 8) // 4
    yield f"quoted-dotted-{depth}", '"a"' + '."a"' * (depth - 1) + " = 1\n"


def record_text(options_value: str) -> str:
    """A Yatz record's JSON whose options hold ``options_value`` (its checksum is wrong:
    the nesting is refused before it is checked)."""
    return ('{"format": "gameshelf-record/1", "game": "yatz", "rules_version": 1, '
            f'"options": {{"x": {options_value}}}, "seed": 1, "actions": [], '
            '"checksum": "0"}')


def one_line(exc: BaseException) -> str:
    text = str(exc)
    assert text and "\n" not in text, repr(text)
    return text


# ----- the readers ----------------------------------------------------------------------
def expect(error: type[BaseException], call: Callable[[], object]) -> str:
    """``call`` raises ``error`` (nothing else) with a one-line message saying the text is
    nested too deeply; the message."""
    with pytest.raises(error) as info:
        call()
    message = one_line(info.value)
    assert DEEP in message, message
    return message


RECORD_ROOM = MAX_RECORD_BYTES - len(record_text(""))
FRAME_ROOM = p.MAX_MESSAGE_BYTES - 200

JSON_READERS: dict[str, tuple[int, Callable[[str], object]]] = {
    "read_json": (NO_CAP, lambda v: expect(DataError, lambda: read_json(v))),
    "read_json bytes": (NO_CAP, lambda v: expect(DataError, lambda: read_json(v.encode()))),
    "load_json": (NO_CAP, lambda v: expect(BadInputError, lambda: load_json(
        v, "the file", BadInputError))),
    "record, whole": (MAX_RECORD_BYTES, lambda v: expect(
        RecordError, lambda: GameRecord.from_json(v))),
    "record, options": (RECORD_ROOM, lambda v: expect(
        RecordError, lambda: GameRecord.from_json(record_text(v)))),
}


def _frame(code: str, call: Callable[[], object]) -> None:
    with pytest.raises(p.ProtocolError) as info:
        call()
    assert info.value.code == code and DEEP in one_line(info.value)


JSON_READERS.update({
    "client frame, whole": (p.MAX_MESSAGE_BYTES, lambda v: _frame(
        "malformed", lambda: p.parse_client(v))),
    "client frame, a field": (FRAME_ROOM, lambda v: _frame(
        "malformed", lambda: p.parse_client(f'{{"v": 1, "type": "hello", "x": {v}}}'))),
    "client frame, create options": (FRAME_ROOM, lambda v: _frame(
        "malformed", lambda: p.parse_client(
            '{"v": 1, "type": "create", "game": "yatz", "seats": [{"kind": "host", '
            f'"name": "Ann"}}], "options": {{"rules": {v}}}}}'))),
    "server frame, a view": (FRAME_ROOM, lambda v: _frame(
        "malformed", lambda: p.parse_server(
            f'{{"v": 1, "type": "state", "code": "K7QX", "view": {v}}}'))),
    "server frame, a record": (FRAME_ROOM, lambda v: _frame(
        "malformed", lambda: p.parse_server(
            f'{{"v": 1, "type": "record", "code": "K7QX", "record": {{"x": {v}}}}}'))),
})


@pytest.mark.parametrize("reader", sorted(JSON_READERS))
def test_every_json_reader_refuses_deep_nesting_in_one_line(reader: str) -> None:
    room, read = JSON_READERS[reader]
    for _label, value in json_values(room):
        read(value)


def test_every_json_reader_still_reads_its_own_depth() -> None:
    """The cap is on depth alone: :data:`MAX_DEPTH` levels are read (a frame's object
    is one of them)."""
    assert read_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None
    value = "[" * (MAX_DEPTH - 1) + "]" * (MAX_DEPTH - 1)
    assert p.parse_client(f'{{"v": 1, "type": "hello", "x": {value}}}') == p.Hello()


# ----- the store and the server's database: damage is shown, never raised ---------------
def _store_rows(store: Store, table: str, column: str, value: str) -> None:
    conn = sqlite3.connect(store.path)
    try:
        conn.execute(f"UPDATE {table} SET {column} = ?", (value,))
        conn.commit()
    finally:
        conn.close()


def test_the_store_reads_deep_rows_as_damaged(tmp_path: Path) -> None:
    from gameshelf.session.remote import KeptSeat, kept_seat, remember_seat
    with Store(tmp_path / "store.db") as store:
        store.replace_save("deep", GameRecord("yatz", 1, {}, 7, ()))
        store.finish_game("yatz", scores=[ScoreEntry("Ann", 200, seed=7, detail={"x": 1})])
        store.add_finished_record(HistoryEntry(
            GameRecord("yatz", 1, {}, 7, ()), [HistoryPlayer("Ann", "person", None, 5, "win")]))
        remember_seat("ws://127.0.0.1:1/ws", "K7QX", KeptSeat(0, "tok", "Ann"), store)
        for label, value in json_values(NO_CAP):
            _store_rows(store, "saves", "record", value)
            expect(RecordError, lambda: store.load_save("yatz", "deep"))
            [listed] = store.list_saves("yatz")
            assert listed.record is None and DEEP in (listed.damaged or ""), label
            _store_rows(store, "scores", "detail", value)
            assert [s.detail for s in store.top_scores("yatz")] == [{}], label
            _store_rows(store, "history", "players", value)
            [row] = store.finished_records("yatz")
            assert row.damaged, label
            _store_rows(store, "settings", "value", value)
            assert kept_seat("ws://127.0.0.1:1/ws", "K7QX", "Ann", store) is None, label


def test_the_server_database_reads_a_deep_room_as_damaged(tmp_path: Path) -> None:
    from gameshelf.server.storage import SQLiteRoomStore, StoredRoom, StoredSeat
    store = SQLiteRoomStore(tmp_path / "server.db")
    try:
        store.create(StoredRoom("K7QX", "yatz", {}, (StoredSeat("person", "Ann"),), 0, 60.0,
                                7, "lobby"))
        for column in ("options", "seats"):
            for label, value in json_values(NO_CAP):
                conn = sqlite3.connect(store.path)
                try:
                    conn.execute(f"UPDATE rooms SET {column} = ?", (value,))
                    conn.commit()
                finally:
                    conn.close()
                message = expect(StoreError, lambda: store.load("K7QX"))
                assert "K7QX is damaged" in message, (column, label)
            conn = sqlite3.connect(store.path)
            conn.execute(f"UPDATE rooms SET {column} = ?",
                         ("{}" if column == "options" else '[{"kind": "person"}]',))
            conn.commit()
            conn.close()
    finally:
        store.close()


# ----- files through the command line ---------------------------------------------------
@pytest.mark.parametrize("command", [["yatz", "import"], ["yatz", "replay"],
                                     ["muggins", "replay"], ["showdown", "replay"]])
def test_deep_record_files_are_one_line_and_exit_2(
        command: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMESHELF_HOME", str(tmp_path / "home"))
    path = tmp_path / "deep.json"
    for label, value in [*json_values(RECORD_ROOM)][-1:] + [("objects-950", "{\"a\":" * 950
                                                              + "0" + "}" * 950)]:
        path.write_text(record_text(value))
        code, _out, err = run([*command, str(path)], capsys, monkeypatch)
        assert code == 2 and err.count("\n") == 1 and DEEP in err, (label, err)


# ----- TOML ---------------------------------------------------------------------------
def _toml_readers() -> dict[str, Callable[[str], object]]:
    from gameshelf.games.showdown.cards import DeckError, parse_deck
    from gameshelf.games.yatz.stats import load_reference
    from gameshelf.games.yatz.strategy import load_correction
    return {
        "read_toml": lambda t: expect(DataError, lambda: read_toml(t)),
        "load_toml": lambda t: expect(BadInputError, lambda: load_toml(
            t, "the file", BadInputError)),
        "deck file": lambda t: expect(DeckError, lambda: parse_deck(t, "deck.toml")),
        "Yatz correction file": lambda t: expect(
            BadInputError, lambda: load_correction(t)),
        "Yatz reference table": lambda t: None if load_reference(t) is None else pytest.fail(
            "a deep reference table was read"),
    }


@pytest.mark.parametrize("reader", ["read_toml", "load_toml", "deck file",
                                    "Yatz correction file", "Yatz reference table"])
def test_every_toml_reader_refuses_deep_nesting_in_one_line(reader: str) -> None:
    read = _toml_readers()[reader]
    for label, text in toml_texts(MAX_DATA_FILE_BYTES):
        if not label.startswith(("dotted", "header", "array-header", "quoted")):
            read(text)
        elif int(label.rsplit("-", 1)[1]) <= 4 * MAX_DEPTH:
            read(text)   # short dotted keys here; the long ones in a child (below)


#: Run in a child process whose memory is capped at 2 GiB: a dotted key of 130,000 parts
#: read by ``tomllib`` alone would take tens of gigabytes, so a regression fails this test
#: (MemoryError) instead of the machine.
_CHILD = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))
from tests.core.test_safeload import _toml_readers, dotted_texts
from gameshelf.core.inputs import MAX_DATA_FILE_BYTES
readers = _toml_readers()
for label, text in dotted_texts(MAX_DATA_FILE_BYTES):
    for name, read in readers.items():
        read(text)
print("every reader refused", len(readers))
"""


def test_every_toml_reader_refuses_the_longest_dotted_keys_unread() -> None:
    child = subprocess.run([sys.executable, "-c", _CHILD], capture_output=True, text=True,
                           cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT / "src")})
    assert child.returncode == 0, child.stderr[-2000:]
    assert child.stdout.startswith("every reader refused")


def test_a_deep_deck_file_is_one_line_and_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMESHELF_HOME", str(tmp_path / "home"))
    deck = tmp_path / "deep.toml"
    for label, text in toml_texts(MAX_DATA_FILE_BYTES):
        deck.write_text(text)
        code, _out, err = run(["showdown", "sim", "--games", "1", "--players",
                               "random,random", "--deck", str(deck)], capsys, monkeypatch)
        assert code == 2 and err.count("\n") == 1 and DEEP in err, (label, err)


# ----- the other rules of the one reader --------------------------------------------------
@pytest.mark.parametrize(("text", "words"), [
    ("NaN", "NaN is not JSON"), ("[Infinity]", "Infinity is not JSON"),
    ("-Infinity", "-Infinity is not JSON"), ("1" * 19, "19 digits"),
    ('"\\ud800"', "unpaired surrogate"), ('{"\\udfff": 1}', "unpaired surrogate"),
    ("[1,", "not valid JSON"), (b"\xff\xfe\x00", "not UTF-8 text"),
    ("1e999", "not finite"), ('{"a": [-1e400]}', "not finite"),
])
def test_read_json_refuses_what_is_not_plain_json(text: str | bytes, words: str) -> None:
    with pytest.raises(DataError) as info:
        read_json(text)
    assert words in one_line(info.value)


@pytest.mark.parametrize(("text", "words"), [
    ("a = " + "1" * 19, "19 digits"), ("a = 1\na = 2", "not a valid TOML file"),
    ("a" + ".a" * MAX_DEPTH + " = 1", "dotted key of more than 64 parts"),
    ("a = inf", "not finite"), ("a = -nan", "not finite"), ("a = [1e999]", "not finite"),
])
def test_read_toml_refuses_what_it_cannot_keep(text: str, words: str) -> None:
    with pytest.raises(DataError) as info:
        read_toml(text)
    assert words in one_line(info.value)


def test_toml_of_the_cap_depth_and_long_float_rows_is_read() -> None:
    assert read_toml("a" + ".a" * (MAX_DEPTH - 1) + " = 1")
    assert read_toml("x = [" + ", ".join("1.5" for _ in range(5000)) + "]")["x"][0] == 1.5


def test_every_reader_error_is_a_value_error_and_a_gameshelf_one_where_it_should_be() -> None:
    assert issubclass(DataError, ValueError) and not issubclass(DataError, GameshelfError)


# ----- no reader of its own -------------------------------------------------------------
_JSON_READING = {"load", "loads", "JSONDecoder", "decoder", "scanner"}
_TOML_MODULES = {"tomllib", "tomli", "toml", "_json", "json.decoder", "json.scanner"}


def _own_readers(path: Path) -> list[str]:
    """Where ``path`` parses JSON or TOML itself: ``json.loads``/``json.load``/a decoder
    (under any name ``json`` is imported as), ``from json import loads``, any import of
    ``tomllib``, ``tomli``, ``toml`` or the json decoder modules."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    names = {"json"}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "json":
                    names.add(alias.asname or "json")
                if alias.name.split(".")[0] in _TOML_MODULES or alias.name in _TOML_MODULES:
                    found.append(f"{path}:{node.lineno}: import {alias.name}")
        elif isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if module in _TOML_MODULES or (module == "json" and any(
                    a.name in _JSON_READING for a in node.names)):
                found.append(f"{path}:{node.lineno}: from {module} import ...")
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and node.attr in _JSON_READING
                and isinstance(node.value, ast.Name) and node.value.id in names):
            found.append(f"{path}:{node.lineno}: {node.value.id}.{node.attr}")
    return found


def test_no_module_reads_json_or_toml_but_the_one_reader() -> None:
    found = [hit for path in sorted(SRC.rglob("*.py")) if path != READER
             for hit in _own_readers(path)]
    assert found == [], "read JSON and TOML with gameshelf.core.safeload:\n" + "\n".join(found)


def test_the_grep_finds_what_it_looks_for(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import json as j\nimport tomllib\nfrom json import loads\n"
                      "x = j.loads('1')\ny = json.JSONDecoder()\n")
    assert len(_own_readers(sample)) == 4
