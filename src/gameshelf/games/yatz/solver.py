"""Exact solver for one Yatz column: the expected score of optimal play from every turn start.

A *turn-start state* of one column is ``(mask, upper)``: ``mask`` is a 13-bit set of the
filled boxes (bit ``Box.X`` set when box X is filled) and ``upper`` the upper total so far,
capped at 63 (R-YZ-5: only "63 or more" matters for the bonus). The table holds, for each
state, the expected number of points still to come (boxes not yet filled plus the upper
bonus when it is still to be earned) when the column is played alone, optimally, to the end.
``table[0, 0]`` is the expected score of a whole column: 245.870775 under
``classic-no-bonus`` (Glenn, 2006).

Method: backward induction over states by number of filled boxes. For one state, the value
of a turn is computed over the 462 *keeps* (multisets of 0-5 held dice, see
:mod:`gameshelf.games.yatz.dice`): best box for each of the 252 final rolls, then twice "expected
value of each keep" (average over one more die, smallest keeps last) and "best keep inside
each roll" (max over sub-multisets, removing one die at a time), then the expectation for the
empty keep. That is about 9,000 floating-point operations per state. Only states that can
occur are solved (357,632), and states whose value cannot depend on the upper total (all
upper boxes filled, or the bonus out of reach) are solved once, so 239,616 turn solves in all,
compiled with numba and run in parallel over the masks of one level. Unreachable entries are
NaN.

Wild Yatz (R-YZ-4) for a column played alone: five of a kind scores the straights when the
column's Yatz box and the face's upper box are filled (the triple game's condition, over all
three columns, is handled by :mod:`gameshelf.games.yatz.strategy`).

The table is cached as ``yatz-solver-<rules>-<key>.npz`` in
:func:`gameshelf.core.store.cache_dir`; a cached table is trusted only when its rule-set key,
shape, SHA-256 digest and a Bellman check of sampled states all agree, else it is recomputed.
"""

from __future__ import annotations

import hashlib
import io
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

import numba
import numpy as np
import numpy.typing as npt

from gameshelf.core.errors import BadInputError, GameshelfError
from gameshelf.core.files import write_file
from gameshelf.core.inputs import read_file
from gameshelf.core.store import cache_dir
from gameshelf.games.yatz import dice as D
from gameshelf.games.yatz.scoring import UPPER_BONUS_THRESHOLD, Box, RuleSet

NMASKS = 1 << 13
FULL = NMASKS - 1
NUPPER = UPPER_BONUS_THRESHOLD + 1
YATZ_BIT = 1 << int(Box.YATZ)
#: Bump when the table's meaning or the algorithm changes (invalidates caches).
ALGORITHM_VERSION = 1
#: The largest cache file read (the table is NMASKS x NUPPER floats, 4.3 MB).
CACHE_MAX_BYTES = 4 * NMASKS * NUPPER * 8

Progress = Callable[[int, int], None]
"""A progress callback: ``progress(done, total)`` with ``0 <= done <= total``."""

FloatArray = npt.NDArray[np.float64]


def _reachable_uppers() -> npt.NDArray[np.bool_]:
    """(64, 64) bool: ``[u, t]`` true when upper total ``t`` (capped) can occur with the
    upper boxes of bit set ``u`` filled."""
    reach = np.zeros((64, NUPPER), dtype=np.bool_)
    reach[0, 0] = True
    for u in sorted(range(64), key=lambda m: bin(m).count("1")):
        for t in np.flatnonzero(reach[u]):
            for f in range(6):
                if not u >> f & 1:
                    for n in range(6):
                        reach[u | 1 << f, min(UPPER_BONUS_THRESHOLD, int(t) + n * (f + 1))] = True
    return reach


REACHABLE = _reachable_uppers()


@numba.njit(cache=True, nogil=True)
def _expect(vals: FloatArray, out: FloatArray, add: npt.NDArray[np.int64],
            roll_first: int) -> None:  # pragma: no cover - compiled
    """``out[k]`` = expected value of ``vals`` over rolls completing keep ``k``."""
    for k in range(roll_first, add.shape[0]):
        out[k] = vals[k]
    for k in range(roll_first - 1, -1, -1):
        out[k] = ((out[add[k, 0]] + out[add[k, 1]]) + (out[add[k, 2]] + out[add[k, 3]])
                  + (out[add[k, 4]] + out[add[k, 5]])) * (1.0 / 6.0)


