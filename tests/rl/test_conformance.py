"""Every research game through the OpenSpiel, PettingZoo and Gymnasium adapters.

Walks each game of ``gameshelf.rl.games.spec_games()``, and the
test-only dice race of ``tests/rl/toy.py`` (chance with unequal odds, hidden dice), through
the frameworks' own checks (``pyspiel.random_sim_test``, PettingZoo's ``api_test`` and
``seed_test``, Gymnasium's ``check_env``) and through what the frameworks do not check: stable
action ids, chance odds summing to 1, tensor shapes, serialization round trips, and that a
player's view does not change when only what that player cannot see changes (``resample``).

Playouts are few and short here; the long variants are marked slow.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from gameshelf.rl import openspiel as ospiel  # noqa: E402
from gameshelf.rl.games import spec_class, spec_games  # noqa: E402
from gameshelf.rl.spec import GameSpec  # noqa: E402
from tests.rl.toy import ToySpec  # noqa: E402

PRESENT = list(spec_games())
ALL = ["toy", *PRESENT]


def spec_cls_of(game: str) -> type[GameSpec[Any]]:
    return ToySpec if game == "toy" else spec_class(game)


#: Shorter games for the quick checks (Muggins to 50 points, not 500); slow ones use defaults.
QUICK: dict[str, dict[str, Any]] = {"muggins": {"target": 50}}


def load(game: str, quick: bool = True) -> Any:
    """The OpenSpiel game of ``game``: short parameters (:data:`QUICK`) or the defaults."""
    params = QUICK.get(game, {}) if quick else {}
    return pyspiel.load_game(ospiel.register_spec(spec_cls_of(game)), params)


def playout(game: Any, seed: int, max_steps: int = 10_000) -> Iterator[Any]:
    """The states of one random game (chance by its odds), first to last."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    yield state
    for _ in range(max_steps):
        if state.is_terminal():
            return
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(ids, weights=probs)[0]
        else:
            action = rng.choice(state.legal_actions())
        state = state.child(action)
        yield state
    raise AssertionError(f"no end after {max_steps} steps")


def test_every_game_has_its_spec() -> None:
    assert PRESENT == ["yatz", "muggins", "showdown"]


def test_every_game_registers_under_its_name() -> None:
    assert sorted(ospiel.REGISTERED) == sorted(f"gameshelf_{g}" for g in PRESENT)
    for name in ospiel.REGISTERED:
        assert name in pyspiel.registered_names()


@pytest.mark.parametrize("game", ALL)
def test_openspiel_random_sim(game: str) -> None:
    pyspiel.random_sim_test(load(game), num_sims=2, serialize=False, verbose=False)


