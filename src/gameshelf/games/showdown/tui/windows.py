"""The Pinball Showdown table's windows and its leaving, a mixin of
:class:`~gameshelf.games.showdown.tui.screen.ShowdownScreen` (which holds the match, plays and
draws): the log scrolled a page, the coach's hint and review, the piles, the action box
focused, saving (a game played here only: a server keeps its own), Ctrl+Q's keeping and Esc's
leaving (a game left unfinished is saved first, and the note says where it is kept)."""

from __future__ import annotations

from textual.widgets import Input

from gameshelf.core.errors import GameshelfError
from gameshelf.core.text import error_line, left_saved, saved_as
from gameshelf.games.showdown.match import Match
from gameshelf.games.showdown.play import LocalShowdown, ShowdownMatch
from gameshelf.games.showdown.tui.coach import ShowdownHintScreen, ShowdownReviewScreen
from gameshelf.games.showdown.tui.log import GameLog
from gameshelf.games.showdown.tui.scores import ScoreScreen, piles_text
from gameshelf.tui.keeping import left_room, nothing_to_save
from gameshelf.tui.widgets import ScreenMixin


class TableWindows(ScreenMixin):
    """The table's windows, saving and leaving (see the module docstring)."""

    game: ShowdownMatch
    #: a game played here: its match (None online)
    match: Match | None

    # ----- what the screen provides ------------------------------------------------------
    def _not_now(self) -> bool:
        raise NotImplementedError

    def _complain(self, message: str) -> None:
        raise NotImplementedError

    def _settle(self) -> None:
        raise NotImplementedError

    # ----- windows, saving, leaving ------------------------------------------------------
    def action_scroll_log(self, direction: int) -> None:
        log = self.query_one(GameLog)
        (log.scroll_page_up if direction < 0 else log.scroll_page_down)()

    def action_hint(self) -> None:
        """The coach's hint for the person to act, from their view only (a window; here or
        online alike)."""
        if not self._not_now():
            self.app.push_screen(ShowdownHintScreen(self.game.view(self.game.to_act()),
                                                    self.game.legal_actions()))

    def action_review(self) -> None:
        """The coach's review of a finished game played here (a window)."""
        if self.match is None:
            self._complain("The review needs the game's record: it is kept on the server.")
            return
        if not self.game.finished():
            self._complain("The review comes after the game: H gives a hint now.")
            return
        self.app.push_screen(ShowdownReviewScreen(self.match.record()))

    def action_piles(self) -> None:
        self.app.push_screen(ScoreScreen(piles_text(self.game)))

    def action_type(self) -> None:
        self.query_one("#sd-cmd", Input).focus()

    def action_save(self) -> None:
        refusal = nothing_to_save(
            self.game, "The game is over: its scores are kept, there is nothing to save.",
            "The server keeps this game: every move is stored there.")
        if refusal is not None:
            self._complain(refusal)
            return
        try:
            name = self.game.save()
        except GameshelfError as exc:
            self.notify(f"could not save: {error_line(exc)}", severity="error", markup=False)
            return
        self.notify(saved_as("showdown", name), markup=False)

    def keep_game(self) -> str | None:
        """Ctrl+Q: keep the game saved (see ``gameshelf.tui.base``); returns where it is
        kept, for the player (None for a game over)."""
        if self.game.finished():
            return None
        self._settle()
        return self._left_note()

    def _left_note(self) -> str:
        """Where the unfinished game left is kept: its save and how to resume it, the
        save's failure, or online the server's seat."""
        game = self.game
        if not isinstance(game, LocalShowdown):
            return left_room("Pinball Showdown", game.name or "")
        if game.unsaved:
            return "Pinball Showdown: the game could not be saved (the store refused it)."
        return f"Pinball Showdown: {left_saved('showdown', game.name or '')}"

    def action_leave(self) -> None:
        """Esc: save and leave (back to the start screen, or out of the app when ``play`` or
        ``resume`` opened it), saying ``Game saved as 'NAME'.`` or why the save failed."""
        game = self.game
        if not game.finished() and isinstance(game, LocalShowdown):
            before = len(game.errors)
            self._settle()
            if len(game.errors) == before and not game.unsaved:
                self.app.notify(left_saved("showdown", game.name or ""),
                                title="Pinball Showdown", markup=False)
        elif not game.finished():
            self.app.notify(self._left_note(), title="Pinball Showdown", markup=False)
        game.close()
        self.dismiss(None)
