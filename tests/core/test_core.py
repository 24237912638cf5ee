"""Core pieces: errors, seeded chance, game records, the store."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gameshelf.core.chance import Chance, parse_seed
from gameshelf.core.errors import (
    BadInputError,
    GameshelfError,
    IllegalMoveError,
    RecordError,
    StoreError,
)
from gameshelf.core.records import GameRecord
from gameshelf.core.store import SCHEMA_VERSION, ResultEntry, ScoreEntry, Store, data_dir


def test_errors_are_value_errors() -> None:
    for cls in (BadInputError, IllegalMoveError, RecordError, StoreError):
        assert issubclass(cls, GameshelfError)
        assert issubclass(cls, ValueError)


def test_chance_same_seed_same_outcomes() -> None:
    a, b = Chance(123), Chance(123)
    assert [a.randint(1, 6) for _ in range(50)] == [b.randint(1, 6) for _ in range(50)]
    assert a.shuffled(range(10)) == b.shuffled(range(10))


def test_chance_derived_streams_are_independent_of_use() -> None:
    a = Chance(5)
    d1 = a.derive("ai").randint(0, 10**9)
    a.randint(1, 6)
    assert a.derive("ai").randint(0, 10**9) == d1
    assert a.derive("ai").seed != a.derive("other").seed


@pytest.mark.parametrize("text", ["x", "-1", "1.5", ""])
def test_parse_seed_rejects(text: str) -> None:
    with pytest.raises(BadInputError):
        parse_seed(text)


def test_parse_seed_accepts_separators() -> None:
    assert parse_seed("1,234") == 1234


@given(
    seed=st.integers(min_value=0, max_value=2**53 - 1),
    actions=st.lists(st.text(max_size=12), max_size=20),
    # whole numbers in a record have at most 18 digits (core.safeload.MAX_DIGITS)
    opts=st.dictionaries(st.text(max_size=5), st.integers(-(10**18) + 1, 10**18 - 1),
                         max_size=3),
)
def test_record_round_trips(seed: int, actions: list[str], opts: dict[str, int]) -> None:
    r = GameRecord("yatz", 1, opts, seed, tuple(actions))
    assert GameRecord.from_json(r.to_json()) == r


def test_record_refuses_tampering_truncation_and_foreign_files() -> None:
    r = GameRecord("yatz", 1, {"players": ["Ann"]}, 9, ("roll",))
    text = r.to_json()
    with pytest.raises(RecordError, match="checksum"):
        GameRecord.from_json(text.replace('"seed": 9', '"seed": 10'))
    with pytest.raises(RecordError, match="JSON"):
        GameRecord.from_json(text[: len(text) // 2])
    with pytest.raises(RecordError, match="format"):
        GameRecord.from_json(json.dumps({"hello": 1}))
    with pytest.raises(RecordError, match="not 'muggins'"):
        GameRecord.from_json(text, game="muggins")
    with pytest.raises(RecordError, match="rules version"):
        GameRecord.from_json(text, rules_version=2)
    with pytest.raises(RecordError):
        GameRecord.from_json(b"\xff\xfe\x00")


def test_store_lives_in_gameshelf_home(_gameshelf_home: Path) -> None:
    assert data_dir() == _gameshelf_home
    with Store() as s:
        assert s.path.parent == _gameshelf_home
    assert (_gameshelf_home / "gameshelf.db").exists()


def test_store_saves_and_scores(tmp_path: Path) -> None:
    with Store(tmp_path / "s.db") as s:
        r = GameRecord("yatz", 1, {}, 3, ("roll",))
        s.replace_save("mine", r)
        s.replace_save("mine", r.with_action("hold 1"))
        assert s.load_save("yatz", "mine").actions == ("roll", "hold 1")
        assert [x.name for x in s.list_saves("yatz")] == ["mine"]
        with pytest.raises(StoreError):
            s.load_save("yatz", "nope")
        s.finish_game("yatz", scores=[ScoreEntry("Ann", 100)])
        s.finish_game("yatz", scores=[ScoreEntry("Bob", 200)])
        s.finish_game("yatz", scores=[ScoreEntry("Cy", 100)])
        assert [x.name for x in s.top_scores("yatz")] == ["Bob", "Ann", "Cy"]
        assert len(s.top_scores("yatz", limit=2)) == 2
        s.finish_game("muggins", results=[ResultEntry("me", "easy", "win")])
        s.finish_game("muggins", results=[ResultEntry("me", "easy", "loss")])
        assert s.result_counts("muggins") == {"easy": {"win": 1, "loss": 0, "draw": 0}} | {
            "easy": {"win": 1, "loss": 1, "draw": 0}}
        assert s.recent_results("muggins", "easy") == ["loss", "win"]
        assert s.delete_save("yatz", "mine")


def test_store_refuses_newer_schema_and_leaves_it(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="schema version"):
        Store(path)
    assert path.read_bytes() == before


def test_store_refuses_a_file_that_is_not_a_database(tmp_path: Path) -> None:
    path = tmp_path / "junk.db"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError):
        Store(path)
    assert path.read_bytes() == b"this is not sqlite" * 100


def _fingerprint(path: Path) -> bytes:
    return path.read_bytes()


def test_store_refuses_a_version_1_database_without_its_tables(tmp_path: Path) -> None:
    """A SQLite file marked version 1 but lacking the tables: one StoreError, file kept."""
    path = tmp_path / "g.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE foo (x)")
    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
    conn.commit()
    conn.close()
    before = _fingerprint(path)
    with pytest.raises(StoreError, match="not a gameshelf database"):
        Store(path)
    assert _fingerprint(path) == before


def test_store_refuses_another_programs_database_and_leaves_it(tmp_path: Path) -> None:
    path = tmp_path / "other.db"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE bookmarks (url TEXT)")
    conn.commit()
    conn.close()
    before = _fingerprint(path)
    with pytest.raises(StoreError, match="another program"):
        Store(path)
    assert _fingerprint(path) == before


def test_store_reads_of_a_damaged_table_raise_store_error(tmp_path: Path) -> None:
    """A table dropped behind the store's back: reads raise StoreError, not sqlite3 errors."""
    path = tmp_path / "g.db"
    store = Store(path)
    for table in ("saves", "scores", "results"):
        store._conn.execute(f"DROP TABLE {table}")
    with pytest.raises(StoreError):
        store.list_saves("yatz")
    with pytest.raises(StoreError):
        store.load_save("yatz", "x")
    with pytest.raises(StoreError):
        store.top_scores("yatz")
    with pytest.raises(StoreError):
        store.result_counts("muggins")
    with pytest.raises(StoreError):
        store.recent_results("muggins", "mugsy-even")
    store.close()


