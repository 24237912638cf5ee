"""A Muggins seat's view as JSON (docs/online.md, "Views"): its rack, the public chains and
counts, tiles written ``5-3``; never the other rack or the boneyard's tiles. Pure: no I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gameshelf.server.views import plain

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