@numba.njit(cache=True, nogil=True)
def _best_sub(ev: FloatArray, out: FloatArray,
              remove: npt.NDArray[np.int64]) -> None:  # pragma: no cover - compiled
    """``out[k]`` = max of ``ev`` over all sub-multisets of keep ``k`` (``k`` included).

    ``remove`` is :data:`REMOVE_SENTINEL`: a missing face points at ``out[462]``, which
    holds minus infinity, so the six candidates are combined as a balanced tree."""
    for k in range(remove.shape[0]):
        x = max(ev[k], out[remove[k, 0]])
        y = max(out[remove[k, 1]], out[remove[k, 2]])
        z = max(out[remove[k, 3]], out[remove[k, 4]])
        out[k] = max(max(x, out[remove[k, 5]]), max(y, z))


@numba.njit(cache=True, nogil=True)
def turn_value(final: FloatArray, add: npt.NDArray[np.int64], remove: npt.NDArray[np.int64],
               roll_prob: FloatArray, roll_first: int,
               work: FloatArray) -> float:  # pragma: no cover - compiled
    """Expected value of a whole turn (three rolls) given ``final[r]``, the value of ending
    the turn on roll ``r`` with its best box. ``work`` is (2, 463) scratch space; on return
    ``work[1]`` holds the value of each roll with two rolls left (the best keep's)."""
    ev = work[0]
    mx = work[1]
    mx[-1] = -np.inf
    _expect(final, ev, add, roll_first)
    _best_sub(ev, mx, remove)   # one roll left: best keep inside each roll
    _expect(mx, ev, add, roll_first)
    _best_sub(ev, mx, remove)   # two rolls left
    s = 0.0
    for r in range(roll_first, add.shape[0]):
        s += roll_prob[r] * mx[r]
    return s


@numba.njit(cache=True, nogil=True)
def _state_value(table: FloatArray, mask: int, t: int, score: npt.NDArray[np.int64],
                 score_wild: npt.NDArray[np.int64], roll_face: npt.NDArray[np.int64],
                 counts: npt.NDArray[np.int64], add: npt.NDArray[np.int64],
                 remove: npt.NDArray[np.int64],
                 roll_prob: FloatArray, roll_first: int, bonus: float,
                 wild_rule: bool, final: FloatArray,
                 work: FloatArray) -> float:  # pragma: no cover - compiled
    """The value of turn-start state ``(mask, t)`` from the values of its successors.

    ``score`` is (13, 462) (box-major, :func:`_box_major`) and ``counts`` (6, 462); the
    Wild Yatz table ``score_wild`` is (462, 13)."""
    nk = final.shape[0]
    upper_tab = work[0, :36].reshape((6, 6))  # scratch: turn_value overwrites it later
    lower_next = work[0, 36:49]
    ups = np.empty(6, dtype=np.int64)
    lows = np.empty(7, dtype=np.int64)
    nup = 0
    nlow = 0
    for b in range(6):
        if not mask >> b & 1:
            ups[nup] = b
            nup += 1
            for n in range(6):
                nt = t + n * (b + 1)
                extra = 0.0
                if t < 63 and nt >= 63:
                    extra = bonus
                if nt > 63:
                    nt = 63
                upper_tab[b, n] = n * (b + 1) + extra + table[mask | 1 << b, nt]
    for b in range(6, 13):
        if not mask >> b & 1:
            lows[nlow] = b
            nlow += 1
            lower_next[b] = table[mask | 1 << b, t]
    # Box by box over all rolls (contiguous rows, so the compiler can vectorise the loops).
    for r in range(roll_first, nk):
        final[r] = -1.0e300
    for i in range(nup):
        b = ups[i]
        row = counts[b]
        for r in range(roll_first, nk):
            v = upper_tab[b, row[r]]
            if v > final[r]:
                final[r] = v
    for i in range(nlow):
        b = lows[i]
        srow = score[b]
        nxt = lower_next[b]
        for r in range(roll_first, nk):
            v = srow[r] + nxt
            if v > final[r]:
                final[r] = v
    if wild_rule and (mask >> 11 & 1) == 1:
        # Wild Yatz (R-YZ-4, one column): five of a face whose upper box is filled.
        for r in range(roll_first, nk):
            face = roll_face[r]
            if face > 0 and (mask >> (face - 1) & 1) == 1:
                for i in range(nlow):
                    b = lows[i]
                    v = score_wild[r, b] + lower_next[b]
                    if v > final[r]:
                        final[r] = v
    return turn_value(final, add, remove, roll_prob, roll_first, work)


