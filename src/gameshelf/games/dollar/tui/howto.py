"""One Dollar Pinball's how-to line: what the player does in the phase the round is in
(bring bills, 1 to 8 players; then each bill's serial is played digit by digit; then the
scores).

Every line is at most :data:`WIDTH` characters, so it stands whole in the form's column of
an 80-column screen.
"""

from __future__ import annotations

from gameshelf.games.dollar.game import MAX_PLAYERS

#: The longest line (the form's column at 80 columns, less the line's padding).
WIDTH = 43


def howto(phase: str, players: int) -> str:
    """The line for ``phase`` (``setup``, ``playing``, ``done``; a ``replay``: none) with
    ``players`` bills entered.

    Phases: no bill yet; some bills in (more may come, or play); a bill being played; the
    round over.
    """
    if phase == "setup" and not players:
        return ("Type a name and the bill as printed, then\n"
                "Enter adds it; F2 draws a random bill.")
    if phase == "setup":
        more = ("Add more (Enter, F2) or F5 plays them." if players < MAX_PLAYERS
                else "All seats taken: F5 plays them.")
        return f"{players} of at most {MAX_PLAYERS} bills in.\n{more}"
    if phase == "playing":
        return ("Each bill plays digit by digit: Space\n"
                "skips it, End skips all, +/- the pace.")
    if phase == "done":
        return "Round over: F3 starts a new game,\nEsc goes back to the menu."
    return ""
