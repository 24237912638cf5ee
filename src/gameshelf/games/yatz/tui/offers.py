"""What a person at the Yatz screen may do now, and why not: pure answers over the match.

The footer offers only what can be done now (:func:`offered`); a key whose action is not
offered runs it anyway through its hidden twin binding, and the action's check here says
why it cannot be done (:func:`not_on_turn`, :func:`hold_refusal`, :func:`box_refusal`).
"""

from __future__ import annotations

from gameshelf.core.text import literal, possessive, verb_for
from gameshelf.games.yatz.game import SCORES, Score
from gameshelf.games.yatz.play import YatzMatch
from gameshelf.games.yatz.scoring import Box
from gameshelf.games.yatz.tui.keys import MID_FOOTER, MID_HIDDEN, NARROW_HIDDEN, WIDE_FOOTER
from gameshelf.games.yatz.tui.pace import computer_turn

#: The actions of a person's turn (the footer offers them only then).
TURN_ACTIONS = frozenset({"roll", "hold_die", "hint", "dice_enter", "die_arrow", "switch"})


def offered(game: YatzMatch, action: str, keys: str, width: int) -> bool:
    """Whether the footer offers ``action`` now (``keys``: the key map; ``width``: the
    screen's): rolling while a roll is left, holds and the hint once the dice are rolled,
    all of a turn only on a person's turn; the computers' pace with computer seats, skipping
    on a computer's turn (a game played here); the other cards with more than one seat;
    undo while the rule allows it (never online); save in a game played here; nothing of a
    turn once the game is over. Below :data:`WIDE_FOOTER` columns the entries of
    :data:`NARROW_HIDDEN` are left out, below :data:`MID_FOOTER` those of
    :data:`MID_HIDDEN`."""
    st = game.state
    if action in NARROW_HIDDEN[keys] and width < WIDE_FOOTER:
        return False
    if action in MID_HIDDEN[keys] and width < MID_FOOTER:
        return False
    if action in TURN_ACTIONS:
        if not game.here_to_act():
            return False
        if action == "roll":
            return not (st.dice and st.rolls_left == 0)
        if action == "hold_die":
            return bool(st.dice) and st.rolls_left > 0
        if action == "hint":
            return bool(st.dice)
        return True
    if action == "pace":
        return (game.computers_here and any(not s.is_human for s in game.seats)
                and not game.finished())
    if action == "skip":
        return computer_turn(game)
    if action == "next_card":
        return len(game.seats) > 1
    if action == "undo":
        return game.can_undo()
    if action == "save":
        return game.keeps_saves and not game.finished()
    return True


def not_on_turn(game: YatzMatch) -> str | None:
    """Why no person here may act now (the game is over, someone else is on turn), or None
    when one may."""
    if game.finished():
        return game.over_line()
    if not game.here_to_act():
        name = game.on_turn.name
        return (f"{literal(name)} (computer) {verb_for(name, 'is')} playing; k skips ahead."
                if game.computers_here else
                f"{literal(name)} {verb_for(name, 'is')} playing: wait for your turn.")
    return None


def hold_refusal(game: YatzMatch) -> str | None:
    """Why no die can be held or released now (no dice yet, no roll left), or None."""
    st = game.state
    if not st.dice:
        return "Roll first: there are no dice to hold yet."
    if st.rolls_left == 0:
        return "No rolls left: fill a box."
    return None


def box_action(game: YatzMatch, viewed: int | None,
               where: tuple[int, Box] | None) -> Score | str:
    """The action filling the box ``where`` (column 0-2, box), or why it cannot be filled
    now (``viewed``: the seat whose card is shown instead of the seat on turn's, if any)."""
    st = game.state
    if viewed is not None:
        whose = literal(possessive(game.seats[viewed].name))
        return f"This is {whose} card: press c until your own comes back."
    if where is None:
        return "Choose a box: rows 1-6 or 10-16, in column x1, x2 or x3."
    if not st.dice:
        return "Roll first: a box is filled with the dice you rolled."
    col, box = where
    if st.filled[st.seat][col] >> box & 1:
        return f"x{col + 1} {box.label} is already filled."
    return SCORES[col][box]
