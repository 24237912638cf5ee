"""A match played on a game server (``gameshelf serve``): the remote side of the one match
interface (:mod:`gameshelf.session.match`), speaking protocol version 1 (docs/online.md,
:mod:`gameshelf.server.protocol`) over a WebSocket.

- :func:`server_url` reads what a person typed for the server (``ws://host:port``,
  ``host:port``, ``http://...``) into the WebSocket endpoint (``ws://host:port/ws``);
- :class:`Link` is one connection: requests and their answers (matched by ``ref``), the
  messages the server pushes (``room``, ``state``, ``over``), and a reconnect that rejoins
  the seat with its token after a dropped connection;
- :class:`Room` creates or joins a room, waits in the lobby and starts it (the host);
- :class:`RemoteShowdown` is a started Showdown room as the screen and the prompt see it:
  this terminal's seat only, its view (its own hand, never another's) rebuilt from the
  server's ``state`` messages.

Every seat token is kept in the local store's settings (:func:`remember_seat`), so a client
that was closed or lost its connection comes back to its seat (``gameshelf online join CODE
--server URL`` with the same name, or the app's Play online) and sees the current state.
Failures say one line (:class:`OnlineError`): a bad address, a server that cannot be reached,
a wrong code, a full room, a connection lost for good.
"""

from __future__ import annotations

import itertools
import json
import time
from abc import abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar
from urllib.parse import urlsplit, urlunsplit

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from gameshelf.core.errors import BadInputError, GameshelfError, IllegalMoveError
from gameshelf.core.inputs import quote
from gameshelf.core.safeload import read_json
from gameshelf.core.seats import HUMAN
from gameshelf.core.state import CHANCE, TERMINAL
from gameshelf.core.store import Store
from gameshelf.core.text import said
from gameshelf.server import protocol as p
from gameshelf.session.base import open_store
from gameshelf.session.match import GameMatch, SeatInfo

#: The server a person is offered first (``gameshelf serve``'s own default).
DEFAULT_SERVER = "ws://127.0.0.1:8765/ws"
#: Seconds to wait for the server to answer a request (create, join, an action).
ANSWER_WAIT = 15.0
#: Seconds :meth:`RemoteShowdown.advance` waits for news before it returns (so a screen that
#: is left stops waiting soon).
POLL = 0.25
#: How often a dropped connection is tried again, and the pause between tries (seconds).
RECONNECT_TRIES = 5
RECONNECT_PAUSE = 0.5
#: The settings key of the server last used (the app offers it again).
SERVER_SETTING = "online.server"

M = TypeVar("M", bound=p.Message)
#: A game's view and action types (:class:`RemoteMatch`).
V = TypeVar("V")
A = TypeVar("A")


class OnlineError(GameshelfError):
    """A server that cannot be used for this: a bad address, no answer, a refusal (wrong
    code, full room, taken name...). Its text is one line for the player; ``code`` is the
    server's error code when it refused (``no_room``, ``room_full``...), else ``""``."""

    def __init__(self, message: str, code: str = "") -> None:
        super().__init__(message)
        self.code = code


class ConnectionLost(OnlineError):
    """The connection went and could not be made again (the server is down or gone)."""


def server_url(text: str) -> str:
    """The WebSocket endpoint for what a person typed: ``ws://``/``wss://`` addresses as
    given (``/ws`` added when no path is), ``http(s)://`` turned into ``ws(s)://``, a bare
    ``host:port`` or ``host`` read as ``ws://`` (port 8765 when none).

    Raises:
        BadInputError: empty, another scheme, no host, a port that is not a number.

    Example:
        >>> server_url("localhost:9000")
        'ws://localhost:9000/ws'
        >>> server_url("https://games.example.org")
        'wss://games.example.org/ws'
    """
    raw = text.strip()
    if not raw:
        raise BadInputError("the server's address is empty (e.g. ws://127.0.0.1:8765)")
    if any(not c.isprintable() or c.isspace() for c in raw):
        raise BadInputError(f"not a game server's address: {quote(text)} (a space or a "
                            "control character in it)")
    if "://" not in raw:
        raw = "ws://" + raw
    try:
        parts = urlsplit(raw)
    except ValueError as exc:   # an unclosed [IPv6 bracket, a host NFKC turns into '/'...
        raise BadInputError(f"not a game server's address: {quote(text)} ({reason_of(exc)})") \
            from None
    scheme = {"ws": "ws", "wss": "wss", "http": "ws", "https": "wss"}.get(parts.scheme.lower())
    if scheme is None:
        raise BadInputError(f"not a game server's address: {quote(text)} (use ws://HOST:PORT)")
    try:
        port = parts.port
        host = parts.hostname
    except ValueError:
        port, host = 0, None
    if port == 0:
        raise BadInputError(f"not a game server's address: {quote(text)} (the port is not a "
                            "number from 1 to 65535)")
    if not host:
        raise BadInputError(f"not a game server's address: {quote(text)} (no host)")
    netloc = parts.netloc if port is not None else f"{parts.netloc}:8765" \
        if scheme == "ws" else parts.netloc
    return urlunsplit((scheme, netloc, parts.path or "/ws", parts.query, ""))


