"""The turns of the seats not at the Yatz screen: the computers' pace, the server's news.

A computer seat of a game played here acts one step at a time, each after a wait whose
length the player sets (``+``/``-`` move along :data:`PACES`); ``k`` plays the computers'
turns out at once. While the wait runs the computer on turn thinks ahead in a thread (the
strong player's turn plan, once a turn), so the screen does not stall when it acts. Online
the server plays them: the screen's news come in a worker.
"""

from __future__ import annotations

import asyncio
import time
from typing import Protocol

from textual.screen import Screen
from textual.timer import Timer
from textual.worker import Worker

from gameshelf.core.text import literal, said
from gameshelf.games.yatz.making import tables_note
from gameshelf.games.yatz.play import YatzMatch
from gameshelf.games.yatz.tui.panels import PaceLine
from gameshelf.tui.base import drawable

#: Seconds between two computer steps, slowest last; ``+``/``-`` move along it.
PACES = (0.05, 0.2, 0.4, 0.7, 1.0, 1.5, 2.5)
DEFAULT_PACE = 3
#: Seconds at least before a computer's first roll while a person's box can be taken back.
UNDO_WAIT = 1.5
#: Seconds between two looks at a computer still thinking (its first run compiles).
THINKING_WAIT = 0.05
#: Seconds of a computer's thinking past its wait after which the pace line says so.
THINKING_SAID = 0.3


class Board(Protocol):
    """What the others' turns need of the game screen."""

    game: YatzMatch
    pace_index: int

    def moves_made(self, boxes_only: bool = False, note: str | None = None) -> None:
        """Show the moves made since the last look (the log, the table; ``note`` in the
        message line), then any store failure."""

    def refresh_view(self) -> None:
        """Draw the table again."""

    def store_said(self) -> bool:
        """Show a store failure kept since the last look; True if any."""

    def show_news(self) -> None:
        """Show the room's news (online: joined, left, whom the game waits for)."""

    def schedule(self) -> None:
        """Go on with whoever is to act next."""

    def say(self, text: str, *, bell: bool = False) -> None:
        """Show ``text`` in the message line."""


def computer_turn(game: YatzMatch) -> bool:
    """True when a computer of a game played here is to act (the screen's timer plays it)."""
    return game.computers_here and game.others_turn()


class OthersTurns:
    """The turns of the seats not at ``screen``: computer steps on its timers, the server's
    news in its workers."""

    def __init__(self, screen: Screen[None], board: Board) -> None:
        self._screen, self._board = screen, board
        #: The wait before the next computer step, if one runs.
        self.timer: Timer | None = None
        self._prepared: tuple[int, int] | None = None
        self._worker: Worker[object] | None = None
        #: When the computer on turn's wait ended with its thinking not done (monotonic s).
        self._waited_from: float | None = None

    def stop(self) -> None:
        """Call off the wait running (its step does not come)."""
        if self.timer is not None:
            self.timer.stop()
            self.timer = None

    def go_on(self) -> bool:
        """Start what the others' turn needs (after calling off a wait): the next computer
        step's wait, or the server's news; False when it is a person's turn here (or the
        game is over)."""
        self.stop()
        game = self._board.game
        if computer_turn(game):
            self._prepare()
            wait = PACES[self._board.pace_index]
            if game.can_undo():   # a person's box can be taken back until this roll
                wait = max(wait, UNDO_WAIT)
            self.timer = self._screen.set_timer(wait, self.step)
            return True
        if game.others_turn():
            self._screen.run_worker(self._news(), exclusive=True, group="yatz-online")
            return True
        return False

    def _prepare(self) -> None:
        """Let the computer on turn think in a thread while the wait runs, once per turn."""
        st = self._board.game.state
        key = (st.seat, st.turns_taken(st.seat))
        if key == self._prepared:
            return
        prep = self._board.game.computer_preparer()
        if prep is not None:
            self._prepared = key
            self._worker = self._screen.run_worker(prep, thread=True, exit_on_error=False,
                                                   group="prepare")

    def resume(self) -> None:
        """The screen is back on top (a help or table closed): computer play goes on."""
        if self._screen.is_mounted and self.timer is None and computer_turn(self._board.game):
            self._board.schedule()

    def step(self) -> None:
        """The wait is over: one computer step (saved after it), unless the screen is
        under another (it goes on when back on top) or the computer is still thinking."""
        self.timer = None
        if self._screen.app.screen is not self._screen:
            return
        if self._worker is not None and not self._worker.is_finished:
            # still thinking in its thread (a first run compiles, or makes the tables):
            # say so under the log, and look again shortly
            self.say_thinking()
            self.timer = self._screen.set_timer(THINKING_WAIT, self.step)
            return
        self._waited_from = None
        game = self._board.game
        if computer_turn(game):
            game.advance()
            game.settle()
            self._board.moves_made()
        self._board.schedule()

    def say_thinking(self) -> None:
        """On the pace line, once a computer has thought :data:`THINKING_SAID` s past its
        wait: ``NAME is thinking… 3 s``, or what the making of its tables has done when that
        is what it waits for (``NAME is thinking: solving its tables (the first time only):
        40%``, two lines at 80 columns). The line is drawn again as before when it acts."""
        now = time.monotonic()
        if self._waited_from is None:
            self._waited_from = now
        waited = now - self._waited_from
        if waited < THINKING_SAID:
            return
        game = self._board.game
        note = tables_note(game.rules, "its")
        thinks = literal(said(game.on_turn.name, "is"))
        text = f"{thinks} thinking: {note}" if note else f"{thinks} thinking… {waited:.0f} s"
        for line in self._screen.query(PaceLine):
            line.update(text)
            line.display = True

    def skip(self) -> None:
        """Play computer turns out at once, up to the next person's turn (one save after
        the run)."""
        game = self._board.game
        if not computer_turn(game):
            self._board.say("Nothing to skip: it is a person's turn." if game.computers_here
                            else "Nothing to skip: the server plays the computers.")
            return
        self.stop()
        while computer_turn(game):
            game.advance()
        game.settle()
        self._board.moves_made(boxes_only=True, note="Skipped ahead.")
        self._board.schedule()

    async def _news(self) -> None:
        """Online, while others play: take the server's news (in a thread) and show each
        move as it comes, until this terminal's turn or the end."""
        game = self._board.game
        while not game.finished() and game.others_turn():
            moved = await asyncio.to_thread(game.advance)
            if not drawable(self._screen):
                return
            if moved:
                self._board.moves_made()
            else:
                self._board.store_said()
                self._board.show_news()
        if drawable(self._screen):
            self._board.refresh_view()
            self._board.schedule()
