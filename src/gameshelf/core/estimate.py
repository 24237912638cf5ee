"""How sure a sampled estimate is: shared by the computer players' coaches and the benchmarks."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence


def standard_error(xs: Sequence[float]) -> float:
    """The standard error of the mean of the samples ``xs`` (their unit): the sample
    standard deviation over the square root of their count; 0.0 for fewer than 2.

    Example:
        >>> standard_error([1.0, 3.0])
        1.0
    """
    if len(xs) < 2:
        return 0.0
    return statistics.stdev(xs) / math.sqrt(len(xs))


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval ``(low, high)``, shares in ``[0, 1]``, of a win rate
    ``wins / n`` (a draw may count half a win; ``n <= 0`` gives ``(0.0, 1.0)``); ``z`` is the
    normal quantile (1.96 for 95%).

    Example:
        >>> lo, hi = wilson(65, 100)
        >>> round(lo, 3), round(hi, 3)
        (0.553, 0.736)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
