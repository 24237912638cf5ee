"""What a round of One Dollar Pinball at a table is set up with: no option (the rules have
none: the district comes from each bill's letter, R-DP-2, and the Match from its series,
R-DP-9), and the one computer player, which draws its bill at random from the round's seed.

Example:
    >>> DollarOptions.from_json({}).to_json(), DollarOptions.LEVELS
    ({}, ('random',))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from gameshelf.core.options import GameOptions, Option

#: The computer player's one level: it brings a bill drawn at random (any district, 8
#: digits, a suffix letter or a star, a recent series).
COMPUTER_LEVEL = "random"


@dataclass(frozen=True)
class DollarOptions(GameOptions):
    """A round's options (the ``options`` part): none, and the computer's level."""

    FIELDS: ClassVar[tuple[Option, ...]] = ()
    LEVELS: ClassVar[tuple[str, ...]] = (COMPUTER_LEVEL,)
    DEFAULT_LEVEL: ClassVar[str] = COMPUTER_LEVEL