# ----- seats kept in the store -----------------------------------------------------------
def _seat_key(url: str, code: str, name: str) -> str:
    """One key per server, room and name: two terminals of one machine (one store) keep
    their seats apart."""
    return f"online.seat.{url}.{code.upper()}.{' '.join(name.split()).lower()}"


@dataclass(frozen=True)
class KeptSeat:
    """A seat held in a room, as the local store keeps it (to rejoin)."""

    seat: int
    token: str
    name: str


def remember_seat(url: str, code: str, seat: KeptSeat, store: Store | None = None) -> None:
    """Keep ``seat``'s token for the room ``code`` on ``url`` under its name (and the server
    as the last used); a store that cannot be written only loses the rejoining (never
    raised)."""
    try:
        s = store or open_store(wait=5.0)
        s.set_setting(_seat_key(url, code, seat.name), json.dumps(
            {"seat": seat.seat, "token": seat.token, "name": seat.name}))
        s.set_setting(SERVER_SETTING, url)
    except GameshelfError:
        pass


def kept_seat(url: str, code: str, name: str, store: Store | None = None) -> KeptSeat | None:
    """The seat ``name`` holds in the room ``code`` on ``url`` (kept here), or None."""
    try:
        s = store or open_store(wait=5.0)
        raw = s.get_setting(_seat_key(url, code, name))
        data = read_json(raw) if raw else None
        if isinstance(data, dict) and isinstance(data.get("token"), str) \
                and type(data.get("seat")) is int and isinstance(data.get("name"), str):
            return KeptSeat(data["seat"], data["token"], data["name"])
    except (GameshelfError, ValueError):
        pass
    return None


def last_server() -> str:
    """The server last used (:data:`DEFAULT_SERVER` when none was, or the store cannot be
    read)."""
    try:
        return open_store(wait=5.0).get_setting(SERVER_SETTING) or DEFAULT_SERVER
    except GameshelfError:
        return DEFAULT_SERVER


