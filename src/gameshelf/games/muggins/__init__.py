"""Muggins: double-nine dominoes (fives) against Mugsy. The rules engine is pure (no I/O).

Modules: ``tiles`` (tiles and their text form, the rounding), ``game`` (actions and the state,
R-MG-1..R-MG-8), ``match`` (state + seeded chance + record), ``mugsy`` (the fair computer
player and its levels), ``sim`` (computer games and win-rate intervals).
"""

from gameshelf.games.muggins.game import (
    DEFAULT_TARGET,
    RULES_VERSION,
    Action,
    Draw,
    MugginsState,
    Pass,
    Play,
    PlayerView,
    Side,
    Take,
    parse_action,
)
from gameshelf.games.muggins.match import Match
from gameshelf.games.muggins.mugsy import LEVELS, Mugsy
from gameshelf.games.muggins.tiles import ALL_TILES, Tile, parse_tile, round_to_five

__all__ = [
    "ALL_TILES",
    "DEFAULT_TARGET",
    "LEVELS",
    "RULES_VERSION",
    "Action",
    "Draw",
    "Match",
    "Mugsy",
    "MugginsState",
    "Pass",
    "Play",
    "PlayerView",
    "Side",
    "Take",
    "Tile",
    "parse_action",
    "parse_tile",
    "round_to_five",
]
