"""``gameshelf <game> stats`` and ``history`` (issue 15): the JSON shapes, the listing, the
pruning (it asks nothing and says what it removed), and bad input: one line, exit 2, the
store unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gameshelf.core.store import Store
from tests.cli_helpers import run

GAMES = ("yatz", "muggins", "showdown", "dollar")


@pytest.mark.parametrize("game", GAMES)
def test_stats_json_shape_and_text(game: str, store_of_games: Path,
                                   capsys: pytest.CaptureFixture[str],
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = run([game, "stats", "--json"], capsys, monkeypatch)
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["game"] == game and data["damaged"] == 0
    if game == "yatz":
        assert data["games"] == 4 and {g["label"] for g in data["groups"]} == {
            "cpu (greedy)", "cpu (casual)"}
        assert set(data["groups"][0]) >= {"games", "mean", "best", "stdev", "bonus_rate",
                                          "yatz_rate", "scores"}
        assert data["reference"]["games"] >= 100 and "source" in data["reference"]
    elif game == "muggins":
        assert [lv["level"] for lv in data["levels"]] == ["easy", "normal", "strong", "even"]
        assert [lv["won"] + lv["lost"] for lv in data["levels"]] == [3, 1, 0, 0]
        assert set(data["levels"][0]) >= {"won", "lost", "streaks", "points_per_round",
                                          "went_out", "blocked_won", "blocked"}
    elif game == "showdown":
        assert [c["players"] for c in data["by_player_count"]] == [2, 3]
        assert set(data["players"][0]["mean_points"]) == {
            "cards", "two_x", "drop_bonus", "combos", "tokens"}
    else:
        assert [b["name"] for b in data["bills"]] == ["Cy", "Ann", "Bob"]
        assert 0 <= data["bills"][0]["percentile"] <= 100
    code, out, _ = run([game, "stats"], capsys, monkeypatch)
    assert code == 0 and "kept" in out.splitlines()[0]
    code, out, _ = run([game, "stats", "--player", "Bob", "--json"], capsys, monkeypatch)
    assert code == 0 and json.loads(out)["game"] == game


def test_history_lists_newest_first_and_prunes_saying_what(
        store_of_games: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, _ = run(["yatz", "history", "--json"], capsys, monkeypatch)
    rows = json.loads(out)
    assert code == 0 and len(rows) == 4
    assert [r["finished"] for r in rows] == sorted((r["finished"] for r in rows),
                                                   reverse=True)
    assert set(rows[0]) == {"id", "finished", "source", "seed", "actions", "players",
                            "damaged"}
    code, out, _ = run(["yatz", "history", "-n", "2", "--player", "Ann"], capsys, monkeypatch)
    assert code == 0 and len(out.splitlines()) == 3 and "Ann (greedy)" in out
    code, out, _ = run(["yatz", "history", "prune", "--keep", "1"], capsys, monkeypatch)
    assert code == 0 and out.startswith("Removed 3 finished Yatz games from the history:")
    with Store() as s:
        assert len(s.finished_records("yatz")) == 1
        assert len(s.finished_records("muggins")) == 4   # other games untouched
        assert len(s.top_scores("yatz")) == 7             # their scores stay
    code, out, _ = run(["yatz", "history", "prune", "--before", "2000-01-01"], capsys,
                       monkeypatch)
    assert code == 0 and out.startswith("Nothing removed")
    code, out, _ = run(["muggins", "history", "prune", "--before", "2999-01-01T00:00"],
                       capsys, monkeypatch)
    assert code == 0 and "Removed 4 finished Muggins games" in out
    code, out, _ = run(["muggins", "history"], capsys, monkeypatch)
    assert out.startswith("No finished Muggins game is kept yet.")


@pytest.mark.parametrize("args", [
    ["yatz", "stats", "--player", ""],
    ["yatz", "stats", "--player", " "],
    ["dollar", "history", "prune"],
    ["dollar", "history", "prune", "--keep", "1", "--before", "2026-01-01"],
    ["muggins", "history", "prune", "--keep", "-1"],
    ["muggins", "history", "prune", "--keep", "x"],
    ["showdown", "history", "prune", "--before", "yesterday"],
    ["showdown", "history", "prune", "--before", "2026-13-45"],
    # ISO forms that read as another day than meant: week, ordinal, compact, hour alone
    ["yatz", "history", "prune", "--before", "2026-W01-1"],
    ["yatz", "history", "prune", "--before", "2026-060"],
    ["yatz", "history", "prune", "--before", "20260301"],
    ["yatz", "history", "prune", "--before", "2026-03-01T12"],
    ["yatz", "history", "prune", "--before", "2026-02-30"],
    ["yatz", "history", "--limit", "0"],
    ["yatz", "stats", "--bogus"],
], ids=lambda a: " ".join(a))
def test_bad_input_one_line_exit_2_store_unchanged(
        args: list[str], store_of_games: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    before = store_of_games.read_bytes()
    code, out, err = run(args, capsys, monkeypatch)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("gameshelf: error:")
    assert store_of_games.read_bytes() == before


@pytest.mark.parametrize(("text", "stored"), [
    ("2026-03-01", "2026-03-01T00:00:00+00:00"),
    ("2026-03-01T12:00", "2026-03-01T12:00:00+00:00"),
    ("2026-03-01 12:00:30", "2026-03-01T12:00:30+00:00"),
    ("2026-03-01T12:00Z", "2026-03-01T12:00:00+00:00"),
    ("2026-03-01T12:00+01:00", "2026-03-01T11:00:00+00:00"),
    ("0999-01-01", "0999-01-01T00:00:00+00:00"),
])
def test_before_dates_read_as_written(text: str, stored: str) -> None:
    from gameshelf.core.text import when
    from gameshelf.session.history import parse_before

    assert parse_before(text) == stored
    assert when(stored)[:4] == stored[:4]   # the year shown with its four digits


@pytest.mark.parametrize("game", ["yatz", "muggins", "showdown", "dollar"])
def test_only_unreadable_games_are_said_so(game: str) -> None:
    """A history holding nothing but damaged rows said 'No finished game is kept yet.' and
    then that kept games were left out; one sentence now says none can be counted, and why."""
    from gameshelf.core.store import HistoryRow
    from gameshelf.games.dollar.stats import dollar_stats
    from gameshelf.games.muggins.stats import muggins_stats
    from gameshelf.games.showdown.stats import showdown_stats
    from gameshelf.games.yatz.stats import yatz_stats

    rows = [HistoryRow(id=i, game=game, key=f"k{i}", finished="2026-11-30", source="local",
                       players=(), record=None, damaged="the record is not JSON")
            for i in (1, 2)]
    of = {"yatz": yatz_stats, "muggins": muggins_stats, "showdown": showdown_stats,
          "dollar": dollar_stats}[game]
    lines = of(rows).lines()
    assert len(lines) == 1 and "can be counted" in lines[0] and "2 kept games" in lines[0]
