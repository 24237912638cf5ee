"""Solitaire games as Gymnasium single-agent environments: every game whose research spec
names a Gymnasium id (:attr:`~gameshelf.rl.spec.GameSpec.GYM_ID`), today solitaire triple
Yatz.

::

    import gymnasium
    import gameshelf.rl.gym  # noqa: F401  (registers the environment)
    env = gymnasium.make("gameshelf/TripleYatz-v0")
    observation, info = env.reset(seed=7)
    while True:
        action = env.action_space.sample(info["action_mask"])
        observation, reward, terminated, truncated, info = env.step(action)
        if terminated or truncated:
            break

The game is the spec's with one player: actions are its stable ids (``Discrete``),
observations its ``float32`` tensor. Chance is drawn inside the environment by the spec's
odds, with Gymnasium's generator seeded by ``reset(seed=...)``. Reward: the points each step
adds to the spec's :meth:`~gameshelf.rl.spec.GameSpec.solitaire_points`, so an episode's
rewards add up to the spec's solitaire return.

``info["action_mask"]`` is an ``int8`` vector with 1 at each legal id. An id outside the mask
changes nothing: reward 0 and ``info["illegal"]`` True (sample with the mask to avoid them).
An action that is not one whole number (``1.5``, ``"3"``) raises ``BadInputError``, and a step
once the game is over (or before ``reset``) raises ``gymnasium.error.ResetNeeded``.
``gymnasium.make`` adds a time limit of 1,000 steps for agents that keep choosing illegal ids.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from gameshelf.core.errors import IllegalMoveError
from gameshelf.rl import missing_extra
from gameshelf.rl.games import spec_class, spec_games
from gameshelf.rl.spec import CHANCE, TERMINAL, action_int

try:
    import gymnasium
    from gymnasium import spaces
except ModuleNotFoundError as err:
    raise missing_extra(err, __name__) from None

#: Game -> the id ``gymnasium.make`` knows its solitaire environment by.
ENV_IDS: dict[str, str] = {g: i for g in spec_games() if (i := spec_class(g).GYM_ID)}
#: The time limit ``gymnasium.make`` adds (steps, legal or not).
MAX_EPISODE_STEPS = 1000

Observation = npt.NDArray[np.float32]


class SolitaireEnv(gymnasium.Env[Observation, np.int64]):
    """A game's solitaire environment (see the module docstring). ``render_mode``: None, or
    ``"ansi"`` for :meth:`render` to give the player's view as text.

    Raises:
        ValueError: for another render mode.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(self, game: str, render_mode: str | None = None) -> None:
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render mode {render_mode!r} is not one of None, 'ansi'")
        self.render_mode = render_mode
        cls = spec_class(game)
        self.game = cls(cls.SOLITAIRE_PARAMS)
        info = self.game.info()
        self._actions = info.num_distinct_actions
        low, high = self.game.observation_bounds()
        self.observation_space = spaces.Box(low, high, self.game.observation_shape(), np.float32)
        self.action_space = spaces.Discrete(self._actions)
        self.state: Any = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """A new game, its first roll made."""
        super().reset(seed=seed)
        self.state = self.game.initial()
        self._roll()
        return self._observation(), self._info(illegal=False)

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Play an action id; the dice it rolls are rolled before this returns.

        Raises:
            gymnasium.error.ResetNeeded: before :meth:`reset`, or once the game is over (a
                finished game is never stepped on as if it went on).
            BadInputError: ``action`` is not one whole number (``1.5`` is not read as 1).
        """
        if self.state is None or self.game.current_player(self.state) == TERMINAL:
            raise gymnasium.error.ResetNeeded(
                "the game is over: call reset() for a new one" if self.state is not None
                else "call reset() before step()")
        move = action_int(action)
        before = self.game.solitaire_points(self.state)
        try:
            self.game.apply(self.state, move)
        except IllegalMoveError:
            return self._observation(), 0.0, False, False, self._info(illegal=True)
        self._roll()
        reward = self.game.solitaire_points(self.state) - before
        terminated = self.game.current_player(self.state) == TERMINAL
        return self._observation(), reward, terminated, False, self._info(illegal=False)

    def _roll(self) -> None:
        """Resolve the chance nodes (dice) by the spec's odds with ``self.np_random``."""
        while self.game.current_player(self.state) == CHANCE:
            ids, probs = zip(*self.game.chance_outcomes(self.state), strict=True)
            cumulative = np.cumsum(probs)
            u = self.np_random.random() * cumulative[-1]
            index = min(int(np.searchsorted(cumulative, u, "right")), len(ids) - 1)
            self.game.apply(self.state, ids[index])

    def _observation(self) -> Observation:
        return self.game.observation_tensor(self.state, 0)

    def _info(self, *, illegal: bool) -> dict[str, Any]:
        mask = np.zeros(self._actions, np.int8)
        mask[self.game.legal_actions(self.state)] = 1
        return {"action_mask": mask, "illegal": illegal}

    def render(self) -> str | None:  # type: ignore[override]
        """The player's view as text (``render_mode="ansi"``); None without a render mode."""
        if self.render_mode is None or self.state is None:
            return None
        return self.game.observation_string(self.state, 0)


for _game, _env_id in ENV_IDS.items():
    if _env_id not in gymnasium.registry:
        gymnasium.register(_env_id, entry_point=f"{__name__}:SolitaireEnv",
                           max_episode_steps=MAX_EPISODE_STEPS, kwargs={"game": _game})