@numba.njit(cache=True, parallel=True, nogil=True)   # a first solve leaves the screen free
def _solve_masks(table: FloatArray, masks: npt.NDArray[np.int64], reach: npt.NDArray[np.bool_],
                 score: npt.NDArray[np.int64], score_wild: npt.NDArray[np.int64],
                 roll_face: npt.NDArray[np.int64], counts: npt.NDArray[np.int64],
                 add: npt.NDArray[np.int64], remove: npt.NDArray[np.int64],
                 roll_prob: FloatArray, roll_first: int,
                 bonus: float, wild_rule: bool) -> None:  # pragma: no cover - compiled
    """Fill ``table[m, :]`` for every mask ``m`` in ``masks`` (successors already solved)."""
    nk = counts.shape[1]  # counts is box-major: (6, 462)
    for i in numba.prange(masks.shape[0]):
        mask = masks[i]
        final = np.empty(nk)
        work = np.empty((2, nk + 1))
        u = mask & 63
        if u == 63:
            v = _state_value(table, mask, 0, score, score_wild, roll_face, counts, add,
                             remove, roll_prob, roll_first, bonus, wild_rule,
                             final, work)
            for t in range(64):
                table[mask, t] = v
            continue
        maxrem = 0
        for f in range(6):
            if not u >> f & 1:
                maxrem += 5 * (f + 1)
        nobonus = np.nan
        for t in range(64):
            if not reach[u, t]:
                table[mask, t] = np.nan
            elif t + maxrem < 63:
                if np.isnan(nobonus):
                    nobonus = _state_value(table, mask, t, score, score_wild, roll_face,
                                           counts, add, remove, roll_prob,
                                           roll_first, bonus, wild_rule, final, work)
                table[mask, t] = nobonus
            else:
                table[mask, t] = _state_value(table, mask, t, score, score_wild, roll_face,
                                              counts, add, remove, roll_prob,
                                              roll_first, bonus, wild_rule, final, work)


def _box_major(score: npt.NDArray[np.int64]) -> tuple[npt.NDArray[np.int64],
                                                       npt.NDArray[np.int64]]:
    """The score table and the keeps' face counts, box (face) first: (13, 462), (6, 462)."""
    return np.ascontiguousarray(score.T), np.ascontiguousarray(D.KEEP_COUNTS.T)


def _levels() -> list[npt.NDArray[np.int64]]:
    """Non-full masks grouped by number of filled boxes, most filled first."""
    pop = np.array([bin(m).count("1") for m in range(NMASKS)])
    return [np.flatnonzero(pop == p).astype(np.int64) for p in range(12, -1, -1)]


def solve(rules: RuleSet, progress: Progress | None = None) -> FloatArray:
    """Solve one column under ``rules``.

    Args:
        rules: the rule set.
        progress: called as ``progress(done, total)`` (turn-start states solved) as the
            solve advances, ending with ``done == total``.

    Returns:
        (8192, 64) float64: ``table[mask, upper]`` = expected points still to come from that
        turn start; NaN for states that cannot occur. ``table[FULL, :]`` is 0.
    """
    score, score_wild = D.score_tables(rules)
    score_t, counts_t = _box_major(score)
    table = np.full((NMASKS, NUPPER), np.nan)
    table[FULL, :] = 0.0
    chunks = [lvl[i:i + 256] for lvl in _levels() for i in range(0, len(lvl), 256)]
    total = NMASKS - 1
    done = 0
    if progress is not None:
        progress(0, total)
    for chunk in chunks:
        _solve_masks(table, chunk, REACHABLE, score_t, score_wild, D.ROLL_FACE, counts_t,
                     D.KEEP_ADD, D.REMOVE_SENTINEL, D.ROLL_PROB, D.ROLL_FIRST,
                     float(rules.upper_bonus),
                     bool(rules.wild_yatz))
        done += len(chunk)
        if progress is not None:
            progress(done, total)
    return table


def state_value(table: FloatArray, rules: RuleSet, mask: int, upper: int) -> float:
    """Recompute one state's value from its successors in ``table`` (a Bellman check)."""
    score, score_wild = D.score_tables(rules)
    score_t, counts_t = _box_major(score)
    final = np.empty(D.NKEEPS)
    work = np.empty((2, D.NKEEPS + 1))
    return float(_state_value(table, mask, min(upper, 63), score_t, score_wild, D.ROLL_FACE,
                              counts_t, D.KEEP_ADD, D.REMOVE_SENTINEL,
                              D.ROLL_PROB, D.ROLL_FIRST,
                              float(rules.upper_bonus), bool(rules.wild_yatz), final, work))


# ---------------------------------------------------------------------------------------
# The cached table


@dataclass(frozen=True)
class ColumnTable:
    """The solved table of one rule set.

    Attributes:
        rules: the rule set solved.
        values: (8192, 64) float64, see :func:`solve`.
    """

    rules: RuleSet
    values: FloatArray

    @property
    def expected_score(self) -> float:
        """Expected score of a whole column under optimal play (points)."""
        return float(self.values[0, 0])

    @property
    def states(self) -> int:
        """How many turn-start states the table holds (those a column can reach)."""
        return int((~np.isnan(self.values)).sum())

    def value(self, mask: int, upper: int) -> float:
        """Expected points still to come from turn-start state ``(mask, upper)``."""
        return float(self.values[mask, min(upper, 63)])


