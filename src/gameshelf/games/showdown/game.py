"""The Pinball Showdown rules engine (``rules/pinball-showdown.txt``, rulings R-PS-1..R-PS-9 and
R-PS-10..R-PS-13 of ``docs/rules/pinball-showdown.md``).

Setup: each player has 20 tokens, 5 speed side up and 15 control side up, and a 2X pile; the
Playfield deck is shuffled and 10 cards are dealt to each player; as many Combination cards as
players are turned face up (in a two-player game the second one may share no device with the
first: cards are set aside until one qualifies); Wizard Mode is Off; a First Player is chosen.
All of this is one chance action, :class:`~gameshelf.games.showdown.actions.Deal`.

A turn has six steps:

1. Selecting cards: the top card of the deck is turned up; every player places one card of
   their hand in the pile (face down; in a two-player game face up and at the same time); the
   pile is shuffled (chance, :class:`~gameshelf.games.showdown.actions.Reveal`) and turned up.
2. Control tokens, once around from the First Player (R-PS-4): bid on one face-up card
   (outbidding needs more tokens; the outbid player's tokens come back and they may flip any
   of them to speed), increase speed (one more control token leaves the game per speed
   gained), buy a card from the discard pile for two tokens (from turn 2), then ``done``.
   Buys and speed increases as often as control pays for (R-PS-12); any discarded card,
   a missed one too, may be bought (R-PS-13).
3. Claiming: bidders take their cards; the others take one of the rest, from the First
   Player clockwise; the card left over goes to the discard pile. A speed requirement is
   checked on claiming (R-PS-5): a failed card costs speed equal to its circles and is
   discarded; a Kick-out Hole above its maximum speed is discarded at no cost. Bid tokens
   leave the game either way.
4. Effects of completed cards (a missed card has none, R-PS-10): green +N speed (from
   control, no cost), red -N speed, blue speed set to N, or speed + control when that is
   less (R-PS-11). Cards go to the scoring pile, or to the 2X pile in Wizard Mode. A player at
   speed 0 has drained (R-PS-6): in turns 1-5 the autosave flips up to five control tokens to
   speed; from turn 6 the game ends at the end of the turn.
5. Combinations (R-PS-8), from the First Player: every open Combination card whose two
   devices are in a player's scoring piles goes to their regular pile; any claim turns
   Wizard Mode On for the next turn. Wizard Mode stays On after a Wizard turn while anyone has
   speed 12 or more or a combination was claimed in it.
6. The First Player marker passes left.

The game ends after turn 10 or after a turn 6+ in which a player drained. Score: cards, 2X pile
cards doubled, 5,000 per full set of four Drop Targets (R-PS-7), Combination bonuses, 100 per
token left (R-PS-3). Ties: most tokens; still tied, all tied players win.

The state is mutable (``apply_action``) and cheap to :meth:`~ShowdownState.clone` for search.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Protocol

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError, IllegalMoveError
from gameshelf.core.state import CHANCE, TERMINAL
from gameshelf.core.text import count, said, verb_for
from gameshelf.games.showdown.actions import (
    DONE,
    Action,
    Bid,
    Buy,
    Deal,
    Done,
    Flip,
    Offer,
    Reveal,
    Speed,
    Take,
    card_text,
    parse_action,
)
from gameshelf.games.showdown.cards import DROP_TARGET, Deck, Effect, PlayfieldCard

#: Rules version written into saves; a save of another version is refused.
RULES_VERSION = 1
MIN_PLAYERS, MAX_PLAYERS = 2, 4
TOKENS = 20
START_SPEED = 5
HAND_SIZE = 10
MAX_TURNS = 10
#: Drains from this turn on end the game; before it the autosave applies.
LATE_DRAIN_TURN = 6
AUTOSAVE = 5
WIZARD_SPEED = 12
DROP_SET = 4
DROP_BONUS = 5000
TOKEN_POINTS = 100
BUY_COST = 2


def max_actions(players: int) -> int:
    """The most actions a record of a ``players``-seat game can hold (R-PS rules): the deal;
    each of the :data:`MAX_TURNS` turns a reveal and, per player, at most an offer, a bid, a
    flip (a player outbid cannot bid again that turn), a ``done`` and a take; and over the
    whole game at most :data:`TOKENS` speed increases and purchases a player, since each
    removes at least one of their tokens from the game for good."""
    return 1 + MAX_TURNS * (1 + 5 * players) + TOKENS * players


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


class ShowdownState:
    """A game of Pinball Showdown for 2 to 4 players.

    Args:
        deck: the validated deck.
        players: the number of players, 2 to 4.
        keep_log: keep a text log of events (off for fast search copies).

    Raises:
        BadInputError: a player count out of range.
    """

    def __init__(self, deck: Deck, players: int, keep_log: bool = True) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise BadInputError(f"Pinball Showdown is for {MIN_PLAYERS} to {MAX_PLAYERS} "
                                f"players, got {players}")
        n = players
        self.deck = deck
        self.cards: tuple[PlayfieldCard, ...] = deck.playfield
        self.n = n
        self.phase = Phase.DEAL
        self.turn = 0
        self.first = 0
        self.draw_pile: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.offers: list[int | None] = [None] * n
        self.top: int | None = None
        self.faceup: list[int] = []
        self.bids: dict[int, tuple[int, int]] = {}
        self.has_bid = [False] * n
        self.control_pos = 0
        self.pending_return: tuple[int, int] | None = None
        self.take_queue: list[int] = []
        self.claims: list[Claim | None] = [None] * n
        self.speed = [START_SPEED] * n
        self.control = [TOKENS - START_SPEED] * n
        self.removed = [0] * n
        self.discard: list[int] = []
        self.piles: list[list[int]] = [[] for _ in range(n)]
        self.piles2x: list[list[int]] = [[] for _ in range(n)]
        self.combos_open: list[int] = []
        self.combos_won: list[list[int]] = [[] for _ in range(n)]
        self.known_in_hand: list[list[int]] = [[] for _ in range(n)]
        self.wizard = False
        self.wizard_turns = 0
        self.drained: list[int] = []
        self.end_reason = ""
        self.log: list[str] | None = [] if keep_log else None
        self.history: list[Action] = []
        self.names = [f"Player {k + 1}" for k in range(n)]

    # ----- copying -----------------------------------------------------------------------
    def clone(self, keep_log: bool = False) -> ShowdownState:
        """A deep copy (cheap: lists of ints); the log only when ``keep_log``."""
        s = ShowdownState.__new__(ShowdownState)
        s.deck, s.cards, s.n, s.phase, s.turn, s.first = (
            self.deck, self.cards, self.n, self.phase, self.turn, self.first)
        s.draw_pile = self.draw_pile[:]
        s.hands = [h[:] for h in self.hands]
        s.offers = self.offers[:]
        s.top = self.top
        s.faceup = self.faceup[:]
        s.bids = dict(self.bids)
        s.has_bid = self.has_bid[:]
        s.control_pos = self.control_pos
        s.pending_return = self.pending_return
        s.take_queue = self.take_queue[:]
        s.claims = self.claims[:]
        s.speed, s.control, s.removed = self.speed[:], self.control[:], self.removed[:]
        s.discard = self.discard[:]
        s.piles = [p[:] for p in self.piles]
        s.piles2x = [p[:] for p in self.piles2x]
        s.combos_open = self.combos_open[:]
        s.combos_won = [c[:] for c in self.combos_won]
        s.known_in_hand = [k[:] for k in self.known_in_hand]
        s.wizard, s.wizard_turns = self.wizard, self.wizard_turns
        s.drained = self.drained[:]
        s.end_reason = self.end_reason
        s.log = self.log[:] if (keep_log and self.log is not None) else None
        s.history = self.history[:] if keep_log else []
        s.names = self.names
        return s

    # ----- the State contract ------------------------------------------------------------
    def current_player(self) -> int:
        """Seat to act, :data:`CHANCE` (deal, reveal) or :data:`TERMINAL`."""
        ph = self.phase
        if ph is Phase.OFFER:
            for k in range(self.n):
                seat = (self.first + k) % self.n
                if self.offers[seat] is None:
                    return seat
            raise AssertionError("offer phase with every offer made")
        if ph is Phase.CONTROL:
            if self.pending_return is not None:
                return self.pending_return[0]
            return (self.first + self.control_pos) % self.n
        if ph is Phase.TAKE:
            return self.take_queue[0]
        if ph is Phase.OVER:
            return TERMINAL
        return CHANCE

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.phase is Phase.OVER

    def legal_actions(self) -> list[Action]:
        """The legal actions of the player to act; chance nodes list none (use
        :meth:`sample_chance`)."""
        seat = self.current_player()
        return _legal_actions(self, self.hands[seat] if seat >= 0 else ())

    def control_actions(self, seat: int) -> list[Action]:
        """Step 2 actions for ``seat``: bids, speed increases, buys and ``done``."""
        return _control_actions(self, seat)

    def remaining_faceup(self) -> list[int]:
        """Face-up cards nobody has claimed yet this turn."""
        return _remaining_faceup(self)

    def returns(self) -> list[float]:
        """Each seat's total score (points); only meaningful once terminal."""
        return [float(self.score(s).total) for s in range(self.n)]

    # ----- chance ------------------------------------------------------------------------
    def sample_chance(self, chance: Chance) -> Action:
        """The outcome of the chance node the game is at, drawn from ``chance``.

        Raises:
            IllegalMoveError: the game is not at a chance node.
        """
        if self.phase is Phase.DEAL:
            return Deal(tuple(chance.shuffled(range(len(self.cards)))),
                        tuple(chance.shuffled(range(len(self.deck.combinations)))),
                        chance.randint(0, self.n - 1))
        if self.phase is Phase.REVEAL:
            return Reveal(tuple(chance.shuffled([c for c in self.offers if c is not None])))
        raise IllegalMoveError("no chance event is due")

    # ----- applying actions ---------------------------------------------------------------
    def apply_text(self, text: str) -> Action:
        """Parse ``text`` and apply it; returns the action.

        Raises:
            BadInputError: not an action. IllegalMoveError: not legal now.
        """
        action = parse_action(text)
        self.apply_action(action)
        return action

    def apply_action(self, action: Action) -> None:
        """Apply ``action`` (a player's action or a chance outcome).

        Raises:
            IllegalMoveError: the action is not legal now (the message says why).
        """
        ph = self.phase
        if isinstance(action, Deal):
            if ph is not Phase.DEAL:
                raise IllegalMoveError("the cards have already been dealt")
            self._deal(action)
        elif isinstance(action, Reveal):
            if ph is not Phase.REVEAL:
                raise IllegalMoveError("no pile of offered cards waits to be revealed")
            if sorted(action.cards) != sorted(c for c in self.offers if c is not None):
                raise IllegalMoveError("a reveal must turn up exactly the offered cards")
            self._reveal(action)
        elif isinstance(action, Offer):
            if ph is not Phase.OFFER:
                raise IllegalMoveError("cards are offered only in step 1")
            seat = self.current_player()
            if action.card not in self.hands[seat]:
                raise IllegalMoveError(f"{card_text(action.card)} is not in your hand")
            self._offer(seat, action.card)
        elif isinstance(action, (Bid, Speed, Buy, Done, Flip)):
            if ph is not Phase.CONTROL:
                raise IllegalMoveError("control tokens are used only in step 2")
            self._control(action)
        elif isinstance(action, Take):
            if ph is not Phase.TAKE:
                raise IllegalMoveError("cards are taken only in step 3, by players without "
                                       "a bid")
            if action.card not in self.remaining_faceup():
                raise IllegalMoveError(f"{card_text(action.card)} is not an unclaimed "
                                       f"face-up card")
            seat = self.take_queue.pop(0)
            self._claim(seat, action.card, "takes")
            if not self.take_queue:
                self._finish_turn()
        else:  # pragma: no cover - the union is closed
            raise IllegalMoveError(f"unknown action {action!r}")
        if self.log is not None:
            self.history.append(action)

    def _say(self, text: str) -> None:
        if self.log is not None:
            self.log.append(text)

    def said(self, seat: int, verb: str) -> str:
        """The seat's name and ``verb`` for the log, in the second person for the seat called
        ``You`` (``Ann offers``, ``You offer``; ``Ann is``, ``You are``)."""
        return said(self.name(seat), verb)

    def name(self, seat: int) -> str:
        """The seat's name for the log (``Player 1``... unless ``names`` is set)."""
        return self.names[seat]

    def _deal(self, a: Deal) -> None:
        n_cards = len(self.cards)
        if sorted(a.deck) != list(range(n_cards)):
            raise IllegalMoveError("a deal must order every Playfield card exactly once")
        if sorted(a.combos) != list(range(len(self.deck.combinations))):
            raise IllegalMoveError("a deal must order every Combination card exactly once")
        if not 0 <= a.first < self.n:
            raise IllegalMoveError(f"the First Player must be a seat 0 to {self.n - 1}")
        order = list(a.deck)
        for i in range(HAND_SIZE * self.n):
            self.hands[i % self.n].append(order[i])
        self.draw_pile = order[HAND_SIZE * self.n:]
        combos = self.deck.combinations
        chosen: list[int] = []
        for c in a.combos:
            if len(chosen) == self.n:
                break
            if self.n == 2 and chosen:
                used = set(combos[chosen[0]].devices)
                if used & set(combos[c].devices):
                    continue  # two-player rule: requirements must be distinct
            chosen.append(c)
        self.combos_open = chosen
        self.first = a.first
        self._say(f"Cards dealt; {self.said(a.first, 'is')} First Player. Combinations: "
                  + "; ".join(combos[c].name for c in chosen) + ".")
        self._start_turn()

    def _start_turn(self) -> None:
        self.turn += 1
        self.offers = [None] * self.n
        self.faceup = []
        self.bids = {}
        self.has_bid = [False] * self.n
        self.control_pos = 0
        self.pending_return = None
        self.take_queue = []
        self.claims = [None] * self.n
        self.drained = []
        self.top = self.draw_pile.pop(0) if self.draw_pile else None
        self.phase = Phase.OFFER
        wiz = " (Wizard Mode)" if self.wizard else ""
        top = str(self.cards[self.top]) if self.top is not None else "none (deck empty)"
        self._say(f"Turn {self.turn}{wiz}: {self.said(self.first, 'reveals')} {top}.")
        if all(not h for h in self.hands):
            self._after_offers()
        else:
            self._skip_empty_offers()

    def _skip_empty_offers(self) -> None:
        # A player with no card in hand cannot offer (cannot happen with 10-card hands).
        for s in range(self.n):
            if self.offers[s] is None and not self.hands[s]:
                self.offers[s] = -1
        if all(o is not None for o in self.offers):
            self._after_offers()

    def _offer(self, seat: int, card: int) -> None:
        # A face-down offer tells the others nothing about which card left the hand: a card
        # known to be in this hand (bought from the discard pile) stays known until the
        # reveal shows the pile (rulebook step 1).
        self.hands[seat].remove(card)
        self.offers[seat] = card
        self._say(f"{self.said(seat, 'offers')} a card.")
        if all(o is not None for o in self.offers):
            self._after_offers()

    def _after_offers(self) -> None:
        self.offers = [o if o is not None and o >= 0 else None for o in self.offers]
        if any(o is not None for o in self.offers):
            self.phase = Phase.REVEAL
        else:
            self._reveal(Reveal(()))

    def _reveal(self, a: Reveal) -> None:
        self.faceup = ([self.top] if self.top is not None else []) + list(a.cards)
        # The reveal makes the offered cards public: a bought card among them has left its
        # buyer's hand (only the buyer held it).
        for known in self.known_in_hand:
            known[:] = [c for c in known if c not in a.cards]
        self.phase = Phase.CONTROL
        self._say("Face up: " + ", ".join(str(self.cards[c]) for c in self.faceup) + ".")

    def _control(self, a: Action) -> None:
        if self.pending_return is not None:
            if not isinstance(a, Flip):
                raise IllegalMoveError("first choose how many returned tokens to flip to "
                                       "speed (flip N)")
            seat, back = self.pending_return
            if not 0 <= a.n <= back:
                raise IllegalMoveError(f"you can flip 0 to {back} of the returned tokens")
            self.speed[seat] += a.n
            self.control[seat] += back - a.n
            self.pending_return = None
            self._say(f"{self.said(seat, 'flips')} {count(a.n, 'returned token')} to speed.")
            return
        seat = self.current_player()
        ctl = self.control[seat]
        if isinstance(a, Flip):
            raise IllegalMoveError("nobody has been outbid: there are no tokens to flip")
        if isinstance(a, Bid):
            if self.has_bid[seat]:
                raise IllegalMoveError("you have already bid this turn: a player bids once a turn")
            if a.card not in self.faceup:
                raise IllegalMoveError(f"{card_text(a.card)} is not a face-up card")
            if not 1 <= a.tokens <= ctl:
                raise IllegalMoveError(f"you can bid 1 to {ctl} control tokens")
            held = self.bids.get(a.card)
            if held is not None and a.tokens <= held[1]:
                raise IllegalMoveError(f"to outbid {self.name(held[0])} you need more than "
                                       f"{count(held[1], 'token')} on {card_text(a.card)}")
            self.control[seat] -= a.tokens
            self.has_bid[seat] = True
            self.bids[a.card] = (seat, a.tokens)
            self._say(f"{self.said(seat, 'bids')} {a.tokens} on {self.cards[a.card].device} "
                      f"({card_text(a.card)}).")
            if held is not None:
                self.pending_return = held
                self._say(f"{self.said(held[0], 'is')} outbid; {count(held[1], 'token')} "
                          f"{'comes' if held[1] == 1 else 'come'} back.")
            return
        if isinstance(a, Speed):
            if a.n < 1 or 2 * a.n > ctl:
                raise IllegalMoveError(f"with {ctl} control tokens you can increase speed by "
                                       f"1 to {ctl // 2}" if ctl >= 2 else
                                       "increasing speed needs at least 2 control tokens")
            self.control[seat] -= 2 * a.n
            self.speed[seat] += a.n
            self.removed[seat] += a.n
            self._say(f"{self.said(seat, 'increases')} speed by {a.n}.")
            return
        if isinstance(a, Buy):
            if self.turn < 2:
                raise IllegalMoveError("buying from the discard pile starts in turn 2")
            if ctl < BUY_COST:
                raise IllegalMoveError("buying a discarded card needs 2 control tokens")
            if a.card not in self.discard:
                raise IllegalMoveError(f"{card_text(a.card)} is not in the discard pile")
            self.control[seat] -= BUY_COST
            self.removed[seat] += BUY_COST
            self.discard.remove(a.card)
            self.hands[seat].append(a.card)
            self.known_in_hand[seat].append(a.card)
            self._say(f"{self.said(seat, 'buys')} {self.cards[a.card]} from the discard pile.")
            return
        assert isinstance(a, Done)
        self.control_pos += 1
        if self.control_pos >= self.n:
            self._claim_bids()

    # ----- step 3 ------------------------------------------------------------------------
    def _claim(self, seat: int, card: int, verb: str) -> None:
        c = self.cards[card]
        speed = self.speed[seat]
        if c.max_speed is not None and speed > c.max_speed:
            self.claims[seat] = Claim(card, False, f"speed {speed} is above {c.max_speed}")
            self.discard.append(card)
            self._say(f"{self.said(seat, verb)} {c.device} at speed {speed}: too fast, "
                      f"discarded unscored.")
        elif speed < c.min_speed:
            loss = min(c.circles, speed)
            self.speed[seat] -= loss
            self.control[seat] += loss
            self.claims[seat] = Claim(card, False, f"speed {speed} is below {c.min_speed}")
            self.discard.append(card)
            self._say(f"{self.said(seat, verb)} {c.device} but "
                      f"{verb_for(self.name(seat), 'misses')} it (speed {speed} < "
                      f"{c.min_speed}): {verb_for(self.name(seat), 'loses')} {loss} speed.")
        else:
            self.claims[seat] = Claim(card, True, "completed")
            self._say(f"{self.said(seat, verb)} {c.device} ({c.points:,}).")

    def _claim_bids(self) -> None:
        for k in range(self.n):
            seat = (self.first + k) % self.n
            for card, (owner, tokens) in self.bids.items():
                if owner == seat:
                    self.removed[seat] += tokens
                    self._claim(seat, card, "claims")
        self.take_queue = [(self.first + k) % self.n for k in range(self.n)
                           if self.claims[(self.first + k) % self.n] is None]
        self.phase = Phase.TAKE
        while self.take_queue and not self.remaining_faceup():
            self.take_queue.pop(0)
        if not self.take_queue:
            self._finish_turn()

    # ----- steps 4-6 ---------------------------------------------------------------------
    def _finish_turn(self) -> None:
        for c in self.remaining_faceup():
            self.discard.append(c)
            self._say(f"{self.cards[c].device} ({card_text(c)}) is left over: discarded.")
        # Step 4: effects of completed cards, then the scoring piles.
        for k in range(self.n):
            seat = (self.first + k) % self.n
            cl = self.claims[seat]
            if cl is None or not cl.completed:
                continue
            self._effect(seat, self.cards[cl.card])
            (self.piles2x if self.wizard else self.piles)[seat].append(cl.card)
        self.drained = [s for s in range(self.n) if self.speed[s] == 0]
        for seat in self.drained:
            if self.turn < LATE_DRAIN_TURN:
                up = min(AUTOSAVE, self.control[seat])
                self.control[seat] -= up
                self.speed[seat] += up
                self._say(f"{self.said(seat, 'drains')}! Autosave: {count(up, 'token')} flipped to "
                          f"speed.")
            else:
                self._say(f"{self.said(seat, 'drains')}! The game ends after this turn.")
        # Step 5: combinations, from the First Player.
        new_combo = False
        for k in range(self.n):
            seat = (self.first + k) % self.n
            devices = {self.cards[c].device for c in self.piles[seat]}
            devices.update(self.cards[c].device for c in self.piles2x[seat])
            for combo in list(self.combos_open):
                a, b = self.deck.combinations[combo].devices
                if a in devices and b in devices:
                    self.combos_open.remove(combo)
                    self.combos_won[seat].append(combo)
                    new_combo = True
                    self._say(f"{self.said(seat, 'completes')} the combination "
                              f"{self.deck.combinations[combo].name}!")
        # Wizard Mode for the next turn.
        was = self.wizard
        if was:
            self.wizard_turns += 1
            self.wizard = new_combo or max(self.speed) >= WIZARD_SPEED
        else:
            self.wizard = new_combo
        if self.wizard != was:
            self._say("Wizard Mode is On for the next turn!" if self.wizard
                      else "Wizard Mode is Off.")
        # Step 6 / game end.
        if self.drained and self.turn >= LATE_DRAIN_TURN:
            self.end_reason = "drain"
        elif self.turn >= MAX_TURNS:
            self.end_reason = "turns"
        if self.end_reason:
            self.phase = Phase.OVER
            self._say("Game over: " + ", ".join(
                f"{self.name(s)} {self.score(s).total:,}" for s in range(self.n)) + ".")
            return
        self.first = (self.first + 1) % self.n
        self._start_turn()

    def _effect(self, seat: int, c: PlayfieldCard) -> None:
        n = c.circles
        if c.effect is Effect.GREEN:
            up = min(n, self.control[seat])
            self.control[seat] -= up
            self.speed[seat] += up
        elif c.effect is Effect.RED:
            down = min(n, self.speed[seat])
            self.speed[seat] -= down
            self.control[seat] += down
        elif c.effect is Effect.BLUE:
            total = self.speed[seat] + self.control[seat]
            self.speed[seat] = min(n, total)
            self.control[seat] = total - self.speed[seat]

    # ----- scoring -----------------------------------------------------------------------
    def tokens(self, seat: int) -> int:
        """Tokens ``seat`` still has in the game: speed, control and bids on cards."""
        on_cards = sum(t for owner, t in self.bids.values() if owner == seat
                       ) if self.phase is Phase.CONTROL else 0
        back = self.pending_return[1] if (self.pending_return is not None
                                          and self.pending_return[0] == seat) else 0
        return self.speed[seat] + self.control[seat] + on_cards + back

    def score(self, seat: int) -> ScoreBreakdown:
        """``seat``'s score as it stands (the final score once the game is over)."""
        return _score(self, seat)

    def winners(self) -> list[int]:
        """The seats that win: highest total, then most tokens; still tied, all win."""
        return _winners(self)

    # ----- the player's view -------------------------------------------------------------
    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see: their own hand and offer, never another's hand or offer or
        the deck's order. Two states that differ only in what ``seat`` may not know give
        equal views (what the seat sees changes only when the rulebook makes it public)."""
        n = self.n
        offered_by: tuple[int, ...] = ()
        if self.faceup:
            known = []
            for c in self.faceup:
                if c == self.top:
                    known.append(-1)
                else:
                    owner = self.offers.index(c) if c in self.offers else -1
                    known.append(owner if (n == 2 or owner == seat) else -2)
            offered_by = tuple(known)
        return PlayerView(
            deck=self.deck, cards=self.cards, seat=seat, n=n, turn=self.turn,
            first=self.first, phase=self.phase,
            to_act=self.current_player(), wizard=self.wizard,
            hand=tuple(self.hands[seat]),
            hand_sizes=tuple(len(h) for h in self.hands),
            my_offer=self.offers[seat],
            has_offered=tuple(o is not None for o in self.offers),
            top=self.top, faceup=tuple(self.faceup), offered_by=offered_by,
            bids=dict(self.bids),
            has_bid=tuple(self.has_bid), control_pos=self.control_pos,
            pending_return=self.pending_return,
            claims=tuple(self.claims), take_queue=tuple(self.take_queue),
            speed=tuple(self.speed), control=tuple(self.control),
            removed=tuple(self.removed), discard=tuple(self.discard),
            piles=tuple(tuple(p) for p in self.piles),
            piles2x=tuple(tuple(p) for p in self.piles2x),
            combos_open=tuple(self.combos_open),
            combos_won=tuple(tuple(c) for c in self.combos_won),
            known_in_hand=tuple(tuple(k) for k in self.known_in_hand),
            deck_size=len(self.draw_pile), end_reason=self.end_reason,
        )


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
        return _legal_actions(self, self.hand)

    def score(self, seat: int) -> ScoreBreakdown:
        """``seat``'s score as it stands: scoring piles, combinations and tokens are public."""
        return _score(self, seat)

    def winners(self) -> list[int]:
        """The seats that win (see :meth:`ShowdownState.winners`)."""
        return _winners(self)


