"""The cards on the table by zone (the face-up cards or the card turned up from the deck,
the hand on screen, the discard pile) as the card widgets to mount, and their labels."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.text import Text

from gameshelf.core.text import count, literal, possessive
from gameshelf.games.showdown.actions import card_text
from gameshelf.games.showdown.play import LocalShowdown, ShowdownMatch
from gameshelf.games.showdown.table import Phase, PlayerView
from gameshelf.games.showdown.tui.cards import CardLine, CardView, CardWidget
from gameshelf.games.showdown.tui.layout import Layout
from gameshelf.session.match import SeatInfo


@dataclass
class Zones:
    """The card widgets of each zone (not mounted yet) and the labels over them; ``chosen``:
    those a person may choose (not the card turned up from the deck)."""

    faceup: list[CardWidget] = field(default_factory=list)
    hand: list[CardWidget] = field(default_factory=list)
    discard: list[CardWidget] = field(default_factory=list)
    faceup_label: str = "Face-up cards"
    discard_label: str = ""

    @property
    def chosen(self) -> list[CardWidget]:
        return [w for w in (*self.faceup, *self.hand, *self.discard) if w.zone != "top"]


def drawn_key(st: PlayerView, v: PlayerView | None, layout: Layout) -> object:
    """What the zones are drawn from: while it stays the same the widgets stay (only the
    choice moved)."""
    return (tuple(st.faceup), tuple(st.bids.items()), tuple(st.claims), st.top,
            st.phase, st.wizard, tuple(st.discard), st.has_offered,
            None if v is None else (v.seat, v.hand), (layout.width, layout.height),
            layout.compact)


def _faceup_note(st: PlayerView, v: PlayerView | None, seats: Sequence[SeatInfo],
                 i: int, c: int, taken: dict[int, int]) -> str:
    """The line under face-up card ``c`` (the ``i``-th): its bid, who offered it (when the
    seat on screen may know), or who took it."""
    bid = st.bids.get(c)
    note = f"{literal(seats[bid[0]].name)[:8]} ×{bid[1]}" if bid else ""
    if not bid and v is not None and i < len(v.offered_by):
        who = v.offered_by[i]
        note = "deck" if who == -1 else (
            f"from {literal(seats[who].name)[:9]}" if who >= 0 else "")
    if c in taken and st.phase is Phase.TAKE:
        note = f"→ {literal(seats[taken[c]].name)[:10]}"
    return note


def lay_zones(st: PlayerView, v: PlayerView | None, seats: Sequence[SeatInfo],
              layout: Layout) -> Zones:
    """The card widgets of every zone for the table ``st`` and the hand of ``v`` (None: no
    hand shown): cards as cards, or one line each on a compact layout."""
    left = layout.left_width

    def card(c: int, i: int, zone: str, note: str = "") -> CardWidget:
        if layout.compact:   # the hand scrolls: less its scroll bar
            return CardLine(st.cards[c], i, zone, left - 2 * (zone == "hand"), note)
        return CardView(st.cards[c], i, zone, note, st.wizard and zone != "hand")

    zones = Zones()
    taken = {cl.card: s for s, cl in enumerate(st.claims) if cl is not None}
    if st.faceup:
        zones.faceup = [card(c, i, "faceup", _faceup_note(st, v, seats, i, c, taken))
                        for i, c in enumerate(st.faceup)]
        zones.faceup_label = "Face-up cards (this turn)"
    elif st.top is not None:
        zones.faceup = [card(st.top, 0, "top", "deck")]
        zones.faceup_label = (f"Turned up from the deck; offers made: "
                              f"{sum(st.has_offered)} of {st.n}")
    if v is not None:
        zones.hand = [card(c, i, "hand") for i, c in enumerate(v.hand)]
    zones.discard_label = f"Discard pile ({len(st.discard)})"
    zones.discard = [CardLine(st.cards[c], i, "discard", layout.right_width)
                     for i, c in enumerate(st.discard)]
    return zones


def hand_label(game: ShowdownMatch, v: PlayerView | None, chosen: int | None,
               humans: int) -> Text | str:
    """Over the hand: whose it is, its size, the card chosen (its number, 1 on) and the
    card offered while the offers are face down; with no hand shown (``v`` None), why (the
    game's end, the connection lost, computers only, ``humans`` people passing the
    terminal)."""
    if v is None:
        return ("Connection lost: the game goes on on the server"
                if game.cut_off() is not None
                else ("Game over: p shows the piles, r the review"
                      if isinstance(game, LocalShowdown)
                      else "Game over: p shows the piles") if game.finished()
                else "Computers only: no hand shown" if not humans
                else "Hand hidden: pass the terminal")
    name = literal(game.seats[v.seat].name)
    return Text(
        f"{possessive(name)} hand ({count(len(v.hand), 'card')}"
        + (f"; card {chosen} of {len(v.hand)}: {card_text(v.hand[chosen - 1])}"
           if chosen is not None else "") + ")"
        + (f" · offered {card_text(v.my_offer)}" if v.my_offer is not None
           and not v.faceup else ""))
