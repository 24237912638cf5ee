"""The Yatz screen's saving, leaving and windows, a mixin of
:class:`~gameshelf.games.yatz.tui.screen.GameScreen` (which holds the match and draws):
save, Ctrl+Q's keeping and Esc's leaving go to :class:`~.keeping.Keeping` (a replay keeps
nothing); the hint (the strong player's best hold and best box, once the dice are rolled)
and the high scores are windows."""

from __future__ import annotations

from gameshelf.games.yatz.play import YatzMatch
from gameshelf.games.yatz.replay import ReplayedYatz
from gameshelf.games.yatz.tui.keeping import Keeping
from gameshelf.games.yatz.tui.top import HighScoresScreen
from gameshelf.games.yatz.tui.turn import PersonTurn
from gameshelf.tui.widgets import ScreenMixin


class GameWindows(ScreenMixin):
    """Saving, leaving, the hint and the high scores (see the module docstring)."""

    game: YatzMatch
    replayed: ReplayedYatz | None
    keeping: Keeping
    turn: PersonTurn

    # ----- what the screen provides ------------------------------------------------------
    def say(self, text: str, *, bell: bool = False) -> None:
        raise NotImplementedError

    # ----- saving, leaving, the end (:mod:`.keeping`); the windows ----------------------
    def action_save(self) -> None:
        self.keeping.save()

    def keep_game(self) -> str | None:
        """Ctrl+Q: keep the game saved (see ``gameshelf.tui.base``; a replay changes none);
        returns where it is kept, for the player."""
        if self.replayed is None:
            return self.keeping.keep()
        return None

    def action_leave(self) -> None:
        self.keeping.leave()

    def action_hint(self) -> None:
        """Show the best hold and best box (the strong player's advice)."""
        if self.turn.on_turn():
            if not self.game.state.dice:
                self.say("Roll first: a hint needs dice.", bell=True)
                return
            # start-up: the strong player's tables (numba) load only when a hint is asked
            from gameshelf.games.yatz.tui.hints import HintScreen

            self.app.push_screen(HintScreen(self.game.state.clone()))

    def action_scores(self) -> None:
        self.app.push_screen(HighScoresScreen())
