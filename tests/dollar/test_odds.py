"""The exact odds (dynamic programming) against brute force with the real scorer.

Every serial of 1 to 5 digits (111,110 of them) is scored by
:func:`gameshelf.games.dollar.scorer.score_serial` once per checked (district, series) and the
counts are compared with the DP, which never enumerates serials.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

import pytest

from gameshelf.core.errors import BadInputError
from gameshelf.games.dollar import odds
from gameshelf.games.dollar.scorer import MILLION, Rule, score_serial

LENGTHS = range(1, 6)


def serials(length: int) -> list[str]:
    return ["".join(p) for p in itertools.product("0123456789", repeat=length)]


def test_every_serial_of_length_1_to_5_is_checked() -> None:
    assert sum(len(serials(n)) for n in LENGTHS) == 111_110


@dataclass(frozen=True)
class Brute:
    """The real scorer run on every serial of 1 to 5 digits.

    ``traced[s]`` is ``(score with district 12 and no series, jackpot multiplier)``: the
    multiplier, read off the real trace, is 0 without a Jackpot step, 2 when a Double step
    follows it, else 1, so the score in district ``J`` is ``score - 12M*c + J M*c`` and the
    Match adds 1M when the last digit is the series digit. ``direct`` holds counts of real
    scorer calls made with other districts and series (1 to 4 digits), to check that reading.
    """

    traced: dict[str, tuple[int, int]]
    direct: dict[tuple[int, int, int | None], Counter[int]]
    grouped: dict[int, Counter[tuple[int, int, int]]]

    def score(self, serial: str, district: int, digit: int | None) -> int:
        base, c = self.traced[serial]
        match = MILLION if digit is not None and serial[-1] == str(digit) else 0
        return base + (district - 12) * c * MILLION + match

    def counts(self, n: int, district: int, digit: int | None) -> dict[int, int]:
        out: Counter[int] = Counter()
        for (base, c, last), k in self.grouped[n].items():
            match = MILLION if last == digit else 0
            out[base + (district - 12) * c * MILLION + match] += k
        return dict(sorted(out.items()))


def _multiplier(serial: str) -> tuple[int, int]:
    r = score_serial(serial, 12, None)
    rules = [s.rule for s in r.steps]
    if Rule.JACKPOT not in rules:
        return r.score, 0
    return r.score, 2 if Rule.DOUBLE in rules[rules.index(Rule.JACKPOT):] else 1


@pytest.fixture(scope="module")
def brute() -> Brute:
    traced = {s: _multiplier(s) for n in LENGTHS for s in serials(n)}
    direct: dict[tuple[int, int, int | None], Counter[int]] = {}
    for n in range(1, 5):  # the traced pass itself covers 5 digits with the real scorer
        for district, digit in [(1, 0), (7, None)]:
            direct[(n, district, digit)] = Counter(
                score_serial(s, district, digit, trace=False).score for s in serials(n))
    grouped = {n: Counter((*traced[s], int(s[-1])) for s in serials(n)) for n in LENGTHS}
    return Brute(traced, direct, grouped)


def test_brute_force_reading_of_the_trace_agrees_with_direct_calls(brute: Brute) -> None:
    for (n, district, digit), counts in brute.direct.items():
        assert brute.counts(n, district, digit) == dict(sorted(counts.items()))


def test_dp_equals_brute_force_on_every_short_serial(brute: Brute) -> None:
    """Every serial of 1..5 digits, all 12 districts, without series and with each digit."""
    for n in LENGTHS:
        for district in range(1, 13):
            for digit in [None, *range(10)]:
                dist = odds.distribution(district, digit, n)
                assert dist.counts == brute.counts(n, district, digit), (n, district, digit)
                assert dist.total == 10**n


def test_percentile_equals_brute_force(brute: Brute) -> None:
    """`score` reports the share scoring strictly less: checked against the brute counts."""
    for n, district, digit in [(5, 12, 2), (5, 1, None), (4, 6, 6), (3, 9, None)]:
        counts = brute.counts(n, district, digit)
        dist = odds.distribution(district, digit, n)
        for score in list(counts) + [0, 10**12]:
            below = sum(k for s, k in counts.items() if s < score)
            assert dist.count_below(score) == below
            assert dist.percentile(score) == pytest.approx(100 * below / 10**n)


def test_max_serials_equal_brute_force(brute: Brute) -> None:
    """The DP's walk back lists exactly the serials of the maximum (length 5, real scorer)."""
    for district, digit in [(12, 2), (3, None), (9, 0), (1, 5)]:
        scores = {s: brute.score(s, district, digit) for s in serials(5)}
        top = max(scores.values())
        expected = sorted(s for s, v in scores.items() if v == top)
        got = odds.max_serials(district, digit, 5, limit=10**6)
        assert got == [(district, s) for s in expected]
        assert odds.distribution(district, digit, 5).max == top
        for _d, s in got:
            assert score_serial(s, district, digit).score == top


