"""Muggins' research spec: stable ids that round-trip, a game through the spec is the
engine's game, what a seat sees never shows the hidden tiles, and resampling keeps what the
seat has seen while conserving the tiles."""

from __future__ import annotations

import doctest
import random

import numpy as np
import pytest

from gameshelf.core.errors import BadInputError, IllegalMoveError
from gameshelf.games.muggins import rl as rl_muggins
from gameshelf.games.muggins.game import MugginsState, Phase, parse_action
from gameshelf.games.muggins.rl import (
    DRAW_ID,
    NUM_ACTIONS,
    NUM_OUTCOMES,
    PASS_ID,
    Spec,
    action_id,
    action_of,
)
from gameshelf.games.muggins.tiles import DEALT_TILES
from gameshelf.rl.games import spec_class
from gameshelf.rl.spec import CHANCE, TERMINAL


def test_module_examples_and_registry() -> None:
    result = doctest.testmod(rl_muggins)
    assert result.attempted > 0 and result.failed == 0
    assert spec_class("muggins") is Spec
    info = Spec.info()
    assert (info.num_distinct_actions, info.max_chance_outcomes) == (NUM_ACTIONS, NUM_OUTCOMES)
    assert info.utility_sum == 0.0 and not info.perfect_information
    assert Spec({"players": 2, "target": 50}).target == 50


def test_ids_round_trip_through_actions_and_text() -> None:
    spec = Spec()
    for aid in range(NUM_ACTIONS):
        action = action_of(0, aid)
        assert action_id(action) == aid
        assert action_id(parse_action(spec.action_to_string(0, aid))) == aid
    for oid in range(NUM_OUTCOMES):
        text = spec.action_to_string(CHANCE, oid)
        assert text.startswith("take ") and action_id(parse_action(text)) == oid
    assert spec.action_to_string(1, DRAW_ID) == "draw"
    assert spec.action_to_string(1, PASS_ID) == "pass"
    for bad in (-1, NUM_ACTIONS):
        with pytest.raises(IllegalMoveError):
            action_of(0, bad)
    with pytest.raises(IllegalMoveError):
        action_of(CHANCE, NUM_OUTCOMES)


@pytest.mark.parametrize(
    "params",
    [
        {"target": 4},
        {"target": 10_001},
        {"target": "50"},
        {"target": True},
        {"players": 3},
        {"colour": 1},
    ],
)
def test_bad_parameters_are_refused(params: dict[str, object]) -> None:
    with pytest.raises(BadInputError):
        Spec(params)


def _random_game(seed: int, target: int, check: bool) -> tuple[Spec, MugginsState, int]:
    """Play one seeded random game through the spec and, in step, the engine's own actions
    on a second state; compare them at every step. Returns (spec, spec's state, steps)."""
    rng = random.Random(seed)
    spec = Spec({"target": target})
    state = spec.initial()
    engine = MugginsState(target=target)
    steps = 0
    while spec.current_player(state) != TERMINAL:
        player = spec.current_player(state)
        if player == CHANCE:
            outcomes = spec.chance_outcomes(state)
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
            assert [o for o, _ in outcomes] == sorted(t.index for t in engine.boneyard)
            assert spec.legal_actions(state) == []
            aid = rng.choice(outcomes)[0]
        else:
            legal = spec.legal_actions(state)
            assert legal == sorted(legal) and spec.chance_outcomes(state) == []
            assert legal == [action_id(a) for a in engine.legal_actions()]
            aid = rng.choice(legal)
        if check and player != CHANCE:
            illegal = next(i for i in range(NUM_ACTIONS) if i not in spec.legal_actions(state))
            with pytest.raises(IllegalMoveError):
                spec.apply(spec.clone(state), illegal)
        if check:  # every tensor of the game within the declared bounds, deal included
            for seat in (0, 1):
                tensor = spec.observation_tensor(state, seat)
                assert 0.0 <= float(tensor.min()) and float(tensor.max()) <= 1.0
        spec.apply(state, aid)
        engine.apply_action(action_of(player, aid))
        steps += 1
        assert state.scores == engine.scores and state.phase is engine.phase
        assert spec.returns(state) == [0.0, 0.0] or state.phase is Phase.OVER
    assert state.hands == engine.hands and state.rounds == engine.rounds
    assert engine.is_terminal() and spec.legal_actions(state) == []
    returns = spec.returns(state)
    assert sorted(returns) == [-1.0, 1.0] and returns[state.winner or 0] == 1.0
    return spec, state, steps


