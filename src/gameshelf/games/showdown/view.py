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
from gameshelf.core.safeload import array, as_json, flag, ranged
from gameshelf.core.state import TERMINAL
from gameshelf.games.showdown.actions import card_text, combo_text, parse_card
from gameshelf.games.showdown.cards import Deck
from gameshelf.games.showdown.steps import MAX_PLAYERS, MIN_PLAYERS
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
    claims as ``{"card", "completed", "reason"}`` or null; and ``scores``, each seat's score
    as it stands (:func:`scores_of`), so a page needs no scoring rules of its own."""
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
    out["scores"] = scores_of(view)
    return out


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
#: The most a view's count (tokens, speed, control, removed cards, a position) may be: far
#: past any game's, short of numbers no screen can show.
MAX_COUNT = 1_000_000


def _card(value: Any, deck: Deck) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        index = value
    elif isinstance(value, str):
        index = parse_card(value)
    else:
        raise ValueError(f"not a card: {as_json(value)}")
    if not 0 <= index < len(deck.playfield):
        raise ValueError(f"no card {as_json(value)} in the deck")
    return index


def _combo(value: Any, deck: Deck) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        index = value
    elif isinstance(value, str) and value[:1].upper() == "C" and value[1:].isdigit():
        index = int(value[1:]) - 1
    else:
        raise ValueError(f"not a combination card: {as_json(value)}")
    if not 0 <= index < len(deck.combinations):
        raise ValueError(f"no combination card {as_json(value)} in the deck")
    return index


def decode_showdown_view(data: dict[str, Any], deck: Deck) -> PlayerView:
    """The :class:`PlayerView` in a ``state`` message's ``view`` (docs/online.md, "Views").

    Every field is checked for its kind and its range, so that no screen indexes past what
    the rules allow: ``n`` within the game's seat counts; seats (``seat``, ``first``, a
    bid's, a pending return's) ``0`` to ``n - 1``, ``to_act`` also ``CHANCE``/``TERMINAL``,
    ``offered_by`` also -1/-2; cards and combination cards of ``deck``; per-seat lists of
    ``n`` items; counts 0 to the deck's size or :data:`MAX_COUNT`; lists where lists are due.

    Raises:
        OnlineError: the view is not one (a server of another kind; nothing is shown).
    """
    try:
        if not isinstance(data, dict):
            raise TypeError("the view is not an object")
        n = ranged(data["n"], "n", MIN_PLAYERS, MAX_PLAYERS)
        cards_in_deck = len(deck.playfield)

        def seat_of(value: Any, name: str, low: int = 0) -> int:
            return ranged(value, name, low, n - 1)

        def cards(value: Any) -> tuple[int, ...]:
            if not isinstance(value, list):
                raise TypeError(f"a list of cards must be an array, got {as_json(value)}")
            return tuple(_card(c, deck) for c in value)

        def per_seat(name: str) -> list[Any]:
            return array(data[name], name, n)

        def bid(b: Any) -> tuple[int, tuple[int, int]]:
            if not isinstance(b, dict):
                raise TypeError(f"a bid must be an object, got {as_json(b)}")
            return _card(b["card"], deck), (seat_of(b["seat"], "a bid's seat"),
                                            ranged(b["tokens"], "tokens", 0, MAX_COUNT))

        def claim(c: Any) -> Claim | None:
            if c is None:
                return None
            if not isinstance(c, dict) or not isinstance(c["reason"], str):
                raise TypeError(f"a claim must be an object with a reason, got {as_json(c)}")
            return Claim(_card(c["card"], deck), flag(c["completed"]), c["reason"])

        bids = dict(bid(b) for b in array(data["bids"], "bids"))
        pending = data.get("pending_return")
        if pending is not None and (not isinstance(pending, list) or len(pending) != 2):
            raise TypeError(f"pending_return must be an array of 2, got {as_json(pending)}")
        offer, top = data.get("my_offer"), data.get("top")
        faceup = cards(data["faceup"])
        offered_by = array(data["offered_by"], "offered_by", len(faceup))
        end_reason = data.get("end_reason") or ""
        if not isinstance(end_reason, str):
            raise TypeError(f"end_reason must be text, got {as_json(end_reason)}")
        return PlayerView(
            deck=deck, cards=deck.playfield, seat=seat_of(data["seat"], "seat"), n=n,
            turn=ranged(data["turn"], "turn", 0, MAX_COUNT),
            first=seat_of(data["first"], "first"), phase=Phase(data["phase"]),
            to_act=seat_of(data["to_act"], "to_act", TERMINAL), wizard=flag(data["wizard"]),
            hand=cards(data["hand"]),
            hand_sizes=tuple(ranged(k, "hand_sizes", 0, cards_in_deck)
                             for k in per_seat("hand_sizes")),
            my_offer=None if offer is None else _card(offer, deck),
            has_offered=tuple(flag(k) for k in per_seat("has_offered")),
            top=None if top is None else _card(top, deck),
            faceup=faceup,
            offered_by=tuple(seat_of(k, "offered_by", -2) for k in offered_by),
            bids=bids, has_bid=tuple(flag(k) for k in per_seat("has_bid")),
            control_pos=ranged(data["control_pos"], "control_pos", 0, MAX_COUNT),
            pending_return=None if pending is None else (
                seat_of(pending[0], "pending_return"),
                ranged(pending[1], "pending_return", 0, MAX_COUNT)),
            claims=tuple(claim(c) for c in array(data["claims"], "claims")),
            take_queue=tuple(ranged(k, "take_queue", 0, MAX_COUNT)
                             for k in array(data["take_queue"], "take_queue")),
            speed=tuple(ranged(k, "speed", 0, MAX_COUNT) for k in per_seat("speed")),
            control=tuple(ranged(k, "control", 0, MAX_COUNT) for k in per_seat("control")),
            removed=tuple(ranged(k, "removed", 0, MAX_COUNT) for k in per_seat("removed")),
            discard=cards(data["discard"]),
            piles=tuple(cards(group) for group in per_seat("piles")),
            piles2x=tuple(cards(group) for group in per_seat("piles2x")),
            combos_open=tuple(_combo(c, deck) for c in array(data["combos_open"], "combos_open")),
            combos_won=tuple(tuple(_combo(c, deck) for c in _list_of(g))
                             for g in per_seat("combos_won")),
            known_in_hand=tuple(cards(g) for g in per_seat("known_in_hand")),
            deck_size=ranged(data["deck_size"], "deck_size", 0, cards_in_deck),
            end_reason=end_reason)
    except (KeyError, TypeError, ValueError, IndexError, GameshelfError) as exc:
        raise OnlineError(f"the server sent a Showdown view this program cannot read "
                          f"({reason_of(exc)})") from None


def _list_of(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError(f"a list must be an array, got {as_json(value)}")
    return value
