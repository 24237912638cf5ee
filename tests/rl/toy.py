"""A tiny two-player dice race with hidden dice: the adapters' test game (not a gameshelf game).

Rules: each player holds one secret die (1, 2 or 3; chance deals it with probabilities 1/2,
1/4, 1/4), seen only by its owner. In turn a player either *walks* (score + 1, keeps the die)
or *runs* (score + the die, shows it, and chance deals that player a new secret die). The
first to ``target`` points wins (+1; the other -1).

It has what the real specs have: chance nodes with unequal probabilities, parameters, hidden
information that ``resample`` redraws, and information-state strings with perfect recall.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from gameshelf.core.errors import IllegalMoveError
from gameshelf.rl.spec import CHANCE, TERMINAL, GameSpec, SpecInfo

WALK, RUN = 0, 1
DIE = (1, 2, 3)
DIE_P = (0.5, 0.25, 0.25)


@dataclass
class ToyState:
    """Scores, secret dice (0 = not dealt yet) and the log of (actor, action) events."""

    target: int
    scores: list[int] = field(default_factory=lambda: [0, 0])
    secrets: list[int] = field(default_factory=lambda: [0, 0])
    deal_to: list[int] = field(default_factory=lambda: [0, 1])
    turn: int = 0
    log: list[tuple[int, int, int]] = field(default_factory=list)  # (actor, seat, action)


class ToySpec(GameSpec[ToyState]):
    """The dice race as a :class:`GameSpec`."""

    @classmethod
    def info(cls) -> SpecInfo:
        return SpecInfo(
            short_name="gameshelf_toyrace",
            long_name="gameshelf test dice race",
            min_players=2,
            max_players=2,
            num_distinct_actions=2,
            max_chance_outcomes=3,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=200,
            perfect_information=False,
            parameters={"players": 2, "target": 5},
        )

    def initial(self) -> ToyState:
        return ToyState(target=int(self.params["target"]))

    def current_player(self, state: ToyState) -> int:
        if max(state.scores) >= state.target:
            return TERMINAL
        if state.deal_to:
            return CHANCE
        return state.turn

    def legal_actions(self, state: ToyState) -> list[int]:
        return [WALK, RUN] if self.current_player(state) >= 0 else []

    def chance_outcomes(self, state: ToyState) -> list[tuple[int, float]]:
        return list(enumerate(DIE_P)) if self.current_player(state) == CHANCE else []

    def apply(self, state: ToyState, action: int) -> None:
        player = self.current_player(state)
        if player == CHANCE:
            if action not in range(3):
                raise IllegalMoveError(f"no die face {action}")
            seat = state.deal_to.pop(0)
            state.secrets[seat] = DIE[action]
            state.log.append((CHANCE, seat, action))
            return
        if player < 0 or action not in (WALK, RUN):
            raise IllegalMoveError(f"action {action} is not legal here")
        state.log.append((player, player, action))
        if action == WALK:
            state.scores[player] += 1
        else:
            state.scores[player] += state.secrets[player]
            state.log.append((player, player, 10 + state.secrets[player]))  # the die shown
            state.secrets[player] = 0
            state.deal_to.append(player)
        state.turn = 1 - player

    def clone(self, state: ToyState) -> ToyState:
        return ToyState(
            state.target,
            list(state.scores),
            list(state.secrets),
            list(state.deal_to),
            state.turn,
            list(state.log),
        )

    def returns(self, state: ToyState) -> list[float]:
        if self.current_player(state) != TERMINAL:
            return [0.0, 0.0]
        winner = 0 if state.scores[0] >= state.target else 1
        return [1.0 if p == winner else -1.0 for p in (0, 1)]

    def action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"die {DIE[action]}"
        return ("walk", "run")[action]

    def observation_shape(self) -> tuple[int, ...]:
        return (6,)

    def observation_bounds(self) -> tuple[float, float]:
        return (0.0, 1.0)

    def observation_tensor(self, state: ToyState, player: int) -> npt.NDArray[np.float32]:
        out = np.zeros(6, np.float32)
        if state.secrets[player]:
            out[state.secrets[player] - 1] = 1.0
        out[3] = state.scores[player] / (state.target + 2)  # a run can pass the target by 2
        out[4] = state.scores[1 - player] / (state.target + 2)
        out[5] = float(self.current_player(state) == player)
        return out

    def observation_string(self, state: ToyState, player: int) -> str:
        return (
            f"me {state.scores[player]} them {state.scores[1 - player]} "
            f"die {state.secrets[player] or '-'} to move {self.current_player(state)}"
        )

    def information_state_string(self, state: ToyState, player: int) -> str:
        seen = []
        for actor, seat, action in state.log:
            if actor == CHANCE:
                seen.append(f"d{seat}:{action if seat == player else '?'}")
            else:
                seen.append(f"p{seat}:{action}")
        return f"p{player} " + " ".join(seen)

    def resample(self, state: ToyState, player: int, rng: random.Random) -> ToyState:
        out = self.clone(state)
        other = 1 - player
        if out.secrets[other]:
            face = rng.choices(range(3), weights=DIE_P)[0]
            out.secrets[other] = DIE[face]
            # The last deal to the other seat is the die it holds now.
            for i in range(len(out.log) - 1, -1, -1):
                actor, seat, _ = out.log[i]
                if actor == CHANCE and seat == other:
                    out.log[i] = (CHANCE, seat, face)
                    break
        return out
