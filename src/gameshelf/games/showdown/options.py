"""What a game of Pinball Showdown is set up with beyond its seats: no option on a command
line or a page yet; the computer players' levels."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from gameshelf.core.options import GameOptions
from gameshelf.games.showdown.players import DEFAULT_KIND, PLAYER_KINDS

#: The quick computer player: open seats, computer seats given no level, stand-ins online.
QUICK_LEVEL = "heuristic"


@dataclass(frozen=True)
class ShowdownOptions(GameOptions):
    """A Showdown game's options (the ``options`` part): its computer players' levels."""

    #: The computer players, weakest first: the one order every front end lists.
    LEVELS: ClassVar[tuple[str, ...]] = PLAYER_KINDS
    QUICK_LEVEL: ClassVar[str] = QUICK_LEVEL
    DEFAULT_LEVEL: ClassVar[str] = DEFAULT_KIND
