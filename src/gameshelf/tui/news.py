"""What a game screen played online says of the room besides the moves, as the text prompt
does (:mod:`gameshelf.session.waiting`): who joined, left, came back or went away (the
match's :attr:`~gameshelf.session.match.GameMatch.news`, each line taken out once) and,
while another seat is to act, ``(waiting for NAME...)``. A local game has no news and never
waits for a person elsewhere: its line is always empty.

On this front end's own turn nothing else asks the server, so :func:`watch_own_turn` looks
at it a few times a second (without waiting, in the screen's event loop): who left or came
back, a lost connection and a move the server made for this seat show when they come, not
after the person's next move.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual.screen import Screen
from textual.timer import Timer

from gameshelf.session.match import GameMatch
from gameshelf.session.waiting import seat_name
from gameshelf.tui.base import drawable

#: How many of the room's news lines a screen keeps showing (the newest).
NEWS_KEPT = 2
#: Seconds between two looks at the server on this front end's own turn.
LOOK_EVERY = 0.25


def waiting_for(game: GameMatch[Any, Any]) -> str:
    """``(waiting for Bob...)`` while a seat played elsewhere (a person on another
    terminal, a computer on the server) is to act in a game played online; ``""`` on this
    front end's turn, after the end, and always for a local game (``keeps_saves``)."""
    if game.keeps_saves or game.finished() or game.here_to_act():
        return ""
    seat = game.to_act()
    if not 0 <= seat < len(game.seats):
        return ""
    return f"(waiting for {seat_name(game, seat)}...)"


class RoomNews:
    """The room's news line of one game screen.

    Attributes:
        lines: the newest :data:`NEWS_KEPT` news lines taken, oldest first.
    """

    def __init__(self) -> None:
        self.lines: list[str] = []

    def take(self, game: GameMatch[Any, Any]) -> list[str]:
        """Take the match's news not said yet out of ``game.news`` and return it (oldest
        first; empty when there was none): a screen with a log may log it there too."""
        news = list(game.news)
        game.news.clear()
        self.lines = (self.lines + news)[-NEWS_KEPT:]
        return news

    def text(self, game: GameMatch[Any, Any]) -> str:
        """The line to show: the news kept, then whom the game waits for (``""``: nothing
        to say, a local game)."""
        return " ".join(t for t in (*self.lines, waiting_for(game)) if t)


def watch_own_turn(screen: Screen[Any], game: GameMatch[Any, Any], *,
                   idle: Callable[[], bool], came: Callable[[bool], None]) -> Timer | None:
    """Look at the server every :data:`LOOK_EVERY` seconds while a person here is to act
    in ``game`` played online (:meth:`GameMatch.look <gameshelf.session.match.GameMatch.
    look>`, in ``screen``'s event loop: never beside the screen's own worker, which waits
    for the others' turns, so one connection is read by one side at a time). ``idle``:
    True when the screen's worker is not running; ``came(moved)`` is called when news, a
    failure or a move came (``moved``: the game moved on, or ended here: the screen
    redraws and goes on with whoever acts now). None for a local game: nothing to look
    at."""
    if game.keeps_saves:
        return None
    errors = [len(game.errors)]

    def tick() -> None:
        if (not drawable(screen) or not idle() or game.finished()
                or not game.here_to_act()):
            return
        moved = game.look()
        if moved or game.news or len(game.errors) != errors[0]:
            errors[0] = len(game.errors)
            came(moved)
    return screen.set_interval(LOOK_EVERY, tick)


__all__ = ["LOOK_EVERY", "NEWS_KEPT", "RoomNews", "waiting_for", "watch_own_turn"]
