"""The Yatz spec (gameshelf.games.yatz.rl): stable ids, chance, games equal to the engine's."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import numpy as np
import pytest

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError, IllegalMoveError
from gameshelf.games.yatz.game import (
    ALL_HELD,
    COLUMNS,
    HOLDS,
    Action,
    Dice,
    Hold,
    Roll,
    Score,
    YatzState,
    parse_action,
)
from gameshelf.games.yatz.players import make_player
from gameshelf.games.yatz.rl import (
    CHANCE_FACES,
    NUM_ACTIONS,
    NUM_CHANCE_OUTCOMES,
    SCORE_BASE,
    Spec,
    action_id,
    action_text,
    move_id,
    score_id,
)
from gameshelf.games.yatz.scoring import Box
from gameshelf.rl.spec import CHANCE, TERMINAL


def _engine_ids(state: YatzState) -> list[int]:
    """The spec's legal ids derived from the engine's own legal actions."""
    ids: set[int] = set()
    for a in state.legal_actions():
        if isinstance(a, Score):
            ids.add(score_id(a.column, a.box))
        elif isinstance(a, Hold) and a.mask != ALL_HELD:
            ids.add(a.mask)  # hold these, then roll: the engine allows the roll after it
    return sorted(ids)


def _random_game(spec: Spec, seed: int) -> tuple[YatzState, list[int]]:
    """A seeded random game through the spec, checking each state against the engine."""
    rng = random.Random(seed)
    state, ids = spec.initial(), []
    while spec.current_player(state) != TERMINAL:
        if spec.current_player(state) == CHANCE:
            assert spec.legal_actions(state) == []
            outs, probs = zip(*spec.chance_outcomes(state), strict=True)
            a = rng.choices(outs, probs)[0]
        else:
            assert spec.current_player(state) == state.seat
            legal = spec.legal_actions(state)
            assert legal == _engine_ids(state)
            a = rng.choice(legal)
        ids.append(a)
        spec.apply(state, a)
    return state, ids


def test_player_ids_round_trip_through_their_text() -> None:
    texts = [action_text(a) for a in range(NUM_ACTIONS)]
    assert len(set(texts)) == NUM_ACTIONS
    assert [action_id(t) for t in texts] == list(range(NUM_ACTIONS))
    assert texts[0] == "roll all" and texts[5] == "hold 1 3, roll"
    assert texts[score_id(1, Box.FULL_HOUSE)] == "score x2 full-house"
    assert action_id("roll") == 0 and action_id("hold 13 roll") == 5
    for bad in ("hold 1 2 3 4 5, roll", "dice 1 2", "jump"):
        with pytest.raises(BadInputError):
            action_id(bad)
    with pytest.raises(BadInputError):
        action_text(NUM_ACTIONS)


def test_chance_ids_name_every_multiset_once_and_parse_back() -> None:
    spec = Spec()
    assert len(CHANCE_FACES) == NUM_CHANCE_OUTCOMES == sum(math.comb(k + 5, 5)
                                                           for k in range(1, 6))
    for i, faces in enumerate(CHANCE_FACES):
        text = spec.action_to_string(CHANCE, i)
        parsed = parse_action(text)
        assert isinstance(parsed, Dice) and parsed.faces == faces == tuple(sorted(faces))


@pytest.mark.parametrize("held", [0, 0b00001, 0b01010, 0b10111, 0b01111])
def test_chance_probabilities_are_the_dice_odds(held: int) -> None:
    """Each roll's outcomes against all 6**k ordered throws counted by hand."""
    spec = Spec({"players": 1})
    state = spec.initial()
    spec.apply(state, NUM_CHANCE_OUTCOMES - 1)  # dice 6 6 6 6 6
    spec.apply(state, held)
    k = 5 - bin(held).count("1")
    outcomes = spec.chance_outcomes(state)
    assert [i for i, _ in outcomes] == sorted(i for i, _ in outcomes)
    assert math.isclose(sum(p for _, p in outcomes), 1.0)
    counts = Counter(tuple(sorted(t)) for t in itertools.product(range(1, 7), repeat=k))
    assert {CHANCE_FACES[i]: p for i, p in outcomes} == pytest.approx(
        {f: c / 6 ** k for f, c in counts.items()})


@pytest.mark.parametrize("players", [1, 2, 3])
def test_random_game_through_the_spec_is_the_engines_game(players: int) -> None:
    """Legal ids equal the engine's legal moves at every state, and the same moves played on
    the engine's own actions end in the same cards."""
    spec = Spec({"players": players})
    state, ids = _random_game(spec, seed=players)
    engine = YatzState(players)
    for a in ids:
        if not engine.dice and not engine.rolling:
            engine.apply_action(Roll())  # the turn's first roll, the spec's own
        if engine.is_chance_node():
            engine.apply_action(Dice(CHANCE_FACES[a]))
        elif a >= SCORE_BASE:
            engine.apply_action(parse_action(action_text(a)))
        else:
            engine.apply_action(HOLDS[a])
            engine.apply_action(Roll())
    assert engine.is_terminal()
    assert engine.boxes == state.boxes
    assert spec.returns(state) == spec.returns(engine)
    assert len(ids) <= spec.info().max_game_length
    info = spec.info()
    assert all(info.min_utility <= r <= info.max_utility for r in spec.returns(state))


