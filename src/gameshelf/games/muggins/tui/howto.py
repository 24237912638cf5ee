"""Muggins' how-to line: what the player does in the phase the round is in (the rules: the
double-blank starts the board; a tile fits a chain when one half matches its open end;
open ends adding up to a multiple of 5 score at once; play when you can, else draw one tile
at a time, else pass: R-MG-2 to R-MG-4).

Every line is at most :data:`WIDTH` characters, so it stands whole on an 80-column screen.
"""

from __future__ import annotations

from gameshelf.core.text import a_number
from gameshelf.games.muggins.game import Draw, Pass, Play
from gameshelf.games.muggins.view import MugginsView

#: The longest line (an 80-column screen less the line's padding).
WIDTH = 78


#: How a tile is played, under the line of what to play.
PLAYING = "Arrows pick a tile, Enter plays it; open ends adding up to 5, 10, 15... score."


def howto(view: MugginsView, my_turn: bool, finished: bool, choosing: bool,
          other: str) -> str:
    """The line for ``view`` (this seat's table); ``my_turn``: this seat is to act;
    ``choosing``: a tile waits for its chain (L or R); ``other``: the other seat's name.

    Phases: the game over; the other seat's turn; a round's first tile (on the
    double-blank); a tile to play; a chain to choose; nothing fits and a tile to draw;
    nothing fits, the boneyard empty, a pass.
    """
    if finished:
        return "Game over: Esc leaves; the result is kept."
    if not my_turn:
        return f"Wait: {other[:20]} plays; each move shows on the board."
    if choosing:
        return "It fits both chains: L plays it on the left, R on the right (or click)."
    legal = view.legal
    if any(isinstance(a, Draw) for a in legal):
        return "No tile of yours fits an open end: D (or Enter) draws one from the boneyard."
    if any(isinstance(a, Pass) for a in legal):
        return "Nothing fits and the boneyard is empty: P (or Enter) passes."
    if not any(isinstance(a, Play) for a in legal):
        return ""
    if not view.left and not view.right:
        return f"The double-blank 0-0 is down: play a tile with a 0 half.\n{PLAYING}"
    left, right = view.ends()
    halves = a_number(left) if left == right else f"{a_number(left)} or {a_number(right)}"
    return f"Open ends {left} and {right}: play a tile with {halves} half.\n{PLAYING}"
