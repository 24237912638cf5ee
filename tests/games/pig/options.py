"""What a game of Pig is set up with beyond its seats: the target (P-5), and the computer
player's levels."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from gameshelf.core.options import GameOptions, NumberOption, Option
from tests.games.pig.game import MAX_TARGET, MIN_TARGET, TARGET
from tests.games.pig.match import COMPUTER_NAME, DEFAULT_LEVEL, LEVELS

#: P-5: the points that win.
TARGET_OPTION = NumberOption("target", "Target (points that win)", "the points that win",
                             TARGET, MIN_TARGET, MAX_TARGET)


@dataclass(frozen=True)
class PigOptions(GameOptions):
    """A game of Pig's options (the ``options`` part)."""

    target: int = TARGET

    FIELDS: ClassVar[tuple[Option, ...]] = (TARGET_OPTION,)
    #: The one computer seat is a character, as Muggins' Mugsy.
    COMPUTER_NAME: ClassVar[str] = COMPUTER_NAME
    COMPUTER_NUMBERED: ClassVar[bool] = False
    LEVELS: ClassVar[tuple[str, ...]] = (DEFAULT_LEVEL, *(lv for lv in LEVELS
                                                          if lv != DEFAULT_LEVEL))
