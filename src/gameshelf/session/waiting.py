"""The text prompt of a game played on a server while it is another seat's turn: the
person's lines are read all the time (a reader thread), so ``quit``, ``help`` and ``hint``
answer at once, while the server's news is taken as it comes and told when it happens
(every seat's move, whose turn it is, who joined, left or came back).

Light on purpose (no connection code): the games' prompts import it for local play too.
"""

from __future__ import annotations

import queue
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any, TextIO

import typer

from gameshelf.core.inputs import NOT_TEXT, check_text, tolerate_undecodable_stdin
from gameshelf.core.text import literal, possessive
from gameshelf.session.match import GameMatch

#: The words that leave a room at the prompt.
QUIT_WORDS = ("quit", "q", "exit")
#: The words that ask for the prompt's help.
HELP_WORDS = ("help", "?")
#: Commands no game online can do (the server keeps the game, and refuses taking back):
#: an online help must not offer them.
NOT_ONLINE = ("undo", "save", "resume")


class Lines:
    """The lines typed on standard input, read by a daemon thread as they come (so a
    prompt can wait for the server and for the person at once). ``stream``: the input read
    (default: ``sys.stdin`` as it is when made). The end of input is None, kept: every
    later :meth:`get` returns None too."""

    def __init__(self, stream: TextIO | None = None) -> None:
        if stream is None:
            tolerate_undecodable_stdin()
        self._stream = stream if stream is not None else sys.stdin
        self._lines: queue.Queue[str | None] = queue.Queue()
        #: True once the end of input was read
        self.ended = False
        #: moves typed on another seat's turn, kept for this seat's (oldest first)
        self.held: list[str] = []
        threading.Thread(target=self._read, name="prompt-lines", daemon=True).start()

    def _read(self) -> None:
        try:
            while line := self._stream.readline():
                self._lines.put(line.rstrip("\r\n"))
        except (OSError, ValueError, UnicodeDecodeError):  # a closed or broken input: its end
            pass
        self._lines.put(None)

    def get(self, timeout: float | None = None) -> str | None:
        """The next line (undecodable ones answered with :data:`NOT_TEXT` and skipped), or
        None at the end of input.

        Raises:
            TimeoutError: no line came in ``timeout`` seconds (None: it waits).
        """
        while True:
            if self.ended:
                return None
            try:
                line = self._lines.get(timeout=timeout)
            except queue.Empty:
                raise TimeoutError from None
            if line is None:
                self.ended = True
                return None
            try:
                return check_text(line, "the line")
            except ValueError:
                typer.echo(NOT_TEXT, err=True)

    def ask(self, prompt: str, poll: Callable[[], bool] | None = None) -> str | None:
        """The prompt printed, then the next line: a held one first (shown after the
        prompt), else the next typed (None at the end of input), as
        :func:`~gameshelf.core.inputs.read_line` does it. ``poll`` is called while no line
        came (it waits a little: a look at the server); when it returns True the question
        is over and ``""`` is returned."""
        if self.held:
            typer.echo(prompt + self.held[0])
            return self.held.pop(0)
        typer.echo(prompt, nl=False)
        while True:
            try:
                return self.get(None if poll is None else 0)
            except TimeoutError:
                if poll is not None and poll():
                    typer.echo("")
                    return ""


def asker(game: GameMatch[Any, Any], lines: Lines) -> Callable[[str], str | None]:
    """The prompt's question on this seat's turn online (:meth:`Lines.ask`): the server
    looked at while the person thinks, the room's news said at once (the prompt shown
    again after it), and ``""`` returned once the game ended or the turn went (a computer
    played for a seat away, the connection lost)."""
    def ask(prompt: str) -> str | None:
        def poll() -> bool:
            game.advance()
            if game.news:
                typer.echo("")
                while game.news:
                    typer.echo(game.news.pop(0))
                typer.echo(prompt, nl=False)
            return game.finished() or not game.here_to_act()
        return lines.ask(prompt, poll)
    return ask


def seat_name(game: GameMatch[Any, Any], seat: int) -> str:
    """The name of ``seat`` (``"seat N"`` when it has none)."""
    name = game.seats[seat].name if 0 <= seat < len(game.seats) else ""
    return literal(name) if name else f"seat {seat + 1}"


def not_lost(game: object, errors: Sequence[str]) -> list[str]:
    """``errors`` without the lost connection's line (``game.lost`` of a match on a server):
    that one is said once, at the end, by the caller of the prompt."""
    lost = getattr(game, "lost", None)
    return [e for e in errors if lost is None or e != lost]


def wait_turn(game: GameMatch[Any, Any], lines: Lines, *, tell: Callable[[], None],
              help_text: str, answer: Callable[[str], bool] | None = None) -> bool:
    """Wait for this seat's turn (or the game's end) while the person types: the server's
    news taken as it comes, each move told at once by ``tell`` (the game's words: called
    first for what came with this seat's own move, then after each news), the
    room's news (``game.news``, each line taken out as it is said: joined, left, came back)
    and ``(waiting for NAME...)`` said once per turn. A line typed meanwhile is answered at
    once: ``quit`` returns False, ``help`` prints ``help_text``, other lines go to
    ``answer`` (True when it answered them: a view of the table...), ``hint`` is for one's
    own turn, and any other line (a move) is held for this seat's turn
    (:attr:`Lines.held`, said so). The end of input returns False once no line is held
    (a script's moves are played first). True when it is this seat's turn or the game is
    over."""
    waiting: int | None = None
    tell()   # what came with this seat's last move (a computer's answer) first
    while True:
        while game.news:
            typer.echo(game.news.pop(0))
        if game.finished() or game.here_to_act():
            return True
        seat = game.to_act()
        if seat != waiting and 0 <= seat < len(game.seats):
            waiting = seat
            typer.echo(f"(waiting for {seat_name(game, seat)}...)")
        try:
            if lines.ended and lines.held:   # a script's end comes after its moves
                raise TimeoutError
            typed = lines.get(0)
        except TimeoutError:
            if game.advance():
                tell()
            continue
        if typed is None and lines.held:
            continue
        word = "quit" if typed is None else typed.strip().lower()
        who = seat_name(game, seat) if 0 <= seat < len(game.seats) else "the dealer"
        if word in QUIT_WORDS:
            return False
        if word in HELP_WORDS:
            typer.echo(help_text)
        elif word == "hint":
            typer.echo(f"a hint is for your own turn: it is {possessive(who)} turn",
                       err=True)
        elif word and typed is not None and not (answer is not None and answer(word)):
            lines.held.append(typed.strip())
            typer.echo(f"(it is {possessive(who)} turn: {literal(typed.strip())} is kept "
                       "for yours)")


__all__ = ["HELP_WORDS", "NOT_ONLINE", "QUIT_WORDS", "Lines", "asker", "not_lost",
           "seat_name", "wait_turn"]
