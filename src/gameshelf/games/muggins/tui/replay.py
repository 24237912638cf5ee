"""The Muggins screen in replay mode (see :mod:`gameshelf.tui.replay`)."""

from __future__ import annotations

from typing import Any

from textual.widgets import Button, Static

from gameshelf.core.text import count
from gameshelf.games.muggins.game import Play
from gameshelf.games.muggins.game import parse_action as parse_muggins
from gameshelf.games.muggins.match import MUGSY
from gameshelf.games.muggins.session import Session as MugginsSession
from gameshelf.games.muggins.tui.screen import MugginsScreen
from gameshelf.session.replay import Replay

#: The actions a replay screen offers (all others are the game's and refused).
from gameshelf.tui.replay import (
    HIDDEN_FINISHED,
    HIDDEN_IN_PROGRESS,
    REPLAY_BINDINGS,
    ReplayMode,
    start_record,
)


class MugginsReplayScreen(ReplayMode, MugginsScreen):
    """The Muggins board, read-only; Mugsy's tiles and the boneyard in a finished game."""

    BINDINGS = [*REPLAY_BINDINGS]

    def __init__(self, replay: Replay[Any], *, exit_app: bool = False) -> None:
        super().__init__(MugginsSession.from_record(start_record(replay)), ask=False, pace=0)
        self.replay = replay
        self.exit_app = exit_app
        self.HIDDEN = (HIDDEN_FINISHED if replay.finished else HIDDEN_IN_PROGRESS) + (
            " In a finished game the lines under the board list Mugsy's tiles and the "
            "boneyard's.")

    def _begin(self) -> None:
        self.show()

    def advance(self) -> None:   # type: ignore[override]  # Mugsy does not move in a replay
        pass

    def show(self) -> None:
        assert self.session is not None
        r = self.replay
        self.session.match.state = r.state.clone()
        step = r.step
        self.board_fresh = None
        if step is not None:
            act = parse_muggins(step.actions[0])
            self.board_fresh = act.tile if isinstance(act, Play) else None
        self.refresh_all()

    def refresh_all(self) -> None:
        """The board as the game screen draws it, then the replay's lines over it."""
        super().refresh_all()
        if self.session is None or not self.is_mounted:
            return
        r = self.replay
        st = self.session.match.state
        step = r.step
        self.query_one("#mg-status", Static).update(self.banner())
        self.query_one("#mg-rack-title", Static).update(f"Your tiles ({len(st.hands[0])})")
        lines = [step.text if step is not None else
                 "The start: the tiles are dealt. →/n steps through the game."]
        if r.finished:
            mugsy = " ".join(str(t) for t in sorted(st.hands[MUGSY])) or "none"
            bone = " ".join(str(t) for t in sorted(st.boneyard)) or "empty"
            lines.append(f"Mugsy's tiles: {mugsy} · boneyard: {bone}")
        else:
            lines.append(f"Mugsy holds {count(len(st.hands[MUGSY]), 'tile')} (hidden: this "
                         "game is in progress)")
        self.say("\n".join(lines))

    def click_tile(self, t: Any) -> None:
        self.refuse_play()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.prevent_default()      # the board's buttons play: not here
        self.refuse_play()