def test_store_score_with_damaged_detail_still_lists(tmp_path: Path) -> None:
    store = Store(tmp_path / "g.db")
    store.finish_game("dollar", scores=[ScoreEntry("Ann", 5, detail={"bill": "x"})])
    with store._conn:
        store._conn.execute("UPDATE scores SET detail='{not json'")
    assert [(r.name, r.detail) for r in store.top_scores("dollar")] == [("Ann", {})]
    store.close()


def test_record_refuses_a_seed_that_is_no_game_number() -> None:
    """A checksum-valid record with seed -1 (made by hand) is refused when loaded."""
    for seed in (-1, 2**53):
        text = GameRecord("muggins", 1, {}, seed, ()).to_json()
        with pytest.raises(RecordError, match="not a game number"):
            GameRecord.from_json(text)


def test_deeply_nested_json_is_a_record_error_not_a_crash() -> None:
    with pytest.raises(RecordError, match="nested too deeply"):
        GameRecord.from_json("[" * 100_000)


def test_save_names_see_damaged_saves_and_new_saves_avoid_them(tmp_path: Path) -> None:
    with Store(tmp_path / "s.db") as s:
        s.replace_save("game-7", GameRecord("yatz", 1, {}, 7, ()))
        s._conn.execute("UPDATE saves SET record = 'damaged' WHERE name = 'game-7'")
        assert [(r.name, r.record) for r in s.list_saves("yatz")] == [("game-7", None)]
        assert s.save_names("yatz") == {"game-7"}
        assert s.claim_save("yatz", "game-7", GameRecord("yatz", 1, {}, 8, ())).name == "game-7-2"
        assert s.claim_save("yatz", "game-8", GameRecord("yatz", 1, {}, 8, ())).name == "game-8"
        assert s.claim_save("muggins", "game-7", GameRecord("muggins", 1, {}, 8, ())).name \
            == "game-7"


def test_estimate_doctests_and_wilson_edges() -> None:
    import doctest

    from gameshelf.core import estimate

    result = doctest.testmod(estimate)
    assert result.attempted > 0 and result.failed == 0
    assert estimate.wilson(0, 0) == (0.0, 1.0)
    lo, hi = estimate.wilson(10, 10)
    assert hi == 1.0 and 0.6 < lo < 0.8


def test_benchmark_option_types() -> None:
    """The benchmarks' argparse types (core.benchargs): the shared whole-number reading and
    a bounded positive number; three rl benchmarks had their own copies, one none."""
    import argparse
    import doctest

    from gameshelf.core import benchargs

    assert doctest.testmod(benchargs).failed == 0
    for bad in ("0", "11", "x", "-1", "1.5"):
        with pytest.raises(argparse.ArgumentTypeError, match="--games"):
            benchargs.whole("--games", 1, 10)(bad)
    for bad in ("0", "-1", "nan", "inf", "1000", "x"):
        with pytest.raises(argparse.ArgumentTypeError, match="--uct-c"):
            benchargs.positive("--uct-c", 1000)(bad)


def test_a_save_named_before_names_were_composed_is_found_however_it_is_typed(
        tmp_path: Path) -> None:
    """A save whose stored name is decomposed (``cafe`` and a combining accent, as a store
    written before names were put in NFC holds it) is found, resumed, replaced and deleted
    by its name typed either way, and a new save of that name does not make a second one."""
    nfd, nfc = "cafe\u0301", "caf\u00e9"
    with Store(tmp_path / "s.db") as s:
        s.replace_save("x", GameRecord("yatz", 1, {}, 7, ()))
        s._conn.execute("UPDATE saves SET name = ? WHERE name = 'x'", (nfd,))
        for typed in (nfd, nfc):
            assert s.load_save("yatz", typed).seed == 7
        assert s.claim_save("yatz", nfc, GameRecord("yatz", 1, {}, 8, ())).name == f"{nfc}-2"
        handle, record = s.take_save("yatz", nfc)
        assert record.seed == 7 and handle.name == nfc
        s.replace_save(nfd, GameRecord("yatz", 1, {}, 9, ()))
        assert sorted(r.name for r in s.list_saves("yatz")) == [nfc, f"{nfc}-2"]
        assert s.load_save("yatz", nfd).seed == 9
        assert s.delete_save("yatz", nfd) and not s.delete_save("yatz", nfc)
