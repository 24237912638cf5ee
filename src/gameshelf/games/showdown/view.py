"""A Pinball Showdown seat's view as JSON (docs/online.md, "Views"): the engine's
:class:`~gameshelf.games.showdown.table.PlayerView` less the static deck, cards written as in
action texts (``P41``, combinations ``C03``). Never another seat's hand or face-down offer,
nor the deck's cards. Pure: no I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.core.codec import decode, encode
from gameshelf.core.errors import GameshelfError
from gameshelf.core.safeload import ranged
from gameshelf.games.showdown.actions import card_text
from gameshelf.games.showdown.cards import Deck
from gameshelf.games.showdown.steps import MAX_PLAYERS, MIN_PLAYERS
from gameshelf.games.showdown.table import PlayerView
from gameshelf.session.remote import OnlineError, reason_of

if TYPE_CHECKING:
    from gameshelf.games.showdown.match import Match

#: Showdown view fields not sent: the deck's card definitions (static; the shipped deck).
_STATIC = frozenset({"deck", "cards"})


def showdown_view(match: Match, seat: int) -> dict[str, Any]:
    """``seat``'s Showdown view (module docstring): the view's fields as their types write
    them (:class:`~gameshelf.games.showdown.table.PlayerView`): bids as ``[{"card", "seat",
    "tokens"}]``, claims as ``{"card", "completed", "reason"}`` or null; and ``scores``,
    each seat's score as it stands (:func:`scores_of`), so a page needs no scoring rules of
    its own."""
    view = match.state.view(seat)
    return {"game": "showdown", "names": [s.name for s in match.seats],
            **encode(view, _STATIC), "scores": scores_of(view)}


def scores_of(view: PlayerView) -> list[dict[str, int]]:
    """Each seat's score as it stands, in points: ``{"cards", "two_x", "drop_bonus",
    "combos", "tokens", "total"}`` (the scoring piles, the 2X pile doubled, 5,000 per set of
    four Drop Targets, the Combination bonuses, 100 a token left: R-PS-3, R-PS-7). All of it
    is public, the same for every seat."""
    out = []
    for seat in range(view.n):
        s = view.score(seat)
        out.append({"cards": s.cards, "two_x": s.two_x, "drop_bonus": s.drop_bonus,
                    "combos": s.combos, "tokens": s.tokens, "total": s.total})
    return out


#: The Showdown view fields that differ from seat to seat (the rest is the same table).
_OWN = ("seat", "hand", "my_offer", "offered_by")


def showdown_views(match: Match, seats: list[int]) -> list[dict[str, Any]]:
    """:func:`showdown_view` of each of ``seats``, the table written once: the fields that
    are the same for every seat are the same objects in every view, only :data:`_OWN` are
    made per seat, from the state's own hand, offer and ``offered_by`` of that seat (never
    from another seat's view)."""
    if not seats:
        return []
    first = showdown_view(match, seats[0])
    out = [first]
    st = match.state
    for seat in seats[1:]:
        mine = dict(first)
        offer = st.offers[seat]
        mine["seat"] = seat
        mine["hand"] = [card_text(c) for c in st.hands[seat]]
        mine["my_offer"] = None if offer is None else card_text(offer)
        mine["offered_by"] = list(st.offered_by(seat))
        out.append(mine)
    return out


# ----- reading a view (the client's side) ---------------------------------------------
def decode_showdown_view(data: dict[str, Any], deck: Deck) -> PlayerView:
    """The :class:`PlayerView` in a ``state`` message's ``view`` (docs/online.md, "Views").

    Every field is checked for its kind and its range (its type), so that no screen
    indexes past what the rules allow: ``n`` within the game's seat counts; seats
    (``seat``, ``first``, a bid's, a pending return's) ``0`` to ``n - 1``, ``to_act`` also
    ``CHANCE``/``TERMINAL``, ``offered_by`` also -1/-2; cards and combination cards of
    ``deck``; per-seat lists of ``n`` items; counts 0 to the deck's size or
    :data:`~gameshelf.games.showdown.table.MAX_COUNT`; lists where lists are due.

    Raises:
        OnlineError: the view is not one (a server of another kind; nothing is shown).
    """
    try:
        if not isinstance(data, dict):
            raise TypeError("the view is not an object")
        n = ranged(data.get("n"), "n", MIN_PLAYERS, MAX_PLAYERS)
        return decode(PlayerView, data, given={"deck": deck, "cards": deck.playfield},
                      context={"n": n})
    except (TypeError, ValueError, GameshelfError) as exc:
        raise OnlineError(f"the server sent a Showdown view this program cannot read "
                          f"({reason_of(exc)})") from None