@pytest.mark.parametrize("seed", [1, 2])
def test_a_random_game_through_the_spec_is_the_engines(seed: int) -> None:
    _, _, steps = _random_game(seed, target=60, check=seed == 1)
    assert steps > 40


def _decision_points(seed: int, target: int) -> list[MugginsState]:
    rng = random.Random(seed)
    spec = Spec({"target": target})
    state = spec.initial()
    points = []
    while spec.current_player(state) != TERMINAL:
        player = spec.current_player(state)
        if player == CHANCE:
            spec.apply(state, rng.choice(spec.chance_outcomes(state))[0])
            continue
        if state.events and state.events[-1].kind == "draw" or rng.random() < 0.2:
            points.append(spec.clone(state))
        spec.apply(state, rng.choice(spec.legal_actions(state)))
    return points


def test_resample_keeps_what_the_seat_saw_and_conserves_tiles() -> None:
    spec = Spec({"target": 200})
    rng = random.Random(7)
    points = _decision_points(3, 200)
    assert len(points) > 10
    changed = 0
    for state in points:
        for player in (0, 1):
            other = 1 - player
            seen = (
                spec.observation_string(state, player),
                spec.information_state_string(state, player),
                spec.observation_tensor(state, player),
            )
            before = (set(state.hands[other]), set(state.boneyard))
            world = spec.resample(state, player, rng)
            assert (set(state.hands[other]), set(state.boneyard)) == before  # not changed
            assert spec.observation_string(world, player) == seen[0]
            assert spec.information_state_string(world, player) == seen[1]
            assert np.array_equal(spec.observation_tensor(world, player), seen[2])
            assert world.hands[player] == state.hands[player]
            assert len(world.hands[other]) == len(state.hands[other])
            assert len(world.boneyard) == len(state.boneyard)
            on_board = [p.tile for p in (*world.left, *world.right)]
            every = [*world.hands[0], *world.hands[1], *world.boneyard, *on_board]
            assert sorted(every) == sorted(DEALT_TILES)  # each tile once
            assert not any(t.has(n) for t in world.hands[other] for n in world.void[other])
            if spec.current_player(state) == player:
                assert spec.legal_actions(world) == spec.legal_actions(state)
            changed += world.hands[other] != state.hands[other]
    assert changed > 0
    with pytest.raises(BadInputError):
        spec.resample(points[0], CHANCE, rng)


def test_what_a_seat_sees_never_shows_the_hidden_tiles() -> None:
    spec = Spec({"target": 80})
    state = _decision_points(5, 80)[3]
    for player in (0, 1):
        other = 1 - player
        tensor = spec.observation_tensor(state, player)
        assert tensor.shape == spec.observation_shape() and tensor.dtype == np.float32
        low, high = spec.observation_bounds()
        assert low <= float(tensor.min()) and float(tensor.max()) <= high
        assert {i for i in range(NUM_OUTCOMES) if tensor[i]} == {
            t.index for t in state.hands[player]
        }
        rack = spec.observation_string(state, player).split("; ")[1]
        assert rack == "rack " + " ".join(str(t) for t in sorted(state.hands[player]))
        # swapping every hidden tile changes nothing the seat sees
        swapped = spec.clone(state)
        swapped.hands[other], swapped.boneyard = (
            set(sorted(state.hands[other] | state.boneyard)[: len(state.hands[other])]),
            set(sorted(state.hands[other] | state.boneyard)[len(state.hands[other]) :]),
        )
        assert spec.observation_string(swapped, player) == spec.observation_string(state, player)
        assert np.array_equal(spec.observation_tensor(swapped, player), tensor)
        assert spec.information_state_string(swapped, player) == spec.information_state_string(
            state, player
        )
    assert spec.information_state_string(state, 0) != spec.information_state_string(state, 1)
