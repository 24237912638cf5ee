"""One Dollar Pinball: score the serial number of a $1 bill like a pinball game.

Pure rules (no I/O): :mod:`.bill` parses serials, districts and series years (R-DP-1 to
R-DP-3), :mod:`.scorer` plays a serial with a step-by-step trace (R-DP-4 to R-DP-9), and
:mod:`.odds` computes the exact distribution of scores over every serial by dynamic
programming over the digits (R-DP-10). A round at a table of seats (a game server's room:
:mod:`.match`, :mod:`.text`, :mod:`.view`, :mod:`.server`) has every seat enter a bill in
turn; :mod:`.web` is its page.
"""

from gameshelf.core.gamedef import GameDef

GAME = GameDef(
    __name__, "dollar", "One Dollar Pinball",
    "Score the serial number of a $1 bill like a pinball game; compare bills.",
    parts={
        "cli": ".cli:app",
        "stats": ".stats:game_stats",
        "stats_view": ".tui.stats:VIEW",
        "replay": ".replay:dollar_replay",
        "screen": ".tui.screen:DollarScreen",
        "replay_screen": ".tui.screen:replay_screen",
        "end": ".session:ENDING",
        "server": ".server:DollarGame",
        "options": ".options:DollarOptions",
        "web": ".web:PAGE",
    },
)
