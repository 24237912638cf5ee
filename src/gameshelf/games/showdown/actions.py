"""Pinball Showdown actions and their text forms.

Every action has a text form that parses back: ``parse_action(str(a)) == a``. Playfield cards
are written by their id (``P01``...``P54``, index + 1) and Combination cards by theirs
(``C01``...), so an action means the same thing in every state.

=================  ==========================================================================
text               meaning
=================  ==========================================================================
``deal first=F deck=P..,.. combos=C..,..``  chance: setup (deck order, Combination order,
                   First Player seat F, 0-based)
``reveal P..,..``  chance: the shuffled pile of offered cards, turned face up (step 1)
``offer P07``      step 1: place a card from the hand in the pile
``bid P07 3``      step 2A: place 3 control tokens on face-up card P07
``flip 2``         step 2A: an outbid player flips 2 of the returned tokens to speed
``speed 2``        step 2B: increase speed by 2 (2 more control tokens leave the game)
``buy P12``        step 2C: remove 2 control tokens, take P12 from the discard pile
``done``           step 2: end this player's use of control tokens
``take P05``       step 3: a player without a bid takes an unclaimed face-up card
=================  ==========================================================================

Example:
    >>> parse_action("bid P07 3")
    Bid(card=6, tokens=3)
    >>> str(parse_action(" BID p07  3 "))
    'bid P07 3'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any

from gameshelf.core.codec import Context, Form, text
from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import quote, whole_number
from gameshelf.core.safeload import as_json


def card_text(index: int) -> str:
    """``P07`` for Playfield card index 6."""
    return f"P{index + 1:02d}"


def combo_text(index: int) -> str:
    """``C03`` for Combination card index 2."""
    return f"C{index + 1:02d}"


_CARD = re.compile(r"^P([0-9]{1,3})$", re.IGNORECASE | re.ASCII)
_COMBO = re.compile(r"^C([0-9]{1,3})$", re.IGNORECASE | re.ASCII)


def parse_card(text: str) -> int:
    """The index of card ``P07`` (6).

    Raises:
        BadInputError: not a card id.
    """
    m = _CARD.match(text.strip())
    if not m or int(m.group(1)) < 1:
        raise BadInputError(f"not a Playfield card id (P01, P02...): {quote(text)}")
    return int(m.group(1)) - 1


def _parse_combo(text: str) -> int:
    m = _COMBO.match(text.strip())
    if not m or int(m.group(1)) < 1:
        raise BadInputError(f"not a Combination card id (C01, C02...): {quote(text)}")
    return int(m.group(1)) - 1


def _of_deck(parse: Callable[[str], int], part: str, what: str) -> Callable[[Any, Context], int]:
    """A view's reader of a card of the deck's ``part`` (the context's ``deck``): its id
    text, or its index."""
    def read(value: Any, ctx: Context) -> int:
        index = (value if isinstance(value, int) and not isinstance(value, bool)
                 else parse(text(value, what)))
        if not 0 <= index < len(getattr(ctx["deck"], part)):
            raise ValueError(f"no {what} {as_json(value)} in the deck")
        return index
    return read


#: A Playfield card and a Combination card (their indexes) in a view's JSON: ``P41`` and
#: ``C03``, each a card of the deck the view is read with.
Card = Annotated[int, Form(card_text, _of_deck(parse_card, "playfield", "a card like P41"))]
Combo = Annotated[int, Form(combo_text, _of_deck(_parse_combo, "combinations",
                                                 "a combination card like C03"))]


@dataclass(frozen=True)
class Deal:
    """Chance at setup: the shuffled Playfield deck (top first), the shuffled Combination
    cards (revealed in this order) and the First Player's seat."""

    deck: tuple[int, ...]
    combos: tuple[int, ...]
    first: int

    def __str__(self) -> str:
        return (f"deal first={self.first} deck={','.join(card_text(c) for c in self.deck)} "
                f"combos={','.join(combo_text(c) for c in self.combos)}")


@dataclass(frozen=True)
class Reveal:
    """Chance in step 1: the offered cards, shuffled, in the order they are turned up."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        return "reveal " + ",".join(card_text(c) for c in self.cards)


@dataclass(frozen=True)
class Offer:
    """Step 1: place ``card`` from the hand face down in the pile."""

    card: int

    def __str__(self) -> str:
        return f"offer {card_text(self.card)}"


@dataclass(frozen=True)
class Bid:
    """Step 2A: place ``tokens`` control tokens on face-up ``card`` (R-PS-4)."""

    card: int
    tokens: int

    def __str__(self) -> str:
        return f"bid {card_text(self.card)} {self.tokens}"


@dataclass(frozen=True)
class Flip:
    """Step 2A: an outbid player flips ``n`` of the returned tokens to speed (R-PS-4)."""

    n: int

    def __str__(self) -> str:
        return f"flip {self.n}"


@dataclass(frozen=True)
class Speed:
    """Step 2B: increase speed by ``n``; ``n`` more control tokens leave the game."""

    n: int

    def __str__(self) -> str:
        return f"speed {self.n}"


@dataclass(frozen=True)
class Buy:
    """Step 2C: remove two control tokens from the game, take ``card`` from the discard pile."""

    card: int

    def __str__(self) -> str:
        return f"buy {card_text(self.card)}"


@dataclass(frozen=True)
class Done:
    """Step 2: the player finishes using control tokens."""

    def __str__(self) -> str:
        return "done"


@dataclass(frozen=True)
class Take:
    """Step 3: a player without a bid takes unclaimed face-up ``card``."""

    card: int

    def __str__(self) -> str:
        return f"take {card_text(self.card)}"


Action = Deal | Reveal | Offer | Bid | Flip | Speed | Buy | Done | Take

DONE = Done()


def parse_action(text: str) -> Action:
    """Parse an action's text form (case and extra spaces do not matter).

    Raises:
        BadInputError: the text is not an action.
    """
    words = text.strip().split()
    if not words:
        raise BadInputError("empty action")
    verb, args = words[0].lower(), words[1:]
    try:
        if verb == "done" and not args:
            return DONE
        if verb in ("offer", "buy", "take") and len(args) == 1:
            card = parse_card(args[0])
            return Offer(card) if verb == "offer" else Buy(card) if verb == "buy" else Take(card)
        if verb == "bid" and len(args) == 2:
            n = whole_number(args[1], "tokens")
            return Bid(parse_card(args[0]), n)
        if verb in ("speed", "flip") and len(args) == 1:
            n = whole_number(args[0], verb)
            return Speed(n) if verb == "speed" else Flip(n)
        if verb == "reveal" and len(args) == 1:
            return Reveal(tuple(parse_card(c) for c in args[0].split(",")))
        if verb == "deal" and len(args) == 3:
            fields = dict(a.split("=", 1) for a in args if "=" in a)
            if set(fields) != {"first", "deck", "combos"}:
                raise BadInputError("deal needs first=, deck= and combos=")
            return Deal(tuple(parse_card(c) for c in fields["deck"].split(",")),
                        tuple(_parse_combo(c) for c in fields["combos"].split(",")),
                        whole_number(fields["first"], "first"))
    except ValueError as exc:
        if isinstance(exc, BadInputError):
            raise
        raise BadInputError(f"not an action: {quote(text)}") from None
    raise BadInputError(f"not an action: {quote(text)} (try: offer P07, bid P07 2, speed 1, "
                        f"buy P12, done, flip 1, take P05)")
