"""The Pinball Showdown rules engine (``rules/pinball-showdown.txt``, rulings R-PS-1..R-PS-13
of ``docs/rules/pinball-showdown.md``): :class:`ShowdownState`, the State contract over the
fields and turn steps of :mod:`.steps`; views, scores and winners are :mod:`.table`'s. The
state is mutable (``apply_action``) and cheap to :meth:`~ShowdownState.clone` for search.
"""

from __future__ import annotations

from collections.abc import Sequence

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError, IllegalMoveError
from gameshelf.games.showdown.actions import (
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
from gameshelf.games.showdown.cards import Deck
from gameshelf.games.showdown.steps import MAX_TURNS, TOKENS, TurnSteps
from gameshelf.games.showdown.table import (
    Phase,
    PlayerView,
    ScoreBreakdown,
    legal_actions,
    remaining_faceup,
    score,
    winners,
)

#: Rules version written into saves; a save of another version is refused.
RULES_VERSION = 1


def max_actions(players: int) -> int:
    """The most actions a record of a ``players``-seat game can hold (R-PS rules): the deal;
    each of the :data:`MAX_TURNS` turns a reveal and, per player, at most an offer, a bid, a
    flip (a player outbid cannot bid again that turn), a ``done`` and a take; and over the
    whole game at most :data:`TOKENS` speed increases and purchases a player, since each
    removes at least one of their tokens from the game for good."""
    return 1 + MAX_TURNS * (1 + 5 * players) + TOKENS * players


class ShowdownState(TurnSteps):
    """A game of Pinball Showdown for 2 to 4 players (see :class:`TurnSteps` for its
    fields and arguments).

    Raises:
        BadInputError: a player count out of range.
    """

    # ----- copying -----------------------------------------------------------------------
    def clone(self, keep_log: bool = False) -> ShowdownState:
        """A deep copy; the log only when ``keep_log``."""
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
    def is_terminal(self) -> bool:
        return self.phase is Phase.OVER

    def legal_actions(self) -> list[Action]:
        """The legal actions of the player to act; chance nodes list none (use
        :meth:`sample_chance`)."""
        seat = self.current_player()
        return legal_actions(self, self.hands[seat] if seat >= 0 else ())

    def remaining_faceup(self) -> list[int]:
        """Face-up cards nobody has claimed yet this turn."""
        return remaining_faceup(self)

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
        return score(self, seat)

    def winners(self) -> list[int]:
        """The seats that win: highest total, then most tokens; still tied, all win."""
        return winners(self)

    # ----- the player's view -------------------------------------------------------------
    def offered_by(self, seat: int) -> tuple[int, ...]:
        """Per face-up card, who offered it as ``seat`` may know it (:class:`PlayerView`'s
        ``offered_by``): the offerer when it is ``seat`` or the game has two players (cards
        played face up), -1 for the card turned from the deck, -2 when ``seat`` may not
        know; ``()`` with no card face up."""
        known = []
        for c in self.faceup:
            if c == self.top:
                known.append(-1)
            else:
                owner = self.offers.index(c) if c in self.offers else -1
                known.append(owner if (self.n == 2 or owner == seat) else -2)
        return tuple(known)

    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may see: their own hand and offer, never another's hand or offer or
        the deck's order. Two states that differ only in what ``seat`` may not know give
        equal views (what the seat sees changes only when the rulebook makes it public)."""
        n = self.n
        offered_by = self.offered_by(seat)
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
