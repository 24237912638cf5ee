"""A seat's view shows only what the rulebook lets that seat know (issue 17, section 1).

Step 1 of the rulebook: every player places a card face down; the pile is shuffled and turned
up, "so that players don't necessarily know who contributed which card"; in a two-player game
the two cards are played face up at the same time. So, for each seat, two games that differ
only in what that seat may not know must give that seat the same view:

* the cards it has never seen (other hands, the deck) relabelled among themselves;
* another seat's face-down offer of this turn, before the reveal, being another card of that
  seat's hand (a card bought from the discard pile included);
* in three and four players, which of two other seats offered which revealed card.

The property is checked at every step of random games of 2, 3 and 4 players whose players
buy discarded cards often and like to offer them again; the sampled worlds of the search
player (:func:`determinize`) give the same view as the real game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest

from gameshelf.core.chance import Chance
from gameshelf.core.state import CHANCE
from gameshelf.games.showdown.actions import (
    Action,
    Bid,
    Buy,
    Deal,
    Done,
    Offer,
    Reveal,
    Take,
)
from gameshelf.games.showdown.game import ShowdownState, new_game
from gameshelf.games.showdown.players import determinize
from gameshelf.games.showdown.steps import HAND_SIZE
from gameshelf.games.showdown.table import Phase
from tests.showdown.helpers import DECK, card, deal, done_all

ORBIT, SPIN, POP = "Orbit", "Spinner", "Pop Bumper"


def test_issue_17_a_face_down_offer_of_a_bought_card_stays_hidden_until_the_reveal() -> None:
    """The issue's reproduction: two players, seat 0 buys Orbit from the discard pile in turn
    2 and offers it in turn 3; seat 1's view must not change before seat 1 offers."""
    state = deal(2, hands=[[card(SPIN)], [card(POP)]], top=[card(ORBIT)], first=0)
    for seat in (0, 1):  # turn 1: Orbit from the deck is left over and discarded
        state.apply_action(Offer(state.hands[seat][0]))
    state.apply_action(state.sample_chance(Chance(1)))
    done_all(state)
    for _seat in (0, 1):
        state.apply_action(Take(next(c for c in state.remaining_faceup() if c != card(ORBIT))))
    assert state.discard == [card(ORBIT)] and state.turn == 2
    for seat in (1, 0):  # turn 2: seat 0 buys Orbit
        state.apply_action(Offer(state.hands[seat][0]))
    state.apply_action(state.sample_chance(Chance(2)))
    state.apply_action(Done())  # seat 1, the First Player
    state.apply_action(Buy(card(ORBIT)))
    done_all(state)
    while state.phase is Phase.TAKE:
        state.apply_action(Take(state.remaining_faceup()[0]))
    assert state.turn == 3 and state.current_player() == 0
    assert state.view(1).known_in_hand[0] == (card(ORBIT),)
    before = state.view(1)
    other = state.clone(keep_log=True)
    state.apply_action(Offer(card(ORBIT)))  # turn 3: seat 0 offers the bought card
    other.apply_action(Offer(next(c for c in other.hands[0] if c != card(ORBIT))))
    assert state.view(1).known_in_hand == before.known_in_hand
    assert state.view(1) == other.view(1)
    state.apply_action(Offer(state.hands[1][0]))
    state.apply_action(state.sample_chance(Chance(3)))
    assert state.view(1).known_in_hand[0] == ()  # the reveal shows it: public now


# ----- random games ----------------------------------------------------------------------------
def _policy(state: ShowdownState, chance: Chance) -> Action:
    """A random player that buys discarded cards and offers bought cards often."""
    seat = state.current_player()
    legal = state.legal_actions()
    if state.phase is Phase.OFFER and state.known_in_hand[seat] and chance.random() < 0.6:
        return Offer(chance.choice(state.known_in_hand[seat]))
    buys = [a for a in legal if isinstance(a, Buy)]
    if buys and chance.random() < 0.5:
        return chance.choice(buys)
    if Done() in legal and chance.random() < 0.5:
        return Done()
    return chance.choice(legal)


def _random_history(players: int, seed: int) -> list[Action]:
    chance = Chance(seed)
    state = new_game(DECK, players, keep_log=False)
    out: list[Action] = []
    while not state.is_terminal():
        a = (state.sample_chance(chance) if state.current_player() == CHANCE
             else _policy(state, chance))
        state.apply_action(a)
        out.append(a)
    return out


def _play(players: int, history: Sequence[Action]) -> ShowdownState:
    state = new_game(DECK, players, keep_log=False)
    for a in history:
        state.apply_action(a)
    return state


