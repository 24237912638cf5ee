"""Every statistic checked against figures computed directly from the records (issue 15):
each record is replayed by the game's own match (with every check a resume makes) and the
figures are counted here, independently of :mod:`gameshelf.stats`."""

from __future__ import annotations

import re
import statistics
from pathlib import Path

import pytest

from gameshelf.core.store import HistoryPlayer, HistoryRow, Store
from gameshelf.games.dollar.game import make_entry
from gameshelf.games.dollar.odds import distribution
from gameshelf.games.dollar.stats import dollar_stats
from gameshelf.games.muggins.match import Match as MugginsMatch
from gameshelf.games.muggins.stats import muggins_stats
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.showdown.stats import showdown_stats
from gameshelf.games.yatz.match import Match as YatzMatch
from gameshelf.games.yatz.scoring import Box
from gameshelf.games.yatz.stats import load_reference, yatz_stats
from gameshelf.stats import streaks


def _rows(game: str) -> list[HistoryRow]:
    with Store() as s:
        return s.finished_records(game)


def _label(p: HistoryPlayer) -> str:
    return f"cpu ({p.level})" if p.kind == "computer" else p.name


def test_yatz_figures(store_of_games: Path) -> None:
    rows = _rows("yatz")
    want: dict[str, dict[str, list[int]]] = {}
    for row in sorted(rows, key=lambda r: r.finished):
        assert row.record is not None
        m = YatzMatch.from_record(row.record)
        for i, p in enumerate(row.players):
            w = want.setdefault(_label(p), {"scores": [], "bonus": [0, 0, 0],
                                            "yatz": [0, 0, 0]})
            w["scores"].append(m.state.grand_total(i))
            for c in range(3):
                w["bonus"][c] += m.state.upper[i][c] >= 63
                w["yatz"][c] += m.state.boxes[i][c][Box.YATZ] == 50
    st = yatz_stats(rows, reference=load_reference())
    assert st.games == 4 and st.damaged == 0
    got = {g.label: g for g in st.groups}
    assert set(got) == set(want) == {"cpu (greedy)", "cpu (casual)"}
    for label, w in want.items():
        g = got[label]
        assert sorted(g.scores) == sorted(w["scores"])
        assert g.bonus == w["bonus"] and g.yatz == w["yatz"]
        s = g.spread
        assert s.games == len(w["scores"]) and s.best == max(w["scores"])
        assert s.mean == pytest.approx(statistics.fmean(w["scores"]))
        assert s.stdev == pytest.approx(statistics.stdev(w["scores"]))
        assert g.bonus_rates() == [100 * n / s.games for n in w["bonus"]]
    only = yatz_stats(rows, player="Ann")
    assert [g.label for g in only.groups] == ["cpu (greedy)"] and only.games == 3
    ref = st.reference
    assert ref is not None and ref.spread.games == len(ref.scores) >= 100
    assert 1_600 < ref.spread.mean < 1_800 and "game numbers" in ref.source
    assert any("strong (sample)" in line for line in st.lines())


def test_muggins_figures(store_of_games: Path) -> None:
    rows = _rows("muggins")
    by_level: dict[str, list[str]] = {}
    rounds = points = went_out = 0
    for row in sorted(rows, key=lambda r: r.finished):
        assert row.record is not None
        st = MugginsMatch.from_record(row.record).state
        by_level.setdefault(str(row.record.options["level"]), []).append(
            "win" if st.winner == 0 else "loss")
        rounds += len(st.rounds)
        points += st.scores[0]
        went_out += sum(1 for r in st.rounds if r.kind == "domino" and r.winner == 0)
    with Store() as s:
        results = s.result_counts("muggins")
    stats = muggins_stats(rows, results)
    assert stats.games == 4 and stats.earlier == {}
    assert [lv.level for lv in stats.levels] == ["easy", "normal", "strong", "even"]
    for lv in stats.levels[:2]:
        assert lv.outcomes == by_level[lv.level]
        assert (lv.won, lv.lost) == (lv.outcomes.count("win"), lv.outcomes.count("loss"))
        assert lv.won == results[f"mugsy-{lv.level}"]["win"]
        assert lv.streaks == streaks(by_level[lv.level])
    assert stats.all.rounds == rounds and stats.all.went_out[0] == went_out
    assert stats.all.per_round()[0] == pytest.approx(points / rounds)
    # games counted in the results but not kept in the history are said apart
    more = muggins_stats(rows, {**results, "mugsy-strong": {"win": 2, "loss": 1, "draw": 0}})
    assert more.earlier == {"mugsy-strong": {"win": 2, "loss": 1}}


