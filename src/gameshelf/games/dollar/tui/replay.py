"""A One Dollar Pinball replay on the game's screen: the kept round, read-only
(:class:`~gameshelf.games.dollar.replay.ReplayRound`), shown by the normal screen, whose
footer then offers only the replay's keys (see :mod:`gameshelf.tui.replay`)."""

from __future__ import annotations

from gameshelf.games.dollar.replay import DollarPoint, ReplayRound
from gameshelf.games.dollar.tui.screen import DollarScreen
from gameshelf.session.replay import Replay


def replay_screen(replay: Replay[DollarPoint], *, exit_app: bool = False) -> DollarScreen:
    """The pinball display over ``replay``, at its start: each bill's trace step by step.

    Args:
        exit_app: leaving ends the app (the screen was opened alone, from the command line).
    """
    return DollarScreen(kept=ReplayRound(replay), exit_app=exit_app)