def _relabel(a: Action, f: Callable[[int], int]) -> Action:
    if isinstance(a, Deal):
        return Deal(tuple(f(c) for c in a.deck), a.combos, a.first)
    if isinstance(a, Reveal):
        return Reveal(tuple(f(c) for c in a.cards))
    if isinstance(a, Offer):
        return Offer(f(a.card))
    if isinstance(a, Bid):
        return Bid(f(a.card), a.tokens)
    if isinstance(a, Buy):
        return Buy(f(a.card))
    if isinstance(a, Take):
        return Take(f(a.card))
    return a


def _swap(a: int, b: int) -> Callable[[int], int]:
    return lambda c: b if c == a else a if c == b else c


def _seen_by(seat: int, players: int, history: Sequence[Action], turn: int) -> set[int]:
    """Every card ``seat`` has seen by ``turn``: its own hand, the cards turned from the deck
    and the revealed piles (bought cards were revealed or turned up before)."""
    deal_ = history[0]
    assert isinstance(deal_, Deal)
    dealt = HAND_SIZE * players
    seen = {c for i, c in enumerate(deal_.deck[:dealt]) if i % players == seat}
    seen.update(deal_.deck[dealt:dealt + turn])
    for a in history:
        if isinstance(a, Reveal):
            seen.update(a.cards)
    return seen


def _turn_offers(history: Sequence[Action], players: int) -> list[tuple[int, int, int]]:
    """(history index, seat, card) of every offer, seats worked out by replaying."""
    state = new_game(DECK, players, keep_log=False)
    out = []
    for i, a in enumerate(history):
        if isinstance(a, Offer):
            out.append((i, state.current_player(), a.card))
        state.apply_action(a)
    return out


def _alternatives(seat: int, players: int, history: list[Action],
                  state: ShowdownState, chance: Chance) -> list[list[Action]]:
    """Histories that differ from ``history`` only in what ``seat`` may not know."""
    alts: list[list[Action]] = []
    unseen = sorted(set(range(len(DECK.playfield))) - _seen_by(seat, players, history, state.turn))
    if len(unseen) > 1:
        perm = dict(zip(unseen, chance.shuffled(unseen), strict=True))
        alts.append([_relabel(a, lambda c: perm.get(c, c)) for a in history])
    offers = _turn_offers(history, players)
    deal_ = history[0]
    assert isinstance(deal_, Deal)
    initial = {c: i % players for i, c in enumerate(deal_.deck[:HAND_SIZE * players])}
    last_reveal = max((i for i, a in enumerate(history) if isinstance(a, Reveal)), default=-1)
    if state.phase in (Phase.OFFER, Phase.REVEAL):
        # another seat's face-down offer of this turn was another card of its hand
        for i, who, c in offers:
            if i < last_reveal or who == seat:
                continue
            bought = [k for k in state.known_in_hand[who] if k != c and k in state.hands[who]]
            rest = [k for k in state.hands[who] if k != c]
            if not rest:
                continue
            instead = bought[0] if bought else chance.choice(rest)
            alts.append(history[:i] + [Offer(instead)] + history[i + 1:])
            if c in state.known_in_hand[who]:  # the bought card itself was offered
                alts.append(history[:i] + [Offer(chance.choice(rest))] + history[i + 1:])
    if players >= 3:
        # which of two other seats offered which revealed card (both dealt, never bought)
        reveals = [i for i, a in enumerate(history) if isinstance(a, Reveal)]
        for r in reveals[-2:]:
            turn_offers = [(i, w, c) for i, w, c in offers
                           if i < r and not any(i < r2 < r for r2 in reveals)]
            once = [c for _i, _w, c in offers if _i < r]
            moved = {x.card for x in history[:r] if isinstance(x, Buy)}
            pair = [(i, w, c) for i, w, c in turn_offers if w != seat and initial.get(c) == w
                    and once.count(c) == 1 and c not in moved]
            if len(pair) < 2:
                continue
            (_, _, a), (_, _, b) = pair[0], pair[1]
            swap = _swap(a, b)
            alts.append([_relabel(x, swap) if (j < r and not isinstance(x, Reveal)) else x
                         for j, x in enumerate(history)])
    return alts


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [5, 11])
def test_views_hide_what_the_seat_may_not_know_at_every_step(players: int, seed: int) -> None:
    """At every step of a random game, for each seat, every game that differs only in what
    that seat may not know gives it the same view; the search player's sampled worlds too."""
    full = _random_history(players, seed)
    assert any(isinstance(a, Buy) for a in full)
    chance = Chance(seed + 100)
    state = new_game(DECK, players, keep_log=False)
    checked = 0
    for step, a in enumerate(full, start=1):
        state.apply_action(a)
        if state.is_terminal():
            break
        history = full[:step]
        for seat in range(players):
            view = state.view(seat)
            for alt in _alternatives(seat, players, history, state, chance):
                assert _play(players, alt).view(seat) == view, (step, seat)
                checked += 1
            if state.current_player() != CHANCE:
                assert determinize(view, chance).view(seat) == view, (step, seat)
    assert checked > 50
