"""The store's operations (issue 10, points 1, 2, 3, 4's lock and 5): names claimed in the
transaction that writes them, saves written only by their owner, a game's end in one
idempotent transaction, damaged saves listed and never replaced, other programs' files left
byte for byte as they were, a read-only store told at once, locks waited for."""

from __future__ import annotations

import re
import sqlite3
import subprocess
import sys
import textwrap
import threading
from pathlib import Path

import pytest

from gameshelf.core.errors import RecordError, StoreError
from gameshelf.core.records import GameRecord
from gameshelf.core.store import (
    SCHEMA_VERSION,
    ResultEntry,
    ScoreEntry,
    Store,
)
from gameshelf.core.store.schema import MIGRATIONS, SCHEMA_V1
from tests.faults import FaultyStore, Killed, ReadOnlyStore

REC = GameRecord("yatz", 1, {"players": ["Ann"]}, 5, ("roll",))


def _damage(store: Store, name: str) -> None:
    store._conn.execute("UPDATE saves SET record='{damaged' WHERE name=?", (name,))


def _rows(store: Store) -> list[tuple[object, ...]]:
    return store._conn.execute("SELECT * FROM saves ORDER BY id").fetchall()


def test_claim_chooses_a_free_name_and_never_replaces_intact_or_damaged_saves(
        tmp_path: Path) -> None:
    with Store(tmp_path / "s.db") as s:
        s.claim_save("yatz", "game-5", REC)
        s.claim_save("yatz", "game-5", REC)   # game-5-2
        _damage(s, "game-5-2")
        before = _rows(s)
        h = s.claim_save("yatz", "game-5", REC.with_action("hold 1"))
        assert h.name == "game-5-3"
        assert _rows(s)[:2] == before
        for name in ("game-5", "game-5-2"):
            with pytest.raises(StoreError, match="exists"):
                s.claim_save("yatz", name, REC, exact=True)
        assert _rows(s)[:2] == before
        assert s.claim_save("muggins", "game-5",
                            GameRecord("muggins", 1, {}, 5, ())).name == "game-5"


def test_two_stores_claiming_one_name_get_two_saves(tmp_path: Path) -> None:
    a, b = Store(tmp_path / "s.db"), Store(tmp_path / "s.db")
    ha = a.claim_save("yatz", "game-5", REC)
    hb = b.claim_save("yatz", "game-5", REC.with_action("hold 2"))
    assert (ha.name, hb.name) == ("game-5", "game-5-2")
    assert a.load_save("yatz", "game-5") == REC
    assert a.load_save("yatz", "game-5-2") == REC.with_action("hold 2")
    a.close()
    b.close()


def test_a_save_is_written_only_by_the_session_that_owns_it(tmp_path: Path) -> None:
    with Store(tmp_path / "s.db") as s:
        mine = s.claim_save("yatz", "mine", REC)
        theirs, record = s.take_save("yatz", "mine")   # resumed elsewhere
        assert record == REC
        with pytest.raises(StoreError, match="taken over"):
            s.update_save(mine, REC.with_action("hold 1"))
        with pytest.raises(StoreError, match="taken over"):
            s.finish_game("yatz", save=mine, scores=[ScoreEntry("Ann", 9)])
        assert s.load_save("yatz", "mine") == REC and s.top_scores("yatz") == []
        s.update_save(theirs, REC.with_action("hold 2"))
        assert s.load_save("yatz", "mine").actions == ("roll", "hold 2")
        s.replace_save("mine", REC)   # asked for (--force): the old owner is told
        with pytest.raises(StoreError, match="replaced"):
            s.update_save(theirs, REC)
        s.delete_save("yatz", "mine")
        with pytest.raises(StoreError, match="deleted"):
            s.update_save(theirs, REC)


