"""The One Dollar Pinball screen in replay mode (see :mod:`gameshelf.tui.replay`)."""

from __future__ import annotations

from typing import Any

from textual.widgets import Button, RichLog

from gameshelf.games.dollar.replay import DollarPoint
from gameshelf.games.dollar.tui.screen import DollarScreen, frames
from gameshelf.session.replay import Replay

#: The actions a replay screen offers (all others are the game's and refused).
from gameshelf.tui.replay import (
    REPLAY_BINDINGS,
    ReplayMode,
)


class DollarReplayScreen(ReplayMode, DollarScreen):
    """The pinball display, each bill's trace step by step."""

    BINDINGS = [*REPLAY_BINDINGS]

    HIDDEN = ("One Dollar Pinball has no hidden information: each bill is played digit by "
              "digit as on the game's display, then its end bonus and match.")

    def __init__(self, replay: Replay[Any], *, exit_app: bool = False) -> None:
        super().__init__(seed=replay.record.seed)
        self.replay = replay
        self.exit_app = exit_app
        self.entries = list(getattr(replay, "entries", []))
        self.phase = "replay"

    def on_mount(self) -> None:
        # called before the round screen's own on_mount: the replay is set up after it
        self.call_after_refresh(self._set_up)

    def _set_up(self) -> None:
        """The round's form switched off, the display on the replay's first step."""
        self.query_one("#machine").border_title = "ONE DOLLAR PINBALL · REPLAY"
        self._inputs_disabled(True)
        for b in self.query(Button):
            b.disabled = True
        for form in ("#name", "#bill", "#entry-row", "#buttons"):   # no bill is entered
            self.query_one(form).display = False
        self.set_focus(None)
        self.show()

    def show(self) -> None:
        point: DollarPoint = self.replay.state
        entry = self.entries[point.entry]
        self.playing = point.entry
        self._frames = frames(entry)
        shown = min(point.trace, len(self._frames) - 1)
        if point.trace > len(entry.result.steps):
            shown = len(self._frames) - 1        # the end: the bonus and the match
        self.query_one("#log", RichLog).clear()
        for f in range(shown + 1):
            self.frame_no = f
            self._draw()
        self._refresh_players()
        self._say(self.replay.banner())

    def advance(self) -> None:
        pass


#: Each game's screen in replay mode: ``SCREENS[game](replay, exit_app=...)``.
