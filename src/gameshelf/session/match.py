"""One match interface under every front end: a game played here or on a game server.

A game screen and the text prompt talk to a :class:`GameMatch` and never to a session or a
rules state directly, so one screen plays a game kept here (the session and its save under
it) and one played on a server (``session.remote``), where this terminal sees only what its
seats may see. A remote game is kept by its server (:attr:`GameMatch.keeps_saves` is False:
no save command).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from gameshelf.core.seats import HUMAN

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

    @property
    def news(self) -> list[str]:
        """What the room told in words and no one said yet, oldest first: who joined, left,
        came back or went away (the prompt takes each out as it says it). A remote match's;
        a local match has none (an empty list each time)."""
        return []

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

    @property
    def online(self) -> bool:
        """True for a seat of a room on a game server (a remote match); False here and in
        a replay."""
        return False

    def look(self) -> bool:
        """Take what the server sent already, without waiting (a screen looks on this
        front end's own turn, in its event loop, so a move or a seat's news shows when it
        comes); True when the game moved on (the server played for a seat away, the game
        ended, the connection was lost). A local match has nothing to take: False."""
        return False

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
