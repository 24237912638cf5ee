"""The Muggins keys: the two key maps (default, and classic as the 1991 manual: the rack in
the upper right corner, the four arrows move the red box) and the help they are named in."""

from __future__ import annotations

from gameshelf.core.keymaps import DEFAULT_KEY_MAP
from gameshelf.games.muggins.game import DEFAULT_TARGET
from gameshelf.tui.keymaps import Key, KeyTable

DEFAULT, CLASSIC = DEFAULT_KEY_MAP, "classic"

HELP_RULES = f"""\
# Muggins

Double-nine dominoes against **Mugsy**. Score by making the two open ends of the chains add
up to a multiple of 5; first to the target ({DEFAULT_TARGET}) wins.

* The **double-blank** starts the board; the **left** and **right** chains grow from it
  (named over the board, a dotted rule between them). The line under the board shows the
  open ends and their total in a blue box (a double at an end counts both halves), and
  whose play scored it. A total of 5, 10, 15 ... 30 is scored at once. A board too long
  for the screen is drawn with small one-line tiles (`3│5`), so it is always whole.
* A tile fits a chain when one half matches that chain's open number (red pips). One that
  fits both asks L or R only when the two differ (never for the first tile).
* You must play when you can. If nothing fits, **draw** (D or Enter) one tile at a time
  until one fits, then play it. With the boneyard empty, **pass** (P or Enter).
* Play your last tile (**domino**): 25 points plus Mugsy's pips, rounded to 5
  (1-2 down, 3-4 up). If nobody can play (**blocked**) the lower pip total scores the other's
  pips, rounded. The lead alternates every round; you lead the first.
* The game ends the moment someone reaches the target, even in mid-round.

Choosing a new game's level: Up / Down, **Enter** chooses, **k** changes the keys (default,
or classic: your tiles in the upper right corner as in the 1991 manual), **s** the saved
games (newest first; Enter resumes one, **r** replays one move by move, **d** deletes one
after a question; finished and damaged saves are marked), **F1** this help, **Esc** back to
the menu.

Mugsy's levels: **easy** takes the most points now; **normal** also watches your reply;
**strong** searches many samples of the tiles it cannot see (it never peeks); **even** adapts
to your results so you win about half of the games.
"""

MUGGINS_KEYS = KeyTable((
    Key("move(-1)", {DEFAULT: "left,up"}, does="choose a tile of your rack",
        shown="Left / Right, Up / Down"),
    Key("move(1)", {DEFAULT: "right,down"}),
    Key("move(-1)", {CLASSIC: "left"}, does="move the red box over your tiles: to the tile "
        "left or right, to the row above or below", shown="the four arrows"),
    Key("move(1)", {CLASSIC: "right"}),
    Key("move_row(-1)", {CLASSIC: "up"}),
    Key("move_row(1)", {CLASSIC: "down"}),
    Key("play", {DEFAULT: "enter,space", CLASSIC: "enter,space"}, "Play",
        "play it (or draw / pass when nothing fits)", shown="Enter or Space"),
    Key("side('L')", {DEFAULT: "l", CLASSIC: "l"}, "Left", "play it on the left chain",
        shown="L"),
    Key("side('R')", {DEFAULT: "r", CLASSIC: "r"}, "Right", "play it on the right chain",
        shown="R"),
    Key("draw", {DEFAULT: "d", CLASSIC: "d"}, "Draw", "draw", shown="D"),
    Key("pass_turn", {DEFAULT: "p", CLASSIC: "p"}, "Pass", "pass", shown="P"),
    Key("", {DEFAULT: "", CLASSIC: ""}, does="click a tile to choose it, click it again to "
        "play it; click Left / Right to choose the chain", shown="mouse"),
    # the turn's keys while the footer hides them: each says why it cannot be done now
    Key("refuse('side', 'L')", {DEFAULT: "l", CLASSIC: "l"}),
    Key("refuse('side', 'R')", {DEFAULT: "r", CLASSIC: "r"}),
    Key("refuse('draw')", {DEFAULT: "d", CLASSIC: "d"}),
    Key("refuse('pass_turn')", {DEFAULT: "p", CLASSIC: "p"}),
    Key("hint", {DEFAULT: "h", CLASSIC: "h"}, "Hint",
        "a hint on your turn: the best tile and chain end, its points now, and strong "
        "Mugsy's estimate of every play against it (after the game, R on the game-over "
        "window reviews your plays)", shown="H"),
    Key("refuse('hint')", {DEFAULT: "h", CLASSIC: "h"}),
    Key("save", {DEFAULT: "s", CLASSIC: "s"}, "Save",
        "save (the game is also saved after every move)", shown="S"),
    Key("toggle_howto", {DEFAULT: "i,f6", CLASSIC: "i,f6"}, "How-to",
        "hide or show the how-to line over the messages (what to do now); the choice is "
        "kept for every game", shown="I"),
    Key("help", {DEFAULT: "f1,question_mark", CLASSIC: "f1,question_mark"}, "Help",
        "this help", shown="F1 or ?"),
    Key("quit_game", {DEFAULT: "escape", CLASSIC: "escape"}, "Leave",
        "leave the game, kept saved (no question; back to the level screen when opened from "
        "the menu; resume it later there with S, or with `gameshelf muggins resume`)",
        shown="Esc", online="leave the room; the server keeps the game (join the room again "
        "with the same name to play on)"),
))
KEYS_NAMED = {DEFAULT: "default", CLASSIC: "classic: your tiles in the upper right corner"}


def muggins_help(key_map: str = DEFAULT, online: bool = False) -> str:
    """The Muggins help: the rules, the keys of ``key_map``, the level screen and levels;
    ``online``: the rules and only the keys online play has (no saving, no level screen)."""
    rules, _, levels = HELP_RULES.partition("Choosing a new game")
    table = MUGGINS_KEYS.help_table(key_map, online)
    rest = "" if online else f"\n\nChoosing a new game{levels}"
    return f"{rules}## Keys ({KEYS_NAMED[key_map]})\n\n{table}{rest}"


#: The help of the default keys.
HELP = muggins_help()