def test_showdown_figures(store_of_games: Path) -> None:
    rows = _rows("showdown")
    seats: dict[int, list[int]] = {}
    sums: dict[str, list[int]] = {}
    for row in rows:
        assert row.record is not None
        st = ShowdownMatch.from_record(row.record).state
        wins = seats.setdefault(st.n, [0] * st.n)
        for s in st.winners():
            wins[s] += 1
        for s, p in enumerate(row.players):
            b = st.score(s)
            tot = sums.setdefault(_label(p), [0] * 6)
            for k, v in enumerate((b.cards, b.two_x, b.drop_bonus, b.combos, b.tokens, 1)):
                tot[k] += v
    stats = showdown_stats(rows)
    assert stats.seats == seats and stats.games_by_count == {2: 2, 3: 1}
    got = {p.label: p for p in stats.players}
    assert set(got) == set(sums) == {"Ann", "Bob", "cpu (random)"}
    for label, tot in sums.items():
        p = got[label]
        assert p.games == tot[5]
        assert list(p.means().values()) == [v / tot[5] for v in tot[:5]]
    assert [p.label for p in showdown_stats(rows, "Bob").players] == ["Bob"]


def test_dollar_figures(store_of_games: Path) -> None:
    rows = _rows("dollar")
    stats = dollar_stats(rows)
    assert stats.rounds == 2 and [b.name for b in stats.bills] == ["Cy", "Ann", "Bob"]
    for b in stats.bills:
        e = make_entry(b.name, b.bill, b.district, b.series)
        dist = distribution(e.district, None if e.series is None else e.series.last_digit)
        assert b.score == e.score
        assert b.percentile == pytest.approx(dist.percentile(e.score))
        assert b.below == dist.count_below(e.score) and b.total == 10**8
    assert [b.name for b in dollar_stats(rows, "Bob").bills] == ["Bob"]


@pytest.mark.parametrize("game", ["yatz", "muggins", "showdown", "dollar"])
def test_no_games_and_damaged_rows(game: str) -> None:
    from gameshelf.session.history import game_stats
    figures = game_stats(game)
    assert "yet" in figures.lines()[0] or game == "yatz"
    with Store() as s:
        s.add_finished_record(__import__("tests.stats.test_history", fromlist=["_entry"])
                              ._entry(game, 1, "2026-01-01T00:00:00+00:00", ("Ann",)))
    figures = game_stats(game)
    assert figures.damaged == 1   # a record that does not replay is left out, and said
    assert any("could not be read" in line for line in figures.lines())


def test_the_yatz_sample_rates_read_as_the_readme_says_them() -> None:
    """The shipped sample of the strong player (benchmarks/yatz_strong_reference.py) got
    the x3 bonus in 199 games of 200: ``yatz stats`` shows 99.5 as the README says 99.5%,
    never a rate rounded up to 100 (nor down to 0) that is not all (or none) of the games;
    the README's three bonus rates are the ones the stats show."""
    from gameshelf.games.yatz.stats import load_reference, yatz_row
    from gameshelf.stats.text import rate_cell

    reference = load_reference()
    assert reference is not None
    rates = reference.bonus_rates()
    row = yatz_row(reference, "strong (sample)").split()
    shown = row[-6:-3]
    assert shown == [rate_cell(r).strip() for r in rates], row
    for n, cell in zip(reference.bonus, shown, strict=True):
        games = len(reference.scores)
        assert (cell == "100") == (n == games) and (cell == "0") == (n == 0), (n, cell)
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    said = re.search(r"upper bonus x1/x2/x3 ([\d.]+)% / ([\d.]+)% / ([\d.]+)%",
                     " ".join(readme.split()))
    assert said is not None and list(said.groups()) == shown, (said, shown)
