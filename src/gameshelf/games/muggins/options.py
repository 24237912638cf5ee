"""What a Muggins game is set up with beyond its seats: the target (R-MG-8), the rulebook's
500 points by default, here and on a game server alike; and Mugsy's levels.

:class:`MugginsOptions` is the one value every layer reads them into: the command line's
``--target`` (local play and ``online create``), a room's ``create`` message, the research
spec's parameters and a record's ``options``. Each option is the field of the same name of
:class:`~gameshelf.games.muggins.game.MugginsState`.

Example:
    >>> MugginsOptions.from_texts({"target": "250"})
    MugginsOptions(target=250)
    >>> MugginsOptions().to_json()
    {'target': 500}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from gameshelf.core.options import GameOptions, NumberOption, Option
from gameshelf.games.muggins.game import DEFAULT_TARGET, MAX_TARGET, MIN_TARGET
from gameshelf.games.muggins.mugsy import DEFAULT_LEVEL, LEVELS

#: Mugsy's quick level: open seats, computer seats given no level, stand-ins online.
QUICK_LEVEL = "normal"

#: R-MG-8: the score that ends the game, even mid-round.
TARGET = NumberOption("target", "Target (points: the game ends when someone reaches it)",
                      "the points that end the game", DEFAULT_TARGET, MIN_TARGET, MAX_TARGET)


@dataclass(frozen=True)
class MugginsOptions(GameOptions):
    """A Muggins game's options (the ``options`` part).

    Attributes:
        target: the score that ends the game (R-MG-8), 5 to 10,000 points.
    """

    target: int = DEFAULT_TARGET

    FIELDS: ClassVar[tuple[Option, ...]] = (TARGET,)
    #: Mugsy's levels in Mugsy's order (easy to strong, then even): every front end's.
    LEVELS: ClassVar[tuple[str, ...]] = LEVELS
    COMPUTER_NAME: ClassVar[str] = "Mugsy"
    COMPUTER_NUMBERED: ClassVar[bool] = False
    QUICK_LEVEL: ClassVar[str] = QUICK_LEVEL
    DEFAULT_LEVEL: ClassVar[str] = DEFAULT_LEVEL
