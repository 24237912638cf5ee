"""Pinball Showdown: the card game for 2 to 4 players (rules engine, pure: no I/O).

The deck is the project's reconstruction (R-PS-1), shipped as ``deck.toml``.
"""

from gameshelf.games.showdown.actions import Action, parse_action
from gameshelf.games.showdown.cards import Deck, default_deck, parse_deck
from gameshelf.games.showdown.game import PlayerView, ShowdownState, new_game, replay

__all__ = ["Action", "Deck", "PlayerView", "ShowdownState", "default_deck", "new_game",
           "parse_action", "parse_deck", "replay"]
