"""The fields of a Pinball Showdown game and the six steps of its turn, as the rules engine
(:mod:`gameshelf.games.showdown.game`) applies them.

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

The game ends after turn 10 or after a turn 6+ in which a player drained.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from gameshelf.core.errors import BadInputError, IllegalMoveError
from gameshelf.core.state import CHANCE, TERMINAL
from gameshelf.core.text import count, said, verb_for
from gameshelf.games.showdown.actions import (
    Action,
    Bid,
    Buy,
    Deal,
    Done,
    Flip,
    Reveal,
    Speed,
    card_text,
)
from gameshelf.games.showdown.cards import CombinationCard, Deck, Effect, PlayfieldCard
from gameshelf.games.showdown.table import BUY_COST, Claim, Phase, remaining_faceup, score

MIN_PLAYERS, MAX_PLAYERS = 2, 4
TOKENS = 20
START_SPEED = 5
HAND_SIZE = 10
MAX_TURNS = 10
#: Drains from this turn on end the game; before it the autosave applies.
LATE_DRAIN_TURN = 6
AUTOSAVE = 5
WIZARD_SPEED = 12


def open_combos(combos: Sequence[CombinationCard], order: Iterable[int], n: int) -> list[int]:
    """The Combination cards a deal turns face up from ``order``: the first ``n``, except that
    in a two-player game a card sharing a device with the first is set aside."""
    chosen: list[int] = []
    for c in order:
        if len(chosen) == n:
            break
        if n == 2 and chosen and set(combos[chosen[0]].devices) & set(combos[c].devices):
            continue
        chosen.append(c)
    return chosen


class TurnSteps:
    """A game's fields and what each step of a turn does to them; the rules engine's state
    (:class:`~gameshelf.games.showdown.game.ShowdownState`) adds the State contract: the
    legal actions, chance, applying an action, copies, scores and views.

    Args:
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
        chosen = open_combos(combos, a.combos, self.n)
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
        while self.take_queue and not remaining_faceup(self):
            self.take_queue.pop(0)
        if not self.take_queue:
            self._finish_turn()

    # ----- steps 4-6 ---------------------------------------------------------------------
    def _finish_turn(self) -> None:
        for c in remaining_faceup(self):
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
                f"{self.name(s)} {score(self, s).total:,}" for s in range(self.n)) + ".")
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
