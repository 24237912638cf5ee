"""Damaged score and result rows (issue 10, the breaker's re-run): a row holding a BLOB or
text where the schema wants text or a number is left out of every listing, never a crash.

Every listing of stored scores and results goes through :meth:`Store.top_scores`,
:meth:`Store.result_counts` and :meth:`Store.recent_results`; each command that shows them
is run here, plain and as JSON, on a store holding one intact and several damaged rows.
"""

from __future__ import annotations

import json
import sqlite3

import pytest

from gameshelf.core.store import ResultEntry, ScoreEntry, Store
from tests.cli_helpers import run

#: (column, SQL value) for each way a score row can be damaged.
DAMAGED_SCORES = [("name", "x'ff'"), ("date", "x'1b'"), ("score", "'abc'"),
                  ("seed", "'x'"), ("detail", "x'00'"), ("name", "NULL")]

LISTINGS = [["yatz", "scores"], ["yatz", "scores", "--json"], ["dollar", "best"],
            ["dollar", "best", "--json"], ["muggins", "stats"], ["muggins", "stats", "--json"]]


def _store_rows() -> None:
    with Store() as s:
        s.finish_game("yatz", scores=[ScoreEntry("Ann", 300, seed=4, detail={"players": 1})])
        s.finish_game("dollar", scores=[ScoreEntry("Bea", 120, seed=4,
                                                   detail={"bill": "L40000002A"})])
        s.finish_game("muggins", results=[ResultEntry("you", "mugsy-easy", "win", seed=4)])
        path = s.path
    conn = sqlite3.connect(path)
    with conn:
        for game in ("yatz", "dollar"):
            for column, value in DAMAGED_SCORES:
                conn.execute(
                    "INSERT INTO scores (game, board, name, score, date, seed, detail) VALUES "
                    "(?, '', 'Zed', 999, '2026-11-30', 4, '{}')", (game,))
                if column == "name" and value == "NULL":   # NOT NULL: a BLOB of nothing
                    value = "x''"
                conn.execute(f"UPDATE scores SET {column}={value} "
                             "WHERE id=(SELECT MAX(id) FROM scores)")
        conn.execute("INSERT INTO results (game, player, opponent, outcome, date) VALUES "
                     "('muggins', 'you', x'ff', 'win', '2026-11-30')")
    conn.close()


@pytest.mark.parametrize("args", LISTINGS, ids=" ".join)
def test_every_listing_leaves_damaged_rows_out(args: list[str],
                                               capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    _store_rows()
    code, out, err = run(args, capsys, monkeypatch)
    assert code == 0, err
    if "--json" in args:
        json.loads(out)
    assert "Zed" not in out and "999" not in out
    if args[0] == "muggins":   # the one intact win against easy is counted, the damaged not
        assert (json.loads(out)["levels"][0]["won"] if "--json" in args
                else out.split("\n")[4].split()[1]) in (1, "1")
    else:
        assert {"yatz": "Ann", "dollar": "Bea"}[args[0]] in out


def test_the_store_reads_only_intact_rows() -> None:
    _store_rows()
    with Store() as s:
        assert [r.name for r in s.top_scores("yatz")] == ["Ann"]
        assert [r.name for r in s.top_scores("dollar")] == ["Bea"]
        assert s.result_counts("muggins") == {"mugsy-easy": {"win": 1, "loss": 0, "draw": 0}}
