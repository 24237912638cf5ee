"""Helpers to set up Pinball Showdown positions for tests."""

from __future__ import annotations

from collections.abc import Sequence

from gameshelf.games.showdown.actions import Deal, Reveal
from gameshelf.games.showdown.cards import Deck, default_deck
from gameshelf.games.showdown.game import ShowdownState, new_game

DECK: Deck = default_deck()


def cards_of(device: str) -> list[int]:
    """Indices of the deck's cards of ``device``, in deck order."""
    return [i for i, c in enumerate(DECK.playfield) if c.device == device]


def card(device: str, k: int = 0) -> int:
    """The ``k``-th card of ``device``."""
    return cards_of(device)[k]


def combo(name: str) -> int:
    """The index of the Combination card called ``name``."""
    return next(i for i, c in enumerate(DECK.combinations) if c.name == name)


def deal(players: int, hands: Sequence[Sequence[int]] = (), top: Sequence[int] = (),
         combos: Sequence[int] = (), first: int = 0, deck: Deck = DECK) -> ShowdownState:
    """A game with ``deck`` dealt so that seat ``s`` holds ``hands[s]`` (padded from the rest
    of the deck), the draw pile starts with ``top`` and the Combination cards are turned up
    in ``combos`` order first."""
    fixed = {c for h in hands for c in h} | set(top)
    rest = [c for c in range(len(deck.playfield)) if c not in fixed]
    full = []
    for s in range(players):
        h = list(hands[s]) if s < len(hands) else []
        while len(h) < 10:
            h.append(rest.pop(0))
        full.append(h)
    order = [full[i % players][i // players] for i in range(10 * players)]
    order += list(top) + rest
    corder = list(combos) + [c for c in range(len(deck.combinations)) if c not in combos]
    state = new_game(deck, players)
    state.apply_action(Deal(tuple(order), tuple(corder), first))
    return state


def offer_all(state: ShowdownState, offers: Sequence[int]) -> None:
    """Every seat offers (``offers`` by seat) and the pile is revealed in seat order."""
    n = state.n
    for k in range(n):
        seat = (state.first + k) % n
        assert state.current_player() == seat
        state.apply_text(f"offer P{offers[seat] + 1:02d}")
    state.apply_action(Reveal(tuple(offers)))


def done_all(state: ShowdownState) -> None:
    """Everyone left in step 2 finishes without using tokens."""
    from gameshelf.games.showdown.table import Phase

    while state.phase is Phase.CONTROL:
        state.apply_text("done")
