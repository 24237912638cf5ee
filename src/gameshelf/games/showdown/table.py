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
from typing import Protocol

from gameshelf.games.showdown.actions import DONE, Action, Bid, Buy, Flip, Offer, Speed, Take
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


@dataclass(frozen=True)
class Claim:
    """A card a player claimed this turn and whether they completed it (R-PS-5)."""

    card: int
    completed: bool
    reason: str


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
    either.
    """

    deck: Deck
    cards: tuple[PlayfieldCard, ...]
    seat: int
    n: int
    turn: int
    first: int
    phase: Phase
    to_act: int
    wizard: bool
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    my_offer: int | None
    has_offered: tuple[bool, ...]
    top: int | None
    faceup: tuple[int, ...]
    offered_by: tuple[int, ...]
    bids: dict[int, tuple[int, int]]
    has_bid: tuple[bool, ...]
    control_pos: int
    pending_return: tuple[int, int] | None
    claims: tuple[Claim | None, ...]
    take_queue: tuple[int, ...]
    speed: tuple[int, ...]
    control: tuple[int, ...]
    removed: tuple[int, ...]
    discard: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]
    piles2x: tuple[tuple[int, ...], ...]
    combos_open: tuple[int, ...]
    combos_won: tuple[tuple[int, ...], ...]
    known_in_hand: tuple[tuple[int, ...], ...]
    deck_size: int
    end_reason: str

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
