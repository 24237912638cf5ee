"""Pig through the research adapters, found by its key in the registry (one line, no other
change): OpenSpiel's ``random_sim_test`` (with serialization) and PettingZoo's
``api_test`` and ``seed_test``."""

from __future__ import annotations

import pytest

from gameshelf.core.gamedef import GameDef

pyspiel = pytest.importorskip("pyspiel")

# Imported before Pig is registered: importing it registers the registry's games with
# OpenSpiel for good (``openspiel.REGISTERED``, which the conformance tests compare).
from gameshelf.rl import openspiel  # noqa: E402


def test_openspiel_random_sim(pig: GameDef) -> None:
    assert "gameshelf_pig" not in openspiel.REGISTERED
    game = openspiel.load("pig", target=30)
    assert game.get_type().short_name == "gameshelf_pig"
    assert game.get_parameters() == {"players": 2, "target": 30}
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)


@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
def test_pettingzoo_api_and_seed_tests(pig: GameDef) -> None:
    from pettingzoo.test import api_test, seed_test

    from gameshelf.rl.pettingzoo import env

    api_test(env("pig", render_mode="ansi", target=30), num_cycles=200)
    seed_test(lambda: env("pig", target=30), num_cycles=50)


def test_a_pettingzoo_game_ends_with_one_winner(pig: GameDef) -> None:
    from gameshelf.rl.pettingzoo import env

    game = env("pig", target=20)
    game.reset(seed=3)
    rewards = dict.fromkeys(game.possible_agents, 0.0)
    for agent in game.agent_iter():
        observation, reward, termination, truncation, _ = game.last()
        rewards[agent] += reward
        mask = None if termination or truncation else observation["action_mask"]
        game.step(None if mask is None else game.action_space(agent).sample(mask))
    assert sorted(rewards.values()) in ([-1.0, 1.0], [0.0, 0.0])