class _Table(Protocol):
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


def _remaining_faceup(t: _Table) -> list[int]:
    taken = {cl.card for cl in t.claims if cl is not None}
    return [c for c in t.faceup if c not in taken]


def _control_actions(t: _Table, seat: int) -> list[Action]:
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


def _legal_actions(t: _Table, hand: Sequence[int]) -> list[Action]:
    """The legal actions of the seat to act, whose hand is ``hand``."""
    ph = t.phase
    if ph is Phase.OFFER:
        return [Offer(c) for c in hand]
    if ph is Phase.CONTROL:
        if t.pending_return is not None:
            return [Flip(k) for k in range(t.pending_return[1] + 1)]
        return _control_actions(t, t.current_player())
    if ph is Phase.TAKE:
        return [Take(c) for c in _remaining_faceup(t)]
    return []


def _score(t: _Table, seat: int) -> ScoreBreakdown:
    cards = t.cards
    regular = sum(cards[c].points for c in t.piles[seat])
    double = 2 * sum(cards[c].points for c in t.piles2x[seat])
    drops = sum(1 for c in t.piles[seat] if cards[c].device == DROP_TARGET)
    drops += sum(1 for c in t.piles2x[seat] if cards[c].device == DROP_TARGET)
    combos = sum(t.deck.combinations[c].bonus for c in t.combos_won[seat])
    return ScoreBreakdown(regular, double, DROP_BONUS * (drops // DROP_SET), combos,
                          TOKEN_POINTS * (t.speed[seat] + t.control[seat]))


def _winners(t: _Table) -> list[int]:
    keys = [(_score(t, s).total, t.speed[s] + t.control[s]) for s in range(t.n)]
    best = max(keys)
    return [s for s in range(t.n) if keys[s] == best]


def new_game(deck: Deck, players: int, keep_log: bool = True) -> ShowdownState:
    """A game at its setup chance node (apply a :class:`Deal`, e.g. from ``sample_chance``)."""
    return ShowdownState(deck, players, keep_log)


def replay(deck: Deck, players: int, actions: Sequence[str]) -> ShowdownState:
    """Rebuild a game from its text actions (a save).

    Raises:
        BadInputError, IllegalMoveError: an action that does not parse or is not legal.
    """
    state = new_game(deck, players)
    for i, text in enumerate(actions, start=1):
        try:
            state.apply_text(text)
        except (BadInputError, IllegalMoveError) as exc:
            raise IllegalMoveError(f"action {i} ({text!r}) cannot be replayed: {exc}") from None
    return state
