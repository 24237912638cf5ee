"""argparse types for the benchmark scripts (``benchmarks/*.py``), so that their options
read numbers as the command line does (:func:`gameshelf.core.inputs.number_parser`).

Example:
    >>> whole("--games", 1, 10)("10"), positive("--uct-c", 1000)("2.5")
    (10, 2.5)
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import number_parser


def whole(what: str, low: int, high: int) -> Callable[[str], int]:
    """An argparse ``type``: a whole number in ``[low, high]``.

    Raises (when called):
        argparse.ArgumentTypeError: anything else, with the shared parser's message.
    """
    check = number_parser(what, low=low, high=high)

    def parse(text: str) -> int:
        try:
            return check(text)
        except BadInputError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return parse


def positive(what: str, below: float) -> Callable[[str], float]:
    """An argparse ``type``: a number above 0 and below ``below``.

    Raises (when called):
        argparse.ArgumentTypeError: anything else (``nan`` and ``inf`` included).
    """
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not 0 < value < below:
            raise argparse.ArgumentTypeError(
                f"{what} must be a number above 0 and below {below:g}, got {text!r}")
        return value

    return parse
