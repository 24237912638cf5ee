"""How sure a sampled estimate is: shared by the computer players' coaches."""

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
