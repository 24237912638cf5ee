"""What a Yatz game is set up with beyond its seats: no option on a command line or a page
yet (a room's ``rules`` are checked by the server); the computer players' levels."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from gameshelf.core.options import GameOptions
from gameshelf.games.yatz.players import PLAYERS

#: The quick computer player: open seats, computer seats given no level, stand-ins online.
QUICK_LEVEL = "greedy"


@dataclass(frozen=True)
class YatzOptions(GameOptions):
    """A Yatz game's options (the ``options`` part): its computer players' levels."""

    #: The computer players, the quick one first.
    LEVELS: ClassVar[tuple[str, ...]] = (QUICK_LEVEL, *(p for p in PLAYERS if p != QUICK_LEVEL))
