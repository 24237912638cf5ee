"""One Dollar Pinball's how-to line: what the player does in the phase the round is in
(bring bills, 1 to 8 players; then each bill's serial is played digit by digit; then the
scores).

One line of at most :data:`WIDTH` characters, so it stands whole in the form's column of an
80-column screen without taking a table's room.
"""

from __future__ import annotations

from gameshelf.core.text import count
from gameshelf.games.dollar.game import MAX_PLAYERS

#: The longest line (the form's column at 80 columns, less the line's padding).
WIDTH = 41


def howto(phase: str, players: int) -> str:
    """The line for ``phase`` (``setup``, ``playing``, ``done``; a ``replay``: none) with
    ``players`` bills entered.

    Phases: no bill yet; some bills in (more may come, or play); a bill being played; the
    round over.
    """
    if phase == "setup" and not players:
        return "Type a name and bill, Enter; F2: random."
    if phase == "setup":
        return (f"{count(players, 'bill')} in, room for {MAX_PLAYERS - players} more: F5 plays."
                if players < MAX_PLAYERS else f"{players} bills in, the most: F5 plays them.")
    if phase == "playing":
        return "Space skips a bill, End all; +/- pace."
    if phase == "done":
        return "Round over: F3 new game, Esc the menu."
    return ""