def test_save_as_renames_only_to_a_free_name(tmp_path: Path) -> None:
    with Store(tmp_path / "s.db") as s:
        h = s.claim_save("yatz", "game-5", REC)
        s.claim_save("yatz", "other", REC.with_action("hold 5"))
        s.claim_save("yatz", "broken", REC)
        _damage(s, "broken")
        before = _rows(s)
        for taken in ("other", "broken"):
            with pytest.raises(StoreError, match="exists"):
                s.update_save(h, REC.with_action("hold 1"), name=taken)
        assert _rows(s) == before
        h2 = s.update_save(h, REC.with_action("hold 1"), name="mine")
        assert h2.name == "mine" and s.save_names("yatz") == {"mine", "other", "broken"}
        s.update_save(h2, REC.with_action("hold 3"))
        assert s.load_save("yatz", "mine").actions == ("roll", "hold 3")


def test_finishing_is_one_transaction_and_idempotent(tmp_path: Path) -> None:
    with Store(tmp_path / "s.db") as s:
        h = s.claim_save("yatz", "sweep", REC)
        scores = [ScoreEntry("Ann", 464, seed=5), ScoreEntry("Bob", 300, seed=5)]
        ids = s.finish_game("yatz", save=h, scores=scores,
                            results=[ResultEntry("Ann", "Bob", "win")])
        assert ids is not None and len(ids) == 2
        assert s.finish_game("yatz", save=h, scores=scores) is None
        assert [(r.name, r.score) for r in s.top_scores("yatz")] == [("Ann", 464),
                                                                     ("Bob", 300)]
        assert s.list_saves("yatz") == [] and s.result_counts("yatz") == {
            "Bob": {"win": 1, "loss": 0, "draw": 0}}
        with pytest.raises(StoreError, match="finished"):
            s.update_save(h, REC)
        # a game taken over by another session and finished there: here, nothing more
        h = s.claim_save("yatz", "x", REC)
        other, _ = s.take_save("yatz", "x")
        assert s.finish_game("yatz", save=other, scores=[ScoreEntry("Cy", 1)]) is not None
        assert s.finish_game("yatz", save=h, scores=[ScoreEntry("Cy", 1)]) is None
        assert [r.name for r in s.top_scores("yatz")].count("Cy") == 1


@pytest.mark.parametrize("mode", ["fail", "kill"])
def test_a_fault_at_the_commit_of_a_games_end_loses_and_doubles_nothing(
        tmp_path: Path, mode: str) -> None:
    path = tmp_path / "s.db"
    with Store(path) as s:
        h = s.claim_save("yatz", "sweep", REC)
    FaultyStore.arm(1, mode)
    s = FaultyStore(path)
    with pytest.raises(StoreError if mode == "fail" else Killed):
        s.finish_game("yatz", save=h, scores=[ScoreEntry("Ann", 464)])
    s.close()
    FaultyStore.arm(None)
    with Store(path) as s:
        if mode == "fail":   # nothing written: the save is still there, finished later once
            assert s.top_scores("yatz") == [] and s.save_names("yatz") == {"sweep"}
            assert s.finish_game("yatz", save=h, scores=[ScoreEntry("Ann", 464)])
        assert s.finish_game("yatz", save=h, scores=[ScoreEntry("Ann", 464)]) is None
        assert [(r.name, r.score) for r in s.top_scores("yatz")] == [("Ann", 464)]
        assert s.save_names("yatz") == set()


def test_listings_show_damaged_saves_marked(tmp_path: Path) -> None:
    with Store(tmp_path / "s.db") as s:
        s.claim_save("yatz", "good", REC)
        s.claim_save("yatz", "bad", REC)
        _damage(s, "bad")
        rows = {r.name: r for r in s.list_saves("yatz")}
        assert rows["good"].record == REC and rows["good"].damaged is None
        assert rows["bad"].record is None and rows["bad"].damaged
        with pytest.raises(RecordError):
            s.take_save("yatz", "bad")
        assert s.list_saves("yatz")[0].name in ("good", "bad") and len(_rows(s)) == 2


def _foreign(path: Path, *statements: str) -> bytes:
    conn = sqlite3.connect(path)
    for st in statements:
        conn.execute(st)
    conn.commit()
    conn.close()
    return path.read_bytes()


_V1_TABLES = [st for st in SCHEMA_V1.split(";") if st.strip()]


