"""Yatz as a front end plays it: the match interface and the game played here.

See :class:`gameshelf.session.match.GameMatch`; on a game server the same interface is
:class:`gameshelf.games.yatz.online.RemoteYatz`.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gameshelf.core.errors import IllegalMoveError, StoreError
from gameshelf.games.yatz import game as yatz
from gameshelf.games.yatz.match import Match as YatzRules
from gameshelf.games.yatz.match import ranking
from gameshelf.games.yatz.session import YatzSession
from gameshelf.session.base import end_not_recorded
from gameshelf.session.match import GameMatch, SeatInfo


@dataclass(frozen=True)
class YatzMove:
    """One move of a Yatz game as the front ends tell it.

    Attributes:
        seat: who moved.
        action: the roll (its dice are in ``dice``), hold or box filled.
        dice: the five faces after the move (``()`` after a box: the next turn's dice are
            not rolled yet; for a box, the dice it was filled with).
        points: the points the box took (a box only), else None.
        total: the seat's grand total after the move (points).
        by_computer: a computer played it for a person who was away (online).
    """

    seat: int
    action: yatz.Action
    dice: tuple[int, ...]
    points: int | None
    total: int
    by_computer: bool = False


def yatz_move(state: yatz.YatzState, seat: int, action: yatz.Action,
              dice: tuple[int, ...], by_computer: bool = False) -> YatzMove:
    """The :class:`YatzMove` of ``action`` by ``seat``, read from ``state`` after it (``dice``:
    the dice a box was filled with; the state has none left then)."""
    points = None
    if isinstance(action, yatz.Score):
        points = state.boxes[seat][action.column][action.box]
    return YatzMove(seat, action, dice if isinstance(action, yatz.Score) else state.dice,
                    points, state.grand_total(seat), by_computer)


def yatz_line(move: YatzMove, seats: Sequence[SeatInfo]) -> str:
    """One line of the play log (names as given: a front end shows them literally).

    Example:
        >>> s = [SeatInfo("Ann", HUMAN, True)]
        >>> yatz_line(YatzMove(0, yatz.Score(1, yatz.Box.FULL_HOUSE), (2, 2, 3, 3, 3), 25,
        ...                    50), s)
        'Ann: 25 in x2 Full House'
    """
    name = seats[move.seat].name
    a = move.action
    if isinstance(a, yatz.Score):
        text = f"{name}: {move.points} in x{a.column + 1} {a.box.label}"
    elif isinstance(a, yatz.Hold):
        text = f"{name}: hold {' '.join(map(str, a.positions)) or 'none'}"
    else:
        text = f"{name}: roll → {' '.join(map(str, move.dice))}"
    if move.by_computer and seats[move.seat].is_human:
        text += " (played by the computer while away)"
    return text


class YatzMatch(GameMatch[yatz.YatzState, yatz.Action]):
    """A Yatz match as its screen and prompt see it. Yatz has no secrets: every seat sees
    the whole table (:attr:`state`), so :meth:`view` is the same for every seat.

    Attributes:
        moves: every move seen here, oldest first (one for a roll and its dice); a front end
            tells the new ones after each call.
    """

    game = yatz.GAME
    moves: list[YatzMove]
    #: True when the computer seats' moves are made here, one :meth:`advance` each, at the
    #: pace a front end chooses (a game played here); False when a server makes them.
    computers_here: bool = False
    #: True for a replay: shown, never played (no seat is played here, nothing is saved).
    read_only: bool = False

    @property
    @abstractmethod
    def state(self) -> yatz.YatzState:
        """The table: dice, holds, every card (read it; act through the match)."""

    @property
    @abstractmethod
    def rules(self) -> str:
        """The rule set's name (``yatz``)."""

    @property
    def seed(self) -> int | None:
        """The game number; None when a server keeps it."""
        return None

    @property
    def undos(self) -> list[int]:
        """Boxes each seat took back (undo) so far."""
        return [0] * len(self.seats)

    @property
    def save_name(self) -> str:
        """What keeps the game, as a front end says it: the save's name (the one its first
        save takes), or the room's code."""
        return self.name or ""

    def view(self, seat: int) -> yatz.YatzState:
        if not 0 <= seat < len(self.seats):
            raise IllegalMoveError(f"there is no seat {seat + 1}")
        return self.state

    def log(self) -> Sequence[str]:
        return [yatz_line(m, self.seats) for m in self.moves]

    def to_act(self) -> int:
        return self.state.current_player()

    def finished(self) -> bool:
        return self.state.is_terminal()

    def legal_actions(self) -> list[yatz.Action]:
        return self.state.legal_actions() if self.here_to_act() else []

    @property
    def on_turn(self) -> SeatInfo:
        """The seat on turn (the last seat to move once the game is over)."""
        return self.seats[self.state.seat]

    def others_turn(self) -> bool:
        """True while someone not at this front end (a computer, a person elsewhere) is to
        act: :meth:`advance` brings their moves."""
        return not self.finished() and not self.here_to_act()

    def ranking(self) -> list[tuple[int, int, int]]:
        """``(place, seat index, points)`` best first; equal totals share a place."""
        return ranking(self.state)

    def undo_refusal(self) -> str | None:
        """Why :meth:`undo` would be refused now (one line), or None when it is allowed."""
        return "a box cannot be taken back in a game played online"

    def can_undo(self) -> bool:
        """True when :meth:`undo` is allowed now."""
        return self.undo_refusal() is None

    def undo(self) -> yatz.Score:
        """Take back the box just filled (where the rule allows: a game played here);
        returns the fill taken back.

        Raises:
            IllegalMoveError: no undo now; the message says why.
        """
        raise IllegalMoveError(f"undo: {self.undo_refusal()}")

    def computer_preparer(self) -> Callable[[], object] | None:
        """The computer on turn's slow thinking, to run ahead in a thread (a game played
        here), else None."""
        return None

    def played_actions(self) -> list[yatz.Action] | None:
        """Every action of the game as it stands (dice included; boxes taken back left out),
        what the review replays; None when this front end has not seen the whole game."""
        return None

    @abstractmethod
    def save(self, name: str | None = None) -> str:
        """Save now (as ``name`` when given: the save moves there); returns its name.

        Raises:
            StoreError: the name is another save's, the store cannot be written, or a
                server keeps the game.
        """

    def new_high_scores(self) -> dict[int, int]:
        """Once over: ``{seat: score row id}`` of the seats whose score entered this store's
        top 20 (written once; empty for a game a server keeps).

        Raises:
            StoreError: the end could not be written.
        """
        return {}

    def leave(self) -> str | None:
        """Leaving before the end: the save's name (None when a new game with no move
        leaves no save, or a server keeps the game).

        Raises:
            StoreError: the save failed (the game goes on in memory).
        """
        return None


