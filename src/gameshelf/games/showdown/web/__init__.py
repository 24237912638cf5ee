"""Pinball Showdown in the browser: the page module (``showdown.js``), its styles
(``showdown.css``) and the deck it draws the cards from (``data.json``, :func:`deck_data`).

The module draws the Showdown view of docs/online.md ("Views"): the seat's own hand as buttons
named by each card's id and device (``P41 Loop``), the card turned from the deck and the
face-up cards with their bids, every seat's speed, control, tokens out of play, scoring
piles, 2X pile, Combinations and score as it stands, the discard pile, and whose turn it is
in which step (R-PS-4: offer, control tokens, take). It sends the terminal's action texts
(``offer P41``, ``bid P07 3``, ``speed 2``, ``buy P12``, ``flip 1``, ``done``,
``take P05``), only ones the ``state`` lists as legal. Never another seat's hand or face-down
offer: the view holds only their counts.
"""

from pathlib import Path
from typing import Any

from gameshelf.core.gamedef import WebPage
from gameshelf.games.showdown.cards import default_deck
from gameshelf.games.showdown.options import ShowdownOptions
from gameshelf.games.showdown.steps import MAX_PLAYERS, MAX_TURNS, MIN_PLAYERS
from gameshelf.games.showdown.table import BUY_COST


def deck_data() -> dict[str, Any]:
    """The shipped deck (R-PS-1, the project's reconstruction) as the page reads it:
    ``{"name", "reconstruction", "playfield": {"P01": {"device", "points", "min_speed",
    "max_speed", "effect", "circles", "speed", "effect_text"}}, "combinations": {"C01":
    {"name", "devices", "bonus"}}}``; points in points, speeds in speed tokens, ``speed``
    the requirement as the cards write it (``3+``, ``0-5``), ``effect_text`` ``+2``,
    ``-1``, ``=4`` or ``none`` (R-PS-2); ``turns``, a game's most turns, and ``buy_cost``,
    the control tokens a buy takes out of play. The same for every room (a deck is
    static)."""
    deck = default_deck()
    return {
        "name": deck.name, "reconstruction": deck.reconstruction, "turns": MAX_TURNS,
        "buy_cost": BUY_COST,
        "playfield": {c.id: {"device": c.device, "points": c.points, "min_speed": c.min_speed,
                             "max_speed": c.max_speed, "effect": c.effect.value,
                             "circles": c.circles, "speed": c.speed_range,
                             "effect_text": c.effect_text}
                      for c in deck.playfield},
        "combinations": {c.id: {"name": c.name, "devices": list(c.devices), "bonus": c.bonus}
                         for c in deck.combinations},
    }


def rules() -> str:
    """The rules as the page plays them (``rules.md`` beside the module): the game's rules
    and the page's own controls, never the terminal's keys or drawing."""
    return (Path(__file__).parent / "rules.md").read_text(encoding="utf-8")


#: The page module, as the game server serves it (the quick computer player first).
PAGE = WebPage(Path(__file__).parent, "showdown.js", ("showdown.css",),
               levels=ShowdownOptions.LEVELS,
               default_level=ShowdownOptions.DEFAULT_LEVEL, players=(MIN_PLAYERS, MAX_PLAYERS),
               data=deck_data, hidden_hands=True, rules=rules)
