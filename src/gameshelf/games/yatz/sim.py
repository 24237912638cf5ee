"""Headless Yatz games of a computer player and their statistics (``gameshelf yatz sim``).

Game ``i`` of a run with seed ``S`` is the solitaire game numbered ``S + i``, so any game of a
run can be replayed on its own.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gameshelf.games.yatz.game import COLUMNS
from gameshelf.games.yatz.match import Match, Seat

PERCENTILES = (5, 10, 25, 50, 75, 90, 95)


@dataclass(frozen=True)
class SoloResult:
    """One finished solitaire game: its number, its total (points), each column's bonus."""

    seed: int
    total: int
    bonus: tuple[bool, ...]


def play_solo(player: str, seed: int) -> SoloResult:
    """Play the solitaire game numbered ``seed`` with the registered ``player`` to the end.

    Raises:
        BadInputError: no player of that name.
    """
    m = Match([Seat(player, player)], seed=seed)
    m.play_computers()
    st = m.state
    return SoloResult(seed, st.grand_total(0), tuple(st.bonus(0, c) > 0 for c in range(COLUMNS)))


def _percentile(sorted_values: Sequence[int], q: float) -> float:
    """Linear-interpolation percentile (numpy's default method) of sorted values."""
    pos = (len(sorted_values) - 1) * q / 100
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def summarize(results: Sequence[SoloResult]) -> dict[str, Any]:
    """Mean, its standard error, standard deviation (n-1), min, max, percentiles and the
    upper-bonus rate of each column (fraction of games) of a run.

    Raises:
        ValueError: no results.
    """
    n = len(results)
    if n == 0:
        raise ValueError("no games to summarize")
    totals = sorted(r.total for r in results)
    mean = sum(totals) / n
    sd = math.sqrt(sum((t - mean) ** 2 for t in totals) / (n - 1)) if n > 1 else 0.0
    return {
        "games": n,
        "mean": mean,
        "stderr": sd / math.sqrt(n),
        "sd": sd,
        "min": totals[0],
        "max": totals[-1],
        "percentiles": {str(q): _percentile(totals, q) for q in PERCENTILES},
        "bonus_rate": {f"x{c + 1}": sum(r.bonus[c] for r in results) / n
                       for c in range(COLUMNS)},
    }
