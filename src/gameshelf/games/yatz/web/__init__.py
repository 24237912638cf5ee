"""Yatz in the browser: the page module (``yatz.js``) and its styles (``yatz.css``).

The module draws the Yatz view of docs/online.md ("Views"): the five dice as toggle buttons
(``Die 1`` to ``Die 5``, ``aria-pressed`` when held), a ``Roll`` button and the triple card,
each box a button named by its column and box (``x2 Full House``) showing what the current
dice score there, disabled when it cannot be filled. It sends the terminal's action texts
(``roll``, ``hold 1 3``, ``score x2 full-house``).
"""

from pathlib import Path

from gameshelf.core.gamedef import WebPage
from gameshelf.games.yatz.game import MAX_PLAYERS, MIN_PLAYERS
from gameshelf.games.yatz.options import YatzOptions


def rules() -> str:
    """The rules of a turn, as the terminal's help of the game screen says them."""
    # start-up: the terminal's help (its key tables) loads only when the page asks for it
    from gameshelf.games.yatz.tui.keys import GAME_RULES

    return GAME_RULES


#: The page module, as the game server serves it.
PAGE = WebPage(Path(__file__).parent, "yatz.js", ("yatz.css",),
               levels=YatzOptions.LEVELS,
               default_level=YatzOptions.DEFAULT_LEVEL,
               players=(MIN_PLAYERS, MAX_PLAYERS), rules=rules)
