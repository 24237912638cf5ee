"""Muggins as a front end plays it: the seat's table, the match interface
(:class:`gameshelf.session.match.GameMatch`) and the game played here."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass

from gameshelf.core.errors import BadInputError, IllegalMoveError, SaveLostError, StoreError
from gameshelf.core.records import GameRecord
from gameshelf.core.seats import HUMAN
from gameshelf.core.state import TERMINAL
from gameshelf.games.muggins.game import Action as MugginsAction
from gameshelf.games.muggins.game import Chains, MugginsState, Placed, Play, RoundResult, Side
from gameshelf.games.muggins.game import PlayerView as MugginsView
from gameshelf.games.muggins.game import parse_action as parse_muggins_action
from gameshelf.games.muggins.match import GAME as MUGGINS
from gameshelf.games.muggins.match import MUGSY as MUGGINS_MUGSY
from gameshelf.games.muggins.match import PERSON as MUGGINS_PERSON
from gameshelf.games.muggins.match import event_words
from gameshelf.games.muggins.session import Session as MugginsSession
from gameshelf.games.muggins.tiles import DEALT_TILES, Tile, parse_tile
from gameshelf.session.base import end_not_recorded
from gameshelf.session.match import GameMatch, SeatInfo


@dataclass(frozen=True)
class MugginsTable(Chains):
    """What one seat sees of a Muggins game (the view type of :class:`MugginsMatch`), never
    the other rack's tiles nor the boneyard's; the board reads it as it would the state.

    Attributes:
        seat: the viewer (0 or 1).
        hand: the viewer's tiles, in order.
        left, right: the chains from the spinner out.
        boneyard_count, opponent_count: tiles left to draw; tiles in the other rack.
        scores: both scores (points); target: the score that ends the game.
        round_no: the round (1-based); leader: the seat that led it.
        to_move: the seat to act, or ``CHANCE`` / ``TERMINAL``.
        passes: passes in a row so far.
        rounds: the finished rounds' results, oldest first.
        opponent_void: numbers the other seat is known not to hold.
        legal: the viewer's legal actions when it is to act, else empty.
    """

    seat: int
    hand: tuple[Tile, ...]
    left: tuple[Placed, ...]
    right: tuple[Placed, ...]
    boneyard_count: int
    opponent_count: int
    scores: tuple[int, int]
    target: int
    round_no: int
    leader: int
    to_move: int
    passes: int
    rounds: tuple[RoundResult, ...]
    opponent_void: frozenset[int]
    legal: tuple[MugginsAction, ...]

    @classmethod
    def of(cls, state: MugginsState, seat: int) -> MugginsTable:
        """``seat``'s table in a game state (what the engine's view of that seat holds)."""
        view = state.view(seat)
        return cls(seat, tuple(sorted(view.hand)), tuple(state.left), tuple(state.right),
                   view.boneyard_count, view.opponent_count, view.scores, view.target,
                   state.round_no, state.leader, view.to_move, view.passes,
                   tuple(state.rounds), view.opponent_void, view.legal)

    def current_player(self) -> int:
        """The seat to act, ``CHANCE`` or ``TERMINAL``."""
        return self.to_move

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.to_move == TERMINAL

    @property
    def winner(self) -> int | None:
        """The winner once the game is over (the higher score; seat 0 on equal ones, as
        the rules engine decides), else None."""
        if not self.is_terminal():
            return None
        return 0 if self.scores[0] >= self.scores[1] else 1

    @property
    def last_round(self) -> RoundResult | None:
        """The last finished round's result, if any."""
        return self.rounds[-1] if self.rounds else None

    def seen(self) -> MugginsView:
        """The engine's view of this seat (what the coach and Mugsy decide from): the
        unseen tiles are every dealt tile neither on the chains nor in the rack."""
        board = {p.tile for p in self.left} | {p.tile for p in self.right}
        lft, rgt = self.ends()
        return MugginsView(
            seat=self.seat, hand=frozenset(self.hand), left_end=lft, right_end=rgt,
            left_double=bool(self.left) and self.left[-1].tile.is_double,
            right_double=bool(self.right) and self.right[-1].tile.is_double,
            boneyard_count=self.boneyard_count, opponent_count=self.opponent_count,
            scores=self.scores, target=self.target,
            unseen=frozenset(t for t in DEALT_TILES if t not in board and t not in self.hand),
            opponent_void=self.opponent_void, to_move=self.to_move, passes=self.passes,
            legal=self.legal)


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


class MugginsMatch(GameMatch[MugginsTable, MugginsAction]):
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

    def view(self, seat: int) -> MugginsTable:
        if seat not in (0, 1):
            raise IllegalMoveError(f"there is no seat {seat + 1}")
        return MugginsTable.of(self.session.match.state, seat)

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
        if self.session.finished:
            return None
        why = self.errors[-1] if self.errors else "the store failed"
        return end_not_recorded(self.session.slot, MUGGINS, "the result", why)
