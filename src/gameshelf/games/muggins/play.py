"""Muggins as a front end plays it: the match interface
(:class:`gameshelf.session.match.GameMatch`) over the seat's
:class:`~gameshelf.games.muggins.view.MugginsView`, and the game played here."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence

from gameshelf.core.errors import BadInputError, IllegalMoveError, SaveLostError, StoreError
from gameshelf.core.records import GameRecord
from gameshelf.core.seats import HUMAN
from gameshelf.games.muggins.game import Action as MugginsAction
from gameshelf.games.muggins.game import Chains, Play, Side
from gameshelf.games.muggins.game import parse_action as parse_muggins_action
from gameshelf.games.muggins.match import GAME as MUGGINS
from gameshelf.games.muggins.match import MUGSY as MUGGINS_MUGSY
from gameshelf.games.muggins.match import PERSON as MUGGINS_PERSON
from gameshelf.games.muggins.match import event_words
from gameshelf.games.muggins.session import Session as MugginsSession
from gameshelf.games.muggins.tiles import parse_tile
from gameshelf.games.muggins.view import MugginsView
from gameshelf.session.match import GameMatch, SeatInfo


def read_move(text: str, legal: Sequence[MugginsAction],
              chains: Chains | None = None) -> MugginsAction:
    """A Muggins move as a person types it: ``3-5 L`` / ``3-5 right``, ``draw``, ``pass``,
    or a tile alone when it fits one chain only, or both alike (``chains``' ends alike:
    :meth:`~gameshelf.games.muggins.game.Chains.choices` picks the chain).

    Raises:
        BadInputError: not a move, or a tile alone that fits both chains differently (add
            L or R).
    """
    words = text.split()
    if len(words) == 1 and words[0].lower() not in ("draw", "pass"):
        t = parse_tile(words[0])
        plays = [a for a in legal if isinstance(a, Play) and a.tile == t]
        if len(plays) == 1:
            return plays[0]
        if len(plays) > 1 and chains is not None and len(chains.choices(t)) == 1:
            return Play(t, chains.choices(t)[0])
        if len(plays) > 1:
            raise BadInputError(f"{t} fits both chains: add L or R (like {t} L)")
        # not playable: the rules say why ("you do not hold 0-6", "fits neither chain")
        return Play(t, Side.LEFT)
    return parse_muggins_action(text)


class MugginsMatch(GameMatch[MugginsView, MugginsAction]):
    """A Muggins match as its board and prompt see it: two seats, a person here and Mugsy
    or another person (online)."""

    game = MUGGINS

    @property
    @abstractmethod
    def level(self) -> str | None:
        """Mugsy's level when the other seat is Mugsy, else None (a person)."""

    def record(self) -> GameRecord | None:
        """The game's record (to review it), or None when it cannot be had."""
        return None

    def names(self, seat: int) -> tuple[str, str]:
        """Both seats' names as ``seat`` reads them: its own is ``You``."""
        a, b = (s.name for s in self.seats)
        return ("You", b) if seat == 0 else (a, "You")


class LocalMuggins(MugginsMatch):
    """A game of Muggins against Mugsy at this terminal, its ``session`` (the save) under
    it."""

    def __init__(self, session: MugginsSession) -> None:
        self.session = session
        self.seats = [SeatInfo("You", HUMAN, True), SeatInfo("Mugsy", session.level, False)]
        self.errors = session.store_errors

    @property
    def level(self) -> str:
        return self.session.level

    @property
    def seed(self) -> int:
        """The game number."""
        return self.session.match.seed

    @property
    def title(self) -> str:
        return f"game {self.seed}"

    @property
    def name(self) -> str | None:
        return self.session.name

    def view(self, seat: int) -> MugginsView:
        if seat not in (0, 1):
            raise IllegalMoveError(f"there is no seat {seat + 1}")
        return MugginsView.of(self.session.match.state, seat)

    def log(self) -> Sequence[str]:
        names = self.names(MUGGINS_PERSON)
        return [w for ev in self.session.match.state.events if (w := event_words(ev, names))]

    def to_act(self) -> int:
        return self.session.match.state.current_player()

    def finished(self) -> bool:
        return self.session.match.state.is_terminal()

    def legal_actions(self) -> list[MugginsAction]:
        return self.session.match.state.legal_actions() if self.here_to_act() else []

    def play(self, text: str) -> MugginsAction:
        if not self.here_to_act():
            raise IllegalMoveError("the game is over" if self.finished()
                                   else "it is not your turn")
        action = read_move(text, self.legal_actions(), self.session.match.state)
        self.session.apply(action)
        return action

    def advance(self) -> bool:
        if self.to_act() != MUGGINS_MUGSY:
            return False
        self.session.match.apply(self.session.mugsy_action())
        return True

    def settle(self) -> None:
        self.session.save()

    def save(self) -> str:
        self.session.save()
        if self.session.slot.lost:
            raise SaveLostError(self.session.slot.lost_note)
        if self.session.slot.unsaved and self.errors:
            raise StoreError(self.errors[-1])
        return self.session.name

    def record(self) -> GameRecord:
        return self.session.match.record()

    def end_problem(self) -> str | None:
        return self.session.end_problem("the result")
