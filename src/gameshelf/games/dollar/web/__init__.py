"""One Dollar Pinball in the browser: the page module (``dollar.js``) and its styles
(``dollar.css``).

The module draws the view of docs/online.md ("Views", One Dollar Pinball): the fields
``Serial number`` and ``Series`` and the ``Score`` button (and ``Draw a random bill``), the
bill's trace digit by digit with the running score (shown one step after another unless the
system asks for less motion), the bill's place in its district's exact distribution as a
chart it draws (SVG, from the server's numbers) and the table's bills once every one is in.
It sends the game's action texts (``bill L40000002A series 1902``, ``draw``).
"""

from pathlib import Path

from gameshelf.core.gamedef import WebPage
from gameshelf.games.dollar.game import MAX_PLAYERS, MIN_PLAYERS
from gameshelf.games.dollar.options import DollarOptions


def rules() -> str:
    """The rules as the page plays them (``rules.md`` beside the module): the game's rules
    and the page's own controls, never the terminal's keys or drawing."""
    return (Path(__file__).parent / "rules.md").read_text(encoding="utf-8")


#: The page module, as the game server serves it.
PAGE = WebPage(Path(__file__).parent, "dollar.js", ("dollar.css",),
               levels=DollarOptions.LEVELS,
               default_level=DollarOptions.DEFAULT_LEVEL, players=(MIN_PLAYERS, MAX_PLAYERS),
               options=DollarOptions.FIELDS, rules=rules)
