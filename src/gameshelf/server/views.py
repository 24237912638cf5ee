"""Each seat's view as JSON (docs/online.md, "Views"): built from the engine's own per-seat
view, cards and tiles written as in action texts (Showdown ``P41`` / ``C03``, Muggins
``5-3``). Pure: no I/O.

What a view holds is exactly what the engine's view for that seat holds (plus what is public
on the table, such as the Muggins chains): never another seat's hand, rack or face-down
offer, nor the deck's or boneyard's tiles.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gameshelf.games.muggins.match import Match as MugginsMatch
    from gameshelf.games.showdown.match import Match as ShowdownMatch
    from gameshelf.games.yatz.match import Match as YatzMatch

#: Showdown view fields holding Playfield card indexes (written ``P41``).
_CARDS = frozenset({"hand", "my_offer", "top", "faceup", "discard", "piles",
                    "piles2x", "known_in_hand"})
#: Showdown view fields holding Combination card indexes (written ``C03``).
_COMBOS = frozenset({"combos_open", "combos_won"})
#: Showdown view fields not sent: the deck's card definitions (static; the shipped deck).
_STATIC = frozenset({"deck", "cards"})


def _showdown_fields() -> tuple[str, ...]:
    from gameshelf.games.showdown.game import PlayerView
    return tuple(f.name for f in dataclasses.fields(PlayerView) if f.name not in _STATIC)


_FIELDS = _showdown_fields()


_SCALARS = (str, int, float, bool, type(None))


def _plain(value: Any) -> Any:
    """An engine value as JSON values (enums by value, dataclasses as objects, sets
    sorted)."""
    if isinstance(value, _SCALARS):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [v if isinstance(v, _SCALARS) else _plain(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted((_plain(v) for v in value), key=str)
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def showdown_view(match: ShowdownMatch, seat: int) -> dict[str, Any]:
    """``seat``'s Showdown view: :class:`gameshelf.games.showdown.game.PlayerView`'s fields (less
    the static deck), cards as ``P41``, combinations as ``C03``, bids as
    ``[{"card", "seat", "tokens"}]``, claims as ``{"card", "completed", "reason"}`` or null."""
    from gameshelf.games.showdown.actions import card_text, combo_text
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
            out[name] = _plain(value)
        else:
            out[name] = value
    return out


#: The Showdown view fields that differ from seat to seat (the rest is the same table).
_OWN = ("seat", "hand", "my_offer", "offered_by")


def showdown_views(match: ShowdownMatch, seats: list[int]) -> list[dict[str, Any]]:
    """:func:`showdown_view` of each of ``seats``, the table written once: the fields that
    are the same for every seat are shared, only :data:`_OWN` are written per seat."""
    from gameshelf.games.showdown.actions import card_text
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


def muggins_view(match: MugginsMatch, seat: int, names: list[str]) -> dict[str, Any]:
    """``seat``'s Muggins view: its rack, the public chains and counts
    (:class:`gameshelf.games.muggins.game.PlayerView` less ``unseen``, which is every tile
    neither on the chains nor in the rack, and ``legal``, which the state message gives),
    tiles as ``5-3``; chains from the spinner out, each tile written inner half first;
    ``leader`` the seat that led the round; ``opponent_void`` the numbers the other seat is
    known not to hold (public: it drew or passed while they were the open ends)."""
    st = match.state
    view = st.view(seat)
    return {
        "game": "muggins", "names": list(names), "seat": seat,
        "hand": sorted(str(t) for t in view.hand),
        "left": [f"{p.inner}-{p.outer}" for p in st.left],
        "right": [f"{p.inner}-{p.outer}" for p in st.right],
        "left_end": view.left_end, "right_end": view.right_end,
        "left_double": view.left_double, "right_double": view.right_double,
        "boneyard_count": view.boneyard_count, "opponent_count": view.opponent_count,
        "scores": list(view.scores), "target": view.target, "round_no": st.round_no,
        "to_move": view.to_move, "passes": view.passes, "leader": st.leader,
        "opponent_void": sorted(view.opponent_void),
        "rounds": [_plain(r) for r in st.rounds],
    }


def yatz_view(match: YatzMatch) -> dict[str, Any]:
    """The Yatz table (everyone sees all of it): the dice, holds, boxes and totals."""
    st = match.state
    return {
        "game": "yatz", "names": [s.name for s in match.seats], "rules": match.rules,
        "seat": st.seat, "dice": list(st.dice),
        "held": [i + 1 for i in range(len(st.dice)) if st.held >> i & 1],
        "rolls_left": st.rolls_left, "turns_done": st.turns_done,
        "boxes": [[list(col) for col in card] for card in st.boxes],
        "totals": [st.grand_total(i) for i in range(len(match.seats))],
    }
