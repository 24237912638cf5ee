"""The keys of the Yatz game screen in both key maps, and the screen's help.

The default map and the classic one (the 1991 manual: Enter and F1 roll, F2 moves between the
dice and the score board, Enter twice fills a box). A key whose action cannot be done now has
a hidden twin binding, ``refuse(...)``, that runs the action so that its own checks say why.
"""

from __future__ import annotations

from gameshelf.core.keymaps import DEFAULT_KEY_MAP
from gameshelf.games.yatz.scoring import DICE
from gameshelf.tui.keymaps import Key, KeyTable

DEFAULT, CLASSIC = DEFAULT_KEY_MAP, "classic"

YATZ_KEYS = KeyTable((
    Key("roll", {DEFAULT: "r,space", CLASSIC: "f1,r,space"}, "Roll",
        "roll the dice not held (the Roll button too); the first roll throws all five"),
    Key("dice_enter", {CLASSIC: "enter"}, "Roll/hold",
        "on the dice: roll at the start of a turn, then hold or release the die under the "
        "arrow (its button turns red: held; green: it will be rolled)"),
    Key("die_arrow(-1)", {CLASSIC: "up,left"}, "Die", "on the dice: move the arrow to the "
        "previous or next die", shown="↑/↓", footer="↑/↓"),
    Key("die_arrow(1)", {CLASSIC: "down,right"}),
    Key("switch", {CLASSIC: "f2"}, "Switch", "move between the dice and the score board "
        "(after the third roll the score board takes over)"),
    # the classic footer names its help key early, where even 80 columns show it
    Key("help", {CLASSIC: "question_mark"}, "Help", "this help"),
    Key("", {DEFAULT: ""}, does="on the score board: move to a box (or click it); Enter (or "
        "a second click on it) fills it; a box that would score 0 asks first",
        shown="arrows, Enter"),
    Key("", {CLASSIC: ""}, does="on the score board: move the highlighted box; Enter chooses "
        "it and Enter again counts it (also a box that would score 0); any other key "
        "corrects the choice; a click chooses a box as the first Enter does",
        shown="arrows, Enter"),
    Key("hold_die(0)", {DEFAULT: "1", CLASSIC: "1"}, "Hold",
        "hold or release die 1-5 (a click on a die too)", shown="1-5", footer="1-5"),
    *(Key(f"hold_die({i})", {DEFAULT: str(i + 1), CLASSIC: str(i + 1)}) for i in range(1, 5)),
    Key("undo", {DEFAULT: "u", CLASSIC: "u"}, "Undo",
        "take back the box just filled, until the next roll (the next player's; in "
        "solitaire your own): the same dice and rolls left, to fill another box or the "
        "same; one a turn (a computer waits at least 1.5 s before its roll). A score with "
        "an undo is marked in the top 20"),
    Key("hint", {DEFAULT: "h", CLASSIC: "h"}, "Hint",
        "a hint: the best dice to hold and the best box, with the expected final score of "
        "each option (yours if the strong computer player plays on from here) against the "
        "best one"),
    Key("save", {DEFAULT: "s", CLASSIC: "s"}, "Save",
        "save the game now (mid-turn too); resume it from the Yatz setup screen or with "
        "`gameshelf yatz resume`"),
    Key("pace(-1)", {DEFAULT: "plus,equals_sign", CLASSIC: "plus,equals_sign"}, "Pace",
        "computer players faster", shown="+", footer="+/-", local=True),
    Key("pace(1)", {DEFAULT: "minus", CLASSIC: "minus"}, does="computer players slower",
        local=True),
    Key("skip", {DEFAULT: "k,period", CLASSIC: "k,period"}, "Skip cpu",
        "play the computers' turns out at once, up to the next person's turn", local=True),
    Key("next_card", {DEFAULT: "c", CLASSIC: "c"}, "Cards",
        "show the next player's card (and back to yours)"),
    Key("scores", {DEFAULT: "t", CLASSIC: "t"}, "Top 20", "the top-20 table"),
    Key("toggle_howto", {DEFAULT: "i,f6", CLASSIC: "i,f6"}, "How-to",
        "hide or show the how-to line under the Roll button (what to do in this phase of "
        "the turn); the choice is kept for every game"),
    Key("help", {DEFAULT: "f1,question_mark"}, "Help", "this help"),
    Key("leave", {DEFAULT: "escape,q", CLASSIC: "escape,q"}, "Leave",
        "leave the game (it is saved)", online="leave the room; the server keeps the game "
        "(join the room again with the same name to play on)"),
    # a key's second, hidden binding: runs the action when the first is not offered (its
    # own checks say why it cannot be done now: no rolls left, no undo; or a narrow footer
    # left it out)
    Key("refuse('roll')", {DEFAULT: "r,space", CLASSIC: "f1,r,space"}),
    Key("refuse('undo')", {DEFAULT: "u", CLASSIC: "u"}),
    *(Key(f"refuse('hold_die', {i})", {DEFAULT: str(i + 1), CLASSIC: str(i + 1)})
      for i in range(DICE)),
    Key("refuse('hint')", {DEFAULT: "h", CLASSIC: "h"}),
    Key("refuse('pace', -1)", {DEFAULT: "plus,equals_sign", CLASSIC: "plus,equals_sign"}),
    Key("refuse('skip')", {DEFAULT: "k,period", CLASSIC: "k,period"}),
    Key("refuse('scores')", {DEFAULT: "t", CLASSIC: "t"}),
    Key("refuse('dice_enter')", {CLASSIC: "enter"}),
    Key("refuse('switch')", {CLASSIC: "f2"}),
    Key("refuse('save')", {DEFAULT: "s", CLASSIC: "s"}),
))
#: Screens narrower than this leave these footer entries out (their keys still work, and
#: the help names them), so the keys a turn needs fit in 80 columns.
WIDE_FOOTER = 100
NARROW_HIDDEN = {DEFAULT: frozenset({"pace", "scores", "next_card"}),
                 CLASSIC: frozenset({"pace", "scores", "hold_die", "hint", "next_card",
                                     "die_arrow"})}
