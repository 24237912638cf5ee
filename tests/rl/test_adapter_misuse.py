"""Careless use of the research adapters, walked over every game of ``spec_games()``.

- A seat that is not one (-1, ``players``, a bool, a float, text) is refused by every method
  that answers for one seat, in every spec: Python's ``hands[-1]`` once gave Muggins seat -1
  the other rack in its information state, and Yatz answered for seat 99.
- An action that is not one whole number (``1.5``, ``"3"``, ``None``) is refused by every
  adapter, never truncated to another move.
- Every spec declares finite observation bounds (the adapters' Box spaces).
- A finished (or never started) Gymnasium game refuses ``step`` instead of answering as if it
  went on.
"""

from __future__ import annotations

import importlib.util
import random
from typing import Any

import numpy as np
import pytest

from gameshelf.core.errors import BadInputError
from gameshelf.rl.games import spec_class, spec_games
from gameshelf.rl.spec import CHANCE, TERMINAL, action_int

pytest.importorskip("pyspiel")

PRESENT = list(spec_games())
QUICK: dict[str, dict[str, Any]] = {"muggins": {"target": 50}}
PER_SEAT = ("observation_tensor", "observation_string", "information_state_string", "resample")


def mid_game(game: str, steps: int = 12) -> tuple[Any, Any]:
    """A spec of ``game`` and a state some random moves in (past the deal)."""
    spec = spec_class(game)(QUICK.get(game, {}))
    state = spec.initial()
    rng = random.Random(3)
    for _ in range(steps):
        player = spec.current_player(state)
        if player == TERMINAL:
            break
        if player == CHANCE:
            ids, probs = zip(*spec.chance_outcomes(state), strict=True)
            spec.apply(state, rng.choices(ids, weights=probs)[0])
        else:
            spec.apply(state, rng.choice(spec.legal_actions(state)))
    return spec, state


def test_every_game_is_walked() -> None:
    assert PRESENT == ["yatz", "muggins", "showdown"]


@pytest.mark.parametrize("game", PRESENT)
def test_every_per_seat_method_refuses_a_seat_that_is_not_one(game: str) -> None:
    spec, state = mid_game(game)
    n = spec.players
    for method in PER_SEAT:
        call = getattr(spec, method)
        extra = (random.Random(1),) if method == "resample" else ()
        for seat in range(n):
            call(state, seat, *extra)
            call(state, np.int64(seat), *extra)
        for bad in (-1, n, 99, CHANCE, TERMINAL, True, 1.5, "0", None):
            with pytest.raises(BadInputError, match="no seat"):
                call(state, bad, *extra)


@pytest.mark.parametrize("game", PRESENT)
def test_every_spec_declares_finite_observation_bounds(game: str) -> None:
    """An unbounded Box made Gymnasium's check_env warn for Yatz, whose tensor is in 0..1;
    the tensors staying inside the bounds is test_conformance's check."""
    low, high = spec_class(game)(QUICK.get(game, {})).observation_bounds()
    assert np.isfinite(low) and np.isfinite(high) and low < high


@pytest.mark.parametrize("bad", [1.5, "3", None, np.array([1, 2]), 2.0, True])
def test_action_int_refuses_what_is_not_one_whole_number(bad: Any) -> None:
    with pytest.raises(BadInputError, match="whole number"):
        action_int(bad)


def test_action_int_takes_the_integers_spaces_give() -> None:
    assert [action_int(a) for a in (3, np.int64(3), np.array(3), np.int8(3))] == [3] * 4


@pytest.mark.filterwarnings("ignore")
@pytest.mark.parametrize("game", PRESENT)
def test_pettingzoo_raw_env_never_truncates_an_action(game: str) -> None:
    from gameshelf.rl.pettingzoo import SpecEnv

    env = SpecEnv(spec_class(game)(QUICK.get(game, {})))
    env.reset(seed=1)
    legal = int(np.flatnonzero(env.observe(env.agent_selection)["action_mask"])[0])
    before = env.observe(env.agent_selection)["observation"].copy()
    with pytest.raises(BadInputError, match="whole number"):
        env.step(legal + 0.5)
    assert np.array_equal(env.observe(env.agent_selection)["observation"], before)
    env.step(np.array(legal))  # a 0-d array, as a Discrete space samples, is one id


@pytest.mark.skipif(importlib.util.find_spec("gameshelf.games.yatz.rl") is None, reason="no Yatz")
def test_gymnasium_refuses_a_float_and_steps_after_the_end() -> None:
    import gymnasium

    from gameshelf.rl.gym import SolitaireEnv

    env = SolitaireEnv("yatz")
    with pytest.raises(gymnasium.error.ResetNeeded):
        env.step(0)
    _, info = env.reset(seed=4)
    with pytest.raises(BadInputError, match="whole number"):
        env.step(1.5)
    terminated = False
    rng = np.random.default_rng(0)
    while not terminated:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, _, terminated, truncated, info = env.step(action)
        assert not truncated
    for action in (0, 40):
        with pytest.raises(gymnasium.error.ResetNeeded, match="game is over"):
            env.step(action)


@pytest.mark.parametrize("game", PRESENT)
def test_openspiel_takes_players_for_every_game(game: str) -> None:
    """Every spec takes ``players``, so OpenSpiel does too: ``gameshelf_muggins(players=2)``
    was refused as an unknown parameter while PettingZoo's env took it."""
    import pyspiel

    from gameshelf.rl import openspiel

    info = spec_class(game).info()
    name = openspiel.register_spec(spec_class(game))
    assert pyspiel.load_game(name, {"players": info.min_players}).num_players() == info.min_players
    with pytest.raises(BadInputError):
        pyspiel.load_game(name, {"players": info.max_players + 1})
