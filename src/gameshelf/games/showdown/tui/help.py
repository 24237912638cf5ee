"""The Pinball Showdown help: the six steps of a turn, the score and the keys of the table
(one text for the game screen, the start screen and the hand-off); a seat of a room on a
server is offered only the keys online play has (no saving, no review: the record is kept
on the server)."""

from gameshelf.core.keymaps import DEFAULT_KEY_MAP as DEFAULT
from gameshelf.tui.keymaps import Key, KeyTable

RULES = """\
# Pinball Showdown

*The deck is the gameshelf project's own reconstruction: the rulebook describes the
cards but never lists them.*

Each turn has six steps:

1. **Select cards.** A card is turned up from the deck; every player offers one card from
   their hand. The pile is shuffled and turned face up (in a two-player game both offers are
   face up).
2. **Control tokens**, once around from the First Player: **bid** control tokens on one face-up
   card (outbid with more; an outbid player gets the tokens back and may flip some to speed),
   **increase speed** (each +1 speed removes one more control token from the game), **buy**
   any card of the discard pile for 2 tokens (from turn 2; as many as your tokens pay for,
   missed cards too), then **done**.
3. **Claim.** Bidders take their cards; the others take one of the rest from the First Player
   on. A card whose speed requirement you miss costs you speed equal to its circles and is
   discarded. A Kick-out Hole at speed above 5 is simply discarded.
4. **Effects** of the cards you completed (a missed card has none): green +N speed, red -N
   speed, blue speed = N (all your control to speed if even that is short of N). At speed 0
   you drain: in turns 1-5 an autosave flips five control tokens to speed; from turn 6 the
   game ends after the turn.
5. **Combinations.** Both devices of an open Combination card in your piles: you take it, and
   Wizard Mode comes On next turn (cards then go to the 2X pile, doubled at the end).
   **Wizard Mode stays On** after a Wizard Mode turn in which a combination was claimed or
   at whose end any player has speed 12 or more; otherwise it **turns Off**. Speed 12 alone
   never turns it On.
6. The First Player marker passes left.

Score: cards + 2X pile doubled + 5,000 per four Drop Targets + combinations + 100 per token.

## The players table

| column | is |
| --- | --- |
| speed | a card scores only when your speed is in its ⚡ range (⚡4+: 4 or more) |
| ctrl | control tokens: bid them, turn them into speed; 100 points each at the end |
| hand | cards in hand |
| pile | your scoring pile: cards / their points (`0/ 0`: no card yet) |
| 2X pile | cards won in Wizard Mode: cards / points, doubled at the end |
| combo (cmb) | Combination cards won |

The line over the messages says what to do in the step on screen (the first turn also
recalls these columns); **i** hides it (kept for every game) and shows it again.
"""

#: The table's keys as the help names them (the bindings are :mod:`.keys`').
SHOWDOWN_KEYS = KeyTable((
    Key("move", {DEFAULT: "left,right"}, shown="Left / Right",
        does="choose a card (hand, face-up cards, then the discard pile)"),
    Key("enter", {DEFAULT: "enter"}, shown="Enter", does="offer / take the chosen card"),
    Key("bid", {DEFAULT: "b"}, does="bid on the chosen face-up card (the tokens shown)"),
    Key("tokens", {DEFAULT: "plus,minus"}, shown="+ / -", does="more / fewer tokens for the bid"),
    Key("speed", {DEFAULT: "v"}, does="increase speed by 1"),
    Key("buy", {DEFAULT: "u"}, does="buy the chosen card of the discard pile"),
    Key("done", {DEFAULT: "d"}, does="done with control tokens"),
    Key("flip", {DEFAULT: "0"}, shown="0-9", does="flip that many returned tokens to speed"),
    Key("save", {DEFAULT: "s"}, shown="s (or Ctrl+S)",
        does="save; the game is also saved after every move"),
    Key("piles", {DEFAULT: "p"}, does="everyone's scoring piles, card by card"),
    Key("hint", {DEFAULT: "h"},
        does="a hint for the player to act (their view only): the search player's estimates"),
    Key("review", {DEFAULT: "r"}, local=True,
        does="after the game: the review of each costly decision, worst first"),
    Key("scroll_log", {DEFAULT: "pageup"}, shown="PageUp / PageDown", does="scroll the log"),
    Key("type", {DEFAULT: "colon"}, shown=": or /",
        does="type an action in the box at the bottom (Esc leaves the box)"),
    Key("toggle_howto", {DEFAULT: "i"}, does="hide or show the how-to line"),
    Key("help", {DEFAULT: "f1"}, does="this help"),
    Key("leave", {DEFAULT: "escape"}, does="leave the game (saved)",
        online="leave the room; the server keeps the game (join it again with the same "
        "name to play on)"),
))

#: What can be typed in the action box.
TYPED = """

You can also type any action in the box: `offer P07`, `bid P07 2`, `speed 1`, `buy P12`,
`done`, `flip 1`, `take P05`.
"""


def showdown_help(online: bool = False) -> str:
    """The help: the turn's steps, the players table, the keys (``online``: only those a
    seat of a room has: no save, no review) and what can be typed."""
    return f"{RULES}\n## Keys\n\n{SHOWDOWN_KEYS.help_table(online=online)}{TYPED}"


#: The help of a game played here.
HELP = showdown_help()