@pytest.mark.parametrize("statements", [
    ["CREATE TABLE saves (id INTEGER PRIMARY KEY, who TEXT)"],
    ["CREATE TABLE scores (id INTEGER PRIMARY KEY, game TEXT, points REAL)"],
    ["CREATE TABLE saves (id INTEGER PRIMARY KEY, game TEXT, name TEXT, record TEXT, "
     "created TEXT, updated TEXT)", "PRAGMA user_version = 1"],
    [*_V1_TABLES, "CREATE TABLE bookmarks (url TEXT)", "PRAGMA user_version = 1"],
    [*_V1_TABLES, "CREATE VIEW v AS SELECT 1", "PRAGMA user_version = 1"],
    [*_V1_TABLES, "ALTER TABLE scores ADD COLUMN extra TEXT", "PRAGMA user_version = 1"],
    [*_V1_TABLES, "PRAGMA user_version = 2"],
    [*_V1_TABLES, *[st for st in MIGRATIONS[1].split(";") if st.strip()],
     "CREATE TABLE notes (x)", f"PRAGMA user_version = {SCHEMA_VERSION}"],
    ["CREATE TABLE t (x)", "INSERT INTO t VALUES (1)", "PRAGMA user_version = 7"],
], ids=["own-saves", "own-scores", "saves-other-columns", "foreign-table-v1",
        "foreign-view", "scores-other-columns", "v1-tables-marked-v2", "foreign-table-v2",
        "newer"])
def test_another_programs_database_is_refused_byte_for_byte(
        tmp_path: Path, statements: list[str]) -> None:
    path = tmp_path / "other.db"
    before = _foreign(path, *statements)
    with pytest.raises(StoreError, match="left as it is|will not change"):
        Store(path)
    assert path.read_bytes() == before
    assert {p.name for p in tmp_path.iterdir()} == {"other.db"}


