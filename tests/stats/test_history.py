"""Finished games kept whole in the store's history (issue 15): written in the same
transaction as the game's end, once, for every game; imported and online records through
:meth:`Store.add_finished_record`; listed newest first, by game and by player; pruned; an
older store gets the table, a newer one is refused."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from gameshelf.core.errors import StoreError
from gameshelf.core.records import GameRecord
from gameshelf.core.store import (
    SCHEMA_VERSION,
    HistoryEntry,
    HistoryPlayer,
    ScoreEntry,
    Store,
    record_key,
)
from gameshelf.core.store.schema import MIGRATIONS, SCHEMA_V1
from gameshelf.games.muggins.match import Match as MugginsMatch
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.yatz.match import Match as YatzMatch
from gameshelf.games.yatz.session import YatzSession
from tests.stats import games


def _rows(game: str | None = None) -> list[tuple[str, str, tuple[HistoryPlayer, ...]]]:
    with Store() as s:
        return [(r.game, r.source, r.players) for r in s.finished_records(game)]


def test_every_game_keeps_its_finished_record_once_with_seats_and_scores() -> None:
    y = games.yatz(11)
    m = games.muggins(12)
    sd = games.showdown(13)
    d = games.dollar(14)
    with Store() as s:
        rows = s.finished_records()
        assert [r.game for r in rows] == ["dollar", "showdown", "muggins", "yatz"]
        assert all(r.damaged is None and r.source == "local" for r in rows)
        by = {r.game: r for r in rows}
        # the record replays to the same game, and the seats' scores are the game's own
        assert YatzMatch.from_record(by["yatz"].record).actions == y.match.actions
        assert [p.score for p in by["yatz"].players] == [
            y.match.state.grand_total(i) for i in range(2)]
        assert [(p.name, p.kind, p.level) for p in by["yatz"].players] == [
            ("Ann", "computer", "greedy"), ("CPU 2", "computer", "casual")]
        mm = MugginsMatch.from_record(by["muggins"].record)
        assert [p.score for p in by["muggins"].players] == mm.state.scores
        assert [p.outcome for p in by["muggins"].players] == (
            ["win", "loss"] if mm.state.winner == 0 else ["loss", "win"])
        assert by["muggins"].players[1].level == "easy"
        sm = ShowdownMatch.from_record(by["showdown"].record)
        assert "end_pending" not in by["showdown"].record.options
        assert [p.score for p in by["showdown"].players] == [
            sm.state.score(i).total for i in range(2)]
        assert by["dollar"].record.options["players"][0]["bill"] == "L40000002A"
        assert [p.score for p in by["dollar"].players] == [e.score for e in d.entries]
    # finishing again writes nothing more
    assert y.slot.finish() is None and m.finish() is False and sd.finish() is False
    assert d.finish() is False
    assert len(_rows()) == 4


def test_the_record_is_kept_in_the_ends_transaction(monkeypatch: pytest.MonkeyPatch) -> None:
    def full(self: Store, c: sqlite3.Connection) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    Store().close()   # the store exists: only the end's transaction fails
    monkeypatch.setattr(Store, "_commit", full)
    with pytest.raises(StoreError):
        games.dollar(3)
    monkeypatch.undo()
    assert _rows() == []
    with Store() as s:
        assert s.top_scores("dollar") == []


def test_an_imported_finished_game_counts_once_as_imported(tmp_path: Path) -> None:
    y = games.yatz(21)
    record = y.match.record()
    with Store() as s:   # as if this game's record came from another machine
        s.prune_finished_records(keep=0)
        s._conn.execute("DELETE FROM finished")
    assert YatzSession.import_match(YatzMatch.from_record(record), "theirs") == "theirs"
    session = YatzSession.resume("theirs")
    assert session.finished
    assert [src for _, src, _ in _rows("yatz")] == ["import"]
    with pytest.raises(StoreError, match="imported before"):
        YatzSession.import_match(YatzMatch.from_record(record), "again")
    assert len(_rows("yatz")) == 1


def test_add_finished_record_for_online_games_is_idempotent() -> None:
    rec = GameRecord("yatz", 1, {"players": [{"name": "Ann", "player": "human"}]}, 9,
                     ("roll",))
    entry = HistoryEntry(rec, [HistoryPlayer("Ann", "remote", None, 250, None)],
                         source="online", finished="2026-01-02T03:04:05+00:00")
    with Store() as s:
        assert s.add_finished_record(entry, scores=[ScoreEntry("Ann", 250, seed=9)])
        assert not s.add_finished_record(entry, scores=[ScoreEntry("Ann", 250, seed=9)])
        assert len(s.top_scores("yatz")) == 1
        (row,) = s.finished_records("yatz")
        assert (row.key, row.finished, row.source) == (
            record_key(rec), "2026-01-02T03:04:05+00:00", "online")
        assert s.finished_record(row.id).record == rec
        with pytest.raises(StoreError, match="no finished game"):
            s.finished_record(row.id + 1)
        bad = HistoryEntry(rec, [HistoryPlayer("Ann", "robot")])
        with pytest.raises(StoreError, match="kind"):
            s.add_finished_record(bad, key="other")
        with pytest.raises(StoreError, match="source"):
            s.add_finished_record(HistoryEntry(rec, source="mail"), key="other")
        assert len(s.finished_records()) == 1


def _entry(game: str, seed: int, when: str, names: tuple[str, ...]) -> HistoryEntry:
    return HistoryEntry(GameRecord(game, 1, {}, seed, ()),
                        [HistoryPlayer(n, "person", None, seed) for n in names],
                        finished=when)


def test_listing_newest_first_by_game_and_player_and_pruning() -> None:
    with Store() as s:
        for i in range(5):
            s.add_finished_record(_entry("yatz", i, f"2026-0{i + 1}-01T00:00:00+00:00",
                                         ("Ann",) if i % 2 else ("Bob", "Ann\x1b")))
        s.add_finished_record(_entry("muggins", 9, "2026-03-15T00:00:00+00:00", ("you",)))
        assert [r.record.seed for r in s.finished_records("yatz")
                if r.record] == [4, 3, 2, 1, 0]
        assert [r.record.seed for r in s.finished_records("yatz", player="Ann")
                if r.record] == [3, 1]
        assert [r.game for r in s.finished_records(limit=2)] == ["yatz", "yatz"]
        assert [r.record for r in s.finished_records(with_records=False)][0] is None
        gone = s.prune_finished_records("yatz", keep=3)
        assert [r.finished[:7] for r in gone] == ["2026-02", "2026-01"]
        gone = s.prune_finished_records(before="2026-03-20")
        assert sorted((r.game, r.finished[:7]) for r in gone) == [
            ("muggins", "2026-03"), ("yatz", "2026-03")]
        assert [r.finished[:7] for r in s.finished_records()] == ["2026-05", "2026-04"]
        with pytest.raises(StoreError, match="keep N"):
            s.prune_finished_records()
        with pytest.raises(StoreError, match="0 or more"):
            s.prune_finished_records(keep=-1)
        # a pruned game stays finished: it is never counted again
        assert not s.add_finished_record(_entry("yatz", 0, "2026-01-01T00:00:00+00:00",
                                                ("Bob", "Ann\x1b")))


def test_a_damaged_history_row_is_listed_marked() -> None:
    with Store() as s:
        s.add_finished_record(_entry("yatz", 1, "2026-01-01T00:00:00+00:00", ("Ann",)))
        s._conn.execute("UPDATE history SET record='{', players='[{\"name\": 5}]'")
        (row,) = s.finished_records()
        assert row.record is None and row.players == () and row.damaged


def test_a_version_2_store_gets_the_history_table(tmp_path: Path) -> None:
    path = tmp_path / "v2.db"
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA_V1 + MIGRATIONS[1])
    conn.execute("INSERT INTO scores (game, name, score, date) VALUES ('yatz', 'Ann', 300, 'd')")
    conn.execute("PRAGMA user_version = 2")
    conn.commit()
    conn.close()
    with Store(path) as s:
        assert s._conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 3
        assert s.finished_records() == []
        assert [r.score for r in s.top_scores("yatz")] == [300]   # old games still count
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA user_version = 4")
    conn.commit()
    conn.close()
    before = path.read_bytes()
    with pytest.raises(StoreError, match="schema version 4"):
        Store(path)
    assert path.read_bytes() == before