# ----- one connection --------------------------------------------------------------------
class Link:
    """One WebSocket connection to a game server.

    Args:
        url: the endpoint (:func:`server_url`).

    Raises:
        OnlineError: the server cannot be reached or is not a gameshelf server.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self._refs = itertools.count(1)
        #: pushed messages read while waiting for an answer, oldest first
        self.pending: list[p.Message] = []
        self.ws = self._open()
        #: the room and seat to rejoin after a dropped connection
        self.rejoin: tuple[str, str] | None = None
        #: True once closed here: nothing is made again (a screen left while it waited)
        self.closed = False

    def _open(self) -> ClientConnection:
        try:
            ws = connect(self.url, open_timeout=5, close_timeout=1, proxy=None,
                         max_size=p.MAX_MESSAGE_BYTES, legacy=True)
        except InvalidURI as exc:
            raise OnlineError(f"not a game server's address: {quote(self.url)} "
                              f"({exc})") from None
        except (OSError, InvalidHandshake, TimeoutError) as exc:
            raise OnlineError(f"cannot reach the game server at {quote(self.url)}: "
                              f"{reason_of(exc)}") from None
        assert isinstance(ws, ClientConnection)
        return ws

    def close(self) -> None:
        """Close the connection (quietly); it is not made again."""
        self.closed = True
        try:
            self.ws.close()
        except Exception:  # noqa: BLE001 - closing a dead connection is done already
            pass

    def send(self, message: p.Message) -> None:
        """Send ``message``; a dropped connection is made again first when it can be.

        Raises:
            ConnectionLost: the server is gone.
        """
        try:
            self.ws.send(p.dump(message))
        except ConnectionClosed:
            self.reconnect()
            try:
                self.ws.send(p.dump(message))
            except ConnectionClosed as exc:
                raise ConnectionLost(f"the connection to {self.url} was lost: "
                                     f"{reason_of(exc)}") from None

    def receive(self, timeout: float) -> p.Message | None:
        """The next message from the server (a pushed one kept earlier first), or None
        after ``timeout`` seconds.

        Raises:
            ConnectionLost: the connection dropped and could not be made again.
            OnlineError: the server speaks another protocol version.
        """
        if self.pending:
            return self.pending.pop(0)
        try:
            text = self.ws.recv(timeout=timeout)
        except TimeoutError:
            return None
        except ConnectionClosed:
            if self.closed:
                return None
            self.reconnect()
            return self.pending.pop(0) if self.pending else None
        try:
            return p.parse_server(text)
        except p.ProtocolError as exc:
            if exc.code == "version":
                raise OnlineError(f"the server at {self.url}: {exc.message}",
                                  "version") from None
            return None  # a message this client cannot read: left aside

    def request(self, message: p.Message, answer: type[M],
                wait: float = ANSWER_WAIT) -> M:
        """Send ``message`` (with a fresh ``ref``) and wait for its answer of type
        ``answer``; messages pushed meanwhile are kept for :meth:`receive`.

        Raises:
            OnlineError: the server refused it (its message, its code) or did not answer.
        """
        ref = f"r{next(self._refs)}"
        message = _with_ref(message, ref)
        self.send(message)
        end = time.monotonic() + wait
        kept: list[p.Message] = []
        unreadable: p.ProtocolError | None = None   # the first message not understood
        said: p.Error | None = None     # an error to the connection itself (no ref)
        try:
            while (left := end - time.monotonic()) > 0:
                try:
                    text = self.ws.recv(timeout=left)
                except TimeoutError:
                    break
                except ConnectionClosed as exc:
                    why = said.message if said is not None else reason_of(exc)
                    raise ConnectionLost(f"the connection to {self.url} was lost: "
                                         f"{why}") from None
                try:
                    got = p.parse_server(text)
                except p.ProtocolError as exc:
                    if exc.code == "version":
                        raise OnlineError(f"the server at {self.url}: {exc.message}",
                                          "version") from None
                    unreadable = unreadable or exc
                    continue
                if isinstance(got, p.Error) and got.ref == ref:
                    raise OnlineError(got.message, got.code)
                if isinstance(got, p.Error) and got.ref is None:
                    said = got      # kept too (an action sent without a ref was refused)
                if isinstance(got, answer) and getattr(got, "ref", ref) in (ref, None):
                    return got
                kept.append(got)
        finally:
            self.pending.extend(kept)
        if unreadable is not None:
            raise OnlineError(f"the game server at {self.url} did not answer in "
                              f"{wait:.0f} seconds with a message this program can read "
                              f"(one it sent: {unreadable.message})")
        if said is not None:
            raise OnlineError(said.message, said.code)
        raise OnlineError(f"the game server at {self.url} did not answer in "
                          f"{wait:.0f} seconds")

    def reconnect(self) -> None:
        """Connect again and rejoin the seat (the server then sends the room and the
        current state, kept for :meth:`receive`).

        Raises:
            ConnectionLost: no connection after :data:`RECONNECT_TRIES` tries.
        """
        last: Exception | None = None
        for _ in range(RECONNECT_TRIES):
            try:
                self.ws = self._open()
                if self.rejoin is not None:
                    code, token = self.rejoin
                    self.request(p.Rejoin(code=code, token=token), p.Joined)
                return
            except OnlineError as exc:
                last = exc
                if exc.code:  # refused (a bad token...): trying again does not help
                    break
                time.sleep(RECONNECT_PAUSE)
        raise ConnectionLost(f"the connection to the game server at {self.url} was lost "
                             f"and could not be made again ({last})")


def _with_ref(message: p.Message, ref: str) -> p.Message:
    from dataclasses import replace
    return replace(message, ref=ref)  # type: ignore[call-arg]


def reason_of(exc: BaseException) -> str:
    text = str(exc) or type(exc).__name__
    return " ".join(text.split())[:200]


# ----- rooms -----------------------------------------------------------------------------
def parse_seats(text: str, me: str) -> list[p.SeatSpec]:
    """Seats from ``"me,?,cpu"``: ``me`` is the creator (the host, named ``me``'s name),
    ``?`` or ``open`` a seat for someone to join by code, ``cpu`` / ``computer`` / ``ai``
    a computer player of the game's default level, ``cpu:LEVEL`` (or a level word itself:
    ``heuristic``, ``random``, ``search``; ``easy``... for Mugsy; ``strong``... for Yatz) one
    of that level.

    Raises:
        BadInputError: no ``me`` or more than one, an empty seat.
    """
    specs: list[p.SeatSpec] = []
    for word in (w.strip() for w in text.split(",")):
        low = word.lower()
        if not word:
            raise BadInputError(f"an empty seat in {quote(text)} (use me, ?, cpu)")
        if low == "me":
            specs.append(p.SeatSpec("host", me))
        elif low in ("?", "open"):
            specs.append(p.SeatSpec("open"))
        elif low in ("cpu", "computer", "ai"):
            specs.append(p.SeatSpec("computer"))
        elif low.startswith(("cpu:", "computer:", "ai:")):
            specs.append(p.SeatSpec("computer", level=low.split(":", 1)[1].strip()))
        else:
            specs.append(p.SeatSpec("computer", level=low))
    hosts = sum(s.kind == "host" for s in specs)
    if hosts != 1:
        raise BadInputError(f"the seats {quote(text)} must name 'me' (your seat) exactly "
                            "once, e.g. me,?,cpu")
    return specs


class Room:
    """A seat in a room of a game server (before and after its start).

    Attributes:
        link: the connection.
        info: the room as last told (seats, status).
        seat, token: this client's seat and its secret.
    """

    def __init__(self, link: Link, joined: p.Joined) -> None:
        assert joined.room is not None
        self.link = link
        self.info: p.RoomInfo = joined.room
        self.seat = joined.seat
        self.token = joined.token
        link.rejoin = (self.code, self.token)
        name = self.info.seats[self.seat].name if self.seat < len(self.info.seats) else ""
        remember_seat(link.url, self.code, KeptSeat(self.seat, self.token, name))

    @property
    def code(self) -> str:
        """The room's code."""
        return self.info.code

    @property
    def is_host(self) -> bool:
        """True when this seat is the host's (it starts the room)."""
        return self.info.host == self.seat

    @classmethod
    def create(cls, url: str, game: str, seats: Sequence[p.SeatSpec],
               options: dict[str, Any] | None = None, away_timeout: float = 60.0) -> Room:
        """Create a room on ``url``; this client sits at the host seat.

        Raises:
            OnlineError: unreachable, or the server refused the room (bad seats...).
        """
        link = Link(url)
        try:
            joined = link.request(p.Create(game=game, seats=tuple(seats),
                                           options=dict(options or {}),
                                           away_timeout=away_timeout), p.Joined)
        except OnlineError:
            link.close()
            raise
        return cls(link, joined)

    @classmethod
    def join(cls, url: str, code: str, name: str) -> Room:
        """Join the room ``code`` on ``url`` as ``name``: back to one's own seat when this
        store keeps its token (a client that was closed), else an open seat.

        Raises:
            OnlineError: unreachable, no such room, no open seat, a taken or bad name.
        """
        code = code.strip().upper()
        link = Link(url)
        try:
            kept = kept_seat(url, code, name)
            if kept is not None:
                try:
                    return cls(link, link.request(p.Rejoin(code=code, token=kept.token),
                                                  p.Joined))
                except OnlineError as exc:
                    if exc.code not in ("bad_token",):
                        raise
            return cls(link, link.request(p.Join(code=code, name=name), p.Joined))
        except OnlineError:
            link.close()
            raise

    def start(self) -> None:
        """Start the room (the host): open seats left become computer players.

        Raises:
            OnlineError: not the host, already started.
        """
        self.link.send(p.Start(code=self.code, token=self.token, ref="start"))

    def wait(self, timeout: float) -> p.Message | None:
        """The next message of the room (``room`` updates kept in :attr:`info`), or None."""
        msg = self.link.receive(timeout)
        if isinstance(msg, p.RoomUpdate) and msg.room is not None:
            self.info = msg.room
        return msg

    def close(self) -> None:
        """Leave (the server keeps the seat for a rejoin)."""
        self.link.close()


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
    (:meth:`_events`) and how an action's text is read (:meth:`_parse`).

    Args:
        room: the room (joined and started, or about to be: the first ``state`` is waited
            for here).

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
            self.room.info = msg.room
            self.seats = self._seat_infos()
            return False
        if isinstance(msg, p.State) and msg.seat == self.seat and msg.seq >= self.seq:
            view = self._read(msg)
            events = [e for e in msg.events if e.seq > self.seq
                      or (e.seq == self.seq and self._view is not None)]
            self._events(events, view)
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
            self.errors.append(str(exc))
            self.lost = str(exc)
            self.over = True
            return True
        return self._take(msg)

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
        self.room.close()



@dataclass(frozen=True)
class OnlineGame:
    """What the online front ends need of one game (its ``online`` part): how to open a
    started room as a match, and how to play it at the prompt and on the game's screen.

    Attributes:
        remote: a started room -> its match as this terminal's seat sees it.
        prompt: plays a match at the text prompt until it ends or the person quits.
        run_screen: runs the app straight on the match's game screen.
        screen: the match's game screen (Textual), pushed from the lobby screen.
        default_seats: the seats a new room starts from on the lobby form.
        options: the ``online create`` options the game takes (Muggins: ``target``).
    """

    remote: Callable[[Room], RemoteMatch[Any, Any]]
    prompt: Callable[[Any], object]
    run_screen: Callable[[Any], None]
    screen: Callable[[Any], Any]
    default_seats: str = "me,open,cpu"
    options: tuple[str, ...] = ()


__all__ = ["DEFAULT_SERVER", "ConnectionLost", "KeptSeat", "Link", "OnlineError",
           "OnlineGame", "RemoteMatch", "Room", "kept_seat", "last_server", "parse_seats",
           "remember_seat", "server_url"]
