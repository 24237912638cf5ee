"""Muggins in the browser: the page module (``muggins.js``) and its styles (``muggins.css``).

The module draws the Muggins view of docs/online.md ("Views"): the two chains as one line
of dominoes through the 0-0, from the left open end (labelled ``LEFT end N``, as the
terminal names it) to the right one (``RIGHT end N``), wrapping from row to row as words do
when long, the ends and their total, the seat's own rack as buttons named by their pips
(``5-3``), ``Draw`` and ``Pass``; a tile that fits both chains, when their open numbers
differ, asks which end. It sends the terminal's action texts (``5-3 L``, ``draw``, ``pass``).
Never the other rack's tiles: the view holds only their count.
"""

from pathlib import Path

from gameshelf.core.gamedef import WebPage
from gameshelf.games.muggins.game import SEATS
from gameshelf.games.muggins.options import MugginsOptions


def rules() -> str:
    """The rules as the page plays them (``rules.md`` beside the module): the game's rules
    and the page's own controls, never the terminal's keys or drawing."""
    return (Path(__file__).parent / "rules.md").read_text(encoding="utf-8")


#: The page module, as the game server serves it (Mugsy's quick level first).
PAGE = WebPage(Path(__file__).parent, "muggins.js", ("muggins.css",),
               levels=MugginsOptions.LEVELS,
               default_level=MugginsOptions.DEFAULT_LEVEL, players=(SEATS, SEATS),
               options=MugginsOptions.FIELDS, hidden_hands=True, rules=rules)
