"""What a game screen played online says of the room besides the moves, as the text prompt
does (:mod:`gameshelf.session.waiting`): who joined, left, came back or went away (the
match's :attr:`~gameshelf.session.match.GameMatch.news`, each line taken out once) and,
while another seat is to act, ``(waiting for NAME...)``. A local game has no news and never
waits for a person elsewhere: its line is always empty.
"""

from __future__ import annotations

from typing import Any

from gameshelf.session.match import GameMatch
from gameshelf.session.waiting import seat_name

#: How many of the room's news lines a screen keeps showing (the newest).
NEWS_KEPT = 2


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


__all__ = ["NEWS_KEPT", "RoomNews", "waiting_for"]
