"""Pig with two dice: a game that lives only under tests/, to prove that a game added as
one folder and one registry line is played everywhere (the prompt, a screen, a server
room, a replay, the statistics, the research adapters) with no other change.

The folder is shaped as a real game's (``gameshelf.games.<key>``): rules (:mod:`.game`), the
driver (:mod:`.match`), its text and view (:mod:`.text`, :mod:`.view`), the game played here
(:mod:`.session`, :mod:`.play`) and on a server (:mod:`.server`, :mod:`.online`), the
replay, the statistics and the research spec, the command line and the screens.
"""

from gameshelf.core.gamedef import GameDef

GAME = GameDef(
    __name__, "pig", "Pig",
    "Two dice, two players: roll as long as you dare; first to 100.",
    parts={
        "cli": ".cli:app",
        "stats": ".stats:game_stats",
        "stats_view": ".tui.stats:VIEW",
        "replay": ".replay:pig_replay",
        "screen": ".tui.screen:make_screen",
        "replay_screen": ".tui.replay:PigReplayScreen",
        "rl": ".rl:Spec",
        "online": ".online:ONLINE",
        "server": ".server:PigGame",
        "end": ".session:ENDING",
        "options": ".options:PigOptions",
    },
)
