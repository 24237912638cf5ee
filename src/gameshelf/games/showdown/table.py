"""What a Pinball Showdown seat sees of the table, and the questions asked of any table
(the rules engine's state or one seat's view): the legal actions, the score (R-PS-3, R-PS-7)
and the winners.

Score: cards, 2X pile cards doubled, 5,000 per full set of four Drop Targets (R-PS-7),
Combination bonuses, 100 per token left (R-PS-3). Ties: most tokens; still tied, all tied
players win.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Annotated, Any, Protocol

from gameshelf.core.codec import Context, Default, Form, Size, Within, decode
from gameshelf.core.safeload import array
from gameshelf.core.state import TERMINAL
from gameshelf.games.showdown.actions import (
    DONE,
    Action,
    Bid,
    Buy,
    Card,
    Combo,
    Flip,
    Offer,
    Speed,
    Take,
    card_text,
)
from gameshelf.games.showdown.cards import DROP_TARGET, Deck, PlayfieldCard

DROP_SET = 4
DROP_BONUS = 5000
TOKEN_POINTS = 100
BUY_COST = 2


class Phase(Enum):
    """Where the game stands."""

    DEAL = "deal"
    OFFER = "offer"
    REVEAL = "reveal"
    CONTROL = "control"
    TAKE = "take"
    OVER = "over"


@dataclass(frozen=True)
class ScoreBreakdown:
    """One player's final score, in points.

    Attributes:
        cards: the regular scoring pile's Playfield cards.
        two_x: the 2X pile's cards, doubled.
        drop_bonus: 5,000 per full set of four Drop Targets over both piles (R-PS-7).
        combos: Combination card bonuses (never doubled).
        tokens: 100 per token left, speed and control (R-PS-3).
    """

    cards: int
    two_x: int
    drop_bonus: int
    combos: int
    tokens: int

    @property
    def total(self) -> int:
        """The sum of all sources."""
        return self.cards + self.two_x + self.drop_bonus + self.combos + self.tokens


#: The most a view's count (tokens, speed, control, removed cards, a position) may be: far
#: past any game's, short of numbers no screen can show.
MAX_COUNT = 1_000_000
#: How a view's JSON holds a count, a seat (of the context's ``n``), a count of cards (of
#: the context's ``deck``), and an array of one item per seat.
Count = Annotated[int, Within(0, MAX_COUNT)]
Seat = Annotated[int, Within(0, lambda c: c["n"] - 1)]
InDeck = Annotated[int, Within(0, lambda c: len(c["deck"].playfield))]
PER_SEAT = Size(lambda c: c["n"])


@dataclass(frozen=True)
class Claim:
    """A card a player claimed this turn and whether they completed it (R-PS-5)."""

    card: Card
    completed: bool
    reason: str


@dataclass(frozen=True)
class _BidSeen:
    """A bid as a view's JSON writes it."""

    card: Card
    seat: Seat
    tokens: Count


def _bids(value: Any, ctx: Context) -> dict[int, tuple[int, int]]:
    bids = (decode(_BidSeen, b, context=ctx) for b in array(value, "bids"))
    return {b.card: (b.seat, b.tokens) for b in bids}


#: The bids in a view's JSON: ``[{"card", "seat", "tokens"}]``, by card.
BIDS = Form(lambda v: [{"card": card_text(c), "seat": s, "tokens": k}
                       for c, (s, k) in sorted(v.items())], _bids)