def test_a_greedy_engine_game_replays_through_the_spec() -> None:
    """The engine's greedy player's game (engine actions, dice drawn by Chance) mapped to ids
    and replayed through the spec ends with the same cards."""
    player, rng, dice = make_player("greedy"), Chance(7), Chance(8)
    engine, ids = YatzState(2), []
    while not engine.is_terminal():
        if engine.is_chance_node():
            # the spec's outcomes give the rolled dice their faces in ascending order
            faces = sorted(dice.randint(1, 6) for _ in range(engine.rolled_count()))
            action: Action = Dice(tuple(faces))
            ids.append(CHANCE_FACES.index(tuple(faces)))
        else:
            action = player.choose(engine, rng)
            if isinstance(action, Roll) and engine.dice:
                ids.append(engine.held)
            elif isinstance(action, Score):
                ids.append(score_id(action.column, action.box))
        engine.apply_action(action)
    spec = Spec()
    state = spec.initial()
    for a in ids:
        spec.apply(state, a)
    assert spec.current_player(state) == TERMINAL
    assert state.boxes == engine.boxes


def test_illegal_ids_raise_and_change_nothing() -> None:
    spec = Spec()
    state = spec.initial()
    assert spec.current_player(state) == CHANCE and spec.legal_actions(state) == []
    for bad in (0, NUM_CHANCE_OUTCOMES, -1):  # one die, not a roll of five; no such ids
        with pytest.raises(IllegalMoveError):
            spec.apply(state, bad)
    assert state.rolling and not state.dice
    six, one = NUM_CHANCE_OUTCOMES - 1, CHANCE_FACES.index((1, 1, 1, 1, 1))
    spec.apply(state, six)
    for bad in (NUM_ACTIONS, -1):
        with pytest.raises(IllegalMoveError):
            spec.apply(state, bad)
    for a in (0, six, 0, one):  # the third roll shows 1 1 1 1 1
        spec.apply(state, a)
    before = spec.observation_string(state, 0)
    with pytest.raises(IllegalMoveError):
        spec.apply(state, 3)  # no roll left
    assert spec.observation_string(state, 0) == before
    assert spec.legal_actions(state) == [score_id(c, b) for c in range(COLUMNS) for b in Box]


def test_returns_win_loss_draw_and_solitaire_total() -> None:
    spec = Spec({"players": 3})
    state, _ = _random_game(spec, seed=11)
    state.lower = [[0, 0, 0], [0, 0, 0], [0, 0, 0]]
    state.upper = [[10, 0, 0], [20, 0, 0], [20, 0, 0]]
    assert spec.returns(state) == [-1.0, 0.5, 0.5]
    solo = Spec({"players": 1})
    one, _ = _random_game(solo, seed=12)
    assert solo.returns(one) == [float(one.grand_total(0))]
    assert Spec().returns(Spec().initial()) == [0.0, 0.0]


def test_observation_is_from_the_players_side() -> None:
    spec = Spec({"players": 2})
    state = spec.initial()
    for a in (NUM_CHANCE_OUTCOMES - 1, score_id(0, Box.SIXES)):  # seat 1 scores 30
        spec.apply(state, a)
    t0, t1 = spec.observation_tensor(state, 0), spec.observation_tensor(state, 1)
    assert t0.shape == t1.shape == spec.observation_shape() == (134,)
    assert t0.dtype == np.float32 and 0.0 <= t0.min() and t0.max() <= 1.0
    own, other, turn = slice(40, 86), slice(86, 132), slice(132, 134)
    assert t0[own].sum() > 0 and t1[own].sum() == 0
    assert np.array_equal(t0[own], t1[other])
    assert list(t0[turn]) == [0.0, 1.0] and list(t1[turn]) == [1.0, 0.0]
    assert spec.observation_string(state, 0) == spec.information_state_string(state, 1)
    assert spec.current_player(state) == CHANCE
    assert spec.observation_string(state, 0).startswith(
        "turn of seat 2, roll 0 of 3, dice not rolled, dice rolling\n")
    assert spec.resample(state, 1, random.Random(0)).boxes == state.boxes


@pytest.mark.parametrize("params", [{"players": 0}, {"players": 10}, {"players": "2"},
                                    {"players": True}, {"rounds": 3}])
def test_bad_parameters_are_refused(params: dict[str, object]) -> None:
    with pytest.raises(BadInputError):
        Spec(params)


def test_engine_players_moves_map_to_ids() -> None:
    state = Spec().initial()
    Spec().apply(state, CHANCE_FACES.index((1, 2, 3, 4, 6)))
    assert move_id(state, Roll()) == 0
    state.apply_action(HOLDS[0b00111])
    assert move_id(state, Roll()) == 0b00111 == move_id(state, HOLDS[0b00111])
    assert move_id(state, parse_action("score x3 chance")) == score_id(2, Box.CHANCE)
    state.apply_action(Roll())
    state.apply_action(Dice((6, 6)))
    state.apply_action(Roll())
    state.apply_action(Dice((6, 6)))  # no rolls left
    for bad in (HOLDS[ALL_HELD], Dice((1,)), Roll()):
        with pytest.raises(IllegalMoveError):
            move_id(state, bad)
