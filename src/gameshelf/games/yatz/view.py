"""The Yatz table as JSON (docs/online.md, "Views"): everyone sees all of it. Pure: no I/O.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gameshelf.games.yatz.match import Match

def yatz_view(match: Match) -> dict[str, Any]:
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
