"""Saving, leaving and the end of a game on the Yatz screen.

A game played here is saved after every action; ``s`` saves it now (mid-turn too), Esc
saves and leaves, Ctrl+Q keeps it saved on the way out. Online the server keeps the game:
Esc leaves the room (joining again plays on). At the end the scores are written once and
the game-over screen shows the ranking.
"""

from __future__ import annotations

from typing import Protocol

from textual.screen import Screen

from gameshelf.core.errors import GameshelfError, SaveLostError
from gameshelf.core.text import error_line, left_saved, quoted, resume_command
from gameshelf.games.yatz.play import YatzMatch
from gameshelf.games.yatz.tui.over import GameOverScreen
from gameshelf.games.yatz.tui.pace import OthersTurns
from gameshelf.session.base import SaveLost, save_failure
from gameshelf.tui.keeping import left_room, nothing_to_save


class Kept(Protocol):
    """What keeping the game needs of the game screen."""

    game: YatzMatch
    others: OthersTurns

    def refresh_view(self) -> None:
        """Draw the table again."""

    def schedule(self) -> None:
        """Go on with whoever is to act next."""

    def say(self, text: str, *, bell: bool = False) -> None:
        """Show ``text`` in the message line."""


def left_note(game: YatzMatch, name: str | None) -> str:
    """What leaving an unfinished game says: its save's name and how to resume it; online,
    that the server keeps the seat; a new game with no move, that nothing was saved."""
    if not game.keeps_saves:
        return left_room("Yatz", str(game.name))
    if name is None:
        return "Yatz: nothing saved, no move was played yet."
    return f"Yatz: {left_saved('yatz', name)}"


class Keeping:
    """Saving, leaving and the end of ``board``'s game, on ``screen``."""

    def __init__(self, screen: Screen[None], board: Kept) -> None:
        self._screen, self._board = screen, board
        self._over = False
        self._errors_seen = len(board.game.errors)

    def store_said(self) -> bool:
        """Show a store failure (online: a server's word or a lost connection) kept since the
        last look (the game goes on); True if any."""
        game = self._board.game
        new = game.errors[self._errors_seen:]
        self._errors_seen = len(game.errors)
        if new:
            self._board.say(save_failure(new[-1], retry="it is saved at the next chance")
                            if game.keeps_saves else new[-1], bell=True)
        return bool(new)

    def save(self) -> None:
        """``s``: save now (said: the save's name and how to resume it), or why not."""
        game, say = self._board.game, self._board.say
        refusal = nothing_to_save(
            game, "The game is over; nothing to save.", "The server keeps this game: every "
            f"move is stored there (Esc leaves it; join room {game.name} again to play on).")
        if refusal is not None:
            say(refusal)
            return
        try:
            name = game.save()
        except GameshelfError as exc:
            say(f"could not save: {error_line(exc)}", bell=True)
            return
        say(f"Saved as {quoted(name)}. Resume on the setup screen or with: "
            f"{resume_command('yatz', name)}")

    def keep(self) -> str | None:
        """Ctrl+Q: keep the game saved (see ``gameshelf.tui.base``); returns what to tell
        the player of where it is kept (None for a game over).

        Raises:
            StoreError: the save failed (the game goes on in memory).
        """
        game = self._board.game
        said = None
        if not game.finished():
            said = left_note(game, game.leave())
        game.close()
        return said

    def leave(self) -> None:
        """Esc: leave the game, saved (online: the room, the server keeps the seat); a save
        that fails keeps the game on screen (Esc again tries again)."""
        game, app = self._board.game, self._screen.app
        self._board.others.stop()
        if not game.keeps_saves:
            if not game.finished():
                app.notify(f"Left room {game.name}: the server keeps your seat; join again "
                           "with the same name to play on.", title="Yatz", markup=False)
            game.close()
            self._screen.dismiss(None)
            return
        if not game.finished():
            try:
                name = game.leave()
            except SaveLostError as exc:    # another session has the save: leaving is all
                app.notify(save_failure(SaveLost(str(exc))), title="Yatz", markup=False,
                           severity="warning")
                self._screen.dismiss(None)
                return
            except GameshelfError as exc:   # the game stays: leaving again tries again
                self._board.say(f"could not save: {error_line(exc)}; Esc tries again",
                                bell=True)
                self._board.schedule()
                return
            app.notify(left_note(game, name), title="Yatz", markup=False)
        self._screen.dismiss(None)

    def end(self) -> None:
        """The game is over (once): its scores written, the game-over screen shown (the
        game screen closes with it); online, a connection lost for good is said instead."""
        if self._over:
            return
        self._over = True
        game = self._board.game
        lost = game.end_problem() if not game.keeps_saves else None
        if lost is not None:   # online: the connection went for good; the server plays on
            self._board.refresh_view()
            self._board.say(lost[:1].upper() + lost[1:] + ".", bell=True)
            return
        new: dict[int, int] = {}
        try:
            new = game.new_high_scores()   # idempotent: written once, the save removed
        except GameshelfError as exc:
            self._board.say(error_line(exc), bell=True)
        self._board.refresh_view()
        self._screen.app.push_screen(GameOverScreen(game, new), self._closed_over)

    def _closed_over(self, _result: None) -> None:
        if self._screen.app.screen is self._screen:
            self._screen.dismiss(None)