def rules_key(rules: RuleSet) -> str:
    """A short digest of every rule-set field and the algorithm version (the cache key)."""
    text = repr((ALGORITHM_VERSION, rules.name, rules.five_kind_is_full_house,
                 rules.wild_yatz, rules.upper_bonus))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def cache_path(rules: RuleSet, folder: Path | None = None) -> Path:
    """Where the table of ``rules`` is cached."""
    if folder is None:
        folder = cache_dir()
    return folder / f"yatz-solver-{rules.name}-{rules_key(rules)}.npz"


def _digest(values: FloatArray) -> str:
    return hashlib.sha256(np.ascontiguousarray(values).tobytes()).hexdigest()


def check_table(values: FloatArray, rules: RuleSet, samples: int = 24) -> bool:
    """True when ``values`` looks like the solved table of ``rules``: right shape, the
    reachable entries finite, the unreachable NaN, and ``samples`` states (the start and
    pseudo-random reachable ones) equal to their recomputation from their successors."""
    if values.shape != (NMASKS, NUPPER) or values.dtype != np.float64:
        return False
    reach = REACHABLE[np.arange(NMASKS) & 63]
    reach[(np.arange(NMASKS) & 63) == 63] = True  # one value for every total
    if not np.all(np.isfinite(values[reach])) or not np.all(np.isnan(values[~reach])):
        return False
    if not np.all(values[FULL] == 0.0):
        return False
    gen = np.random.default_rng(int(rules_key(rules), 16) % (1 << 32))
    states = [(0, 0)]
    while len(states) < samples:
        mask = int(gen.integers(0, FULL))
        ts = np.flatnonzero(reach[mask])
        states.append((mask, int(gen.choice(ts))))
    for mask, t in states:
        again = state_value(values, rules, mask, t)
        if not abs(again - values[mask, t]) <= 1e-9 * max(1.0, abs(again)):
            return False
    return True


def load_cached(rules: RuleSet, folder: Path | None = None) -> FloatArray | None:
    """The cached table of ``rules``, or None when it is missing or fails any check."""
    path = cache_path(rules, folder)
    try:  # a regular file of a sane size only: never a FIFO or a device
        raw = read_file(path, "the solver cache", max_bytes=CACHE_MAX_BYTES)
        with np.load(io.BytesIO(raw), allow_pickle=False) as data:
            values = np.array(data["values"], dtype=np.float64)
            key = str(data["key"])
            digest = str(data["digest"])
    except (OSError, ValueError, KeyError, zipfile.BadZipFile, EOFError, GameshelfError):
        return None
    if key != rules_key(rules) or digest != _digest(values) or not check_table(values, rules):
        return None
    values.setflags(write=False)
    return values


def save_cached(values: FloatArray, rules: RuleSet, folder: Path | None = None) -> Path:
    """Write the table of ``rules`` to the cache atomically; returns its path.

    Raises:
        BadInputError: the cache cannot be written (a read-only or full folder, a cache
            path that is not a regular file); nothing is left behind.
    """
    path = cache_path(rules, folder)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        why = "a file is in the way" if isinstance(exc, FileExistsError) else exc.strerror
        raise BadInputError(f"cannot create the cache folder {path.parent}: {why}") from None

    def content(fh: BinaryIO) -> None:
        np.savez(fh, values=values, key=np.str_(rules_key(rules)),
                 digest=np.str_(_digest(values)))

    return write_file(path, content, overwrite=True)


_MEMORY: dict[str, ColumnTable] = {}


def column_table(rules: RuleSet, progress: Progress | None = None, *,
                 use_cache: bool = True,
                 on_cache_error: Callable[[str], None] | None = None) -> ColumnTable:
    """The solved table of ``rules``: from memory, else the checked cache, else solved (and
    then cached). ``progress`` is called only when a solve runs. A cache that cannot be
    written only costs a solve next time: ``on_cache_error`` (if given) gets the reason as
    one line of text, and the table is returned all the same."""
    key = rules_key(rules)
    if use_cache and key in _MEMORY:
        return _MEMORY[key]
    values = load_cached(rules) if use_cache else None
    if values is None:
        values = solve(rules, progress)
        values.setflags(write=False)
        try:
            save_cached(values, rules)
        except GameshelfError as exc:
            if on_cache_error is not None:
                on_cache_error(str(exc))
    table = ColumnTable(rules, values)
    _MEMORY[key] = table
    return table
