"""Which card the person on screen has chosen, step by step, and what Enter, ``b`` and ``u``
play with it. Pure: read from the seat's view.
"""

from __future__ import annotations

from gameshelf.games.showdown.actions import Action, Bid, Buy, Done, Offer, Speed, Take
from gameshelf.games.showdown.table import Phase, PlayerView


def zones(st: PlayerView) -> list[str]:
    """The zones whose cards may be chosen now: the hand (step 1), the face-up cards and,
    from turn 2 with cards in it, the discard pile (step 2), the unclaimed face-up cards
    (step 3)."""
    ph = st.phase
    if ph is Phase.OFFER:
        return ["hand"]
    if ph is Phase.CONTROL:
        return ["faceup", "discard"] if st.turn >= 2 and st.discard else ["faceup"]
    if ph is Phase.TAKE:
        return ["faceup"]
    return ["hand"]


def zone_cards(v: PlayerView | None, zone: str) -> list[int]:
    """The cards of ``zone`` that may be chosen (none without a hand on screen)."""
    if v is None:
        return []
    if zone == "hand":
        return list(v.hand)
    if zone == "faceup":
        taken = {c.card for c in v.claims if c is not None}
        return [c for c in v.faceup if c not in taken] if v.phase is Phase.TAKE \
            else list(v.faceup)
    return list(v.discard)


def card_at(zone: str, index: int, st: PlayerView, v: PlayerView | None) -> int | None:
    """The card at place ``index`` of ``zone`` on the table ``st`` (the hand: ``v``'s)."""
    if zone == "faceup":
        return st.faceup[index] if index < len(st.faceup) else None
    if zone == "discard":
        return st.discard[index] if index < len(st.discard) else None
    if zone == "hand" and v is not None:
        return v.hand[index] if index < len(v.hand) else None
    return None


def after_bid(legal: list[Action]) -> str:
    """What the person to act can still do once no bid is left to them this turn."""
    can = [word for kind, word in ((Speed, "v Speed+1"), (Buy, "u Buy from the discard "
                                                               "pile"), (Done, "d Done"))
           if any(isinstance(a, kind) for a in legal)]
    return ("You have bid this turn (one bid a turn). Now: " + ", ".join(can) + "."
            if can else "You have bid this turn (one bid a turn).")


