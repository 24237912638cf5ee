"""Pinball Showdown's research spec (gameshelf.games.showdown.rl): ids, chance, views, resampling.

The frameworks are not needed: the spec is plain Python over the rules engine.
"""

from __future__ import annotations

import random

import pytest

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError, IllegalMoveError
from gameshelf.games.showdown import rl as rs
from gameshelf.games.showdown.actions import DONE, Bid, Buy, Deal, Flip, Offer, Reveal, Speed, Take
from gameshelf.games.showdown.cards import default_deck
from gameshelf.games.showdown.game import ShowdownState
from gameshelf.games.showdown.players import RandomPlayer
from gameshelf.games.showdown.rl import ids as rl_ids
from gameshelf.games.showdown.table import Phase
from gameshelf.rl.spec import CHANCE, TERMINAL


def test_every_id_round_trips_and_the_table_is_pinned() -> None:
    for i in range(rl_ids.NUM_ACTIONS):
        assert rl_ids.action_id(rl_ids.action_of(i)) == i
    pinned = {Offer(0): 0, Offer(53): 53, Bid(0, 1): 54, Bid(6, 3): 176, Bid(53, 20): 1133,
              Flip(0): 1134, Flip(20): 1154, Speed(1): 1155, Speed(10): 1164, Buy(0): 1165,
              DONE: 1219, Take(0): 1220, Take(53): 1273}
    for action, i in pinned.items():
        assert rl_ids.action_id(action) == i and rl_ids.action_of(i) == action
    info = rs.Spec.info()
    assert (info.num_distinct_actions, info.max_chance_outcomes) == (1274, 70)
    assert rl_ids.chance_to_string(6) == "draw P07"
    assert rl_ids.chance_to_string(56) == "combination C03"
    assert rl_ids.chance_to_string(67) == "first player 1"
    for bad in (-1, rl_ids.NUM_ACTIONS):
        with pytest.raises(IllegalMoveError):
            rl_ids.action_of(bad)
    with pytest.raises(IllegalMoveError):
        rl_ids.action_id(Bid(0, 21))


@pytest.mark.parametrize("params", [{"players": 1}, {"players": 5}, {"players": "2"},
                                    {"seats": 2}])
def test_bad_parameters_are_refused(params: dict[str, object]) -> None:
    with pytest.raises(BadInputError):
        rs.Spec(params)


def _spec_ids(engine: ShowdownState, action: object, n: int) -> list[int]:
    """The spec's ids for one engine action (chance as its single draws)."""
    if isinstance(action, Deal):
        ids = list(action.deck[: 10 * n + 10])
        chosen: list[int] = []
        combos = engine.deck.combinations
        for c in action.combos:
            if len(chosen) == n:
                break
            ids.append(rl_ids.COMBO0 + c)
            if n == 2 and chosen and set(combos[chosen[0]].devices) & set(combos[c].devices):
                continue
            chosen.append(c)
        return ids + [rl_ids.FIRST0 + action.first]
    if isinstance(action, Reveal):
        return list(action.cards[:-1])
    assert not isinstance(action, (Deal, Reveal))
    return [rl_ids.action_id(action)]  # type: ignore[arg-type]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_game_through_the_spec_is_the_engines(players: int) -> None:
    """An engine game (its own chance, random players) replayed as ids: every seat's view,
    the legal moves and the result agree at every step."""
    spec = rs.Spec({"players": players})
    engine = ShowdownState(default_deck(), players, keep_log=False)
    chance = Chance(players)
    bots = [RandomPlayer(chance.derive(str(k))) for k in range(players)]
    state = spec.initial()
    while not engine.is_terminal():
        p = engine.current_player()
        if p == CHANCE:
            action = engine.sample_chance(chance)
        else:
            assert spec.current_player(state) == p
            legal = engine.legal_actions()
            assert spec.legal_actions(state) == sorted(rl_ids.action_id(a) for a in legal)
            action = bots[p].choose(engine.view(p), legal)
        for i in _spec_ids(engine, action, players):
            if spec.current_player(state) == CHANCE:
                assert i in dict(spec.chance_outcomes(state))
            spec.apply(state, i)
        engine.apply_action(action)
        for seat in range(players):
            assert state.game.view(seat) == engine.view(seat)
    assert spec.current_player(state) == TERMINAL
    returns = spec.returns(state)
    assert sum(returns) == pytest.approx(0.0) and all(-1 <= r <= 1 for r in returns)
    assert [r > 0 for r in returns] == [s in engine.winners() for s in range(players)] or (
        len(engine.winners()) == players)


def test_chance_is_exact_and_single_draws() -> None:
    spec = rs.Spec()
    state = spec.initial()
    outcomes = spec.chance_outcomes(state)
    assert [i for i, _ in outcomes] == list(range(54))
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    spec.apply(state, 6)
    assert 6 not in dict(spec.chance_outcomes(state))
    with pytest.raises(IllegalMoveError):
        spec.apply(state, 6)


def _random_states(players: int, seed: int, every: int) -> list[rs.ShowdownSpecState]:
    spec = rs.Spec({"players": players})
    rng = random.Random(seed)
    state = spec.initial()
    out = []
    step = 0
    while spec.current_player(state) != TERMINAL:
        if spec.current_player(state) == CHANCE:
            spec.apply(state, rng.choice(spec.chance_outcomes(state))[0])
        else:
            legal = spec.legal_actions(state)
            done = [a for a in legal if a == rl_ids.DONE_ID]
            spec.apply(state, done[0] if done and rng.random() < 0.5 else rng.choice(legal))
        step += 1
        if step % every == 0:
            out.append(spec.clone(state))
    return out


@pytest.mark.parametrize("players", [2, 3])
def test_resample_keeps_what_the_seat_saw_and_redraws_the_rest(players: int) -> None:
    spec = rs.Spec({"players": players})
    rng = random.Random(7)
    changed = 0
    for state in _random_states(players, seed=players, every=9):
        for seat in range(players):
            world = spec.resample(state, seat, rng)
            assert spec.information_state_string(world, seat) == \
                spec.information_state_string(state, seat)
            assert spec.observation_string(world, seat) == spec.observation_string(state, seat)
            assert (spec.observation_tensor(world, seat)
                    == spec.observation_tensor(state, seat)).all()
            assert spec.current_player(world) == spec.current_player(state)
            if spec.current_player(state) == seat:
                assert spec.legal_actions(world) == spec.legal_actions(state)
            if state.game.phase is not Phase.DEAL:
                others = [sorted(world.game.hands[s]) for s in range(players) if s != seat]
                changed += others != [sorted(state.game.hands[s])
                                      for s in range(players) if s != seat]
    assert changed > 0


def test_what_a_seat_sees_hides_the_other_hands() -> None:
    spec = rs.Spec()
    state = _random_states(2, seed=3, every=40)[0]
    assert state.game.phase is not Phase.DEAL
    text = spec.information_state_string(state, 0) + spec.observation_string(state, 0)
    hidden = set(state.game.hands[1]) - set(state.game.known_in_hand[1])
    from gameshelf.games.showdown.actions import card_text
    assert hidden and not any(card_text(c) in text for c in hidden
                              if c not in state.game.discard)
    assert spec.observation_tensor(state, 0).shape == spec.observation_shape()
    with pytest.raises(BadInputError):
        spec.observation_string(state, 2)
