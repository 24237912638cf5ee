"""The Yatz screen in replay mode (see :mod:`gameshelf.tui.replay`)."""

from __future__ import annotations

from collections import deque
from typing import Any

from textual.binding import Binding
from textual.widgets import Button, Static

from gameshelf.games.yatz.match import Match as YatzMatch
from gameshelf.games.yatz.play import LocalYatz
from gameshelf.games.yatz.replay import yatz_costs
from gameshelf.games.yatz.session import YatzSession
from gameshelf.games.yatz.tui.screen import GameScreen
from gameshelf.session.replay import Replay

#: The actions a replay screen offers (all others are the game's and refused).
from gameshelf.tui.replay import (
    REPLAY_BINDINGS,
    ReplayMode,
    start_record,
)
from gameshelf.tui.widgets import plain


def table_cached(rules: str) -> bool:
    """True when the strong player's table of the rule set ``rules`` is in the cache (the
    review then takes a second or so, not a minute)."""
    from gameshelf.games.yatz.scoring import rule_set
    from gameshelf.games.yatz.solver import cache_path
    try:
        return cache_path(rule_set(rules)).is_file()
    except Exception:   # no cache folder: not cached
        return False



class YatzReplayScreen(ReplayMode, GameScreen):
    """The Yatz game screen, read-only, with the review's cost of each choice at its step."""

    BINDINGS = [*REPLAY_BINDINGS, Binding("v", "replay_review", "Review")]
    KEEP = frozenset({"next_card", "replay_review"})
    HIDDEN = ("Yatz has no hidden information. The message under the dice says what the "
              "post-game review thinks of the choice made at each step (its cost in expected "
              "points by the strong player's judgement; `v` computes it when the strong "
              "player's table is not loaded yet); `c` shows the next player's card.")

    def __init__(self, replay: Replay[Any], *, exit_app: bool = False,
                 review: bool = True) -> None:
        """``review``: compute the review's cost of each choice (in a thread; the first
        time loads or solves the strong player's table)."""
        super().__init__(YatzSession(YatzMatch.from_record(start_record(replay))))
        assert isinstance(self.game, LocalYatz)
        #: the match the replay steps through (its state set at each step)
        self.local = self.game
        self.replay = replay
        self.exit_app = exit_app
        self.review = review
        #: The review's line of each step (None until it is computed).
        self.costs: dict[int, str] | None = None
        self.reviewing = False

    def warm_up(self) -> None:
        """The review of each choice, in a thread, when the strong player's table is
        cached (a second or so); else ``v`` asks for it (solving the table takes about a
        minute the first time)."""
        if not self.review:
            self.costs = {}
        elif table_cached(self.game.rules):
            self.action_replay_review()

    def action_replay_review(self) -> None:
        """v: compute the review of each choice (in a thread)."""
        if self.reviewing or self.costs is not None:
            return
        self.reviewing = True
        self.refresh_bindings()
        if self.is_mounted:
            self.refresh_view()
        self.run_worker(self._review, thread=True, exit_on_error=False)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "replay_review":
            return self.costs is None and not self.reviewing
        return super().check_action(action, parameters)

    def _review(self) -> None:
        try:
            costs = yatz_costs(self.replay)
        except Exception:   # the review is extra: a replay without it still works
            costs = {}
        self.app.call_from_thread(self._reviewed, costs)

    def _reviewed(self, costs: dict[int, str]) -> None:
        self.costs, self.reviewing = costs, False
        self.refresh_bindings()
        if self.is_mounted:
            self.show()

    def _schedule(self) -> None:
        """No computer plays in a replay: the step is drawn (the end of the game screen's
        ``on_mount``, and when it is back on top)."""
        self.query_one("#card").can_focus = False
        self.set_focus(None)
        self.show()

    def show(self) -> None:
        r = self.replay
        self.local.match.state = r.state.clone()
        step = r.step
        self._viewed = step.seat if step is not None and not self.game.finished() else None
        self._log = deque((s.text for s in r.steps[:r.position]), maxlen=self._log.maxlen)
        self.refresh_view()

    def refresh_view(self) -> None:
        """The dice and cards as the game screen draws them, then the replay's lines."""
        super().refresh_view()
        self.query_one("#roll", Button).disabled = True     # nothing is rolled in a replay
        r = self.replay
        step = r.step
        self.query_one("#status", Static).update(self.banner())
        if step is None:
            note = "The start: →/n steps through the game, End goes to its last move."
        elif self.reviewing:
            note = "(the review of this choice is being computed…)"
        elif self.costs is None:
            note = ("v: the review's cost of each choice (the first time solves the strong "
                    "player's table: about a minute)")
        else:
            note = self.costs.get(r.position, "")
        self.query_one("#message", Static).update(plain(note, lines=True))
        self._draw_log()

    # every way to play comes here instead (clicks on dice and boxes, the Roll button)
    def choose_box(self, coord: Any) -> None:
        self.refuse_play()

    def action_hold_die(self, index: int) -> None:
        self.refuse_play()

    def action_roll(self) -> None:
        self.refuse_play()