class Choice:
    """The card the person on screen has chosen (a new step starts from the first card of
    the step's zone).

    Attributes:
        zone: ``hand``, ``faceup`` or ``discard``.
        cursor: the card's place among :func:`zone_cards` of the zone.
        tokens: the tokens of a bid on the chosen face-up card.
    """

    def __init__(self) -> None:
        self.zone = "hand"
        self.cursor = 0
        self.tokens = 1
        #: (seat to act, turn, phase) of the step the choice was made in
        self._stage: tuple[int, int, Phase] | None = None
        #: (zone, card) chosen by the last click: a click on it again plays it
        self._clicked: tuple[str, int] | None = None

    def selected(self, v: PlayerView | None) -> int | None:
        """The card chosen (None: none in its zone)."""
        cards = zone_cards(v, self.zone)
        return cards[self.cursor] if 0 <= self.cursor < len(cards) else None

    def hand_number(self, v: PlayerView | None) -> int | None:
        """The chosen card's number in the hand (1 on) when it is in the hand, else None."""
        on = v is not None and self.zone == "hand" and 0 <= self.cursor < len(v.hand)
        return self.cursor + 1 if on else None

    def least_bid(self, v: PlayerView | None) -> int:
        """The fewest tokens a bid on the chosen card may be: one more than the bid on it,
        else 1."""
        card = self.selected(v) if self.zone == "faceup" else None
        held = v.bids.get(card) if card is not None and v is not None else None
        return held[1] + 1 if held else 1

    def reset(self, st: PlayerView, v: PlayerView | None) -> None:
        """The first card of the step's zone: the hand to offer, else the face-up cards."""
        self._stage = (st.current_player(), st.turn, st.phase)
        self.zone = "hand" if st.phase is Phase.OFFER else "faceup"
        self.cursor = 0
        self.tokens = self.least_bid(v)

    def keep(self, st: PlayerView, v: PlayerView | None) -> None:
        """Keep the choice within one step; a new step starts afresh (:meth:`reset`)."""
        if (st.current_player(), st.turn, st.phase) != self._stage:
            self.reset(st, v)

    def played(self, st: PlayerView, v: PlayerView | None) -> None:
        """After the person's own action, still theirs to act: in step 2 the choice stays
        where it can (the zone, the place within the cards left); else afresh."""
        if st.phase is not Phase.CONTROL:
            self.reset(st, v)
            return
        self.zone = self.zone if self.zone in zones(st) else "faceup"
        self.cursor = min(self.cursor, max(0, len(zone_cards(v, self.zone)) - 1))
        self.tokens = self.least_bid(v)

    def move(self, step: int, st: PlayerView, v: PlayerView | None) -> None:
        """``step`` cards on (1) or back (-1): past a zone's end into the next zone (its
        first card; going back, its last)."""
        self._clicked = None
        where = zones(st)
        if self.zone not in where:
            self.zone, self.cursor = where[0], 0
        self.cursor += step
        if self.cursor >= len(zone_cards(v, self.zone)) or self.cursor < 0:
            self.zone = where[(where.index(self.zone) + (1 if step > 0 else -1)) % len(where)]
            self.cursor = 0 if step > 0 else max(0, len(zone_cards(v, self.zone)) - 1)
        self.tokens = self.least_bid(v)

    def click(self, zone: str, index: int, st: PlayerView, v: PlayerView | None,
              can_act: bool) -> str:
        """A click on the card at place ``index`` of ``zone``: ``chosen`` (the first click,
        also on the card the keys had chosen), ``play`` (a second click on the chosen card,
        by the person to act), ``claimed`` (the card is gone) or ``""`` (nothing to
        choose there now)."""
        card = card_at(zone, index, st, v)
        if zone not in zones(st) or card is None:
            return ""
        cards = zone_cards(v, zone)
        if card not in cards:
            return "claimed"
        at = cards.index(card)
        if (zone, card) == self._clicked and zone == self.zone and at == self.cursor \
                and can_act:
            self._clicked = None
            return "play"
        self._clicked = (zone, card)
        self.zone, self.cursor = zone, at
        self.tokens = self.least_bid(v)
        return "chosen"

    def more(self, step: int, v: PlayerView | None) -> None:
        """``step`` tokens more (or fewer) for the bid: from the least bid to all of the
        seat's control tokens."""
        high = v.control[v.seat] if v is not None else 1
        self.tokens = max(self.least_bid(v), min(max(1, high), self.tokens + step))

    def flip_keys(self, n: int, st: PlayerView, v: PlayerView | None) -> bool:
        """A digit key ``n`` while nobody was outbid: in step 2, on a face-up card, it sets
        the bid's tokens (True); else nothing (False)."""
        if st.phase is not Phase.CONTROL or self.zone != "faceup":
            return False
        self.tokens = max(self.least_bid(v), n)
        return True

    def enter(self, st: PlayerView, v: PlayerView | None, legal: list[Action]) -> Action | str:
        """What Enter plays with the chosen card: the offer (step 1), the bid or the buy
        (step 2), the take (step 3); else why nothing (no card chosen; a bid made already
        this turn: what is left to do)."""
        c = self.selected(v)
        if c is None:
            return "Choose a card first (Left/Right or a click)."
        if st.phase is Phase.OFFER and self.zone == "hand":
            return Offer(c)
        if st.phase is Phase.TAKE and self.zone == "faceup":
            return Take(c)
        if st.phase is Phase.CONTROL and self.zone == "faceup":
            return self.bid(v) if any(isinstance(a, Bid) for a in legal) else after_bid(legal)
        if st.phase is Phase.CONTROL and self.zone == "discard":
            return self.buy(v)
        return "Nothing to do with that card now."

    def bid(self, v: PlayerView | None) -> Action | str:
        """The bid of :attr:`tokens` on the chosen face-up card, else why not."""
        c = self.selected(v)
        if self.zone != "faceup" or c is None:
            return "Choose a face-up card to bid on."
        return Bid(c, self.tokens)

    def buy(self, v: PlayerView | None) -> Action | str:
        """Buying the chosen card of the discard pile, else why not."""
        c = self.selected(v)
        if self.zone != "discard" or c is None:
            return "Choose a card of the discard pile to buy (Right past the face-up cards)."
        return Buy(c)
