"""A Pinball Showdown seat's view as JSON (docs/online.md, "Views"): the engine's
:class:`~gameshelf.games.showdown.table.PlayerView` less the static deck, cards written as in
action texts (``P41``, combinations ``C03``). Never another seat's hand or face-down offer,
nor the deck's cards. Pure: no I/O.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import TYPE_CHECKING, Any

from gameshelf.core.errors import GameshelfError
from gameshelf.core.safeload import flag, whole
from gameshelf.games.showdown.actions import card_text, combo_text, parse_card
from gameshelf.games.showdown.cards import Deck
from gameshelf.games.showdown.table import Claim, Phase, PlayerView
from gameshelf.server.views import plain
from gameshelf.session.remote import OnlineError, reason_of

if TYPE_CHECKING:
    from gameshelf.games.showdown.match import Match

#: Showdown view fields holding Playfield card indexes (written ``P41``).
_CARDS = frozenset({"hand", "my_offer", "top", "faceup", "discard", "piles",
                    "piles2x", "known_in_hand"})
#: Showdown view fields holding Combination card indexes (written ``C03``).
_COMBOS = frozenset({"combos_open", "combos_won"})
#: Showdown view fields not sent: the deck's card definitions (static; the shipped deck).
_STATIC = frozenset({"deck", "cards"})


#: The view fields sent, in the view's order.
_FIELDS = tuple(f.name for f in dataclasses.fields(PlayerView) if f.name not in _STATIC)


def showdown_view(match: Match, seat: int) -> dict[str, Any]:
    """``seat``'s Showdown view (module docstring): bids as ``[{"card", "seat", "tokens"}]``,
    claims as ``{"card", "completed", "reason"}`` or null."""
    view = match.state.view(seat)
    out: dict[str, Any] = {"game": "showdown", "names": [s.name for s in match.seats]}
    for name in _FIELDS:
        value = getattr(view, name)
        if name in _CARDS:
            if value is None:
                out[name] = None
            elif isinstance(value, int):
                out[name] = card_text(value)
            elif value and isinstance(value[0], tuple | list):
                out[name] = [[card_text(c) for c in part] for part in value]
            else:
                out[name] = [card_text(c) for c in value]
        elif name in _COMBOS:
            out[name] = ([[combo_text(c) for c in part] for part in value]
                         if value and isinstance(value[0], tuple | list)
                         else [combo_text(c) for c in value])
        elif name == "bids":
            out[name] = [{"card": card_text(c), "seat": s, "tokens": k}
                         for c, (s, k) in sorted(value.items())]
        elif name == "claims":
            out[name] = [None if c is None else {"card": card_text(c.card),
                                                  "completed": c.completed,
                                                  "reason": c.reason} for c in value]
        elif isinstance(value, enum.Enum):
            out[name] = value.value
        elif isinstance(value, tuple):
            out[name] = plain(value)
        else:
            out[name] = value
    return out


#: The Showdown view fields that differ from seat to seat (the rest is the same table).
_OWN = ("seat", "hand", "my_offer", "offered_by")


def showdown_views(match: Match, seats: list[int]) -> list[dict[str, Any]]:
    """:func:`showdown_view` of each of ``seats``, the table written once: the fields that
    are the same for every seat are shared, only :data:`_OWN` are written per seat."""
    if not seats:
        return []
    first = showdown_view(match, seats[0])
    out = [first]
    for seat in seats[1:]:
        view = match.state.view(seat)
        mine = dict(first)
        mine["seat"] = seat
        mine["hand"] = [card_text(c) for c in view.hand]
        mine["my_offer"] = None if view.my_offer is None else card_text(view.my_offer)
        mine["offered_by"] = list(view.offered_by)
        out.append(mine)
    return out


# ----- reading a view (the client's side) ---------------------------------------------
def _card(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        return parse_card(value)
    raise ValueError(f"not a card: {value!r}")


def _combo(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value[:1].upper() == "C" and value[1:].isdigit():
        return int(value[1:]) - 1
    raise ValueError(f"not a combination card: {value!r}")


def decode_showdown_view(data: dict[str, Any], deck: Deck) -> PlayerView:
    """The :class:`PlayerView` in a ``state`` message's ``view`` (docs/online.md, "Views").

    Raises:
        OnlineError: the view is not one (a server of another kind; nothing is shown).
    """
    try:
        cards = tuple(tuple(_card(c) for c in group) for group in data["piles"])
        bids = {_card(b["card"]): (whole(b["seat"]), whole(b["tokens"])) for b in data["bids"]}
        claims = tuple(None if c is None else Claim(_card(c["card"]), flag(c["completed"]),
                                                    str(c["reason"]))
                       for c in data["claims"])
        pending = data.get("pending_return")
        offer = data.get("my_offer")
        top = data.get("top")
        return PlayerView(
            deck=deck, cards=deck.playfield, seat=whole(data["seat"]), n=whole(data["n"]),
            turn=whole(data["turn"]), first=whole(data["first"]), phase=Phase(data["phase"]),
            to_act=whole(data["to_act"]), wizard=flag(data["wizard"]),
            hand=tuple(_card(c) for c in data["hand"]),
            hand_sizes=tuple(whole(k) for k in data["hand_sizes"]),
            my_offer=None if offer is None else _card(offer),
            has_offered=tuple(flag(k) for k in data["has_offered"]),
            top=None if top is None else _card(top),
            faceup=tuple(_card(c) for c in data["faceup"]),
            offered_by=tuple(whole(k) for k in data["offered_by"]),
            bids=bids, has_bid=tuple(flag(k) for k in data["has_bid"]),
            control_pos=whole(data["control_pos"]),
            pending_return=None if pending is None else (whole(pending[0]), whole(pending[1])),
            claims=claims, take_queue=tuple(whole(k) for k in data["take_queue"]),
            speed=tuple(whole(k) for k in data["speed"]),
            control=tuple(whole(k) for k in data["control"]),
            removed=tuple(whole(k) for k in data["removed"]),
            discard=tuple(_card(c) for c in data["discard"]),
            piles=cards,
            piles2x=tuple(tuple(_card(c) for c in group) for group in data["piles2x"]),
            combos_open=tuple(_combo(c) for c in data["combos_open"]),
            combos_won=tuple(tuple(_combo(c) for c in g) for g in data["combos_won"]),
            known_in_hand=tuple(tuple(_card(c) for c in g) for g in data["known_in_hand"]),
            deck_size=whole(data["deck_size"]), end_reason=str(data.get("end_reason") or ""))
    except (KeyError, TypeError, ValueError, IndexError, GameshelfError) as exc:
        raise OnlineError(f"the server sent a Showdown view this program cannot read "
                          f"({reason_of(exc)})") from None
