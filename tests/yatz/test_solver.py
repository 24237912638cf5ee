"""The single-column solver against brute force on reduced games, and its checked cache."""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache

import numpy as np
import pytest

from gameshelf.games.yatz import solver
from gameshelf.games.yatz.scoring import (
    CLASSIC_NO_BONUS,
    UPPER_BONUS_THRESHOLD,
    YATZ_RULES,
    Box,
    RuleSet,
    score,
)

ALL = (1 << 13) - 1


@cache
def _outcomes(n: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    """Each sorted result of rolling ``n`` dice with its probability (by full enumeration)."""
    counts = Counter(tuple(sorted(p)) for p in itertools.product(range(1, 7), repeat=n))
    return tuple((dice, c / 6**n) for dice, c in counts.items())


def _sub_multisets(dice: tuple[int, ...]) -> set[tuple[int, ...]]:
    return {tuple(sorted(c)) for k in range(6) for c in itertools.combinations(dice, k)}


def brute_force(rules: RuleSet, open_boxes: frozenset[Box], upper: int) -> float:
    """Expected points of optimal play of a column with only ``open_boxes`` left, written
    directly from the rules: every keep of every roll, every reroll outcome enumerated."""

    @cache
    def value(open_: frozenset[Box], up: int) -> float:
        if not open_:
            return 0.0

        def finish(dice: tuple[int, ...]) -> float:
            five = len(set(dice)) == 1
            wild = (five and Box.YATZ not in open_
                    and Box(dice[0] - 1) not in open_)  # R-YZ-4 in one column
            best = -1.0
            for box in open_:
                pts = score(dice, box, rules, wild=wild)
                nxt = up
                if box.is_upper:
                    nxt = min(UPPER_BONUS_THRESHOLD, up + pts)
                    if up < UPPER_BONUS_THRESHOLD <= up + pts:
                        pts += rules.upper_bonus
                best = max(best, pts + value(open_ - {box}, nxt))
            return best

        @cache
        def roll_value(dice: tuple[int, ...], left: int) -> float:
            best = finish(dice)
            if left:
                for keep in _sub_multisets(dice):
                    best = max(best, keep_value(keep, left - 1))
            return best

        @cache
        def keep_value(keep: tuple[int, ...], left: int) -> float:
            return sum(p * roll_value(tuple(sorted(keep + new)), left)
                       for new, p in _outcomes(5 - len(keep)))

        return keep_value((), 2)

    return value(frozenset(open_boxes), upper)


PROGRESS: list[tuple[int, int]] = []


@pytest.fixture(scope="module")
def yatz_table() -> solver.ColumnTable:
    values = solver.solve(YATZ_RULES, progress=lambda done, total: PROGRESS.append((done, total)))
    values.setflags(write=False)
    return solver.ColumnTable(YATZ_RULES, values)


@pytest.fixture(scope="module")
def classic_table() -> solver.ColumnTable:
    return solver.column_table(CLASSIC_NO_BONUS)


def _mask(open_boxes: set[Box]) -> int:
    return ALL & ~sum(1 << b for b in open_boxes)


CASES = [
    ({Box.CHANCE, Box.YATZ}, 0),
    ({Box.FULL_HOUSE, Box.THREE_KIND, Box.FOUR_KIND}, 0),
    ({Box.SMALL_STRAIGHT, Box.LARGE_STRAIGHT}, 0),
    ({Box.FIVES, Box.SIXES}, 40),       # the upper bonus (R-YZ-5) within reach
    ({Box.ONES, Box.SIXES, Box.CHANCE}, 55),
]


@pytest.mark.parametrize(("open_boxes", "upper"), CASES)
def test_yatz_rules_match_brute_force(yatz_table: solver.ColumnTable, open_boxes: set[Box],
                                      upper: int) -> None:
    want = brute_force(YATZ_RULES, frozenset(open_boxes), upper)
    assert yatz_table.value(_mask(open_boxes), upper) == pytest.approx(want, rel=1e-12)


@pytest.mark.parametrize(("open_boxes", "upper"), CASES)
def test_classic_rules_match_brute_force(classic_table: solver.ColumnTable,
                                         open_boxes: set[Box], upper: int) -> None:
    want = brute_force(CLASSIC_NO_BONUS, frozenset(open_boxes), upper)
    assert classic_table.value(_mask(open_boxes), upper) == pytest.approx(want, rel=1e-12)


def test_r_yz_4_wild_yatz_raises_straights_value(yatz_table: solver.ColumnTable) -> None:
    """R-YZ-4 in one column: with the Yatz box and the Fives filled, five fives may score a
    straight, so the straights are worth more than without Wild Yatz."""
    open_boxes = {Box.SMALL_STRAIGHT, Box.LARGE_STRAIGHT}
    wild_mask = _mask(open_boxes)
    no_wild = RuleSet("test-no-wild", five_kind_is_full_house=True, wild_yatz=False)
    want_wild = brute_force(YATZ_RULES, frozenset(open_boxes), 0)
    want_plain = brute_force(no_wild, frozenset(open_boxes), 0)
    assert want_wild > want_plain
    assert yatz_table.value(wild_mask, 0) == pytest.approx(want_wild, rel=1e-12)


def test_r_yz_3_five_of_a_kind_full_house(yatz_table: solver.ColumnTable,
                                          classic_table: solver.ColumnTable) -> None:
    """R-YZ-3: five of a kind is a Full House under Yatz rules, not under the classic ones."""
    mask = _mask({Box.FULL_HOUSE})
    assert yatz_table.value(mask, 0) > classic_table.value(mask, 0)
    assert yatz_table.value(mask, 0) == pytest.approx(
        brute_force(YATZ_RULES, frozenset({Box.FULL_HOUSE}), 0), rel=1e-12)


def test_r_yz_5_bonus_counts_once_over_63(yatz_table: solver.ColumnTable) -> None:
    """R-YZ-5: once the upper total is 63 or more the table holds no more bonus."""
    mask = _mask({Box.SIXES})
    assert yatz_table.value(mask, 63) == pytest.approx(
        brute_force(YATZ_RULES, frozenset({Box.SIXES}), 63), rel=1e-12)
    assert yatz_table.value(mask, 60) - yatz_table.value(mask, 63) > 20


def test_table_passes_its_own_check(yatz_table: solver.ColumnTable) -> None:
    assert solver.check_table(np.array(yatz_table.values), YATZ_RULES, samples=64)
    assert 240 < yatz_table.expected_score < 260


def test_progress_reaches_total(yatz_table: solver.ColumnTable) -> None:
    seen = PROGRESS
    assert len(seen) > 10 and seen[0][0] == 0 and seen[-1][0] == seen[-1][1]
    assert all(a[0] <= b[0] for a, b in zip(seen, seen[1:], strict=False))


def test_cache_round_trip_and_corruption(yatz_table: solver.ColumnTable, tmp_path) -> None:
    """A saved table loads back; a damaged, truncated or tampered file is not trusted."""
    values = np.array(yatz_table.values)
    path = solver.save_cached(values, YATZ_RULES, tmp_path)
    loaded = solver.load_cached(YATZ_RULES, tmp_path)
    assert loaded is not None and np.array_equal(loaded, values, equal_nan=True)
    assert solver.load_cached(CLASSIC_NO_BONUS, tmp_path) is None  # other rule set: no file

    raw = path.read_bytes()
    path.write_bytes(raw[: len(raw) // 2])
    assert solver.load_cached(YATZ_RULES, tmp_path) is None

    path.write_bytes(b"not a table")
    assert solver.load_cached(YATZ_RULES, tmp_path) is None

    tampered = values.copy()
    tampered[0, 0] += 1.0   # digest recomputed to match: only the Bellman check can catch it
    solver.save_cached(tampered, YATZ_RULES, tmp_path)
    assert solver.load_cached(YATZ_RULES, tmp_path) is None


def test_column_table_recomputes_a_corrupt_cache(monkeypatch: pytest.MonkeyPatch,
                                                 yatz_table: solver.ColumnTable) -> None:
    path = solver.cache_path(YATZ_RULES)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"garbage")
    monkeypatch.setattr(solver, "_MEMORY", {})
    calls: list[int] = []

    def counting(rules: RuleSet, progress: solver.Progress | None = None) -> np.ndarray:
        calls.append(1)
        return np.array(yatz_table.values)  # the real solve is tested above

    monkeypatch.setattr(solver, "solve", counting)
    table = solver.column_table(YATZ_RULES)
    assert calls == [1] and table.expected_score == yatz_table.expected_score
    assert solver.load_cached(YATZ_RULES) is not None   # rewritten, and now checked good
    monkeypatch.setattr(solver, "_MEMORY", {})
    solver.column_table(YATZ_RULES)
    assert calls == [1]                                   # loaded, not solved again


@pytest.mark.slow
def test_classic_no_bonus_is_glenns_245_870775() -> None:
    """Glenn (2006): optimal solitaire play without Yahtzee bonus or joker averages
    245.870775 points."""
    values = solver.solve(CLASSIC_NO_BONUS)
    assert f"{values[0, 0]:.6f}" == "245.870775"