def test_all_districts_taken_equally() -> None:
    """Without a district: the 12 districts' distributions added (12 * 10**n bills)."""
    n = 3
    expected: Counter[int] = Counter()
    for district in range(1, 13):
        expected.update(score_serial(s, district, None, trace=False).score for s in serials(n))
    dist = odds.distribution(None, None, n)
    assert dist.counts == dict(sorted(expected.items()))
    assert dist.total == 12 * 10**n


def test_full_length_totals_and_mean() -> None:
    """All 10**8 serials are counted; a series adds exactly 1M to a tenth of them."""
    plain = odds.distribution(12, None)
    with_match = odds.distribution(12, 2)
    assert sum(plain.counts.values()) == plain.total == 10**8
    assert with_match.mean - plain.mean == Fraction(MILLION, 10)
    everyone = odds.distribution(None, None)
    assert everyone.total == 12 * 10**8
    assert everyone.mean == sum((odds.distribution(j, None).mean for j in range(1, 13)),
                                Fraction(0)) / 12
    assert sum(n for _lo, _hi, n in everyone.bands()) == everyone.total


def test_quantiles_are_monotone_and_reach_the_extremes() -> None:
    dist = odds.distribution(4, 7)
    qs = [dist.quantile(q / 100) for q in range(0, 101, 5)]
    assert qs == sorted(qs)
    assert qs[0] == dist.min and qs[-1] == dist.max
    median = dist.quantile(0.5)
    assert dist.count_below(median) < dist.total / 2 <= dist.count_below(median + 1)


def test_dp_state_counts_stay_small() -> None:
    """The point of the DP: thousands of states per layer, not 10**i prefixes."""
    sizes = list(odds.layer_sizes(8))
    assert sizes[0] == 1 and len(sizes) == 8
    assert max(sizes) < 10**5


@pytest.mark.parametrize(("district", "digit", "length"), [(0, None, 8), (13, None, 8),
                                                           (1, 10, 8), (1, None, 0)])
def test_bad_arguments(district: int, digit: int | None, length: int) -> None:
    with pytest.raises(BadInputError):
        odds.distribution(district, digit, length)


@pytest.mark.slow
def test_dp_equals_brute_force_length_6() -> None:
    """Slow: all 10**6 serials of 6 digits, district 12, series 2."""
    counts = Counter(score_serial(s, 12, 2, trace=False).score for s in serials(6))
    assert odds.distribution(12, 2, 6).counts == dict(sorted(counts.items()))


@pytest.mark.parametrize("length", [9, 11])
def test_longer_serials_keep_every_bill(length: int) -> None:
    """Past 8 digits the DP still counts every serial, and its best serials score its max."""
    dist = odds.distribution(12, 2, length)
    assert dist.total == sum(dist.counts.values()) == 10**length
    best = odds.max_serials(12, 2, length, limit=3)
    assert best and all(score_serial(s, 12, 2).score == dist.max for _j, s in best)


@pytest.mark.slow
def test_serials_past_15_digits_use_exact_integers() -> None:
    """Slow: 18 digits (10**18 serials) go past float64's exact range."""
    dist = odds.distribution(None, 2, 18)
    assert dist.total == 12 * 10**18 == sum(dist.counts.values())
