"""Pig's how-to line: what the player does in the phase the table is in (the rules: roll
two dice as often as you like, a single 1 loses the turn's points, two 1s the whole score;
hold banks them)."""

from __future__ import annotations

from tests.games.pig.view import PigView


def howto(view: PigView, here_to_act: bool, finished: bool) -> str:
    """The line for ``view`` (the seat here's view); "" when there is nothing to do.

    Phases: the game over; another seat's turn; this seat's turn before its first roll;
    after a roll (roll again or hold, with what is at stake).
    """
    if finished:
        return "Game over: Esc leaves (the result is kept)."
    if not here_to_act:
        return f"Wait: {view.names[view.turn]} plays; their moves show below."
    if view.turn_total == 0:
        return "Your turn: r rolls two dice (their sum adds to this turn's points)."
    return (f"r rolls again (a 1 loses these {view.turn_total} points, two 1s your score) "
            "or h holds to bank them.")
