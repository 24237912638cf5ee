"""Yatz's how-to line: what the player does in the phase of the turn (the rules: up to three
rolls a turn, the first throws all five dice; between rolls hold the dice to keep; every
turn fills exactly one box, after the third roll it must).

Each line is at most :data:`WIDTH` characters, in two lines at most, so it stands whole in
the dice column of an 80-column screen.
"""

from __future__ import annotations

from gameshelf.core.text import literal, verb_for
from gameshelf.games.yatz.play import YatzMatch
from gameshelf.games.yatz.scoring import DICE

#: The longest line (the dice column's room at 80 columns, less the line's padding).
WIDTH = 37


def howto(game: YatzMatch, classic: bool) -> str:
    """The line for the phase ``game`` is in, with the keys of the key map (``classic``:
    the 1991 manual's: Enter rolls and holds on the dice, F2 moves to the board, Enter
    twice fills a box).

    Phases: the game over; another seat's turn; before the first roll; after a roll with
    rolls left (hold, roll again, or fill a box now); after the third roll (fill a box).
    """
    st = game.state
    if game.finished():
        return "Game over: Esc leaves."
    if not game.here_to_act():
        name = literal(game.on_turn.name)
        skip = "\nk plays the computers out at once." if game.computers_here else ""
        return f"Wait: {name[:28]} {verb_for(name, 'plays')}.{skip}"
    if not st.dice:
        return ("Enter (on the dice) rolls all five.\nThen hold the dice you want."
                if classic else "r rolls all five dice.\nThen hold the dice you want.")
    if st.rolls_left:
        held = bin(st.held).count("1")
        if classic:
            return "Enter holds the die at ▶, F2: board\nF1 rolls; board: Enter twice fills."
        first = (f"1-5 hold dice ({held} held), r rolls" if held < DICE
                 else "1-5 release dice to roll again")
        return f"{first}\nthe rest; Enter fills ▶, arrows move."
    fill = "Enter twice" if classic else "Enter"
    return f"No rolls left: pick a box (arrows)\nand {fill}: it scores its (n)."
