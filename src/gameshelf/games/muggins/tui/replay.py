"""A Muggins replay on the Muggins screen: the replay as a read-only match
(:class:`~gameshelf.games.muggins.replay.ReplayMuggins`) shown by the normal screen, whose
footer then offers only the replay's keys (see :mod:`gameshelf.tui.replay`)."""

from __future__ import annotations

from typing import Any

from gameshelf.games.muggins.replay import ReplayMuggins
from gameshelf.games.muggins.tui.screen import MugginsScreen
from gameshelf.session.replay import Replay


def replay_screen(replay: Replay[Any], *, exit_app: bool = False) -> MugginsScreen:
    """The Muggins board over ``replay``, at its start, read-only (the default keys' layout;
    ``exit_app``: leaving ends the app)."""
    return MugginsScreen(ReplayMuggins(replay), ask=False, pace=0, exit_app=exit_app)
