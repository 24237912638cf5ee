"""A match played on a game server (``gameshelf serve``): the remote side of the one match
interface (:mod:`gameshelf.session.match`), over a room (:mod:`gameshelf.session.room`) and
its connection (:mod:`gameshelf.session.link`): this terminal's seat only, its view rebuilt
from the server's ``state`` messages. The names of the connection and the room are offered
here too, as the one place the online front ends and the games' remote sides import from.
"""

from __future__ import annotations

import time
from abc import abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from gameshelf.core.errors import IllegalMoveError
from gameshelf.core.gamedef import GameDefError, attribute
from gameshelf.core.seats import HUMAN
from gameshelf.core.state import CHANCE, TERMINAL
from gameshelf.core.text import literal, possessive, said
from gameshelf.server import protocol as p
from gameshelf.session.link import (
    ANSWER_WAIT,
    ConnectionLost,
    Link,
    OnlineError,
    reason_of,
    server_url,
)
from gameshelf.session.match import GameMatch, SeatInfo
from gameshelf.session.room import (
    DEFAULT_SERVER,
    KeptSeat,
    Room,
    kept_seat,
    last_server,
    parse_seats,
    remember_seat,
)

#: Seconds :meth:`RemoteMatch.advance` waits for news before it returns (so a screen that
#: is left stops waiting soon).
POLL = 0.25

#: A game's view and action types (:class:`RemoteMatch`).
V = TypeVar("V")
A = TypeVar("A")


def event_line(event: p.Event, names: Sequence[str], kinds: Sequence[str] = ()) -> str | None:
    """One line of the log for an event as this seat may know it: ``Ann: bid P12 2``,
    ``Bob offers a card.`` for a face-down offer; None for chance (the deal and the reveal:
    the table shows what they turned up).

    Example:
        >>> event_line(p.Event(4, 1, "bid P12 2"), ["Ann", "Bob"])
        'Bob: bid P12 2'
    """
    if not 0 <= event.seat < len(names):
        return None
    who = names[event.seat]
    if event.action is None:
        return f"{said(who, 'offers')} a card."
    person = event.seat >= len(kinds) or kinds[event.seat] == HUMAN
    by = " (played by the computer while away)" if event.by_computer and person else ""
    return f"{who}: {' '.join(event.action.split())}{by}"


def seat_news(before: Sequence[p.SeatInfo], after: Sequence[p.SeatInfo],
               me: int) -> list[str]:
    """What changed in the seats of a room as lines for the other seats' people:
    ``Bob joined.``, ``Bob left the room.`` (a ``leave``: quit, Esc), ``Bob's connection
    dropped.``, ``Bob came back.``, ``Bob is away: the computer plays for Bob.``; nothing of
    seat ``me`` nor of computers.

    Example:
        >>> seat_news([p.SeatInfo(1, "open")], [p.SeatInfo(1, "person", "Bob", connected=True)], 0)
        ['Bob joined.']
    """
    old = {s.seat: s for s in before}
    out = []
    for s in after:
        was = old.get(s.seat)
        if s.seat == me or s.kind != "person" or was is None:
            continue
        who = literal(s.name)
        if was.kind == "open":
            out.append(f"{who} joined.")
        elif was.connected and not s.connected:
            out.append(f"{who} left the room." if s.left
                       else f"{possessive(who)} connection dropped.")
        elif s.connected and not was.connected or was.away and not s.away:
            out.append(f"{who} came back.")
        if s.away and not was.away:
            out.append(f"{said(who, 'is')} away: the computer plays for {who}.")
    return out


