"""Exact odds: the distribution of scores over every serial, by dynamic programming.

No serial is enumerated. The digits are read one at a time by a small automaton whose state is
everything the rules remember (R-DP-4 to R-DP-8): points so far, balls, tilt warnings, whether
the first 2 was used, and a pending group (a 0 waiting for its next digit, or a run of one or
two equal 7s, 8s or 9s waiting to see whether it grows). Serials that reach the same state are
counted together, so a layer holds a few thousand states instead of 10^i prefixes.

For a fixed control part (balls, tilt warnings, first 2 used, pending group, jackpot used) a
digit acts on the points in the same affine way for every state, so each layer is a matrix (a
row per control part and jackpot multiplier, a column per million) and a digit moves whole
rows at once: a layer costs one vectorised array operation.

The jackpot is the only place the district enters, and the score is linear in it: points so
far are kept as ``a + c * J`` (millions), where ``J`` is the district and ``c`` is 0 (no
jackpot yet), 1, or 2 (jackpot doubled by a later first 2). One pass therefore serves all 12
districts. The last digit is kept in the final key, so the Match (R-DP-9) can be checked for
any series afterwards, or left out.

This automaton is written apart from :func:`gameshelf.games.dollar.scorer.score_serial` on purpose:
the tests compare the two on every serial of 1 to 5 digits.

Example:
    >>> d = distribution(district=12, series_digit=2)
    >>> d.total, d.max
    (100000000, 88000000)
    >>> max_serials(district=12, series_digit=2)
    [(12, '00000042'), (12, '00004002'), (12, '00400002'), (12, '40000002')]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, lru_cache

import numpy as np

from gameshelf.core.errors import BadInputError
from gameshelf.games.dollar.bill import DISTRICTS, SERIAL_DIGITS
from gameshelf.games.dollar.scorer import MILLION, START_BALLS, START_TILT_WARNINGS

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


# The part of a state the rules branch on: (balls, tilt, doubled, pending, jackpot used).
Ctrl = tuple[int, int, int, int, int]


def _ctrl(state: State) -> Ctrl:
    a, c, balls, tilt, doubled, pending = state
    return (balls, tilt, doubled, pending, 1 if c > 0 else 0)


@cache
def transition(ctrl: Ctrl, d: int) -> tuple[Ctrl, int, int, int]:
    """What digit ``d`` does to every state with control part ``ctrl``.

    :func:`step` is affine in the points: for a fixed control part it maps ``(a, c)`` to
    ``(m * a + k, m * c)``, or to ``(m * a + k, c_new)`` when it awards the jackpot. This
    reads ``m``, ``k`` and ``c_new`` off :func:`step` applied to two probe states.

    Returns:
        ``(ctrl', m, k, c_new)``, ``c_new`` = -1 when ``c`` is multiplied by ``m``.
    """
    balls, tilt, doubled, pending, jackpot = ctrl
    c0 = 1 if jackpot else 0
    s0 = step((0, c0, balls, tilt, doubled, pending), d)
    s1 = step((1, c0, balls, tilt, doubled, pending), d)
    m, k = s1[0] - s0[0], s0[0]
    c_new = -1 if jackpot else s0[1]
    return _ctrl(s0), m, k, c_new


def _bound(length: int) -> int:
    """Columns for ``a``: a digit adds at most 9 million and the score doubles at most once."""
    return 18 * length + 11


# A row of a layer's matrix: a control part and the jackpot multiplier c (0, 1 or 2).
Row = tuple[Ctrl, int]
# A row of the last matrix: (balls left, last digit, c).
EndRow = tuple[int, int, int]


@dataclass(frozen=True)
class Layer:
    """The serials' prefixes after some digits, by state.

    Attributes:
        rows: the row keys.
        counts: array ``(len(rows), width)``; ``counts[r, a]`` prefixes are in row ``rows[r]``
            with points so far ``a + c * J`` million (int64, or Python ints past 15 digits).
        moves: array ``(10 * len(rows), 4)``: row ``10 * r + d`` is ``(r, target row, m, k)``,
            what digit ``d`` does to row ``r`` (into the next layer, or the ends).
    """

    rows: tuple[Row, ...]
    counts: np.ndarray
    moves: np.ndarray


@dataclass(frozen=True)
class Tables:
    """The DP of one serial length.

    Attributes:
        length: digits per serial (at least 1).
        width: columns (millions of ``a``) of every matrix.
        layers: the state after ``i`` digits, for ``i`` in ``0..length-1``.
        end_rows: the rows of ``ends``: ``(balls left, last digit, c)``.
        ends: array ``(len(end_rows), width)``: serials by final row and ``a``.
    """

    length: int
    width: int
    layers: tuple[Layer, ...]
    end_rows: tuple[EndRow, ...]
    ends: np.ndarray

    @property
    def final(self) -> dict[FinalKey, int]:
        """Final key ``(a, c, balls left, last digit)`` -> number of serials."""
        out: dict[FinalKey, int] = {}
        for r, a in zip(*np.nonzero(self.ends), strict=True):
            balls, d, c = self.end_rows[r]
            out[(int(a), c, balls, d)] = int(self.ends[r, a])
        return out


def _used(counts: np.ndarray) -> int:
    """Columns up to the last one holding a count (the rest of the matrix is zero)."""
    cols = np.nonzero(counts.any(axis=0))[0]
    return int(cols[-1]) + 1 if len(cols) else 1


def _targets(moves: np.ndarray, width: int, used: int) -> tuple[np.ndarray, np.ndarray]:
    """Flat target index of every (move, column < used), and whether it is in the matrix."""
    cols = moves[:, 2:3] * np.arange(used, dtype=np.int64)[None, :] + moves[:, 3:4]
    inside = cols < width
    return np.where(inside, moves[:, 1:2] * width + cols, 0), inside


def _advance(counts: np.ndarray, moves: np.ndarray, n_targets: int, width: int) -> np.ndarray:
    """One layer of the DP, every row and digit at once.

    Each move ``(source row, target row, m, k)`` adds the source's count at column ``a`` to
    the target's column ``m * a + k``. Counts stay exact: float64 weights below 2**53
    (serials of up to 15 digits), Python ints beyond. Only zero counts can fall outside the
    matrix (see :func:`_bound`).
    """
    used = _used(counts)
    dst, inside = _targets(moves, width, used)
    weights = counts[moves[:, 0]][:, :used]
    if not inside.all():  # drop them, so the final count check would catch a wrong bound
        weights = np.where(inside, weights, 0)
    if counts.dtype == object:
        out = np.zeros(n_targets * width, dtype=object)
        np.add.at(out, dst.ravel(), weights.ravel())
    else:
        out = np.bincount(dst.ravel(), weights=weights.ravel().astype(np.float64),
                          minlength=n_targets * width).astype(np.int64)
    return out.reshape(n_targets, width)


_MoveList = list[tuple[int, int, int, int]]


def _moves(rows: tuple[Row, ...]) -> tuple[_MoveList, list[Row]]:
    """Each row's 10 moves (one per digit) and the target rows, in order of first reach."""
    moves: _MoveList = []
    targets: dict[Row, int] = {}
    for r, (ctrl, c) in enumerate(rows):
        for d in range(10):
            ctrl2, m, k, c_new = transition(ctrl, d)
            t = targets.setdefault((ctrl2, c_new if c_new >= 0 else m * c), len(targets))
            moves.append((r, t, m, k))
    return moves, list(targets)


def _end_moves(rows: tuple[Row, ...]) -> tuple[_MoveList, list[EndRow]]:
    """The last digit's moves, to rows ``(balls left, last digit, c)``."""
    moves: _MoveList = []
    targets: dict[EndRow, int] = {}
    for r, (ctrl, c) in enumerate(rows):
        for d in range(10):
            ctrl2, m, k, c_new = transition(ctrl, d)
            end = (finish((0, 0, *ctrl2[:4]))[2], d, c_new if c_new >= 0 else m * c)
            moves.append((r, targets.setdefault(end, len(targets)), m, k))
    return moves, list(targets)


@lru_cache(maxsize=16)
def tables(length: int = SERIAL_DIGITS) -> Tables:
    """Run the DP over all ``10**length`` serials (cached per length), a layer a digit
    as the module docstring says: a digit moves a row's counts to another row, shifted by
    ``k`` columns and spread by ``m`` (2 for a Double).

    Raises:
        BadInputError: ``length`` < 1.
    """
    if length < 1:
        raise BadInputError(f"a serial has at least 1 digit, got length {length}")
    width = _bound(length)
    counts = np.zeros((1, width), dtype=np.int64 if length <= 15 else object)
    counts[0, 0] = 1
    rows: tuple[Row, ...] = ((_ctrl(INITIAL), 0),)
    layers: list[Layer] = []
    for _ in range(length - 1):
        moves, targets = _moves(rows)
        layers.append(Layer(rows, counts, np.asarray(moves, dtype=np.int64)))
        counts = _advance(counts, layers[-1].moves, len(targets), width)
        rows = tuple(targets)
    end_moves, end_rows = _end_moves(rows)
    layers.append(Layer(rows, counts, np.asarray(end_moves, dtype=np.int64)))
    ends = _advance(counts, layers[-1].moves, len(end_rows), width)
    if int(ends.sum()) != 10**length:
        raise AssertionError("the DP lost serials")  # cannot happen
    return Tables(length, width, tuple(layers), tuple(end_rows), ends)


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
    width = t.width
    by_score = np.zeros(width + 2 * 12 + length + 8, dtype=t.ends.dtype)
    for (balls, d, c), row in zip(t.end_rows, t.ends, strict=True):
        bonus = balls + (1 if d == series_digit else 0)
        for j in districts:
            by_score[bonus + c * j:bonus + c * j + width] += row
    counts = {int(i) * MILLION: int(by_score[i]) for i in np.nonzero(by_score)[0]}
    return Distribution(counts, len(districts) * 10**length, district,
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
    """Up to ``limit`` serials scoring exactly ``target`` million in ``district``, in order.

    Walks the DP back: a cell (row, a) of a layer is *good* when some digit moves it to a good
    cell of the next layer, the good end cells being those that score ``target``. Then the
    serials are spelled out from the start, following good cells only.
    """
    if limit <= 0:
        return []
    t = tables(length)
    width = t.width
    end_good = np.zeros(t.ends.shape, dtype=bool)
    for r, (balls, d, c) in enumerate(t.end_rows):
        a = target - c * district - balls - (1 if d == series_digit else 0)
        if 0 <= a < width and t.ends[r, a]:
            end_good[r, a] = True
    goods: list[np.ndarray] = [end_good]
    for layer in reversed(t.layers):
        used = _used(layer.counts)
        dst, inside = _targets(layer.moves, width, used)
        reach = goods[0].ravel()[dst] & inside
        good = np.zeros(layer.counts.shape, dtype=bool)
        good[:, :used] = reach.reshape(len(layer.rows), 10, used).any(axis=1)
        goods.insert(0, good)
    out: list[str] = []

    def walk(i: int, r: int, a: int, prefix: str) -> None:
        moves = t.layers[i].moves
        for d in range(10):
            _src, row, m, k = (int(x) for x in moves[10 * r + d])
            col = m * a + k
            if col < width and goods[i + 1][row, col]:
                if i + 1 == length:
                    out.append(prefix + str(d))
                else:
                    walk(i + 1, row, col, prefix + str(d))
            if len(out) >= limit:
                return

    if goods[0][0, 0]:
        walk(0, 0, 0, "")
    return out


def layer_sizes(length: int = SERIAL_DIGITS) -> Iterable[int]:
    """The number of DP states after each digit (for the benchmark and the docs)."""
    return [int(np.count_nonzero(layer.counts)) for layer in tables(length).layers]