#: Below this many columns the classic footer also leaves the top 20 out (t still opens it).
MID_FOOTER = 130
MID_HIDDEN = {DEFAULT: frozenset[str](), CLASSIC: frozenset({"scores"})}

GAME_RULES = """\
# Yatz: playing a turn

* A turn has up to three rolls; the first throws all five dice. Between rolls you may hold
  dice (they are not rolled) and release them again.
* The score board shows your three columns x1, x2, x3 and all 20 rows. Every empty box shows
  in brackets what the dice would score there. Filling a box with 0 asks first.
* After the third roll you must fill a box. Every turn fills exactly one box; 39 turns
  each.
* **Wild Yatz**: five of a kind, when all three Yatz boxes and that face's three upper boxes
  are filled, scores at full value in any lower box (straights too).
* Upper bonus: 35 in a column whose upper boxes total 63 or more, multiplied with the
  column.
* The Players box has everyone's running total. After the game, **v** on the game-over
  screen reviews every choice that cost expected points.
"""
KEYS_NAMED = {DEFAULT: "the default keys", CLASSIC: "the classic keys of the 1991 manual"}


def game_help(key_map: str = DEFAULT, online: bool = False) -> str:
    """The game screen's help: the turn's rules, then the keys of ``key_map``; ``online``:
    only the keys online play has (no undo, no saving, nothing resumed here)."""
    table = YATZ_KEYS.help_table(key_map, online)
    keys = ("" if online else
            "Choose the keys on the Yatz setup screen, or with `--keys classic` / "
            "`--keys default` on `gameshelf yatz play --tui` and `resume --tui`.\n")
    return f"{GAME_RULES}\n## Keys ({KEYS_NAMED[key_map]})\n\n{table}\n\n{keys}"
