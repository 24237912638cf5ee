"""The contract every game's state follows (after OpenSpiel's ``State``).

A state answers who is to act, which actions are legal, applies an action, and says when the
game is over and what each player scored. Chance is an explicit chance node: when
``current_player()`` is :data:`CHANCE`, ``chance_outcomes()`` lists the outcomes with their
probabilities and the driver (who owns the seeded :class:`~gameshelf.core.chance.Chance`)
picks one and applies it. Every action has a text form that parses back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, TypeVar, runtime_checkable

#: ``current_player()`` value when chance acts next.
CHANCE = -1
#: ``current_player()`` value once the game is over.
TERMINAL = -2

A = TypeVar("A")


@runtime_checkable
class GameState(Protocol[A]):
    """What the conformance tests and the drivers need of a game state."""

    def current_player(self) -> int:
        """Seat index (0-based) to act, :data:`CHANCE` or :data:`TERMINAL`."""
        ...

    def legal_actions(self) -> Sequence[A]:
        """The legal actions of the player to act (empty when terminal)."""
        ...

    def apply_action(self, action: A) -> None:
        """Apply ``action``; raises ``IllegalMoveError`` when it is not legal."""
        ...

    def is_terminal(self) -> bool:
        """True once the game is over."""
        ...

    def returns(self) -> Sequence[float]:
        """Each seat's final score (points) once terminal."""
        ...