class MoveLog:
    """The log a remote match shows, kept from the server's ``state`` messages: their
    ``log`` lines (words written by the server, as this seat may know them) taken once each
    by action number, so a client that joins again sees the current turn's moves; from a
    server that sends no ``log``, the ``events`` read by ``fallback``.

    Attributes:
        lines: the log, oldest first (it only grows).
        seq: the action number up to which lines are taken.
    """

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.seq = 0

    def take(self, msg: p.State, fallback: Callable[[p.Event], str | None]) -> None:
        """Add what ``msg`` tells that is not in the log yet."""
        if msg.log:
            self.lines.extend(line.text for line in msg.log if line.seq > self.seq)
        else:
            self.lines.extend(line for event in msg.events if event.seq > self.seq
                              if (line := fallback(event)))
        self.seq = max(self.seq, msg.seq)


class RemoteMatch(GameMatch[V, A]):
    """A started room of a game server as this terminal's seat sees it: what every game
    played online shares (the room, the seat, the server's ``state`` messages taken in
    order, its ``log`` kept, acting by the server, a lost connection ending the game here).
    A game's class says how a view is read (:meth:`_read`), what its events tell
    (:meth:`_events`) and how an action's text is read (:meth:`_parse`). ``room`` is joined
    and started, or about to be: the first ``state`` is waited for here.

    Raises:
        OnlineError: the room plays another game, or no ``state`` came.
    """

    keeps_saves = False

    def __init__(self, room: Room, wait: float = ANSWER_WAIT) -> None:
        if room.info.game != self.game:
            raise OnlineError(f"room {room.code} plays {room.info.game}, not {self.game}")
        self.room = room
        self.errors = []
        self.seat = room.seat
        self.seq = 0
        self._view: V | None = None
        self._legal: list[str] = []
        self._to_act = CHANCE
        self._log = MoveLog()
        #: ``state`` messages taken that moved the game on (a Yatz hold after a hold keeps
        #: ``seq`` but tells its event; a repeated state tells nothing)
        self.states = 0
        self.prompt = ""
        self.scores: tuple[p.Score, ...] = ()
        self.over = False
        #: why the game ended here before its end (the connection lost for good)
        self.lost: str | None = None
        #: True once the server told the game's end (a connection lost after it cuts
        #: nothing off)
        self.ended = False
        self.seats = self._seat_infos()
        self._news: list[str] = []
        #: the seats whose stand-in (a computer playing for a person away) was told, until
        #: the person is back
        self._stand_ins_told: set[int] = set()
        self._tell_back(room.info)
        end = time.monotonic() + wait
        while self._view is None:
            left = end - time.monotonic()
            if left <= 0:
                raise OnlineError(f"room {room.code} has not started (no state came in "
                                  f"{wait:.0f} seconds)")
            self._take(room.wait(min(left, POLL)))

    # ----- what a game says ----------------------------------------------------------------
    @abstractmethod
    def _read(self, msg: p.State) -> V:
        """The seat's view in ``msg``.

        Raises:
            OnlineError: the view is not one (nothing is shown).
        """

    def _events(self, events: Sequence[p.Event], view: V) -> None:  # noqa: B027
        """Take the new ``events`` (before :attr:`_view` becomes ``view``): nothing by
        default, the log being the server's words (:class:`MoveLog`)."""

    @abstractmethod
    def _parse(self, text: str) -> A:
        """A person's action text read as the game's action.

        Raises:
            BadInputError: not an action.
        """

    # ----- the server's messages ---------------------------------------------------------
    def _seat_infos(self) -> list[SeatInfo]:
        out = []
        for s in self.room.info.seats:
            kind = HUMAN if s.kind == "person" else (s.level or "computer")
            out.append(SeatInfo(s.name, kind, s.seat == self.seat))
        return out

    def _take(self, msg: p.Message | None) -> bool:
        """Apply one message from the server; True when the game moved on."""
        if isinstance(msg, p.RoomUpdate) and msg.room is not None:
            self._news.extend(seat_news(self.room.info.seats, msg.room.seats, self.seat))
            self._tell_back(msg.room)
            was_away = {s.seat for s in self.room.info.seats if s.away}
            for s in msg.room.seats:
                if s.away and s.seat not in was_away and s.seat != self.seat:
                    self._stand_ins_told.add(s.seat)     # seat_news said it
                elif not s.away and s.seat in was_away:
                    self._stand_ins_told.discard(s.seat)
            self.room.info = msg.room
            self.seats = self._seat_infos()
            return False
        if isinstance(msg, p.State) and msg.seat == self.seat and msg.seq >= self.seq:
            view = self._read(msg)
            events = [e for e in msg.events if e.seq > self.seq
                      or (e.seq == self.seq and self._view is not None)]
            self._events(events, view)
            self._tell_stand_ins(events)
            names = [s.name for s in self.seats]
            kinds = [s.kind for s in self.seats]
            self._log.take(msg, lambda e: event_line(e, names, kinds))
            moved = msg.seq != self.seq or self._view is None or bool(events)
            self.seq, self._view = msg.seq, view
            self._legal, self._to_act, self.prompt = list(msg.legal), msg.to_act, msg.prompt
            self.states += moved
            if msg.to_act == TERMINAL:
                self.over = self.ended = True
            return moved
        if isinstance(msg, p.GameOver):
            self.scores = msg.scores
            self.over = self.ended = True
            return True
        if isinstance(msg, p.Error):
            self.errors.append(f"the server: {msg.message}")
        return False

    def _tell_stand_ins(self, events: Sequence[p.Event]) -> None:
        """Say once, in words, that a computer plays for a person away, when its first move
        for them comes (``Bob is away: the computer plays for Bob.``), unless the room said
        so already; again after they came back."""
        for e in events:
            if not e.by_computer or not 0 <= e.seat < len(self.seats) or e.seat == self.seat:
                continue
            if self.seats[e.seat].kind != HUMAN or e.seat in self._stand_ins_told:
                continue
            self._stand_ins_told.add(e.seat)
            who = literal(self.seats[e.seat].name) or f"seat {e.seat + 1}"
            self._news.append(f"{said(who, 'is')} away: the computer plays for {who}.")

    def _tell_back(self, info: p.RoomInfo) -> None:
        """The person back in a room that still marks their seat away (the room as their
        rejoin found it) is told once that the computer played for them meanwhile."""
        mine = next((s for s in info.seats if s.seat == self.seat), None)
        if mine is not None and mine.away and self.seat not in self._stand_ins_told:
            self._stand_ins_told.add(self.seat)
            self._news.append("You were away: the computer played your turns meanwhile.")

    # ----- the interface -----------------------------------------------------------------
    @property
    def title(self) -> str:
        return f"room {self.room.code}"

    @property
    def name(self) -> str | None:
        return self.room.code

    def view(self, seat: int) -> V:
        if seat != self.seat or self._view is None:
            raise IllegalMoveError("only your own seat's view is known here")
        return self._view

    def log(self) -> Sequence[str]:
        return self._log.lines

    @property
    def news(self) -> list[str]:
        return self._news

    @property
    def online(self) -> bool:
        return True

    def to_act(self) -> int:
        return TERMINAL if self.over else self._to_act

    def finished(self) -> bool:
        return self.over

    def legal_actions(self) -> list[A]:
        if not self.here_to_act():
            return []
        return [self._parse(t) for t in self._legal]

    def play(self, text: str) -> A:
        """Send the action; return once the server accepted it (its new ``state`` taken).

        Raises:
            BadInputError: not an action. IllegalMoveError: refused by the server (its
                words); nothing changed. ConnectionLost: the server is gone.
        """
        action = self._parse(text)
        if self.over:
            raise IllegalMoveError("the game is over")
        if not self.here_to_act():
            raise IllegalMoveError("it is not your turn")
        link = self.room.link
        while link.pending:  # what came before (a room update) first
            self._take(link.receive(0))
        before = self.states
        try:
            state = link.request(p.Act(code=self.room.code, token=self.room.token,
                                       action=str(action), seat=self.seat, seq=self.seq),
                                 p.State)
        except ConnectionLost as exc:   # for good: the game ends here, saying so
            self.errors.append(str(exc))
            self.lost, self.over = str(exc), True
            raise
        except OnlineError as exc:
            raise IllegalMoveError(str(exc)) from None
        self._take(state)
        end = time.monotonic() + ANSWER_WAIT
        while self.states == before and not self.over and time.monotonic() < end:
            self._take(link.receive(POLL))
        while link.pending:  # what followed at once (computers' moves) is taken too
            self._take(link.receive(0))
        return action

    def advance(self) -> bool:
        """Wait up to :data:`POLL` seconds for the server's next message and take it; a
        lost connection is kept in :attr:`errors` and the game ends here."""
        try:
            msg = self.room.link.receive(POLL)
        except OnlineError as exc:
            return self._lose(exc)
        return self._take(msg)

    def look(self) -> bool:
        """Take every message the server sent already (none is waited for); True when one
        moved the game on or the connection was lost (the game ends here, as in
        :meth:`advance`)."""
        moved = False
        while not self.over:
            try:
                msg = self.room.link.receive(0)
            except OnlineError as exc:
                return self._lose(exc)
            if msg is None:
                break
            moved = self._take(msg) or moved
        return moved

    def _lose(self, exc: OnlineError) -> bool:
        """The connection lost for good: kept in :attr:`errors`, the game over here."""
        self.errors.append(str(exc))
        self.lost = str(exc)
        self.over = True
        return True

    def settle(self) -> None:
        """Nothing to keep here: the server commits every action before telling it."""

    def save(self, name: str | None = None) -> str:
        raise OnlineError(f"the game server keeps room {self.room.code}: every move is "
                          "stored there")

    def end_problem(self) -> str | None:
        """None once the server said the game is over; the lost connection's line when it
        ended here before that (the server keeps the game: joining again plays on)."""
        if self.lost is None:
            return None
        return (f"{self.lost}; the server keeps the game: join room {self.room.code} again "
                "with the same name to play on")

    def cut_off(self) -> str | None:
        return None if self.ended else self.end_problem()

    def close(self) -> None:
        """Leave the room on purpose (see :meth:`Room.close`)."""
        self.room.close()

    def disconnect(self) -> None:
        """Close the connection without leaving (see :meth:`Room.disconnect`)."""
        self.room.disconnect()



