"""Pinball Showdown as a front end plays it: the match interface
(:class:`gameshelf.session.match.GameMatch`) and the game played here."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence

from gameshelf.core.errors import IllegalMoveError
from gameshelf.games.showdown.actions import Action
from gameshelf.games.showdown.cards import Deck
from gameshelf.games.showdown.match import GAME as SHOWDOWN
from gameshelf.games.showdown.match import Match
from gameshelf.games.showdown.session import ShowdownSession
from gameshelf.games.showdown.table import PlayerView
from gameshelf.session.match import GameMatch, SeatInfo


class ShowdownMatch(GameMatch[PlayerView, Action]):
    """A Pinball Showdown match as its screen and prompt see it."""

    game = SHOWDOWN

    @property
    @abstractmethod
    def deck(self) -> Deck:
        """The deck played with."""


class LocalShowdown(ShowdownMatch):
    """A Showdown game played at this terminal: its session (the save) under it; every
    person's seat is played here.

    Args:
        game: a session, or a bare match (its session's first save claims
            ``game-<number>``).
    """

    def __init__(self, game: Match | ShowdownSession) -> None:
        self.session = game if isinstance(game, ShowdownSession) else ShowdownSession(game)
        self.match = self.session.match
        self.seats = [SeatInfo(s.name, s.kind, s.is_human) for s in self.match.seats]
        self.errors = self.session.errors

    @property
    def deck(self) -> Deck:
        return self.match.deck

    @property
    def seed(self) -> int:
        """The game number."""
        return self.match.seed

    @property
    def title(self) -> str:
        return f"game {self.match.seed}"

    @property
    def name(self) -> str | None:
        return self.session.name

    def view(self, seat: int) -> PlayerView:
        if not 0 <= seat < len(self.seats):
            raise IllegalMoveError(f"there is no seat {seat + 1}")
        return self.match.state.view(seat)

    def log(self) -> Sequence[str]:
        return self.match.state.log or []

    def to_act(self) -> int:
        return self.match.to_act()

    def finished(self) -> bool:
        return self.match.state.is_terminal()

    def legal_actions(self) -> list[Action]:
        return self.match.state.legal_actions() if self.here_to_act() else []

    def play(self, text: str) -> Action:
        return self.session.play(text)

    def advance(self) -> bool:
        return self.match.step() is not None

    def settle(self) -> None:
        self.session.settle()

    def save(self) -> str:
        return self.session.save()

    @property
    def unsaved(self) -> bool:
        """True when the game has no save yet or its last autosave failed."""
        return self.session.slot.handle is None or self.session.slot.unsaved

    def end_problem(self) -> str | None:
        return self.session.end_problem("the scores")
