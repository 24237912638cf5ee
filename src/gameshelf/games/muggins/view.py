"""A Muggins seat's view as JSON (docs/online.md, "Views"): its rack, the public chains and
counts, tiles written ``5-3``; never the other rack or the boneyard's tiles. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from gameshelf.core.errors import GameshelfError
from gameshelf.core.safeload import whole
from gameshelf.games.muggins.game import Placed, RoundResult
from gameshelf.games.muggins.game import parse_action as parse_muggins_action
from gameshelf.games.muggins.play import MugginsTable
from gameshelf.games.muggins.tiles import parse_tile
from gameshelf.server.views import plain
from gameshelf.session.remote import OnlineError, reason_of

if TYPE_CHECKING:
    from gameshelf.games.muggins.match import Match

def muggins_view(match: Match, seat: int, names: list[str]) -> dict[str, Any]:
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
        "rounds": [plain(r) for r in st.rounds],
    }


# ----- reading a view (the client's side) ---------------------------------------------
def _placed(text: Any) -> Placed:
    """A chain tile as a view writes it: ``5-3``, 5 touching the chain."""
    if not isinstance(text, str) or len(text.split("-")) != 2:
        raise ValueError(f"not a placed tile: {text!r}")
    inner, outer = (int(x) for x in text.split("-"))
    return Placed(parse_tile(text), inner, outer)


def _round(data: Any) -> RoundResult:
    winner = data["winner"]
    return RoundResult(whole(data["round_no"]), str(data["kind"]),
                       None if winner is None else whole(winner),
                       (whole(data["pips"][0]), whole(data["pips"][1])), whole(data["rounded"]),
                       whole(data["bonus"]), whole(data["points"]),
                       (whole(data["scores"][0]), whole(data["scores"][1])))


def decode_muggins_view(data: dict[str, Any], seat: int, to_act: int,
                        legal: Sequence[str] = ()) -> MugginsTable:
    """The :class:`~gameshelf.games.muggins.play.MugginsTable` in a ``state`` message's
    ``view`` (``to_act`` and ``legal`` from the message).

    Raises:
        OnlineError: the view is not one (a server of another kind; nothing is shown).
    """
    try:
        scores = data["scores"]
        return MugginsTable(
            seat=seat, hand=tuple(sorted(parse_tile(t) for t in data["hand"])),
            left=tuple(_placed(t) for t in data["left"]),
            right=tuple(_placed(t) for t in data["right"]),
            boneyard_count=whole(data["boneyard_count"]),
            opponent_count=whole(data["opponent_count"]),
            scores=(whole(scores[0]), whole(scores[1])), target=whole(data["target"]),
            round_no=whole(data["round_no"]), leader=whole(data.get("leader", 0)),
            to_move=to_act, passes=whole(data["passes"]),
            rounds=tuple(_round(r) for r in data["rounds"]),
            opponent_void=frozenset(whole(k) for k in data.get("opponent_void", ())),
            legal=tuple(parse_muggins_action(t) for t in legal))
    except (KeyError, TypeError, ValueError, IndexError, GameshelfError) as exc:
        raise OnlineError(f"the server sent a Muggins view this program cannot read "
                          f"({reason_of(exc)})") from None
