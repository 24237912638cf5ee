"""The one description of a game that every research adapter wraps.

A :class:`GameSpec` sits over a rules engine's state (which already answers
``current_player()``, ``legal_actions()``, ``apply_action()``, ``chance_outcomes()``,
``clone()``, ``returns()``) and adds only what the frameworks need: stable integer action
ids (an id means the same move in every state, for player moves and chance outcomes alike),
chance outcomes as ``(id, probability)`` pairs summing to 1, what one player may see (an
observation string and ``float32`` tensor, an information-state string; never what the
engine's view for that seat hides), and ``resample`` for information-set search.

Specs hold no I/O and no random generator of their own: chance is listed, never drawn, except
in ``resample``, which takes the caller's generator. Player ids follow OpenSpiel: seats are
``0 .. players-1``; :data:`CHANCE` and :data:`TERMINAL` mark chance nodes and the game's end.
"""

from __future__ import annotations

import math
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, TypeVar

import numpy as np
import numpy.typing as npt

from gameshelf.core.errors import BadInputError

#: ``current_player`` of a chance node (OpenSpiel's ``PlayerId.CHANCE``).
CHANCE = -1
#: ``current_player`` of a finished game (OpenSpiel's ``PlayerId.TERMINAL``).
TERMINAL = -4

S = TypeVar("S")


@dataclass(frozen=True)
class SpecInfo:
    """What a game declares up front (OpenSpiel's ``GameType`` + ``GameInfo``).

    Attributes:
        short_name: the registered name, ``gameshelf_<game>``.
        num_distinct_actions: player action ids are ``0 .. num_distinct_actions-1``.
        max_chance_outcomes: chance outcome ids are ``0 .. max_chance_outcomes-1``.
        utility_sum: the sum of every player's returns when constant (zero-sum: 0.0), else None.
        max_game_length: most player and chance actions in one game (a bound, not an estimate).
        parameters: each parameter's default (``{"players": 2}``); the adapters accept
            exactly these names.
    """

    short_name: str
    long_name: str
    min_players: int
    max_players: int
    num_distinct_actions: int
    max_chance_outcomes: int
    min_utility: float
    max_utility: float
    utility_sum: float | None
    max_game_length: int
    perfect_information: bool
    parameters: Mapping[str, int | float | str | bool]


def action_int(action: Any) -> int:
    """An action id handed to an adapter (``int``, a numpy integer, or a 0-d integer array,
    as Gymnasium's and PettingZoo's ``Discrete`` spaces give) as a Python ``int``, checked.

    Never truncates: ``1.5``, ``"3"``, ``None`` and arrays of more than one value are refused
    rather than read as some other move.

    Raises:
        BadInputError: ``action`` is not one whole number (a bool is refused too).
    """
    if isinstance(action, np.ndarray) and action.shape == ():
        action = action[()]
    if isinstance(action, bool | np.bool_) or not isinstance(action, int | np.integer):
        raise BadInputError(f"an action id is a whole number, got {action!r}")
    return int(action)


class GameSpec(ABC, Generic[S]):
    """One game for the research adapters; see the module docstring.

    Args:
        params: values for some of ``info().parameters`` (missing ones take the default).

    Raises:
        BadInputError: for an unknown parameter or a value out of the rules' range.
    """

    #: The id of the game's solitaire Gymnasium environment (``gameshelf/TripleYatz-v0``),
    #: or None when it has none; its parameters are :attr:`SOLITAIRE_PARAMS`.
    GYM_ID: ClassVar[str | None] = None
    SOLITAIRE_PARAMS: ClassVar[Mapping[str, Any]] = {"players": 1}

    def solitaire_points(self, state: S) -> float:
        """The solitaire player's points so far (a Gymnasium step's reward is what a move
        adds to them).

        Raises:
            NotImplementedError: the game has no solitaire environment (:attr:`GYM_ID`).
        """
        raise NotImplementedError(f"no solitaire environment for {self.info().long_name}")

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        info = self.info()
        known_names = {"players", *info.parameters}  # players: every framework may pass it
        unknown = sorted(set(params or {}) - known_names)
        if unknown:
            known = ", ".join(sorted(known_names))
            raise BadInputError(f"unknown parameter {', '.join(unknown)} of {info.long_name}; "
                                f"its parameters: {known}")
        self.params: dict[str, Any] = {**info.parameters, **(params or {})}

    @classmethod
    @abstractmethod
    def info(cls) -> SpecInfo:
        """The game's fixed description (bounds that hold for every parameter value)."""

    @property
    def players(self) -> int:
        """Seats in this game."""
        return int(self.params.get("players", self.info().min_players))

    def seat(self, player: Any) -> int:
        """``player`` as a seat of this game, checked: every method that answers for one seat
        (observations, information states, ``resample``) calls it first, so a bad seat is
        refused the same way in every game rather than read as another seat (Python's
        ``hands[-1]`` is the last seat's hand: a leak).

        Raises:
            BadInputError: ``player`` is not a whole number from 0 to ``players - 1``
                (a bool, a float, text, :data:`CHANCE` and :data:`TERMINAL` are refused).
        """
        if isinstance(player, bool) or not isinstance(player, int | np.integer) or not (
                0 <= player < self.players):
            raise BadInputError(f"no seat {player!r} in a {self.players}-player "
                                f"{self.info().long_name}; seats are 0 to {self.players - 1}")
        return int(player)

    @abstractmethod
    def initial(self) -> S:
        """A new game's state, before its first chance node (the deal, the first roll)."""

    @abstractmethod
    def current_player(self, state: S) -> int:
        """The seat to act, :data:`CHANCE`, or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self, state: S) -> list[int]:
        """The current player's legal action ids, ascending (empty at chance and terminal)."""

    @abstractmethod
    def chance_outcomes(self, state: S) -> list[tuple[int, float]]:
        """At a chance node: ``(outcome id, probability)`` pairs, ids ascending, summing to 1."""

    @abstractmethod
    def apply(self, state: S, action: int) -> None:
        """Play an action id (or a chance outcome id) on ``state`` in place.

        Raises:
            IllegalActionError: when ``action`` is not legal here.
        """

    @abstractmethod
    def clone(self, state: S) -> S:
        """An independent copy of ``state``."""

    @abstractmethod
    def returns(self, state: S) -> list[float]:
        """Each seat's return; the final result once terminal (0.0 each before the end)."""

    @abstractmethod
    def action_to_string(self, player: int, action: int) -> str:
        """An action id (``player`` may be :data:`CHANCE`) in the game's own notation."""

    @abstractmethod
    def observation_shape(self) -> tuple[int, ...]:
        """The shape of :meth:`observation_tensor` for this game's parameters."""

    @abstractmethod
    def observation_tensor(self, state: S, player: int) -> npt.NDArray[np.float32]:
        """What ``player`` sees now, as a ``float32`` array of :meth:`observation_shape`."""

    def observation_bounds(self) -> tuple[float, float]:
        """The least and greatest value any entry of :meth:`observation_tensor` can take
        (the adapters' ``Box`` spaces); by default unbounded."""
        return (-math.inf, math.inf)

    @abstractmethod
    def observation_string(self, state: S, player: int) -> str:
        """What ``player`` sees now, as text (equal states from that seat give equal text)."""

    @abstractmethod
    def information_state_string(self, state: S, player: int) -> str:
        """All that ``player`` has seen since the start (perfect recall), as text."""

    @abstractmethod
    def resample(self, state: S, player: int, rng: random.Random) -> S:
        """A state ``player`` cannot tell from ``state``, the hidden parts drawn with ``rng``.

        For perfect-information games this is a clone.
        """
