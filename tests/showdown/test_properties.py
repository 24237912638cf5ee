"""Property tests: random legal games to the end; tokens conserved; text forms round-trip."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gameshelf.core.chance import Chance
from gameshelf.core.state import CHANCE
from gameshelf.games.showdown.actions import (
    Bid,
    Buy,
    Deal,
    Done,
    Flip,
    Offer,
    Reveal,
    Speed,
    Take,
    parse_action,
)
from gameshelf.games.showdown.game import new_game, replay
from gameshelf.games.showdown.players import determinize
from gameshelf.games.showdown.steps import TOKENS
from gameshelf.games.showdown.table import Phase
from tests.examples import examples
from tests.showdown.helpers import DECK

cards = st.integers(0, 53)
actions = st.one_of(
    st.builds(Offer, cards), st.builds(Take, cards), st.builds(Buy, cards),
    st.builds(Bid, cards, st.integers(1, 20)), st.builds(Speed, st.integers(1, 10)),
    st.builds(Flip, st.integers(0, 20)), st.just(Done()),
    st.builds(Reveal, st.lists(cards, min_size=1, max_size=4).map(tuple)),
    st.builds(Deal, st.permutations(range(54)).map(tuple),
              st.permutations(range(12)).map(tuple), st.integers(0, 3)),
)


@settings(max_examples=examples(200), deadline=None)
@given(actions)
def test_every_action_text_parses_back(action: object) -> None:
    assert parse_action(str(action)) == action


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4))
def test_random_legal_games_end_with_tokens_conserved(seed: int, players: int) -> None:
    """R-PS-3: every player's tokens (speed, control, on cards) plus removed ones are 20;
    the game ends by turn 10; every card is in exactly one place; replay rebuilds it."""
    chance = Chance(seed)
    state = new_game(DECK, players)
    while not state.is_terminal():
        p = state.current_player()
        if p == CHANCE:
            action = state.sample_chance(chance)
        else:
            legal = state.legal_actions()
            assert legal
            action = Done() if (Done() in legal and chance.random() < 0.4) \
                else chance.choice(legal)
            view = state.view(p)
            for other in range(players):  # a view never shows another hand
                if other != p:
                    assert not set(view.hand) & set(state.hands[other])
        state.apply_action(action)
        for s in range(players):
            assert state.tokens(s) + state.removed[s] == TOKENS
            assert state.speed[s] >= 0 and state.control[s] >= 0
        if state.phase is Phase.CONTROL:
            where = (state.draw_pile + state.discard + state.faceup
                     + [c for h in state.hands for c in h]
                     + [c for p_ in state.piles + state.piles2x for c in p_])
            assert sorted(where) == list(range(54))
    assert state.turn <= 10
    assert state.end_reason in ("turns", "drain")
    assert state.end_reason == "drain" or state.turn == 10
    assert len(state.winners()) >= 1
    assert sum(len(c) for c in state.combos_won) + len(state.combos_open) == players
    again = replay(DECK, players, [str(a) for a in state.history])
    assert again.returns() == state.returns()


@settings(max_examples=examples(15), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 4), stop=st.integers(1, 120))
def test_determinize_is_consistent_with_the_view(seed: int, players: int, stop: int) -> None:
    """A sampled world keeps what the player sees and deals the unseen cards consistently."""
    chance = Chance(seed)
    state = new_game(DECK, players, keep_log=False)
    for _ in range(stop):
        if state.is_terminal():
            return
        p = state.current_player()
        state.apply_action(state.sample_chance(chance) if p == CHANCE
                           else chance.choice(state.legal_actions()))
    if state.is_terminal() or state.current_player() == CHANCE:
        return
    me = state.current_player()
    world = determinize(state.view(me), Chance(seed + 1))
    assert world.hands[me] == state.hands[me]
    assert [len(h) for h in world.hands] == [len(h) for h in state.hands]
    assert len(world.draw_pile) == len(state.draw_pile)
    assert world.legal_actions() == state.legal_actions()
    assert world.view(me).faceup == state.view(me).faceup
