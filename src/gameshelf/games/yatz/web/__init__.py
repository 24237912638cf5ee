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
    """The rules as the page plays them (``rules.md`` beside the module): the game's rules
    and the page's own controls, never the terminal's keys or drawing."""
    return (Path(__file__).parent / "rules.md").read_text(encoding="utf-8")


#: The page module, as the game server serves it.
PAGE = WebPage(Path(__file__).parent, "yatz.js", ("yatz.css",),
               levels=YatzOptions.LEVELS,
               default_level=YatzOptions.DEFAULT_LEVEL,
               players=(MIN_PLAYERS, MAX_PLAYERS), rules=rules)
