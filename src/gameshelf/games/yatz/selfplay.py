"""A lean solitaire loop of the triple game for the strategy alone (no game engine).

Used to tune and measure :mod:`gameshelf.games.yatz.strategy` quickly: thousands of games per
second of compiled code. It applies the same rules as the engine (R-YZ-1 to R-YZ-5): 39
turns, up to three rolls, one box per turn, Wild Yatz under the triple condition, the upper
bonus per column, columns multiplied by 1, 2 and 3. Figures for reports come from games
played through the real engine (``benchmarks/yatz_player.py``).
"""

from __future__ import annotations

import numba
import numpy as np

from gameshelf.games.yatz import dice as D
from gameshelf.games.yatz.strategy import Strategy
from gameshelf.games.yatz.turn_kernels import (
    NFEATURES,
    FloatArray,
    IntArray,
    _buffers,
    _features,
    _lookahead,
    _plan,
    _wild_flags,
)


@numba.njit(cache=True)
def _roll_onto(keep: int, add: IntArray) -> int:  # pragma: no cover - compiled
    k = keep
    while add[k, 0] >= 0:
        k = add[k, np.random.randint(0, 6)]
    return k


@numba.njit(cache=True)
def _stream(seed: int, game: int, roll: int) -> int:  # pragma: no cover - compiled
    """A 32-bit random-stream number for one roll of one game (a splitmix64 mix of the
    three numbers: different seeds give unrelated streams)."""
    x = (np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15)
         ^ np.uint64(game) * np.uint64(0xBF58476D1CE4E5B9)
         ^ np.uint64(roll + 1) * np.uint64(0x94D049BB133111EB))
    x ^= x >> np.uint64(30)
    x *= np.uint64(0xBF58476D1CE4E5B9)
    x ^= x >> np.uint64(27)
    x *= np.uint64(0x94D049BB133111EB)
    x ^= x >> np.uint64(31)
    return int(x & np.uint64(0xFFFFFFFF))


@numba.njit(cache=True)
def _best_keep(r: int, ev: FloatArray, sub_start: IntArray,
               sub: IntArray) -> int:  # pragma: no cover - compiled
    """The keep (fewer than five dice) inside roll ``r`` with the highest ``ev``."""
    best = -1
    bestv = -1.0e300
    for i in range(sub_start[r], sub_start[r + 1]):
        k = sub[i]
        if k != r and ev[k] > bestv:
            bestv = ev[k]
            best = k
    return best


@numba.njit(cache=True)
def _games(n: int, seed: int, colvals: FloatArray, discount: FloatArray,
           weights: FloatArray, score: IntArray, score_wild: IntArray,
           counts: IntArray, roll_face: IntArray, add: IntArray, remove: IntArray,
           roll_prob: FloatArray, roll_first: int, bonus: float, wild_rule: bool,
           sub_start: IntArray, sub: IntArray,
           lookahead: int, rec_masks: IntArray, rec_ups: IntArray,
           rec_points: FloatArray, paired: bool,
           endgame: int) -> FloatArray:  # pragma: no cover - compiled
    """Play ``n`` games; when ``rec_masks`` has ``n`` rows, record the turn-start state of
    each turn (masks, upper totals, points so far) in ``rec_*[game, turn]``. When
    ``paired``, the dice of each roll come from a stream fixed by (seed, game, turn, roll)
    (common random numbers: two strategies see the same rolls as far as their holds
    agree)."""
    np.random.seed(seed)
    record = rec_masks.shape[0] == n
    nk = counts.shape[0]
    out = np.empty(n)
    final, final_box, ev0, ev1, mx, gain_up, gain_low = _buffers(nk)
    wild = np.zeros(6, dtype=np.bool_)
    for g in range(n):
        masks = np.zeros(3, dtype=np.int64)
        ups = np.zeros(3, dtype=np.int64)
        total = 0.0
        for turn in range(39):
            if record:
                rec_masks[g, turn] = masks
                rec_ups[g, turn] = ups
                rec_points[g, turn] = total
            _wild_flags(masks, wild_rule, wild)
            look = _lookahead(lookahead, endgame, 39 - turn)
            _plan(masks, ups, colvals, discount, weights, score, score_wild, counts, roll_face,
                  wild_rule, add, remove, roll_prob, roll_first, bonus, look, final,
                  final_box, ev0, ev1, mx, gain_up, gain_low)
            if paired:
                np.random.seed(_stream(seed, g, turn * 3))
            r = _roll_onto(0, add)
            for left in (2, 1):
                ev = ev1 if left == 2 else ev0
                keep = _best_keep(r, ev, sub_start, sub)
                if ev[keep] <= final[r]:
                    break
                if paired:
                    np.random.seed(_stream(seed, g, turn * 3 + 3 - left))
                r = _roll_onto(keep, add)
            code = final_box[r]
            c = code // 13
            b = code % 13
            face = roll_face[r]
            pts = score_wild[r, b] if (face > 0 and wild[face - 1]) else score[r, b]
            if b < 6:
                nt = ups[c] + pts
                if ups[c] < 63 and nt >= 63:
                    pts += bonus
                ups[c] = min(nt, 63)
            masks[c] |= 1 << b
            total += (c + 1) * pts
        out[g] = total
    return out


