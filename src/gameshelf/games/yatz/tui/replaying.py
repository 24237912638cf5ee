"""A Yatz replay on the game screen, a mixin of
:class:`~gameshelf.games.yatz.tui.screen.GameScreen` (which holds the match and draws): the
replay's keys of :mod:`gameshelf.tui.replay` with Yatz's own, ``c`` (the next player's card,
in a game too) and ``v`` (the post-game review of each choice, computed in a thread), and
the step shown drawn with the card of the seat that moved."""

from __future__ import annotations

from textual.binding import Binding

from gameshelf.games.yatz.game import YatzState
from gameshelf.games.yatz.play import YatzMatch
from gameshelf.games.yatz.replay import ReplayedYatz
from gameshelf.session.replay import Replay
from gameshelf.tui.replay import ReplayKeys

#: What a replay's help says of hidden information.
HIDDEN = ("Yatz has no hidden information. The message under the dice says what the "
          "post-game review thinks of the choice made at each step (its cost in expected "
          "points by the strong player's judgement; `v` computes it when the strong "
          "player's table is not loaded yet); `c` shows the next player's card.")
#: A replay's keys beyond those of :mod:`gameshelf.tui.replay`: ``v``, the review.
REPLAY_EXTRA = [Binding("v", "replay_review", "Review")]


class ReplayView(ReplayKeys):
    """The replay's keys and drawing on the Yatz screen (see the module docstring)."""

    game: YatzMatch
    #: the replay shown (a read-only match), else None
    replayed: ReplayedYatz | None
    #: the seat whose card is shown instead of the seat on turn's (c), if any
    viewed: int | None

    # ----- what the screen provides ------------------------------------------------------
    def viewed_seat(self) -> int:
        raise NotImplementedError

    def refresh_view(self) -> None:
        raise NotImplementedError

    # ----- the next card, the replay ------------------------------------------------------
    def action_next_card(self) -> None:
        """Show the next player's card (c); back at the player on turn, their own again."""
        n = len(self.game.seats)
        nxt = (self.viewed_seat() + 1) % n
        self.viewed = None if nxt == self.game.state.seat else nxt
        self.refresh_view()

    @property
    def replay(self) -> Replay[YatzState]:
        """The replay shown; AttributeError when the screen shows a game."""
        if self.replayed is None:
            raise AttributeError("the screen shows a game, not a replay")
        return self.replayed.replay

    def shown_replay(self) -> Replay[YatzState] | None:
        return None if self.replayed is None else self.replayed.replay

    def replay_moved(self) -> None:
        """Draw the replay's step shown (the card of the seat that moved)."""
        assert self.replayed is not None
        self.viewed = self.replayed.shown_seat()
        self.refresh_view()

    def action_replay_review(self) -> None:
        """v: compute the review of each choice (in a thread)."""
        if self.replayed is None or not self.replayed.start_review():
            return
        self.refresh_bindings()
        if self.is_mounted:
            self.refresh_view()
        self.run_worker(self._review, thread=True, exit_on_error=False)

    def _review(self) -> None:
        assert self.replayed is not None
        self.replayed.review()
        self.app.call_from_thread(self._reviewed)

    def _reviewed(self) -> None:
        self.refresh_bindings()
        if self.is_mounted:
            self.replay_moved()
