"""The compiled kernels of the triple game's turn solver (numba), on plain arrays.

:class:`~gameshelf.games.yatz.strategy.Strategy` calls :func:`_plan` once per turn start:
it values every box of every column (:func:`_gains`: the points now, the change of the
column's solved value, the learned correction's change) and solves the turn exactly
(:func:`_solve_turn`: every keep of every roll), with up to two turns of lookahead. The
self-play of :mod:`gameshelf.games.yatz.selfplay` runs the same kernels in whole games.
"""

from __future__ import annotations

import numba
import numpy as np
import numpy.typing as npt

from gameshelf.games.yatz import solver

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]

#: Number of features of a triple state in the learned correction (see :func:`_features`).
NFEATURES = 138


@numba.njit(cache=True, nogil=True)
def _wild_flags(masks: IntArray, wild_rule: bool,
                out: npt.NDArray[np.bool_]) -> None:  # pragma: no cover - compiled
    """``out[f]``: Wild Yatz (R-YZ-4) holds for five of face f+1 in this state."""
    for f in range(6):
        w = wild_rule
        for c in range(3):
            if not (masks[c] >> 11 & 1) or not (masks[c] >> f & 1):
                w = False
        out[f] = w


@numba.njit(cache=True, nogil=True)
def _features(masks: IntArray, ups: IntArray,
              out: FloatArray) -> None:  # pragma: no cover - compiled
    """The features of a triple state at a turn start (``out``, length :data:`NFEATURES`):

    * 0: a constant 1;
    * 1-52: for each box b, one-hot (4) of how many columns still have it open;
    * 53-65: for each box, columns open times the fraction of the game left;
    * 66-83: for each column, one-hot (6) of its upper-bonus race: earned, lost, and four
      bins of the points still needed minus three of each open face (-6 or less, -5..0,
      1..6, 7 or more);
    * 84-87: one-hot of how many Yatz boxes are filled (0-3);
    * 88: with all Yatz boxes filled, the faces whose upper box is filled in all three
      columns (Wild Yatz, R-YZ-4), over 6;
    * 89-98: one-hot of the turns left, in bins of 4;
    * 99-137: for each column c and box b (99 + 13 c + b), 1 when the box is open.
    """
    for i in range(NFEATURES):
        out[i] = 0.0
    out[0] = 1.0
    left = 0
    for c in range(3):
        for b in range(13):
            if not masks[c] >> b & 1:
                left += 1
    frac = left / 39.0
    for b in range(13):
        k = 0
        for c in range(3):
            if not masks[c] >> b & 1:
                k += 1
        out[1 + b * 4 + k] = 1.0
        out[53 + b] = k * frac
    for c in range(3):
        m = masks[c]
        t = ups[c]
        par = 0
        any_open = False
        for f in range(6):
            if not m >> f & 1:
                any_open = True
                par += 3 * (f + 1)
        if t >= 63:
            k = 0
        elif not any_open:
            k = 1
        else:
            short = 63 - t - par
            k = 2 if short <= -6 else 3 if short <= 0 else 4 if short <= 6 else 5
        out[66 + c * 6 + k] = 1.0
    ny = 0
    for c in range(3):
        if masks[c] >> 11 & 1:
            ny += 1
    out[84 + ny] = 1.0
    if ny == 3:
        nf = 0
        for f in range(6):
            if masks[0] >> f & 1 and masks[1] >> f & 1 and masks[2] >> f & 1:
                nf += 1
        out[88] = nf / 6.0
    out[89 + min(left // 4, 9)] = 1.0
    for c in range(3):
        for b in range(13):
            if not masks[c] >> b & 1:
                out[99 + 13 * c + b] = 1.0


@numba.njit(cache=True, nogil=True)
def _correction(masks: IntArray, ups: IntArray, weights: FloatArray,
                scratch: FloatArray) -> float:  # pragma: no cover - compiled
    """The learned correction ``weights · features`` of a triple state."""
    _features(masks, ups, scratch)
    s = 0.0
    for i in range(NFEATURES):
        s += weights[i] * scratch[i]
    return s


@numba.njit(cache=True, nogil=True)
def _gains(masks: IntArray, ups: IntArray, colvals: FloatArray, bonus: float,
           discount: FloatArray, weights: FloatArray, gain_up: FloatArray,
           gain_low: FloatArray) -> None:  # pragma: no cover - compiled
    """Value change (points now plus change of state value) of each box: ``gain_up[c, b, n]``
    for n dice of upper box b in column c, ``gain_low[c, b]`` apart from the points.

    The change of the column's value (the box's opportunity cost) is multiplied by the
    column's ``discount[c]``, and the change of the learned correction (``weights`` ·
    :func:`_features`) is added, unless ``weights`` is all zero (see
    ``docs/yatz-strategy.md``)."""
    use = False
    for i in range(weights.shape[0]):
        if weights[i] != 0.0:
            use = True
    scratch = np.empty(NFEATURES)
    nm = masks.copy()
    nu = ups.copy()
    now = _correction(masks, ups, weights, scratch) if use else 0.0
    for c in range(3):
        m = masks[c]
        t = ups[c]
        mult = c + 1.0
        here = colvals[c, m, t]
        for b in range(6):
            if not m >> b & 1:
                for n in range(6):
                    pts = n * (b + 1)
                    nt = t + pts
                    extra = 0.0
                    if t < 63 and nt >= 63:
                        extra = bonus
                    if nt > 63:
                        nt = 63
                    gain_up[c, b, n] = (mult * (pts + extra)
                                        + discount[c, b] * (colvals[c, m | 1 << b, nt] - here))
                    if use:
                        nm[c] = m | 1 << b
                        nu[c] = nt
                        gain_up[c, b, n] += _correction(nm, nu, weights, scratch) - now
                        nm[c] = m
                        nu[c] = t
        for b in range(6, 13):
            if not m >> b & 1:
                gain_low[c, b] = discount[c, b] * (colvals[c, m | 1 << b, t] - here)
                if use:
                    nm[c] = m | 1 << b
                    gain_low[c, b] += _correction(nm, nu, weights, scratch) - now
                    nm[c] = m


@numba.njit(cache=True, nogil=True)
def _solve_turn(masks: IntArray, gain_up: FloatArray, gain_low: FloatArray, score: IntArray,
                score_wild: IntArray, counts: IntArray, roll_face: IntArray,
                wild: npt.NDArray[np.bool_], add: IntArray, remove: IntArray,
                roll_prob: FloatArray, roll_first: int, final: FloatArray, final_box: IntArray,
                ev0: FloatArray, ev1: FloatArray,
                mx: FloatArray) -> float:  # pragma: no cover - compiled
    """Solve one turn exactly from the box gains. Fills ``final[r]`` (value of scoring roll r
    in its best box), ``final_box[r]`` (column * 13 + box), ``ev0[k]``/``ev1[k]`` (value of
    holding keep k and rolling, with then 0 / 1 roll left). Returns the turn's value."""
    nk = final.shape[0]
    for r in range(roll_first, nk):
        face = roll_face[r]
        w = face > 0 and wild[face - 1]
        best = -1.0e300
        arg = -1
        for c in range(3):
            m = masks[c]
            mult = c + 1.0
            for b in range(6):
                if not m >> b & 1:
                    v = gain_up[c, b, counts[r, b]]
                    if v > best:
                        best = v
                        arg = c * 13 + b
            for b in range(6, 13):
                if not m >> b & 1:
                    s = score_wild[r, b] if w else score[r, b]
                    v = mult * s + gain_low[c, b]
                    if v > best:
                        best = v
                        arg = c * 13 + b
        final[r] = best
        final_box[r] = arg
    mx[-1] = -np.inf
    solver._expect(final, ev0, add, roll_first)
    solver._best_sub(ev0, mx, remove)
    solver._expect(mx, ev1, add, roll_first)
    solver._best_sub(ev1, mx, remove)
    s = 0.0
    for r in range(roll_first, nk):
        s += roll_prob[r] * mx[r]
    return float(s)


@numba.njit(cache=True, nogil=True)
def _buffers(nk: int) -> tuple[FloatArray, IntArray, FloatArray, FloatArray, FloatArray,
                                FloatArray, FloatArray]:  # pragma: no cover - compiled
    """Fresh output arrays of one turn solve over ``nk`` keeps: ``(final, final_box, ev0,
    ev1, mx, gain_up, gain_low)``, as :func:`_plan` fills them."""
    return (np.empty(nk), np.full(nk, -1, dtype=np.int64), np.empty(nk), np.empty(nk),
            np.empty(nk + 1), np.zeros((3, 6, 6)), np.zeros((3, 13)))


@numba.njit(cache=True, nogil=True)
def _lookahead(lookahead: int, endgame: int, left: int) -> int:  # pragma: no cover
    """Turns looked ahead with ``left`` boxes open: ``lookahead``, one more when at most
    ``endgame`` boxes are open."""
    return lookahead + (1 if left <= endgame else 0)


@numba.njit(cache=True, nogil=True)
def _plan(masks: IntArray, ups: IntArray, colvals: FloatArray, discount: FloatArray,
          weights: FloatArray, score: IntArray,
          score_wild: IntArray, counts: IntArray, roll_face: IntArray, wild_rule: bool,
          add: IntArray, remove: IntArray, roll_prob: FloatArray, roll_first: int,
          bonus: float, lookahead: int, final: FloatArray, final_box: IntArray,
          ev0: FloatArray, ev1: FloatArray, mx: FloatArray, gain_up: FloatArray,
          gain_low: FloatArray) -> float:  # pragma: no cover
    """Solve one turn of the triple game, valuing the state after it by the sum of the
    columns' values in ``colvals`` (3, 8192, 64, already multiplied) when ``lookahead`` is
    0, or by the expected value of the next turn solved the same way when it is 1.
    Arrays are filled as by :func:`_solve_turn`, and ``gain_up`` (3, 6, 6) / ``gain_low``
    (3, 13) as by :func:`_gains` with the lookahead's value added; values are relative to
    the turn-start state's ``colvals`` sum. Returns the turn's value."""
    wild = np.empty(6, dtype=np.bool_)
    _wild_flags(masks, wild_rule, wild)
    gain_up[:] = 0.0
    gain_low[:] = 0.0
    _gains(masks, ups, colvals, bonus, discount, weights, gain_up, gain_low)
    if lookahead > 0:
        f2, b2, e0, e1, m2, g2u, g2l = _buffers(final.shape[0])
        nm = masks.copy()
        nu = ups.copy()
        for c in range(3):
            m = masks[c]
            t = ups[c]
            for b in range(13):
                if m >> b & 1:
                    continue
                nm[c] = m | 1 << b
                full = True
                for c2 in range(3):
                    if nm[c2] != 8191:
                        full = False
                last = -1
                more = 0.0
                for n in range(6 if b < 6 else 1):
                    nt = t + n * (b + 1) if b < 6 else t
                    nu[c] = nt if nt < 63 else 63
                    if nu[c] == last:
                        pass   # the same state as with one die fewer (upper total capped)
                    elif full:
                        more = 0.0
                    else:
                        last = nu[c]
                        more = _plan(nm, nu, colvals, discount, weights, score, score_wild,
                                     counts, roll_face, wild_rule, add, remove, roll_prob,
                                     roll_first, bonus, lookahead - 1, f2, b2, e0, e1, m2,
                                     g2u, g2l)
                    if b < 6:
                        gain_up[c, b, n] += more
                    else:
                        gain_low[c, b] += more
                nm[c] = m
                nu[c] = t
    return _solve_turn(masks, gain_up, gain_low, score, score_wild, counts, roll_face, wild,
                       add, remove, roll_prob, roll_first, final, final_box, ev0, ev1, mx)