def test_toy_random_sim_with_serialization() -> None:
    # registered here: the test must not depend on another test having run on its worker
    name = ospiel.register_spec(ToySpec)
    game = pyspiel.load_game(f"{name}(target=9)")
    assert game.get_parameters() == {"players": 2, "target": 9}
    pyspiel.random_sim_test(game, num_sims=10, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("game", ALL)
def test_openspiel_random_sim_long(game: str) -> None:
    pyspiel.random_sim_test(load(game, quick=False), num_sims=30, serialize=True, verbose=False)


@pytest.mark.parametrize("game", ALL)
def test_game_type_follows_the_spec(game: str) -> None:
    info = spec_cls_of(game).info()
    loaded = load(game)
    kind = loaded.get_type()
    assert kind.short_name == info.short_name
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    hidden = pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert (kind.information == hidden) is not info.perfect_information
    assert kind.provides_information_state_string and kind.provides_observation_tensor
    assert loaded.num_distinct_actions() == info.num_distinct_actions
    assert loaded.max_chance_outcomes() == info.max_chance_outcomes
    assert set(loaded.get_parameters()) == {"players", *info.parameters}  # every spec takes it


@pytest.mark.parametrize("game", ALL)
def test_serialization_round_trip(game: str) -> None:
    loaded = load(game)
    states = list(playout(loaded, seed=11))
    for state in (states[0], states[len(states) // 2], states[-1]):
        text = pyspiel.serialize_game_and_state(loaded, state)
        game2, state2 = pyspiel.deserialize_game_and_state(text)
        assert str(game2) == str(loaded)
        assert state2.history() == state.history()
        assert str(state2) == str(state)
        assert state2.returns() == state.returns()
        for p in range(loaded.num_players()):
            assert state2.information_state_string(p) == state.information_state_string(p)
            assert state2.observation_tensor(p) == state.observation_tensor(p)
        if not state.is_terminal():
            assert state2.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("game", ALL)
def test_chance_ids_and_action_ids(game: str) -> None:
    """Chance odds sum to 1; ids in range, distinct moves, each id one text per seat."""
    loaded = load(game)
    text_of: dict[tuple[int, int], str] = {}
    for seed in (1, 2):
        for state in playout(loaded, seed):
            if state.is_terminal():
                assert state.legal_actions() == [] == pyspiel.State.legal_actions(state)
                continue
            player = state.current_player()
            # The Python shortcuts answer as OpenSpiel's C++ side does.
            assert state.legal_actions() == pyspiel.State.legal_actions(state)
            assert state.is_chance_node() == pyspiel.State.is_chance_node(state)
            for seat in range(loaded.num_players()):
                assert state.legal_actions(seat) == pyspiel.State.legal_actions(state, seat)
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                ids = [a for a, _ in outcomes]
                assert sum(p for _, p in outcomes) == pytest.approx(1.0, abs=1e-9)
                assert all(p > 0 for _, p in outcomes)
                assert all(0 <= a < loaded.max_chance_outcomes() for a in ids)
            else:
                ids = state.legal_actions()
                assert ids, "a player to move has a legal action"
                assert all(0 <= a < loaded.num_distinct_actions() for a in ids)
            assert ids == sorted(set(ids))
            texts = [state.action_to_string(player, a) for a in ids]
            assert len(set(texts)) == len(texts), "two ids name the same move"
            for a, text in zip(ids, texts, strict=True):
                assert text_of.setdefault((player, a), text) == text


@pytest.mark.parametrize("game", ALL)
def test_observation_tensor_shape(game: str) -> None:
    loaded = load(game)
    spec = spec_cls_of(game)(loaded.get_parameters())
    shape = list(spec.observation_shape())
    assert loaded.observation_tensor_shape() == shape
    size = int(np.prod(shape))
    low, high = spec.observation_bounds()
    for state in playout(loaded, seed=3):
        for p in range(loaded.num_players()):
            tensor = spec.observation_tensor(state.engine_state, p)
            assert tensor.dtype == np.float32 and list(tensor.shape) == shape
            assert low <= tensor.min() and tensor.max() <= high
            assert len(state.observation_tensor(p)) == size


@pytest.mark.parametrize("game", ALL)
def test_resampled_states_look_the_same_to_the_player(game: str) -> None:
    """Information hiding: changing only what a seat cannot see changes nothing it sees."""
    loaded = load(game)
    rng = random.Random(5)
    changed = 0
    for state in playout(loaded, seed=4):
        if state.is_terminal() or state.is_chance_node():
            continue
        for p in range(loaded.num_players()):
            other = state.resample_from_infostate(p, rng)
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.observation_string(p) == state.observation_string(p)
            assert other.observation_tensor(p) == state.observation_tensor(p)
            if p == state.current_player():
                assert other.legal_actions() == state.legal_actions()
            changed += str(other) != str(state)
    if not spec_cls_of(game).info().perfect_information:
        assert changed, "resample never drew a different hidden state"


def test_resample_takes_openspiel_and_numpy_generators() -> None:
    state = next(s for s in playout(load("toy"), seed=6) if not s.is_chance_node() and s.history())
    player = state.current_player()
    for rng in (
        pyspiel.UniformProbabilitySampler(0.0, 1.0),
        np.random.default_rng(1),
        np.random.RandomState(1),
        random.Random(1),
    ):
        other = state.resample_from_infostate(player, rng)
        assert other.information_state_string(player) == state.information_state_string(player)
    with pytest.raises(pyspiel.SpielError, match="resampled"):
        pyspiel.serialize_game_and_state(state.get_game(), other)


def test_ismcts_bot_plays_with_the_resampler() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = load("toy")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 20, random_state=np.random.RandomState(2))
    bot.set_resampler(ospiel.resampler(3))
    rng = random.Random(4)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(ids, weights=probs)[0])
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert sorted(state.returns()) == [-1.0, 1.0]


def test_unsupported_observer_is_refused() -> None:
    game = load("toy")
    public_only = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    with pytest.raises(ValueError, match="own view"):
        game.make_py_observer(public_only)


# ----- PettingZoo ---------------------------------------------------------------------------


def pz_env(game: str, **params: Any) -> Any:
    from gameshelf.rl.pettingzoo import SpecEnv, env

    if game == "toy":
        from pettingzoo.utils import wrappers

        return wrappers.OrderEnforcingWrapper(SpecEnv(ToySpec(params), render_mode="ansi"))
    return env(game, render_mode="ansi", **{**QUICK.get(game, {}), **params})


# Observations are dicts with an action mask, as in PettingZoo's own classic games; api_test
# warns about any dict observation.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("game", ALL)
def test_pettingzoo_api_test(game: str) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    api_test(pz_env(game), num_cycles=60)


@pytest.mark.parametrize("game", ALL)
def test_pettingzoo_seed_test(game: str) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import seed_test

    seed_test(lambda: pz_env(game), num_cycles=60)


@pytest.mark.parametrize("game", ALL)
def test_pettingzoo_plays_to_the_end_with_final_rewards(game: str) -> None:
    pytest.importorskip("pettingzoo")
    env = pz_env(game)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter(100_000):
        observation, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        mask = observation["action_mask"]
        assert observation["observation"].dtype == np.float32
        assert mask.dtype == np.int8 and mask.any()
        legal = np.flatnonzero(mask)
        env.step(int(rng.choice(legal)))
    assert env.agents == []
    info = env.unwrapped.spec.info()
    assert all(info.min_utility <= r <= info.max_utility for r in totals.values())
    if info.utility_sum is not None:
        assert sum(totals.values()) == pytest.approx(info.utility_sum)


def test_pettingzoo_refuses_an_illegal_action_and_a_bad_render_mode() -> None:
    pytest.importorskip("pettingzoo")
    from gameshelf.core.errors import GameshelfError
    from gameshelf.rl.pettingzoo import SpecEnv

    with pytest.raises(ValueError, match="render mode"):
        SpecEnv(ToySpec(), render_mode="human")
    env = pz_env("toy")
    env.reset(seed=1)
    with pytest.raises(GameshelfError):
        env.step(7)
    assert "player_0" in env.render()


# ----- Gymnasium (solitaire triple Yatz) ----------------------------------------------------

needs_yatz = pytest.mark.skipif("yatz" not in PRESENT,
                                reason="gameshelf.games.yatz.rl not there yet")


@needs_yatz
@pytest.mark.parametrize("render_mode", [None, "ansi"])
def test_gymnasium_check_env(render_mode: str | None) -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from gymnasium.utils.env_checker import check_env

    from gameshelf.rl.gym import ENV_IDS

    # Made by gymnasium.make, the checker also renders in each declared mode.
    check_env(gymnasium.make(ENV_IDS["yatz"], render_mode=render_mode).unwrapped)


@needs_yatz
def test_gymnasium_rewards_add_up_to_the_grand_total() -> None:
    gymnasium = pytest.importorskip("gymnasium")
    from gameshelf.rl.gym import ENV_IDS

    env = gymnasium.make(ENV_IDS["yatz"])
    observation, info = env.reset(seed=5)
    env.action_space.seed(5)
    total, steps, illegal_tried = 0.0, 0, False
    while True:
        if not illegal_tried and not info["action_mask"].all():  # an id outside the mask
            # changes nothing (the first decision of a turn may allow every id)
            illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
            same, reward, terminated, _, info = env.step(illegal)
            assert info["illegal"] and reward == 0.0 and not terminated
            assert (same == observation).all()
            illegal_tried = True
        observation, reward, terminated, truncated, info = env.step(
            env.action_space.sample(info["action_mask"])
        )
        assert not info["illegal"] and env.observation_space.contains(observation)
        total += reward
        steps += 1
        if terminated or truncated:
            break
    assert terminated and not truncated and steps <= 117 and illegal_tried
    unwrapped = env.unwrapped
    assert total == unwrapped.game.returns(unwrapped.state)[0] > 0
    assert not info["action_mask"].any()


# ----- other seat counts ----------------------------------------------------------------------

SEATS = [("yatz", 1), ("yatz", 3), ("yatz", 9), ("showdown", 3), ("showdown", 4)]


def _seat_check(game: str, players: int) -> None:
    pytest.importorskip("pettingzoo")
    import warnings

    from pettingzoo.test import api_test, seed_test

    loaded = pyspiel.load_game(f"gameshelf_{game}", {"players": players})
    assert loaded.num_players() == players
    pyspiel.random_sim_test(loaded, num_sims=1, serialize=False, verbose=False)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the dict-observation warnings, as above
        api_test(pz_env(game, players=players), num_cycles=40)
    seed_test(lambda: pz_env(game, players=players), num_cycles=40)


def test_solitaire_yatz_in_both_frameworks() -> None:
    _seat_check("yatz", 1)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), SEATS[1:])
def test_other_seat_counts_in_both_frameworks(game: str, players: int) -> None:
    _seat_check(game, players)