def _run(strategy: Strategy, games: int, seed: int, rec_masks: IntArray, rec_ups: IntArray,
         rec_points: FloatArray, paired: bool = False) -> FloatArray:
    return _games(games, seed, strategy.colvals, strategy.discount, strategy.weights,
                  strategy.score, strategy.score_wild,
                  D.KEEP_COUNTS, D.ROLL_FACE, D.KEEP_ADD, D.REMOVE_SENTINEL, D.ROLL_PROB,
                  D.ROLL_FIRST, float(strategy.rules.upper_bonus),
                  bool(strategy.rules.wild_yatz), D.ROLL_SUB_START, D.ROLL_SUB,
                  strategy.lookahead, rec_masks, rec_ups, rec_points, paired,
                  strategy.endgame)


def play_games(strategy: Strategy, games: int, seed: int = 0, *,
               paired: bool = False) -> FloatArray:
    """Final scores of ``games`` solitaire triple games played by ``strategy``.

    With ``paired``, each roll's dice depend only on (seed, game, turn, roll), so two
    strategies played on the same seed are compared on common dice (their difference has a
    much smaller spread than either score)."""
    none = np.zeros((0, 39, 3), dtype=np.int64)
    return _run(strategy, games, seed, none, none, np.zeros((0, 39)), paired)


def record_games(strategy: Strategy, games: int,
                 seed: int = 0) -> tuple[FloatArray, IntArray, IntArray, FloatArray]:
    """Play like :func:`play_games` and record every turn-start state.

    Returns:
        ``(finals, masks, ups, points)``: final scores (games,); column masks and upper
        totals (capped at 63) at the start of each turn (games, 39, 3); points scored
        before each turn, multiplied (games, 39).
    """
    masks = np.zeros((games, 39, 3), dtype=np.int64)
    ups = np.zeros((games, 39, 3), dtype=np.int64)
    points = np.zeros((games, 39))
    finals = _run(strategy, games, seed, masks, ups, points)
    return finals, masks, ups, points


@numba.njit(cache=True)
def _all_features(masks: IntArray, ups: IntArray,
                  out: FloatArray) -> None:  # pragma: no cover - compiled
    for i in range(masks.shape[0]):
        _features(masks[i], ups[i], out[i])


def state_features(masks: IntArray, ups: IntArray) -> FloatArray:
    """The correction features (:func:`gameshelf.games.yatz.turn_kernels._features`) of triple
    states given as column masks and upper totals, each shaped (n, 3): shape (n,
    :data:`~gameshelf.games.yatz.turn_kernels.NFEATURES`)."""
    out = np.empty((masks.shape[0], NFEATURES))
    _all_features(np.ascontiguousarray(masks, dtype=np.int64),
                  np.ascontiguousarray(np.minimum(ups, 63), dtype=np.int64), out)
    return out
