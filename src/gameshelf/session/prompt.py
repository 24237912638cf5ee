"""The parts every game's text prompt shares, here or in a room on a game server: the
question asked (the server looked at meanwhile online), the moves and store failures told
as they come, the other seats' turns waited for (or played here), and a typed line
answered: a quit word leaves, a help word prints the help, a word of the game's commands
table runs it, any other line is played as a move (a refused one said in one line).

A game fills a :class:`PromptLoop` with its own texts and commands and keeps only its own
steps (what it shows, what it asks, how a game ends).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import typer

from gameshelf.core.errors import GameshelfError
from gameshelf.core.inputs import read_line
from gameshelf.core.text import error_line
from gameshelf.session.base import save_failure
from gameshelf.session.match import GameMatch
from gameshelf.session.waiting import HELP_WORDS, QUIT_WORDS, Lines, asker, not_lost, wait_turn


class PromptLoop:
    """The shared state and steps of one game's prompt over ``game``.

    Args:
        game: the match played (here when ``game.keeps_saves``, else on a server: then the
            typed lines are read by a :class:`~gameshelf.session.waiting.Lines` thread).
        help_here: the help of a game played here; ``help_online``: of a room's seat.
        commands: the game's own words (lower case) and what each does (nothing returned).
        help_words: the words that print the help (default ``help`` and ``?``).
        told: log lines already told (default: all of the log now).
        log_lines: the log's new lines as said (default: as they are).
        error_mark: put before a store failure's line online (here it is said as
            :func:`~gameshelf.session.base.save_failure` does).
        refused: put before a refused move's line (its error's one line after it).
        bell: True when a refused move rings the terminal's bell.
    """

    def __init__(self, game: GameMatch[Any, Any], *, help_here: str, help_online: str,
                 commands: Mapping[str, Callable[[], None]] | None = None,
                 help_words: Sequence[str] = HELP_WORDS, told: int | None = None,
                 log_lines: Callable[[list[str]], Iterable[str]] = list,
                 error_mark: str = "", refused: str = "refused: ", bell: bool = False
                 ) -> None:
        self.game = game
        self.lines = None if game.keeps_saves else Lines()
        self.ask: Callable[[str], str | None] = (
            asker(game, self.lines) if self.lines is not None else read_line)
        self.help = help_here if self.lines is None else help_online
        self.commands = dict(commands or {})
        self.help_words = tuple(help_words)
        self.told = len(game.log()) if told is None else told
        self.shown_errors = len(game.errors)
        self._log_lines = log_lines
        self._error_mark = error_mark
        self._refused = refused
        self._bell = "\a" if bell else ""

    @property
    def online(self) -> bool:
        """True when the game is a room's seat on a server."""
        return self.lines is not None

    def tell_moves(self) -> None:
        """Say the log's lines not said yet."""
        log = list(self.game.log())
        for line in self._log_lines(log[self.told:]):
            typer.echo(line)
        self.told = len(log)

    def skip_moves(self) -> None:
        """Count the log as told (the prompt said its last move in its own words)."""
        self.told = len(self.game.log())

    def tell_errors(self) -> None:
        """Say the store's failures not said yet, on stderr (a lost connection is said
        once, at the end, by the caller)."""
        game = self.game
        for message in not_lost(game, game.errors[self.shown_errors:]):
            typer.echo(save_failure(message) if game.keeps_saves
                       else self._error_mark + message, err=True)
        self.shown_errors = len(game.errors)

    def tell(self) -> None:
        """:meth:`tell_moves`, then :meth:`tell_errors`."""
        self.tell_moves()
        self.tell_errors()

    def wait(self, tell: Callable[[], None], answer: Callable[[str], bool] | None = None
             ) -> bool:
        """Another seat's turn: online, wait for this seat's (lines typed meanwhile
        answered, see :func:`~gameshelf.session.waiting.wait_turn`; ``tell`` says the moves
        as they come, ``answer`` the game's own looks); here, one computer move played and
        settled (saved), then ``tell``. False when the person left."""
        if self.lines is not None:
            return wait_turn(self.game, self.lines, tell=tell, help_text=self.help,
                             answer=answer)
        if self.game.advance():
            self.game.settle()
            tell()
        return True

    def turn(self, prompt: str) -> bool:
        """Ask ``prompt`` and :meth:`answer` the line (the end of input is ``quit``, said
        on a line of its own)."""
        typed = self.ask(prompt)
        if typed is None:
            typer.echo("")   # the end of input ends the prompt's line, as Enter would
        return self.answer("quit" if typed is None else typed.strip())

    def answer(self, line: str) -> bool:
        """Answer a typed ``line`` (stripped) on this seat's turn: a help word prints the
        help, a command of the table runs, anything else is played (refused: said in one
        line, unless the game ended meanwhile: a lost connection is said once, at the
        end). False for a quit word (``quit``, ``q``, ``exit``): the caller leaves."""
        word = line.lower()
        if word in QUIT_WORDS:
            return False
        if word in self.help_words:
            typer.echo(self.help)
        elif word in self.commands:
            self.commands[word]()
        else:
            try:
                self.game.play(line)
            except GameshelfError as exc:
                if not self.game.finished():
                    typer.echo(f"{self._refused}{error_line(exc)}{self._bell}")
        return True


__all__ = ["PromptLoop"]
