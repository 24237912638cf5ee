"""Pig as a :class:`~gameshelf.rl.spec.GameSpec` over :class:`~tests.games.pig.game.PigState`
(the rules add nothing here).

Player action ids: 0 ``roll``, 1 ``hold``. Chance outcome ids: ``6 * (a - 1) + (b - 1)`` for
the dice ``a b``, each 1/36. Pig hides nothing: the observation is the whole table, the
information state the whole history. The observation tensor, 5 values in [0, 1]: the
viewer's score, the other's, the turn total (each over the target, capped at 1), whether the
viewer is to act, the turns played over their bound. Returns: +1 the winner, -1 the other,
0 each for a draw or before the end.

Example:
    >>> spec = Spec({"target": 20})
    >>> s = spec.initial(); spec.apply(s, 0); spec.current_player(s)
    -1
    >>> spec.action_to_string(-1, 13), len(spec.chance_outcomes(s))
    ('dice 3 2', 36)
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from gameshelf.core.errors import BadInputError, IllegalMoveError
from gameshelf.core.state import CHANCE as ENGINE_CHANCE
from gameshelf.rl.spec import CHANCE, TERMINAL, GameSpec, SpecInfo
from tests.games.pig.game import (
    ALL_DICE,
    MAX_TARGET,
    MAX_TURNS,
    TARGET,
    Action,
    Dice,
    Hold,
    PigState,
    Roll,
    max_actions,
)


def action_id(action: Action) -> int:
    """The id of a move or of the dice."""
    if isinstance(action, Dice):
        return 6 * (action.a - 1) + action.b - 1
    return 0 if isinstance(action, Roll) else 1


class Spec(GameSpec[PigState]):
    """Pig for the research adapters (``target``: the points that win, 10 to 1000)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(params)
        if self.params.get("players", 2) != 2:
            raise BadInputError("Pig is a game for 2 players")
        PigState(target=self.params["target"])   # refuses a bad target
        self.target: int = self.params["target"]

    @classmethod
    def info(cls) -> SpecInfo:
        return SpecInfo(
            short_name="gameshelf_pig", long_name="gameshelf Pig (test game)", min_players=2,
            max_players=2, num_distinct_actions=2, max_chance_outcomes=36, min_utility=-1.0,
            max_utility=1.0, utility_sum=0.0, max_game_length=max_actions(MAX_TARGET),
            perfect_information=True, parameters={"target": TARGET})

    def initial(self) -> PigState:
        return PigState(target=self.target)

    def current_player(self, state: PigState) -> int:
        player = state.current_player()
        return TERMINAL if state.is_terminal() else CHANCE if player == ENGINE_CHANCE \
            else player

    def legal_actions(self, state: PigState) -> list[int]:
        if state.rolling or state.is_terminal():
            return []
        return sorted(action_id(a) for a in state.legal_actions())

    def chance_outcomes(self, state: PigState) -> list[tuple[int, float]]:
        return [(action_id(d), p) for d, p in state.chance_outcomes()]

    def apply(self, state: PigState, action: int) -> None:
        rolling = state.current_player() == ENGINE_CHANCE
        if not 0 <= action < (36 if rolling else 2):
            raise IllegalMoveError(f"no Pig action has id {action}")
        state.apply_action(ALL_DICE[action] if rolling else (Roll(), Hold())[action])

    def clone(self, state: PigState) -> PigState:
        return state.clone()

    def returns(self, state: PigState) -> list[float]:
        if state.winner is None:
            return [0.0, 0.0]
        return [1.0 if seat == state.winner else -1.0 for seat in (0, 1)]

    def action_to_string(self, player: int, action: int) -> str:
        return str(ALL_DICE[action]) if player == CHANCE else ("roll", "hold")[action]

    def observation_shape(self) -> tuple[int, ...]:
        return (5,)

    def observation_bounds(self) -> tuple[float, float]:
        return (0.0, 1.0)

    def observation_tensor(self, state: PigState, player: int) -> npt.NDArray[np.float32]:
        me = self.seat(player)
        return np.array([min(1.0, state.scores[me] / self.target),
                         min(1.0, state.scores[1 - me] / self.target),
                         min(1.0, state.turn_total / self.target),
                         float(state.current_player() == me), state.turns / MAX_TURNS],
                        dtype=np.float32)

    def observation_string(self, state: PigState, player: int) -> str:
        self.seat(player)
        return (f"scores {state.scores[0]} {state.scores[1]} to {self.target}; seat "
                f"{state.seat} has {state.turn_total} this turn"
                f"{' (rolling)' if state.rolling else ''}; turn {state.turns + 1}")

    def information_state_string(self, state: PigState, player: int) -> str:
        self.seat(player)
        return " ".join(f"{e.seat}:{e.kind}:{e.dice}" for e in state.events) + \
            f" | {self.observation_string(state, player)}"

    def resample(self, state: PigState, player: int, rng: random.Random) -> PigState:
        self.seat(player)
        return state.clone()
