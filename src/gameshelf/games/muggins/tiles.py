"""Double-nine domino tiles: values with a text form.

A tile has two halves, each 0 (blank) to 9 pips. The tile ``3-5`` is the same tile as
``5-3``; its text form always puts the lower half first. The double-nine set holds the 55
distinct tiles ``0-0`` to ``9-9`` with 495 pips in all (R-MG-1).

Example:
    >>> t = parse_tile("5-3")
    >>> str(t), t.pips, t.is_double
    ('3-5', 8, False)
    >>> len(ALL_TILES), sum(t.pips for t in ALL_TILES)
    (55, 495)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import is_ascii_digits, quote

#: Highest number of pips on one half of a double-nine tile.
MAX_PIPS = 9

_TILE_RE = re.compile(r"^\s*([0-9])\s*[-:|/]\s*([0-9])\s*$", re.ASCII)


@dataclass(frozen=True, order=True)
class Tile:
    """One domino tile: halves ``low <= high``, 0-9 pips (:func:`tile` and
    :func:`parse_tile` put them in order).

    Raises:
        BadInputError: a half outside 0-9 or ``low > high``.
    """

    low: int
    high: int

    def __post_init__(self) -> None:
        if not (0 <= self.low <= MAX_PIPS and 0 <= self.high <= MAX_PIPS):
            raise BadInputError(f"a tile's halves are 0 to {MAX_PIPS}, got {self.low}-{self.high}")
        if self.low > self.high:
            raise BadInputError(f"tile halves must be in order, got {self.low}-{self.high}")

    def __str__(self) -> str:
        return f"{self.low}-{self.high}"

    @property
    def pips(self) -> int:
        """Pips on both halves together."""
        return self.low + self.high

    @property
    def is_double(self) -> bool:
        """True when both halves are the same (``4-4``)."""
        return self.low == self.high

    def has(self, number: int) -> bool:
        """True when one of the halves shows ``number``."""
        return self.low == number or self.high == number

    def other(self, number: int) -> int:
        """The half opposite the half showing ``number``.

        Raises:
            BadInputError: the tile has no half showing ``number``.
        """
        if self.low == number:
            return self.high
        if self.high == number:
            return self.low
        raise BadInputError(f"tile {self} has no {number}")

    @property
    def index(self) -> int:
        """Position of the tile in :data:`ALL_TILES` (0 for ``0-0`` ... 54 for ``9-9``)."""
        return _INDEX[(self.low, self.high)]


def tile(a: int, b: int) -> Tile:
    """The tile with halves ``a`` and ``b`` in either order."""
    return Tile(min(a, b), max(a, b))


def parse_tile(text: str) -> Tile:
    """Parse ``3-5`` (also ``5-3``, ``3:5``, ``35``) into a tile.

    Raises:
        BadInputError: anything else.
    """
    s = str(text).strip()
    m = _TILE_RE.match(s)
    if m is None and len(s) == 2 and is_ascii_digits(s):
        m = _TILE_RE.match(f"{s[0]}-{s[1]}")
    if m is None:
        raise BadInputError(f"not a tile: {quote(text)} (write it like 3-5)")
    return tile(int(m.group(1)), int(m.group(2)))


#: The 55 tiles of the double-nine set, ``0-0``, ``0-1`` ... ``9-9``.
ALL_TILES: tuple[Tile, ...] = tuple(Tile(a, b) for a in range(MAX_PIPS + 1)
                                    for b in range(a, MAX_PIPS + 1))
_INDEX = {(t.low, t.high): i for i, t in enumerate(ALL_TILES)}
#: The double-blank, which starts the board and is never dealt (R-MG-1).
DOUBLE_BLANK = Tile(0, 0)
#: The 54 tiles that are shuffled and dealt each round.
DEALT_TILES: tuple[Tile, ...] = tuple(t for t in ALL_TILES if t != DOUBLE_BLANK)


def round_to_five(pips: int) -> int:
    """Round a pip total to the nearest multiple of 5: remainders 1-2 down, 3-4 up (R-MG-5).

    Example:
        >>> [round_to_five(n) for n in (0, 1, 2, 3, 7, 8, 12, 13)]
        [0, 0, 0, 5, 5, 10, 10, 15]
    """
    if pips < 0:
        raise BadInputError(f"a pip total is never negative, got {pips}")
    return 5 * ((pips + 2) // 5)