class LocalYatz(YatzMatch):
    """A Yatz game played at this terminal: its session (the save) under it; every person's
    seat is played here.

    Args:
        game: a session, or a bare match (its session's first save claims ``save_name``,
            default ``game-<number>``).
    """

    computers_here = True

    def __init__(self, game: YatzRules | YatzSession, save_name: str | None = None) -> None:
        self.session = (game if isinstance(game, YatzSession)
                        else YatzSession(game, base=save_name))
        self.match = self.session.match
        self.seats = [SeatInfo(s.name, s.player, s.is_human) for s in self.match.seats]
        self.errors = self.session.errors
        self.moves = []
        self._dirty = False

    @property
    def state(self) -> yatz.YatzState:
        return self.match.state

    @property
    def rules(self) -> str:
        return self.match.rules

    @property
    def seed(self) -> int:
        return self.match.seed

    @property
    def undos(self) -> list[int]:
        return self.match.undos

    @property
    def title(self) -> str:
        return f"game {self.match.seed}"

    @property
    def name(self) -> str | None:
        return self.session.slot.name

    @property
    def save_name(self) -> str:
        return self.session.name

    def _moved(self, seat: int, action: yatz.Action, dice: tuple[int, ...]) -> None:
        self.moves.append(yatz_move(self.state, seat, action, dice))

    def play(self, text: str) -> yatz.Action:
        action = yatz.parse_action(text)
        if self.finished():
            raise IllegalMoveError("the game is over")
        if not self.here_to_act():
            raise IllegalMoveError("it is not your turn")
        seat, dice = self.state.seat, self.state.dice
        self.session.act(action)
        self._dirty = False
        self._moved(seat, action, dice)
        return action

    def advance(self) -> bool:
        if not self.match.is_computer_turn():
            return False
        seat, dice = self.state.seat, self.state.dice
        action = self.match.computer_action()
        self.session.act(action, save=False)
        self._dirty = not self.finished()
        self._moved(seat, action, dice)
        return True

    def settle(self) -> None:
        if self._dirty or self.unsaved:
            self._dirty = False
            self.session.autosave()

    @property
    def unsaved(self) -> bool:
        """True when the game has moves not saved yet (a failed autosave too)."""
        return not self.finished() and (self._dirty or self.session.slot.unsaved)

    def save(self, name: str | None = None) -> str:
        return self.session.save(name)

    def leave(self) -> str | None:
        return self.session.leave()

    def undo_refusal(self) -> str | None:
        return self.match.undo_refusal()

    def undo(self) -> yatz.Score:
        score = self.session.undo()
        self._dirty = False
        return score

    def computer_preparer(self) -> Callable[[], object] | None:
        return self.match.computer_preparer()

    def played_actions(self) -> list[yatz.Action]:
        return self.match.played_actions()

    def new_high_scores(self) -> dict[int, int]:
        try:
            return self.session.finish()
        except StoreError as exc:
            raise StoreError(end_not_recorded(self.session.slot, yatz.GAME, "the scores",
                                              exc)) from None

    def end_problem(self) -> str | None:
        return self.session.end_problem("the scores")
