"""The Pinball Showdown screen in replay mode (see :mod:`gameshelf.tui.replay`)."""

from __future__ import annotations

from typing import Any

from textual.binding import Binding
from textual.widgets import Input, Static

from gameshelf.core.text import literal, possessive
from gameshelf.games.showdown.replay import replay_showdown
from gameshelf.games.showdown.tui.log import GameLog
from gameshelf.games.showdown.tui.prompt import ActionBar
from gameshelf.games.showdown.tui.screen import ShowdownScreen
from gameshelf.session.replay import Replay

#: The actions a replay screen offers (all others are the game's and refused).
from gameshelf.tui.replay import (
    HIDDEN_FINISHED,
    HIDDEN_IN_PROGRESS,
    REPLAY_BINDINGS,
    ReplayMode,
)
from gameshelf.tui.widgets import plain


class ShowdownReplayScreen(ReplayMode, ShowdownScreen):
    """The Showdown table, read-only; the hand shown is the moving seat's (in a game in
    progress, only a person's), ``c`` shows another."""

    BINDINGS = [*REPLAY_BINDINGS, Binding("c", "replay_hand", "Hand")]
    KEEP = frozenset({"replay_hand", "piles", "scroll_log"})

    def __init__(self, replay: Replay[Any], *, exit_app: bool = False) -> None:
        super().__init__(replay_showdown(replay))
        self.replay = replay
        self.exit_app = exit_app
        #: The seat whose hand ``c`` chose; None: the moving seat's.
        self.hand: int | None = None
        self.HIDDEN = (HIDDEN_FINISHED if replay.finished else HIDDEN_IN_PROGRESS) + (
            " The hand shown is that of the player who moved; `c` shows the next "
            "player's hand" + (" (any player's: the game is over)." if replay.finished else
                               " (only the people's: the computers' stay hidden)."))

    def advance(self) -> None:   # type: ignore[override]
        """No computer moves in a replay: the step is drawn (the end of the table's
        ``on_mount``)."""
        self.set_focus(None)
        self.show()

    def _seats_shown(self) -> list[int]:
        r = self.replay
        return list(range(len(r.seats))) if r.finished else list(r.people)

    def viewer(self) -> int | None:
        allowed = self._seats_shown()
        if self.hand is not None and self.hand in allowed:
            return self.hand
        step = self.replay.step
        seat = step.seat if step is not None else None
        if seat is None or seat < 0:
            seat = self.replay.state.current_player()
        if seat in allowed:
            return seat
        return allowed[0] if allowed else None

    def can_act(self) -> bool:
        return False

    def act(self, action: Any) -> bool:
        self.refuse_play()
        return False

    def action_replay_hand(self) -> None:
        """c: the next seat's hand (among the seats this replay may show)."""
        allowed = self._seats_shown()
        now = self.viewer()
        self.hand = (allowed[(allowed.index(now) + 1) % len(allowed)] if now in allowed
                     else allowed[0])
        self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "replay_hand":
            return len(self._seats_shown()) > 1
        return super().check_action(action, parameters)

    def show(self) -> None:
        if self.is_mounted:
            self.query_one(GameLog).restart()
        self.refresh_table()

    def refresh_table(self) -> None:
        """The table as the game screen draws it, then the replay's lines over it."""
        super().refresh_table()
        if not self.is_mounted:
            return
        seat = self.viewer()
        who = ("no hand shown" if seat is None
               else f"{possessive(literal(self.replay.seats[seat]))} hand")
        more = " · c another hand" if len(self._seats_shown()) > 1 else ""
        self.query_one("#sd-status", Static).update(self.banner())
        self.query_one(ActionBar).say(plain(f"Replay: →/n next move, ←/p back · {who}{more}"))
        command = self.query_one("#sd-cmd", Input)
        command.disabled, command.display = True, False    # nothing is typed in a replay
