"""``gameshelf dollar ...`` on the command line (in process, through ``main``)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from gameshelf.cli import main
from gameshelf.core.store import ScoreEntry, Store


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    with pytest.raises(SystemExit) as exc:
        main(["dollar", *args])
    out = capsys.readouterr()
    code = exc.value.code
    return (code if isinstance(code, int) else 0), out.out, out.err


def run_json(capsys: pytest.CaptureFixture[str], *args: str) -> Any:
    code, out, err = run(capsys, *args, "--json")
    assert code == 0, err
    return json.loads(out)


def test_r_dp_10_score_prints_88_million_with_its_trace(capsys: pytest.CaptureFixture[str]
                                                         ) -> None:
    """R-DP-10 on the command line: `gameshelf dollar score L40000002A --series 1902`."""
    code, out, err = run(capsys, "score", "L40000002A", "--series", "1902")
    assert code == 0 and err == ""
    assert "Total: 88,000,000 points (88 million)" in out
    lines = out.splitlines()
    trace = [ln for ln in lines if ln.strip()[:1].isdigit() and ("Jackpot" in ln
                                                                 or "Million Plus" in ln
                                                                 or "Double" in ln)]
    assert len(trace) == 5
    assert "Jackpot" in trace[0] and "12,000,000" in trace[0]
    assert "Double Score" in trace[-1] and "84,000,000" in trace[-1]
    assert "End bonus: 3 balls left x 1,000,000 = 3,000,000" in out
    assert "Match: last digit 2" in out
    assert "Percentile: 99.999996%" in out


def test_score_json_fields(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "score", "L40000002A", "--series", "1902")
    assert data["serial"] == "40000002" and data["district"] == 12
    assert data["series"] == "1902" and data["score"] == 88_000_000
    assert data["end_bonus"] == 3_000_000 and data["match"] is True
    assert [s["rule"] for s in data["steps"]] == ["jackpot"] + ["million_plus_ten"] * 3 + [
        "double"]
    assert data["steps"][-1]["score"] == 84_000_000
    assert data["serials_scoring_less"] == 99_999_996
    assert data["percentile"] == pytest.approx(99.999996)


def test_score_without_series_says_match_not_checked(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    code, out, _ = run(capsys, "score", "40000002", "--district", "12")
    assert code == 0
    assert "match not checked" in out and "Total: 87,000,000" in out
    data = run_json(capsys, "score", "40000002", "--district", "12")
    assert data["match"] is None and data["series"] is None and data["score"] == 87_000_000
    assert data["percentile_scope"].endswith("match not checked")


def test_score_no_match_and_early_end(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", "B78911111Y", "--series", "2017")
    assert code == 0
    assert "digits not read: 11111" in out and "Match: none" in out
    data = run_json(capsys, "score", "B78911111Y", "--series", "2021")
    assert data["match"] is True and data["score"] == 1_000_000 and data["unread"] == "11111"


@pytest.mark.parametrize(
    ("args", "fragment"),
    [
        (["score", "1234567"], "exactly 8 digits"),
        (["score", "12345678"], "need a district"),
        (["score", "L12345678A", "--district", "3"], "district 12, but district 3"),
        (["score", "L12345678A", "--district", "13"], "district must be 1 to 12"),
        (["score", "L12345678A", "--series", "19"], "series must be"),
        (["score", "L12345678A", "--series", "3017"], "between 1000 and 2999"),
        (["score", "Q12345678A"], "A to L"),
        (["score", "L12345678"], "no suffix"),
        (["score"], "Missing argument"),
        (["odds", "--district", "0"], "district must be 1 to 12"),
        (["odds", "--series", "abcd"], "series must be"),
        (["odds", "--band", "0"], "band"),
        (["best", "--limit", "x"], "limit"),
    ],
)
def test_bad_input_is_one_line_exit_2(capsys: pytest.CaptureFixture[str], args: list[str],
                                      fragment: str) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("gameshelf: error:")
    assert fragment in err and "Traceback" not in err


def test_odds_all_districts(capsys: pytest.CaptureFixture[str]) -> None:
    """Without --district: 12 districts taken equally, 1.2 billion bills, match not checked."""
    code, out, _ = run(capsys, "odds")
    assert code == 0
    assert "all 12 districts taken equally" in out and "1,200,000,000 bills" in out
    assert "match not checked" in out and "no serial is enumerated" in out
    assert "Maximum: 87,000,000 points" in out and "40000002 (district 12)" in out
    rows = [ln.split() for ln in out.splitlines() if ln.endswith(("█", "▏", "▎", "▍", "▌", "▋",
                                                                  "▊", "▉"))]
    assert [r[0] for r in rows] == [f"{5 * k}-{5 * k + 4}" for k in range(18)]
    assert sum(int(r[1].replace(",", "")) for r in rows) == 1_200_000_000


def test_odds_district_and_series_json(capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "odds", "--district", "L", "--series", "1902")
    assert data["district"] == 12 and data["series"] == "1902" and data["match"] == "counted"
    assert data["bills"] == 100_000_000 and data["max"] == 88_000_000
    assert {"district": 12, "serial": "40000002"} in data["max_bills"]
    assert data["max_count"] == len(data["max_bills"])
    assert sum(row["count"] for row in data["distribution"]) == 100_000_000
    assert data["percentiles"]["50"] <= data["percentiles"]["90"] <= data["max"]
    plain = run_json(capsys, "odds", "--district", "12")
    assert plain["match"] is None and plain["series"] is None
    assert data["mean"] - plain["mean"] == pytest.approx(100_000)


def test_best_lists_the_store(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "best")
    assert code == 0 and "No bills kept yet" in out
    with Store() as store:
        store.finish_game("dollar", scores=[
            ScoreEntry("Ann", 88_000_000, seed=5, detail={"bill": "L40000002A", "series": "1902"}),
            ScoreEntry("Bob", 12_000_000, seed=5, detail={"bill": "B12345678C"})])
    code, out, _ = run(capsys, "best")
    lines = out.splitlines()
    assert "Ann" in lines[1] and "L40000002A" in lines[1] and "88,000,000" in lines[1]
    assert "Bob" in lines[2]
    rows = run_json(capsys, "best", "--limit", "1")
    assert [r["name"] for r in rows] == ["Ann"] and rows[0]["bill"] == "L40000002A"


def test_help_documents_the_decisions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "--help")
    assert code == 0
    text = " ".join(out.split())
    assert "1,200,000,000" in text and "match not checked" in text
    code, out, _ = run(capsys, "score", "--help")
    assert "strictly less" in " ".join(out.split())
