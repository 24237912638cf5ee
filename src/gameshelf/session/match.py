"""One match interface under every front end: a game played here or on a game server.

A game screen and the text prompt talk to a :class:`GameMatch` and never to a session or a
rules state directly, so one screen plays a game kept here (:class:`LocalShowdown`, the
session and its save under it) and one played on a server (``session.remote``), where this
terminal sees only what its seats may see. What a front end asks:

- who sits where: :attr:`GameMatch.seats` (names, people or computer players, and which
  people play at this front end: :attr:`SeatInfo.here`);
- what a seat sees: :meth:`GameMatch.view` (a game's own view type, e.g. Showdown's
  :class:`~gameshelf.games.showdown.game.PlayerView`: a seat's hand, never another's);
- whose turn: :meth:`GameMatch.to_act`, :meth:`GameMatch.here_to_act`;
- what may be done: :meth:`GameMatch.legal_actions` (the seat to act, when it plays here);
- doing it: :meth:`GameMatch.play` (a person's action as text; refused ones raise and change
  nothing);
- what others do: :meth:`GameMatch.advance` (one chance event or computer move here; the next
  update from the server there) and the public log :meth:`GameMatch.log`;
- keeping it: :meth:`GameMatch.settle` (the save after a move, or the end written),
  :meth:`GameMatch.save`; a remote game is kept by its server (:attr:`GameMatch.keeps_saves`
  is False: no save command).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from gameshelf.core.errors import BadInputError, IllegalMoveError, SaveLostError, StoreError
from gameshelf.core.records import GameRecord
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
from gameshelf.games.showdown.actions import Action
from gameshelf.games.showdown.cards import Deck
from gameshelf.games.showdown.game import PlayerView
from gameshelf.games.showdown.match import GAME as SHOWDOWN
from gameshelf.games.showdown.match import HUMAN, Match
from gameshelf.games.showdown.session import ShowdownSession
from gameshelf.games.yatz import game as yatz
from gameshelf.games.yatz.match import Match as YatzRules
from gameshelf.games.yatz.session import YatzSession
from gameshelf.session.base import end_not_recorded

#: A game's view of the table for one seat.
V = TypeVar("V")
#: A game's action type.
A = TypeVar("A")


@dataclass(frozen=True)
class SeatInfo:
    """One seat as a front end shows it.

    Attributes:
        name: the player's name (shown literally).
        kind: ``human`` for a person, else the computer player's kind.
        here: True when a person at this front end plays it (every person's seat of a game
            played here; only one's own seat online).
    """

    name: str
    kind: str
    here: bool

    @property
    def is_human(self) -> bool:
        """True for a person (here or elsewhere)."""
        return self.kind == HUMAN

    @property
    def player(self) -> str:
        """``human`` or the computer player's kind (as a game's own seats say it)."""
        return self.kind


class GameMatch(ABC, Generic[V, A]):
    """A match as every front end of a game sees it, local or remote.

    Attributes:
        game: the game's key (``showdown``).
        seats: the seats in order.
        errors: store or connection failures kept to be shown (never raised by
            :meth:`settle` or :meth:`advance`); a front end shows the new ones after each call.
        keeps_saves: True when this front end keeps the game in the local store (a ``save``
            command); False when a server keeps it.
    """

    game: str
    seats: list[SeatInfo]
    errors: list[str]
    keeps_saves: bool = True

    # ----- what is shown -----------------------------------------------------------------
    @property
    @abstractmethod
    def title(self) -> str:
        """What names this game on a status line: ``game 12`` (its game number) or ``room
        K7QX`` (a server's room code)."""

    @property
    @abstractmethod
    def name(self) -> str | None:
        """The save's name (``game-12``) or the room code; None before the first save."""

    @abstractmethod
    def view(self, seat: int) -> V:
        """What ``seat`` may see now.

        Raises:
            IllegalMoveError: ``seat`` is not played here (a remote match knows only the
                views of its own seats).
        """

    def table(self) -> V:
        """The public table, as the first seat played here sees it (the first seat when
        none is: a game of computer players); a front end shows a hand only from
        :meth:`view` of the seat on screen."""
        here = self.here()
        return self.view(here[0] if here else 0)

    @abstractmethod
    def log(self) -> Sequence[str]:
        """The game's public log, oldest first (it only grows)."""

    # ----- whose turn --------------------------------------------------------------------
    @abstractmethod
    def to_act(self) -> int:
        """The seat to act, or the game's CHANCE / TERMINAL marks."""

    @abstractmethod
    def finished(self) -> bool:
        """True once the game is over."""

    def here(self) -> list[int]:
        """The seats played by people at this front end."""
        return [i for i, s in enumerate(self.seats) if s.here]

    def here_to_act(self) -> bool:
        """True when a person at this front end must choose the next action."""
        seat = self.to_act()
        return 0 <= seat < len(self.seats) and self.seats[seat].here

    @abstractmethod
    def legal_actions(self) -> list[A]:
        """The legal actions of the seat to act when it is played here; else none."""

    # ----- acting ------------------------------------------------------------------------
    @abstractmethod
    def play(self, text: str) -> A:
        """A person's action (text) for the seat to act, which plays here; the game is kept
        (saved, or committed by the server) before this returns.

        Raises:
            BadInputError / IllegalMoveError: refused (not an action, not legal, not this
                front end's turn); nothing changes.
            StoreError / ConnectionLost: the server could not be asked (remote).
        """

    @abstractmethod
    def advance(self) -> bool:
        """One move of someone not at this front end: a chance event or computer move here,
        the next update from the server there. False when nothing happened (a person here
        to act, the game over, or no news from the server yet): the caller looks at
        :meth:`here_to_act` and :meth:`finished` again. It keeps nothing: the caller calls
        :meth:`settle` after one or more (it may run in a worker thread; :meth:`settle` runs
        where the store is written)."""

    # ----- keeping -----------------------------------------------------------------------
    @abstractmethod
    def settle(self) -> None:
        """Keep the game after moves (or write its end once over); a failure goes to
        :attr:`errors`."""

    @abstractmethod
    def save(self) -> str:
        """Save now; returns the save's name.

        Raises:
            StoreError: it cannot be saved (or the game is kept by a server).
        """

    @abstractmethod
    def end_problem(self) -> str | None:
        """Once over: None when the end is recorded, else the one line saying where the game
        is (:func:`~gameshelf.session.base.end_not_recorded`)."""

    def cut_off(self) -> str | None:
        """Why play ended here before the game's end, else None: a remote match whose
        connection to the server was lost for good (the line says so and how to play on; the
        server keeps the game). While it is not None, :meth:`finished` is True but the game
        is not over: a front end never says "game over", a winner or final scores then."""
        return None

    def over_line(self) -> str:
        """The sentence a front end says when a move is asked once :meth:`finished`: "The
        game is over.", or the lost connection's line (:meth:`cut_off`)."""
        cut = self.cut_off()
        return "The game is over." if cut is None else cut[:1].upper() + cut[1:] + "."

    def close(self) -> None:  # noqa: B027 - a local match holds nothing
        """Let go of what the match holds (a server connection); a local match holds
        nothing."""


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
        if self.session.finished:
            return None
        why = self.errors[-1] if self.errors else "the store failed"
        return end_not_recorded(self.session.slot, SHOWDOWN, "the scores", why)



# ----- Yatz ---------------------------------------------------------------------------------
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
        from gameshelf.games.yatz.match import ranking
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
        """The save's name, or the one the first save takes."""
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
        """Save now, as ``name`` when given (the save moves there); returns its name.

        Raises:
            StoreError: the name is another save's, or the store cannot be written.
        """
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
        if self.session.finished:
            return None
        why = self.errors[-1] if self.errors else "the store failed"
        return end_not_recorded(self.session.slot, yatz.GAME, "the scores", why)


# ----- Muggins -------------------------------------------------------------------------------
@dataclass(frozen=True)
class MugginsTable(Chains):
    """What one seat sees of a Muggins game (the view type of :class:`MugginsMatch`): its own
    rack, the chains and the public counts, never the other rack's tiles nor the
    boneyard's. The board reads it as it would the game state (``left``, ``right``,
    :meth:`ends`, :meth:`end_total`, :meth:`fits`).

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


def read_move(text: str, legal: Sequence[MugginsAction]) -> MugginsAction:
    """A Muggins move as a person types it: ``3-5 L`` / ``3-5 right``, ``draw``, ``pass``,
    or a tile alone when it fits one chain only.

    Raises:
        BadInputError: not a move, or a tile alone that fits both chains (add L or R).
    """
    words = text.split()
    if len(words) == 1 and words[0].lower() not in ("draw", "pass"):
        t = parse_tile(words[0])
        plays = [a for a in legal if isinstance(a, Play) and a.tile == t]
        if len(plays) == 1:
            return plays[0]
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
    """A game of Muggins against Mugsy at this terminal: its session (the save) under it.

    Args:
        session: the game and its save.
    """

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
        action = read_move(text, self.legal_actions())
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
