"""Exact odds: the distribution of scores over every serial, by dynamic programming.

No serial is enumerated. The digits are read one at a time by a small automaton whose state is
everything the rules remember (R-DP-4 to R-DP-8): points so far, balls, tilt warnings, whether
the first 2 was used, and a pending group (a 0 waiting for its next digit, or a run of one or
two equal 7s, 8s or 9s waiting to see whether it grows). Serials that reach the same state are
counted together, so a layer holds a few thousand states instead of 10^i prefixes.

The jackpot is the only place the district enters, and the score is linear in it: points so
far are kept as ``a + c * J`` (millions), where ``J`` is the district and ``c`` is 0 (no
jackpot yet), 1, or 2 (jackpot doubled by a later first 2). One pass therefore serves all 12
districts. The last digit is kept in the final key, so the Match (R-DP-9) can be checked for
any series afterwards, or left out.

This automaton is written apart from :func:`gameshelf.dollar.scorer.score_serial` on purpose:
the tests compare the two on every serial of 1 to 5 digits.

Example:
    >>> d = distribution(district=12, series_digit=2)
    >>> d.total, d.max
    (100000000, 88000000)
    >>> max_serials(district=12, series_digit=2)
    [(12, '40000002')]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from gameshelf.core.errors import BadInputError
from gameshelf.dollar.bill import DISTRICTS, SERIAL_DIGITS
from gameshelf.dollar.scorer import MILLION, START_BALLS, START_TILT_WARNINGS

# A state: (a, c, balls, tilt, doubled, pending); points so far are (a + c * J) million.
State = tuple[int, int, int, int, int, int]
# A final key: (a, c, balls left, last digit).
FinalKey = tuple[int, int, int, int]

_NONE = 0  # nothing pending
_ZERO = 1  # a 0 waits for its next digit
_OVER = -1  # the ball count reached 0: the rest is not read (R-DP-4)


def _run_code(digit: int, length: int) -> int:
    """Pending code of a run of ``length`` (1 or 2) equal ``digit`` (7..9): 2..7."""
    return 2 + 2 * (digit - 7) + (length - 1)


def _run_of(code: int) -> tuple[int, int]:
    return 7 + (code - 2) // 2, 1 + (code - 2) % 2


def _over(a: int, c: int) -> State:
    return (a, c, 0, 0, 0, _OVER)


def _fresh(a: int, c: int, balls: int, tilt: int, doubled: int, d: int) -> State:
    """Read digit ``d`` with nothing pending."""
    if d == 0:
        return (a, c, balls, tilt, doubled, _ZERO)
    if d == 1:
        return (a + 1, c, balls, tilt, doubled, _NONE)
    if d == 2:
        if doubled:
            return (a + 1, c, balls, tilt, doubled, _NONE)
        return (2 * a, 2 * c, balls, tilt, 1, _NONE)
    if d == 3:
        return (a + 3, c, balls, tilt, doubled, _NONE)
    if d == 4:
        # The jackpot is used exactly when c > 0 (a later doubling keeps c > 0).
        if c == 0:
            return (a, 1, balls, tilt, doubled, _NONE)
        return (a + 1, c, balls, tilt, doubled, _NONE)
    if d == 5:
        return (a, c, balls + 1, tilt, doubled, _NONE)
    if d == 6:
        if tilt > 1:
            return (a, c, balls, tilt - 1, doubled, _NONE)
        if balls == 1:
            return _over(a, c)
        return (a, c, balls - 1, START_TILT_WARNINGS, doubled, _NONE)
    return (a, c, balls, tilt, doubled, _run_code(d, 1))


def step(state: State, d: int) -> State:
    """The state after reading digit ``d`` in ``state``."""
    a, c, balls, tilt, doubled, pending = state
    if pending == _OVER:
        return state
    if pending == _NONE:
        return _fresh(a, c, balls, tilt, doubled, d)
    if pending == _ZERO:
        if d == 0:
            return (a + 10, c, balls, tilt, doubled, _NONE)
        return _fresh(a + d, c, balls, tilt, doubled, d)
    run_digit, run_len = _run_of(pending)
    if d == run_digit:
        if run_len == 1:
            return (a, c, balls, tilt, doubled, _run_code(d, 2))
        return (a + 5, c, balls, tilt, doubled, _NONE)  # SPECIAL
    if run_len == 2:  # fantastic save, then d is read
        return _fresh(a, c, balls, tilt, doubled, d)
    if balls == 1:  # a single drain of the last ball: d is never read
        return _over(a, c)
    return _fresh(a, c, balls - 1, tilt, doubled, d)


def finish(state: State) -> tuple[int, int, int]:
    """``(a, c, balls left)`` when the digits run out in ``state``."""
    a, c, balls, _tilt, _doubled, pending = state
    if pending == _OVER:
        return (a, c, 0)
    if pending in (_NONE, _ZERO):  # a last 0 scores 0 (R-DP-5)
        return (a, c, balls)
    _digit, run_len = _run_of(pending)
    if run_len == 1:  # a single 7/8/9 at the end drains (R-DP-8)
        return (a, c, balls - 1)
    return (a, c, balls)


INITIAL: State = (0, 0, START_BALLS, START_TILT_WARNINGS, 0, _NONE)


@dataclass(frozen=True)
class Tables:
    """The DP of one serial length.

    Attributes:
        length: digits per serial (at least 1).
        layers: ``layers[i]`` maps each state after ``i`` digits to its number of prefixes,
            for ``i`` in ``0..length-1``.
        final: final key ``(a, c, balls left, last digit)`` -> number of serials.
    """

    length: int
    layers: tuple[dict[State, int], ...]
    final: dict[FinalKey, int]


@lru_cache(maxsize=16)
def tables(length: int = SERIAL_DIGITS) -> Tables:
    """Run the DP over all ``10**length`` serials (cached per length).

    Raises:
        BadInputError: ``length`` < 1.
    """
    if length < 1:
        raise BadInputError(f"a serial has at least 1 digit, got length {length}")
    layers: list[dict[State, int]] = [{INITIAL: 1}]
    for _ in range(length - 1):
        nxt: defaultdict[State, int] = defaultdict(int)
        for state, count in layers[-1].items():
            if state[5] == _OVER:  # nothing changes any more: 10 ways, one state
                nxt[state] += 10 * count
                continue
            for d in range(10):
                nxt[step(state, d)] += count
        layers.append(dict(nxt))
    final: defaultdict[FinalKey, int] = defaultdict(int)
    for state, count in layers[-1].items():
        for d in range(10):
            a, c, balls = finish(step(state, d))
            final[(a, c, balls, d)] += count
    return Tables(length, tuple(layers), dict(final))


def _key_millions(key: FinalKey, district: int, series_digit: int | None) -> int:
    a, c, balls, last = key
    return a + c * district + balls + (1 if last == series_digit else 0)


def _districts(district: int | None) -> list[int]:
    if district is None:
        return list(DISTRICTS)
    if district not in DISTRICTS:
        raise BadInputError(f"district must be 1 to 12, got {district}")
    return [district]


def _check_series_digit(series_digit: int | None) -> None:
    if series_digit is not None and not 0 <= series_digit <= 9:
        raise BadInputError(f"the series digit must be 0 to 9, got {series_digit}")


@dataclass(frozen=True)
class Distribution:
    """The exact distribution of scores over a set of bills.

    Attributes:
        counts: score in points -> number of bills, in increasing score order.
        total: number of bills (``10**length`` per district).
        district: the district, or None for all 12 taken equally.
        series_digit: the series year's last digit, or None when the Match is not counted.
        length: digits per serial.
    """

    counts: dict[int, int]
    total: int
    district: int | None
    series_digit: int | None
    length: int

    @property
    def max(self) -> int:
        """The highest score, in points."""
        return max(self.counts)

    @property
    def min(self) -> int:
        """The lowest score, in points."""
        return min(self.counts)

    @property
    def mean(self) -> Fraction:
        """The exact mean score, in points."""
        return Fraction(sum(s * n for s, n in self.counts.items()), self.total)

    def count_below(self, score: int) -> int:
        """Number of bills scoring strictly less than ``score`` points."""
        return sum(n for s, n in self.counts.items() if s < score)

    def percentile(self, score: int) -> float:
        """Share of bills scoring strictly less than ``score``, in percent (0..100)."""
        return 100.0 * self.count_below(score) / self.total

    def quantile(self, q: float) -> int:
        """The smallest score ``s`` such that at least a share ``q`` (0..1) scores ``<= s``."""
        need = q * self.total
        running = 0
        for s, n in self.counts.items():
            running += n
            if running >= need:
                return s
        return self.max

    def bands(self, width: int = 5 * MILLION) -> list[tuple[int, int, int]]:
        """``(low, high, bills)`` per band of ``width`` points from 0 to the maximum."""
        top = self.max // width
        per = [0] * (top + 1)
        for s, n in self.counts.items():
            per[s // width] += n
        return [(k * width, (k + 1) * width - 1, per[k]) for k in range(top + 1)]


@lru_cache(maxsize=128)
def distribution(district: int | None = None, series_digit: int | None = None,
                 length: int = SERIAL_DIGITS) -> Distribution:
    """The exact distribution of scores over every serial of ``length`` digits.

    Args:
        district: 1..12, or None for all 12 districts taken equally (12 * 10**length bills).
        series_digit: the series year's last digit for the Match, or None to leave it out.
        length: digits per serial (8 on a bill).

    Raises:
        BadInputError: an argument out of range.
    """
    _check_series_digit(series_digit)
    districts = _districts(district)
    t = tables(length)
    counts: defaultdict[int, int] = defaultdict(int)
    for j in districts:
        for key, n in t.final.items():
            counts[_key_millions(key, j, series_digit) * MILLION] += n
    return Distribution(dict(sorted(counts.items())), len(districts) * 10**length, district,
                        series_digit, length)


def max_serials(district: int | None = None, series_digit: int | None = None,
                length: int = SERIAL_DIGITS, limit: int = 50) -> list[tuple[int, str]]:
    """The ``(district, serial)`` pairs reaching the maximum score, found by walking the DP back.

    Only states that lead to a best final key are followed, so no serial is enumerated blindly.
    At most ``limit`` pairs are returned (the number of them is
    ``distribution(...).counts[max]``), in increasing order.

    Raises:
        BadInputError: an argument out of range.
    """
    best = distribution(district, series_digit, length).max // MILLION
    out: list[tuple[int, str]] = []
    for j in _districts(district):
        if distribution(j, series_digit, length).max // MILLION != best:
            continue
        for serial in _serials_scoring(best, j, series_digit, length, limit - len(out)):
            out.append((j, serial))
        if len(out) >= limit:
            break
    return out


def _serials_scoring(target: int, district: int, series_digit: int | None, length: int,
                     limit: int) -> list[str]:
    """Up to ``limit`` serials scoring exactly ``target`` million in ``district``, in order."""
    if limit <= 0:
        return []
    t = tables(length)
    n = length
    # good[i]: states after i digits from which some completion scores the target.
    good: list[set[State]] = [set() for _ in range(n)]
    for state in t.layers[n - 1]:
        for d in range(10):
            a, c, balls = finish(step(state, d))
            if _key_millions((a, c, balls, d), district, series_digit) == target:
                good[n - 1].add(state)
                break
    for i in range(n - 2, -1, -1):
        for state in t.layers[i]:
            if any(step(state, d) in good[i + 1] for d in range(10)):
                good[i].add(state)
    out: list[str] = []

    def walk(state: State, i: int, prefix: str) -> None:
        if len(out) >= limit:
            return
        for d in range(10):
            nxt = step(state, d)
            if i == n - 1:
                a, c, balls = finish(nxt)
                if _key_millions((a, c, balls, d), district, series_digit) == target:
                    out.append(prefix + str(d))
            elif nxt in good[i + 1]:
                walk(nxt, i + 1, prefix + str(d))
            if len(out) >= limit:
                return

    if INITIAL in good[0]:
        walk(INITIAL, 0, "")
    return out


def layer_sizes(length: int = SERIAL_DIGITS) -> Iterable[int]:
    """The number of DP states after each digit (for the benchmark and the docs)."""
    return [len(layer) for layer in tables(length).layers]
