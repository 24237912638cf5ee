"""Dice combinatorics shared by the Yatz solver and strategy: multisets of up to five dice.

A *keep* is a multiset of 0 to 5 dice (the dice held); the 252 keeps of five dice are the
*rolls*. There are 462 keeps, numbered by size first (all sizes 0, then 1, ... then 5), so a
loop in index order visits smaller keeps before larger ones.

Arrays (module constants, read-only by convention):
    KEEP_COUNTS: (462, 6) int64, how many dice of each face 1-6 a keep holds.
    KEEP_SIZE: (462,) int64, number of dice in the keep.
    KEEP_ADD: (462, 6) int64, the keep with one more die of face f+1 (-1 when size is 5).
    KEEP_REMOVE: (462, 6) int64, the keep with one die of face f+1 less (-1 when absent).
    ROLL_SUB_START, ROLL_SUB: every distinct sub-multiset of keep ``k`` (itself included) is
        ``ROLL_SUB[ROLL_SUB_START[k]:ROLL_SUB_START[k + 1]]``.
    REMOVE_SENTINEL: KEEP_REMOVE with -1 replaced by 462 (a scratch slot past the keeps).
    ROLL_FIRST: index of the first roll (keeps ROLL_FIRST..461 are the 252 rolls).
    SCORE: (462, 13) int64, points of each roll in each box (zero rows for smaller keeps).
    SCORE_WILD: (462, 13) int64, the same under Wild Yatz (R-YZ-4).
    ROLL_FACE: (462,) int64, the face 1-6 of a five of a kind, 0 for any other keep.
    ROLL_PROB: (462,) float64, probability of each roll from five fresh dice (0 for others).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache
from math import factorial

import numpy as np
import numpy.typing as npt

from gameshelf.games.yatz.scoring import DICE, FACES, Box, RuleSet, score

NKEEPS = 462
NBOXES = 13


def _enumerate() -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = []
    for size in range(DICE + 1):
        for combo in itertools.combinations_with_replacement(range(FACES), size):
            counts = [0] * FACES
            for f in combo:
                counts[f] += 1
            out.append(tuple(counts))
    return out


_KEEPS = _enumerate()
_INDEX = {c: i for i, c in enumerate(_KEEPS)}
KEEP_COUNTS = np.array(_KEEPS, dtype=np.int64)
KEEP_SIZE = KEEP_COUNTS.sum(axis=1)
ROLL_FIRST = int(np.argmax(KEEP_SIZE == DICE))
KEEP_ADD = np.full((NKEEPS, FACES), -1, dtype=np.int64)
KEEP_REMOVE = np.full((NKEEPS, FACES), -1, dtype=np.int64)
for _i, _c in enumerate(_KEEPS):
    for _f in range(FACES):
        if sum(_c) < DICE:
            _up = list(_c)
            _up[_f] += 1
            KEEP_ADD[_i, _f] = _INDEX[tuple(_up)]
        if _c[_f] > 0:
            _down = list(_c)
            _down[_f] -= 1
            KEEP_REMOVE[_i, _f] = _INDEX[tuple(_down)]
REMOVE_SENTINEL = np.where(KEEP_REMOVE < 0, NKEEPS, KEEP_REMOVE)
_subs = [sorted(_INDEX[sub] for sub in itertools.product(*(range(n + 1) for n in _c)))
         for _c in _KEEPS]
ROLL_SUB_START = np.cumsum([0] + [len(s) for s in _subs]).astype(np.int64)
ROLL_SUB = np.array([k for s in _subs for k in s], dtype=np.int64)
ROLL_FACE = np.zeros(NKEEPS, dtype=np.int64)
ROLL_PROB = np.zeros(NKEEPS, dtype=np.float64)
for _i, _c in enumerate(_KEEPS):
    if sum(_c) == DICE:
        ROLL_PROB[_i] = factorial(DICE) / np.prod([factorial(n) for n in _c]) / FACES**DICE
        if max(_c) == DICE:
            ROLL_FACE[_i] = _c.index(DICE) + 1


def keep_dice(index: int) -> tuple[int, ...]:
    """The sorted faces of keep ``index``."""
    return _KEEP_DICE[index]


_POW6 = (0, 1, 6, 36, 216, 1296, 7776)
_CODE_TO_KEEP = {sum(n * 6**f for f, n in enumerate(c)): i for i, c in enumerate(_KEEPS)}
_KEEP_DICE = [tuple(f + 1 for f in range(FACES) for _ in range(c[f])) for c in _KEEPS]
#: For each roll, the keeps of fewer than five of its dice (distinct), as an int64 array.
ROLL_STRICT_SUBS = [np.array([k for k in _subs[i] if k != i], dtype=np.int64)
                    for i in range(NKEEPS)]


def keep_index(dice: Sequence[int]) -> int:
    """The index of the keep holding ``dice`` (0 to 5 faces 1-6, any order)."""
    return _CODE_TO_KEEP[sum(_POW6[d] for d in dice)]


@lru_cache(maxsize=8)
def score_tables(rules: RuleSet) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """``(SCORE, SCORE_WILD)`` for ``rules``: (462, 13) points of each roll in each box.

    Rows of keeps with fewer than five dice are zero. ``SCORE_WILD`` applies Wild Yatz
    (R-YZ-4) to five of a kind (equal to ``SCORE`` when the rule set has no Wild Yatz).
    """
    plain = np.zeros((NKEEPS, NBOXES), dtype=np.int64)
    wild = np.zeros((NKEEPS, NBOXES), dtype=np.int64)
    for i in range(ROLL_FIRST, NKEEPS):
        dice = keep_dice(i)
        for box in Box:
            plain[i, box] = score(dice, box, rules)
            wild[i, box] = score(dice, box, rules, wild=True)
    plain.setflags(write=False)
    wild.setflags(write=False)
    return plain, wild
