"""Yatz, triple Yahtzee: the rules (:mod:`.scoring`, :mod:`.game`, pure), the one driver
(:mod:`.match`), computer players, solver and coach, and every front end of the game."""

from gameshelf.core.gamedef import GameDef

GAME = GameDef(
    __name__, "yatz", "Yatz",
    "Triple Yahtzee for 1 to 9 players: columns x1, x2, x3, 39 turns.",
    parts={
        "cli": ".cli:app",
        "stats": ".stats:game_stats",
        "stats_view": ".tui.stats:VIEW",
        "replay": ".replay:yatz_replay",
        "screen": ".tui.setup:SetupScreen",
        "replay_screen": ".tui.screen:replay_screen",
        "rl": ".rl:Spec",
        "online": ".online:ONLINE",
        "server": ".server:YatzGame",
        "end": ".session:ENDING",
        "options": ".options:YatzOptions",
        "web": ".web:PAGE",
    },
)