@dataclass(frozen=True)
class PlayerView:
    """One player's view of the table (public information plus their own hand and offer).

    ``offered_by`` gives, per face-up card, the seat that offered it when the viewer may
    know it (their own card; everyone's in a two-player game, where cards are played face
    up), -1 for the card turned from the deck and -2 when unknown. ``bids`` maps a face-up
    card to (seat, tokens). ``known_in_hand`` lists, per seat, the cards everyone knows that
    seat holds (bought from the discard pile); it changes only when the rulebook makes
    something public: a buy adds the card, the reveal of the offered pile removes it. A
    face-down offer changes nothing, so until the reveal the list may name the card that
    seat has just offered. Field names match :class:`ShowdownState`'s so players can read
    either. The field types say how a view's JSON holds each (:mod:`gameshelf.core.codec`;
    the deck's fields are not in it).
    """

    deck: Deck
    cards: tuple[PlayfieldCard, ...]
    seat: Seat
    n: int
    turn: Count
    first: Seat
    phase: Phase
    to_act: Annotated[int, Within(TERMINAL, lambda c: c["n"] - 1)]
    wizard: bool
    hand: tuple[Card, ...]
    hand_sizes: Annotated[tuple[InDeck, ...], PER_SEAT]
    my_offer: Annotated[Card | None, Default(None)]
    has_offered: Annotated[tuple[bool, ...], PER_SEAT]
    top: Annotated[Card | None, Default(None)]
    faceup: tuple[Card, ...]
    offered_by: Annotated[tuple[Annotated[int, Within(-2, lambda c: c["n"] - 1)], ...],
                          Size(lambda c: len(c["faceup"]))]
    bids: Annotated[dict[int, tuple[int, int]], BIDS]
    has_bid: Annotated[tuple[bool, ...], PER_SEAT]
    control_pos: Count
    pending_return: Annotated[tuple[Seat, Count] | None, Default(None)]
    claims: tuple[Claim | None, ...]
    take_queue: tuple[Count, ...]
    speed: Annotated[tuple[Count, ...], PER_SEAT]
    control: Annotated[tuple[Count, ...], PER_SEAT]
    removed: Annotated[tuple[Count, ...], PER_SEAT]
    discard: tuple[Card, ...]
    piles: Annotated[tuple[tuple[Card, ...], ...], PER_SEAT]
    piles2x: Annotated[tuple[tuple[Card, ...], ...], PER_SEAT]
    combos_open: tuple[Combo, ...]
    combos_won: Annotated[tuple[tuple[Combo, ...], ...], PER_SEAT]
    known_in_hand: Annotated[tuple[tuple[Card, ...], ...], PER_SEAT]
    deck_size: InDeck
    end_reason: Annotated[str, Default("")]

    # The questions a front end asks of the table, answered from what this seat sees (the
    # same answers as :class:`ShowdownState`'s methods of the same names).
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` or :data:`TERMINAL` (as the state says it)."""
        return self.to_act

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.phase is Phase.OVER

    def legal_actions(self) -> list[Action]:
        """This seat's legal actions when it is to act (as the state lists them), else
        none."""
        if self.to_act != self.seat:
            return []
        return legal_actions(self, self.hand)

    def score(self, seat: int) -> ScoreBreakdown:
        """``seat``'s score as it stands: scoring piles, combinations and tokens are public."""
        return score(self, seat)

    def winners(self) -> list[int]:
        """The seats that win (see :meth:`ShowdownState.winners`)."""
        return winners(self)


class Table(Protocol):
    """The public fields that scoring and the legal actions read: a state or a view."""

    @property
    def deck(self) -> Deck: ...
    @property
    def cards(self) -> tuple[PlayfieldCard, ...]: ...
    @property
    def n(self) -> int: ...
    @property
    def turn(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def faceup(self) -> Sequence[int]: ...
    @property
    def bids(self) -> Mapping[int, tuple[int, int]]: ...
    @property
    def has_bid(self) -> Sequence[bool]: ...
    @property
    def pending_return(self) -> tuple[int, int] | None: ...
    @property
    def claims(self) -> Sequence[Claim | None]: ...
    @property
    def speed(self) -> Sequence[int]: ...
    @property
    def control(self) -> Sequence[int]: ...
    @property
    def discard(self) -> Sequence[int]: ...
    @property
    def piles(self) -> Sequence[Sequence[int]]: ...
    @property
    def piles2x(self) -> Sequence[Sequence[int]]: ...
    @property
    def combos_won(self) -> Sequence[Sequence[int]]: ...
    def current_player(self) -> int: ...


def remaining_faceup(t: Table) -> list[int]:
    taken = {cl.card for cl in t.claims if cl is not None}
    return [c for c in t.faceup if c not in taken]


def control_actions(t: Table, seat: int) -> list[Action]:
    ctl = t.control[seat]
    out: list[Action] = []
    if not t.has_bid[seat]:
        for c in t.faceup:
            held = t.bids.get(c)
            low = held[1] + 1 if held is not None else 1
            out.extend(Bid(c, k) for k in range(low, ctl + 1))
    out.extend(Speed(k) for k in range(1, ctl // 2 + 1))
    if t.turn >= 2 and ctl >= BUY_COST:
        out.extend(Buy(c) for c in t.discard)
    out.append(DONE)
    return out


def legal_actions(t: Table, hand: Sequence[int]) -> list[Action]:
    """The legal actions of the seat to act, whose hand is ``hand``."""
    ph = t.phase
    if ph is Phase.OFFER:
        return [Offer(c) for c in hand]
    if ph is Phase.CONTROL:
        if t.pending_return is not None:
            return [Flip(k) for k in range(t.pending_return[1] + 1)]
        return control_actions(t, t.current_player())
    if ph is Phase.TAKE:
        return [Take(c) for c in remaining_faceup(t)]
    return []


def score(t: Table, seat: int) -> ScoreBreakdown:
    cards = t.cards
    regular = sum(cards[c].points for c in t.piles[seat])
    double = 2 * sum(cards[c].points for c in t.piles2x[seat])
    drops = sum(1 for c in t.piles[seat] if cards[c].device == DROP_TARGET)
    drops += sum(1 for c in t.piles2x[seat] if cards[c].device == DROP_TARGET)
    combos = sum(t.deck.combinations[c].bonus for c in t.combos_won[seat])
    return ScoreBreakdown(regular, double, DROP_BONUS * (drops // DROP_SET), combos,
                          TOKEN_POINTS * (t.speed[seat] + t.control[seat]))


def winners(t: Table) -> list[int]:
    keys = [(score(t, s).total, t.speed[s] + t.control[s]) for s in range(t.n)]
    best = max(keys)
    return [s for s in range(t.n) if keys[s] == best]
