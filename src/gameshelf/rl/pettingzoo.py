"""Our games as PettingZoo AEC environments: one generic ``AECEnv`` over any GameSpec.

::

    from gameshelf.rl.pettingzoo import env
    game = env("muggins", players=2)
    game.reset(seed=7)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, info = game.last()
        mask = None if termination else observation["action_mask"]
        game.step(None if termination else game.action_space(agent).sample(mask))

Agents are ``player_0 .. player_<n-1>`` (the spec's seats). Each observation is a dict:
``"observation"``, the spec's ``float32`` tensor of ``spec.observation_shape()`` (what that
seat may see, and nothing more), and ``"action_mask"``, an ``int8`` vector of
``num_distinct_actions`` with 1 at each legal action id of the seat to move (all 0 for the
others). Actions are the spec's stable ids (``Discrete(num_distinct_actions)``). Chance is
resolved inside the environment by the spec's listed odds, with the environment's own
``numpy`` generator seeded by ``reset(seed=...)``. Rewards come once, at the end: each
seat's ``spec.returns()``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from gameshelf.rl import missing_extra
from gameshelf.rl.games import spec_class
from gameshelf.rl.spec import CHANCE, TERMINAL, GameSpec, action_int

try:
    from gymnasium import spaces
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers
except ModuleNotFoundError as err:
    raise missing_extra(err, __name__) from None

Observation = dict[str, npt.NDArray[Any]]


def agent_name(seat: int) -> str:
    """The PettingZoo agent name of a seat (``player_0``)."""
    return f"player_{seat}"


class SpecEnv(AECEnv):  # type: ignore[misc]
    """A PettingZoo ``AECEnv`` over one spec (the raw environment; :func:`env` wraps it).
    ``render_mode``: None, or ``"ansi"`` for :meth:`render` to give each seat's view as text.

    Raises:
        ValueError: for another render mode.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, spec: GameSpec[Any], render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render mode {render_mode!r} is not one of None, 'ansi'")
        info = spec.info()
        self.metadata = {**self.metadata, "name": f"{info.short_name}_v0"}
        self.spec = spec
        self.render_mode = render_mode
        self.possible_agents = [agent_name(p) for p in range(spec.players)]
        self.agents: list[str] = []
        low, high = spec.observation_bounds()
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(low, high, spec.observation_shape(), np.float32),
                    "action_mask": spaces.Box(0, 1, (info.num_distinct_actions,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(info.num_distinct_actions) for agent in self.possible_agents
        }
        self._rng = np.random.default_rng()
        self.state: Any = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent`` (the same object every call)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` reseeds the chance generator (else it goes on)."""
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        self.state = self.spec.initial()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._after_move()

    def observe(self, agent: str) -> Observation:
        """What ``agent`` sees now, and its legal-action mask (all 0 when not to move)."""
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.spec.info().num_distinct_actions, np.int8)
        if self.spec.current_player(self.state) == seat:
            mask[self.spec.legal_actions(self.state)] = 1
        return {
            "observation": self.spec.observation_tensor(self.state, seat),
            "action_mask": mask,
        }

    def step(self, action: Any) -> None:
        """Play the selected agent's action id (None once it is terminated).

        Raises:
            GameshelfError: for an action id not legal now (the spec's check), or an action
                that is not one whole number (``1.5`` is not read as 1).
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        move = action_int(action)
        self._cumulative_rewards[agent] = 0.0
        self.spec.apply(self.state, move)
        self._after_move()
        self._accumulate_rewards()

    def _after_move(self) -> None:
        """Resolve chance, then select the seat to move, or give the final rewards."""
        spec, state = self.spec, self.state
        player = spec.current_player(state)
        while player == CHANCE:
            ids, probs = zip(*spec.chance_outcomes(state), strict=True)
            cumulative = np.cumsum(probs)
            index = int(np.searchsorted(cumulative, self._rng.random() * cumulative[-1], "right"))
            spec.apply(state, ids[min(index, len(ids) - 1)])
            player = spec.current_player(state)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if player == TERMINAL:
            returns = spec.returns(state)
            for seat, agent in enumerate(self.possible_agents):
                if agent in self.agents:
                    self.rewards[agent] = float(returns[seat])
                    self.terminations[agent] = True
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = agent_name(player)

    def render(self) -> str | None:
        """Each seat's view as text (``render_mode="ansi"``); None without a render mode."""
        if self.render_mode is None or self.state is None:
            return None
        return "\n".join(
            f"{agent}: {self.spec.observation_string(self.state, seat)}"
            for seat, agent in enumerate(self.possible_agents)
        )

    def close(self) -> None:
        """Nothing to release."""


def env(game: str, render_mode: str | None = None, **params: Any) -> AECEnv:
    """The AEC environment of ``game`` (one of :func:`~gameshelf.rl.games.spec_games`) with
    the spec's ``params`` (``players=3``), in PettingZoo's order-enforcing and action-bounds
    wrappers.

    Raises:
        KeyError: for an unknown game.
        GameshelfError: for a parameter out of the rules' range (the spec's check).
    """
    raw = SpecEnv(spec_class(game)(params), render_mode=render_mode)
    wrapped: AECEnv = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(raw))
    return wrapped
