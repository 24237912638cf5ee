"""yatz: the rules engine of Yatz (pure: no I/O).

Modules:
    scoring: the 13 boxes, rule sets, what five dice score in a box.
    game: the state with explicit chance nodes, actions and their text forms, the 20-row card.
    match: the driver: seats, the seeded dice, the record (save), computer seats.
    players: computer players by name (``PLAYERS``).
    highscores: the top-20 table (the store is passed in).
    sim: headless games and their statistics.
    text: plain-text views for the command line.
"""

from gameshelf.core.gamedef import GameDef

GAME = GameDef(
    __name__, "yatz", "Yatz",
    "Triple Yahtzee for 1 to 9 players: columns x1, x2, x3, 39 turns.",
    parts={
        "cli": ".cli:app",
        "stats": ".stats:game_stats",
        "stats_view": ".tui.stats:VIEW",
        "replay": ".replay:yatz_replay",
        "screen": ".tui.setup:make_screen",
        "replay_screen": ".tui.screen:replay_screen",
        "rl": ".rl:Spec",
        "online": ".online:ONLINE",
        "server": ".server:YatzGame",
        "end": ".session:ENDING",
        "web": ".web:PAGE",
    },
)