@dataclass(frozen=True)
class OnlineGame:
    """What the online front ends need of one game (its ``online`` part): how to open a
    started room as a match (``remote``), and how to play it at the prompt and on the
    game's screen; ``default_seats`` start a new room's lobby form (the options a room
    takes are the game's ``options`` part); ``help`` gives the prompt's help for a seat of a
    room (only what online play can do: :data:`~gameshelf.session.waiting.NOT_ONLINE` never)."""

    remote: Callable[[Room], RemoteMatch[Any, Any]]
    prompt: Callable[[Any], object]
    run_screen: Callable[[Any], None]
    screen: Callable[[Any], Any]
    default_seats: str = "me,open,cpu"
    help: Callable[[], str] = lambda: ""


def lazy(where: str) -> Callable[..., Any]:
    """The callable ``module:attribute`` names, its module imported when it is first called
    (start-up: a game's prompt and screens load only when a room is played on them).

    Raises (when called):
        GameDefError: the module or attribute is not there, importing the module fails, or
            it is not callable: one line naming it.
    """
    def call(*args: Any) -> Any:
        found = attribute(where, f"the online part's {where}")
        if not callable(found):
            raise GameDefError(f"the online part's {where} is {type(found).__name__}, not a "
                               "function")
        return found(*args)
    return call


__all__ = ["ANSWER_WAIT", "DEFAULT_SERVER", "ConnectionLost", "KeptSeat", "Link", "MoveLog",
           "OnlineError", "OnlineGame", "RemoteMatch", "Room", "event_line", "kept_seat",
           "last_server", "lazy", "parse_seats", "reason_of", "remember_seat", "seat_news",
           "server_url"]
