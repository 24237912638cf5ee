"""Pig as a front end plays it: the match interface (:class:`~gameshelf.session.match.
GameMatch`) the prompt and the screen talk to, and the game played here; on a game server
the same interface is :class:`tests.games.pig.online.RemotePig`."""

from __future__ import annotations

from collections.abc import Sequence

from gameshelf.core.errors import IllegalMoveError, StoreError
from gameshelf.core.seats import HUMAN
from gameshelf.session.match import GameMatch, SeatInfo
from tests.games.pig.game import Action, parse_action
from tests.games.pig.match import GAME
from tests.games.pig.session import Session
from tests.games.pig.text import event_words
from tests.games.pig.view import PigView


class PigMatch(GameMatch[PigView, Action]):
    """A game of Pig as its front ends see it: two seats, here or on a server."""

    game = GAME

    def me(self) -> int:
        """The seat played here (the first one here; seat 0 when none is)."""
        here = self.here()
        return here[0] if here else 0


class LocalPig(PigMatch):
    """A game of Pig at this terminal, its session (the save) under it."""

    def __init__(self, session: Session) -> None:
        self.session = session
        m = session.match
        self.seats = [SeatInfo(n, HUMAN if not m.is_computer(i) else m.players[i],
                               not m.is_computer(i)) for i, n in enumerate(m.names)]
        self.errors = session.errors

    @property
    def title(self) -> str:
        return f"game {self.session.match.seed}"

    @property
    def name(self) -> str | None:
        return self.session.name

    def view(self, seat: int) -> PigView:
        if seat not in (0, 1):
            raise IllegalMoveError(f"there is no seat {seat + 1}")
        return PigView.of(self.session.match, seat)

    def log(self) -> Sequence[str]:
        names = self.session.match.names
        return [event_words(ev, names) for ev in self.session.match.state.events]

    def to_act(self) -> int:
        return self.session.match.state.current_player()

    def finished(self) -> bool:
        return self.session.match.state.is_terminal()

    def legal_actions(self) -> list[Action]:
        return self.session.match.state.legal_actions() if self.here_to_act() else []

    def play(self, text: str) -> Action:
        action = parse_action(text)
        if not self.here_to_act():
            raise IllegalMoveError("the game is over" if self.finished()
                                   else "it is not your turn")
        self.session.apply(action)
        return action

    def advance(self) -> bool:
        return self.session.match.step()

    def settle(self) -> None:
        self.session.save()

    def save(self) -> str:
        before = len(self.errors)
        self.session.save()
        if len(self.errors) > before:
            raise StoreError(self.errors.pop())
        return self.session.name

    def end_problem(self) -> str | None:
        return self.session.end_problem("the result")