def test_a_version_1_store_is_migrated_with_its_saves_and_scores(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    _foreign(path, *_V1_TABLES,
             "INSERT INTO saves (game, name, record, created, updated) VALUES "
             f"('yatz', 'old', '{REC.to_json(indent=None)}', '2026-01-01', '2026-01-01')",
             "INSERT INTO scores (game, name, score, date) VALUES ('yatz', 'Ann', 300, 'd')",
             "INSERT INTO results (game, player, opponent, outcome, date) VALUES "
             "('muggins', 'you', 'mugsy-easy', 'win', 'd')",
             "PRAGMA user_version = 1")
    with Store(path) as s:
        assert s._conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert s.load_save("yatz", "old") == REC
        assert [(r.name, r.score) for r in s.top_scores("yatz")] == [("Ann", 300)]
        assert s.result_counts("muggins") == {"mugsy-easy": {"win": 1, "loss": 0, "draw": 0}}
        h, _ = s.take_save("yatz", "old")
        assert s.finish_game("yatz", save=h, scores=[ScoreEntry("Bob", 200)])
        assert s.finish_game("yatz", save=h, scores=[ScoreEntry("Bob", 200)]) is None
    with Store(path) as s:   # opened again: nothing more to do
        assert len(s.top_scores("yatz")) == 2


def test_a_failed_migration_leaves_the_version_1_store_as_it_was(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    before = _foreign(path, *_V1_TABLES, "PRAGMA user_version = 1")
    FaultyStore.arm(1, "fail")
    with pytest.raises(StoreError):
        FaultyStore(path)
    FaultyStore.arm(None)
    assert path.read_bytes() == before


def test_a_read_only_store_is_told_by_check_writable(tmp_path: Path) -> None:
    Store(tmp_path / "s.db").close()
    with ReadOnlyStore(tmp_path / "s.db") as s:
        assert s.list_saves("yatz") == []
        with pytest.raises(StoreError, match="read-only"):
            s.check_writable()
    with Store(tmp_path / "s.db") as s:
        s.check_writable()
        assert s.get_setting(".probe") is None


def test_settings(tmp_path: Path) -> None:
    with Store(tmp_path / "s.db") as s:
        assert s.get_setting("keys.yatz") is None
        s.set_setting("keys.yatz", '{"roll": "space"}')
        s.set_setting("keys.yatz", '{"roll": "r"}')
    with Store(tmp_path / "s.db") as s:
        assert s.get_setting("keys.yatz") == '{"roll": "r"}'


def test_a_lock_held_longer_than_sqlites_wait_is_waited_for(tmp_path: Path) -> None:
    """Another process holds the store locked past one try's timeout: the write is retried
    and succeeds once the lock goes (released only after a retry was seen, no timing)."""
    path = tmp_path / "s.db"
    Store(path).close()
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN IMMEDIATE")
    store = Store(path, timeout=0.01, wait=60)

    def release() -> None:
        while store.busy_retries < 2:
            threading.Event().wait(0.01)
        other.execute("ROLLBACK")

    t = threading.Thread(target=release)
    t.start()
    h = store.claim_save("yatz", "game-5", REC)
    t.join()
    assert store.busy_retries >= 2 and store.load_save("yatz", h.name) == REC
    store.close()
    other.close()


def test_a_lock_held_past_the_whole_wait_is_a_store_error_and_writes_nothing(
        tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    Store(path).close()
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    with Store(path, timeout=0.01, wait=0) as s, pytest.raises(StoreError, match="locked"):
        s.claim_save("yatz", "game-5", REC)
    other.execute("ROLLBACK")
    with Store(path) as s:
        assert s.save_names("yatz") == set()
    other.close()


def test_showdown_play_and_saves_never_hide_or_overwrite_a_damaged_save(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 10.2: a Showdown save whose record is damaged was hidden by 'showdown saves'
    and then overwritten by 'showdown play --text -p Zed,cpu --seed 3'."""
    import io

    from gameshelf.cli import main

    with Store() as s:
        s.replace_save("game-3", GameRecord("showdown", 1, {}, 3, ()))
        s._conn.execute("UPDATE saves SET record='{damaged' WHERE name='game-3'")
        before = _rows(s)
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    with pytest.raises(SystemExit):
        main(["showdown", "play", "--text", "-p", "Zed,cpu", "--seed", "3"])
    with pytest.raises(SystemExit):
        main(["showdown", "saves"])
    out = capsys.readouterr().out
    assert re.search(r"^game-3 +\S+ \S+  damaged", out, re.M)
    with Store() as s:
        assert _rows(s)[:1] == before
        assert s.save_names("showdown") == {"game-3", "game-3-2"}


@pytest.mark.parametrize("args", [
    ["dollar", "best"], ["muggins", "stats"], ["muggins", "play", "--text", "--seed", "3"],
    ["showdown", "saves"], ["showdown", "play", "--text", "-p", "Zed,cpu", "--seed", "3"],
    ["yatz", "import", "x.json"], ["yatz", "delete", "x", "--yes"]],
    ids=lambda a: " ".join(a[:2]))
def test_every_game_refuses_another_programs_database_byte_for_byte(
        args: list[str], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Issue 10.5, every game: a SQLite file with its own 'scores' table (setup used to
    fail after adding 'saves') is refused with one line, exit 2, and left as it was."""
    import io

    from gameshelf.cli import main

    monkeypatch.chdir(tmp_path)
    from gameshelf.games.yatz.match import Match, Seat
    (tmp_path / "x.json").write_text(Match([Seat("Ann")], 1).record().to_json())
    path = Store().path
    path.unlink()
    before = _foreign(path, "CREATE TABLE scores (id INTEGER PRIMARY KEY, player TEXT)",
                      "INSERT INTO scores (player) VALUES ('theirs')")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    with pytest.raises(SystemExit) as exc:
        main(args)
    err = capsys.readouterr().err
    assert exc.value.code == 2 and "left as it is" in err and err.count("\n") == 1
    assert path.read_bytes() == before


def test_a_foreign_file_in_wal_mode_or_with_an_application_id_is_left_byte_for_byte(
        tmp_path: Path) -> None:
    """Issue 10 point 5: the file is inspected read-only first; a read-write connection
    closing on another program's write-ahead log would checkpoint it into the file."""
    import hashlib

    def digest(p: Path) -> str:
        return hashlib.sha256(p.read_bytes()).hexdigest() if p.exists() else "-"

    wal = tmp_path / "wal.db"
    keeper = sqlite3.connect(wal)
    keeper.execute("PRAGMA journal_mode=WAL")
    keeper.execute("PRAGMA wal_autocheckpoint=0")
    keeper.execute("CREATE TABLE saves (x)")
    keeper.execute("INSERT INTO saves VALUES (1)")
    keeper.commit()
    marked = tmp_path / "marked.db"
    other = sqlite3.connect(marked)
    other.execute("PRAGMA application_id = 1234")
    other.commit()
    other.close()
    for path in (wal, marked):
        files = [path, path.with_name(path.name + "-wal")]
        before = [digest(f) for f in files]
        with pytest.raises(StoreError, match="another program's"):
            Store(path)
        assert [digest(f) for f in files] == before
    keeper.close()


def test_a_save_row_with_fields_that_are_not_text_is_listed_damaged(tmp_path: Path) -> None:
    """A damaged row whose name or dates are BLOBs is listed, marked damaged (it crashed
    ``yatz saves`` before)."""
    path = tmp_path / "s.db"
    with Store(path) as store:
        store.claim_save("yatz", "keep", REC)
        store.claim_save("yatz", "blob", REC)
    conn = sqlite3.connect(path)
    conn.execute("UPDATE saves SET name=x'41ff', updated=x'00ff' WHERE name='blob'")
    conn.commit()
    conn.close()
    with Store(path) as store:
        rows = {r.name: r for r in store.list_saves("yatz")}
    assert rows["keep"].damaged is None
    assert rows["A\\xff"].damaged == "the save's name, updated is not text"
    assert isinstance(rows["A\\xff"].updated, str)


def test_a_transaction_left_unfinished_by_a_killed_program_is_rolled_back_on_open(
        tmp_path: Path) -> None:
    """Breaker: killed in the middle of a commit (a hot journal left beside the file), the
    store could no longer be opened by any command ("it is read-only": the read-only
    inspection cannot roll a journal back). Now the unfinished change is rolled back, what
    was committed is all there, and the store opens."""
    path = tmp_path / "gameshelf.db"
    with Store(path) as s:
        s.finish_game("yatz", scores=[ScoreEntry("Ann", 100)])
    writer = textwrap.dedent(f"""
        import os, sqlite3
        c = sqlite3.connect({str(path)!r}, isolation_level=None)
        c.execute("PRAGMA cache_size=1")     # spill to the file: the journal is hot
        c.execute("BEGIN IMMEDIATE")
        for i in range(300):
            c.execute("INSERT INTO settings (key, value) VALUES (?, ?)", (f"k{{i}}", "x" * 2000))
        os._exit(0)                          # killed: no rollback, no commit
    """)
    subprocess.run([sys.executable, "-c", writer], check=True, timeout=60)
    journal = path.with_name(path.name + "-journal")
    assert journal.stat().st_size > 0
    with Store(path) as s:
        assert [(r.name, r.score) for r in s.top_scores("yatz")] == [("Ann", 100)]
        assert s.get_setting("k1") is None
        s.finish_game("yatz", scores=[ScoreEntry("Bob", 90)])
    assert not journal.exists()


def test_another_programs_wal_database_gets_no_files_beside_it(tmp_path: Path) -> None:
    """Breaker: a write-ahead-log database of another program was refused and left byte for
    byte, but the read-only inspection made -wal and -shm files beside it. This program never
    uses a write-ahead log, so such a file is refused from its header, unopened."""
    path = tmp_path / "gameshelf.db"
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode=wal")
    conn.execute("CREATE TABLE t (x)")
    conn.commit()
    conn.close()
    before = sorted(p.name for p in tmp_path.iterdir()), path.read_bytes()
    with pytest.raises(StoreError, match="another program's"):
        Store(path)
    assert (sorted(p.name for p in tmp_path.iterdir()), path.read_bytes()) == before
