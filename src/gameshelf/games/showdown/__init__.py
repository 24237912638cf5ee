"""Pinball Showdown: the card game for 2 to 4 players, played with the project's
reconstruction of the deck (R-PS-1), shipped as ``deck.toml``."""

from gameshelf.core.gamedef import GameDef

GAME = GameDef(
    __name__, "showdown", "Pinball Showdown",
    "A pinball card game of bidding and speed for 2 to 4 players.",
    parts={
        "cli": ".cli:app",
        "stats": ".stats:game_stats",
        "stats_view": ".tui.stats:VIEW",
        "replay": ".replay:showdown_replay",
        "screen": ".tui.setup:make_screen",
        "replay_screen": ".tui.screen:replay_screen",
        "rl": ".rl:Spec",
        "online": ".online:ONLINE",
        "server": ".server:ShowdownGame",
        "end": ".session:ENDING",
        "options": ".options:ShowdownOptions",
        "web": ".web:PAGE",
    },
)
