"""Muggins: double-nine dominoes (fives) against Mugsy. The rules engine is pure (no I/O).

Modules: ``tiles`` (tiles and their text form, the rounding), ``game`` (actions and the state,
R-MG-1..R-MG-8), ``match`` (state + seeded chance + record), ``mugsy`` (the fair computer
player and its levels), ``sim`` (computer games and win-rate intervals).
"""

from gameshelf.core.gamedef import GameDef

GAME = GameDef(
    __name__, "muggins", "Muggins",
    "Double-nine dominoes against Mugsy: make the open ends count fives.",
    parts={
        "cli": ".cli:app",
        "stats": ".stats:game_stats",
        "stats_view": ".tui.stats:VIEW",
        "replay": ".replay:muggins_replay",
        "screen": ".tui.screen:make_screen",
        "replay_screen": ".tui.screen:replay_screen",
        "rl": ".rl:Spec",
        "online": ".online:ONLINE",
        "server": ".server:MugginsGame",
        "options": ".options:MugginsOptions",
        "end": ".session:ENDING",
        "web": ".web:PAGE",
    },
)
