"""What a Yatz game is set up with beyond its seats: its rule set (a room's ``rules``; no
command line or page offers it yet) and the computer players' levels."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from gameshelf.core.errors import BadInputError
from gameshelf.core.options import GameOptions
from gameshelf.core.safeload import as_json
from gameshelf.games.yatz.players import default_player
from gameshelf.games.yatz.scoring import YATZ_RULES, rule_set

#: The quick computer player: open seats, computer seats given no level, stand-ins online.
QUICK_LEVEL = "greedy"


@dataclass(frozen=True)
class YatzOptions(GameOptions):
    """A Yatz game's options (the ``options`` part).

    Attributes:
        rules: the rule set's name (``yatz``, ``classic-no-bonus``).
    """

    rules: str = YATZ_RULES.name

    #: The computer players, weakest first: the one order every front end lists.
    LEVELS: ClassVar[tuple[str, ...]] = ("casual", "greedy", "strong", "winner")
    QUICK_LEVEL: ClassVar[str] = QUICK_LEVEL
    #: The terminal's ``cpu`` (:func:`~gameshelf.games.yatz.players.default_player`).
    DEFAULT_LEVEL: ClassVar[str] = default_player()

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """The options of a room's ``create``: ``rules`` (default ``yatz``), nothing else.

        Raises:
            BadInputError: another option, or ``rules`` that is not a rule set's name.
        """
        extra = sorted(set(data) - {"rules"})
        if extra:
            raise BadInputError(f"unknown option {as_json(extra[0])} (this game takes rules)")
        rules = data.get("rules", cls.rules)
        if not isinstance(rules, str):
            raise BadInputError("the option rules must be a rule set's name")
        return cls(rule_set(rules).name)
