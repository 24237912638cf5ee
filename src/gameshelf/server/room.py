"""One room of the server in memory: its seats (a seat's token kept as a hash, its
connections now), its options and seed, and its game once started; what each seat is sent
(:meth:`Room.state_for`) and how the room is stored (:meth:`Room.stored`). The rules of play
over the rooms are the :class:`~gameshelf.server.rooms.Lobby`'s.
"""

from __future__ import annotations

import hashlib
import hmac
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from gameshelf.core.state import TERMINAL
from gameshelf.server import protocol as p
from gameshelf.server.games import Game, SeatPlan
from gameshelf.server.storage import FinishedGame, StoredRoom, StoredSeat

#: Seconds a seat said by another server process to have a connection there counts as in
#: the room, not gone (its announcements come every 5 s; 2 s of margin).
ELSEWHERE = 7.0
#: What to send: ``(seat, message)``; seat None means every connection of the room.
Outbox = list[tuple[int | None, p.Message]]


class Refused(Exception):
    """A client message refused: ``code`` is a protocol error code, the text one line;
    ``game``: the room's game, for a join refused because no seat is free (the client may
    offer a new room of it)."""

    def __init__(self, code: str, message: str, game: str = "") -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.game = game


class Stale(Refused):
    """An action, join or start refused ``stale``: another server process changed the room
    first. The room was read again from the store; ``out`` tells its connections here how
    it stands now (each seat's fresh ``state``, the room)."""

    def __init__(self, message: str, out: Outbox) -> None:
        super().__init__("stale", message)
        self.out = out


def token_hash(token: str) -> str:
    """The stored form of a seat's token (SHA-256 hex)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass
class Seat:
    """A seat of a room in memory: the stored seat, plus its connections now."""

    kind: str
    name: str = ""
    level: str = ""
    token_hash: str = ""
    connections: int = 0
    gone_since: float = 0.0
    away: bool = False
    #: The person left on purpose (a ``leave`` message, then its last connection closed)
    #: and has not come back: never beside a connection of the seat.
    left: bool = False
    #: A connection of the seat said ``leave``: the seat is ``left`` when its last
    #: connection closes next, not while another is still there.
    leaving: bool = False
    #: When another server process last said it has a connection of this seat.
    elsewhere: float = -math.inf
    #: The seat is shown ``connected`` for a connection through another server process
    #: (said within the last :data:`ELSEWHERE` seconds), whether or not it has one here.
    there: bool = False

    def stored(self) -> StoredSeat:
        """The seat as stored (no connection state)."""
        return StoredSeat(self.kind, self.name, self.level, self.token_hash)


@dataclass
class Room:
    """One room: its seats, options, seed and the game once started."""

    code: str
    game_key: str
    options: dict[str, object]
    seats: list[Seat]
    host: int
    away_timeout: float
    seed: int
    status: str = "lobby"
    game: Game | None = None
    by_computer: list[bool] = field(default_factory=list)
    #: The actions committed to the store (a copy of the game's, as of the last commit).
    committed: list[str] = field(default_factory=list)
    #: The room's version in the store as of its last read or write (every write counts
    #: it up; a write naming an older one is refused: another process was first).
    version: int = 0
    #: The finished game's record, committed with its last actions but not yet written to
    #: the player store (:attr:`Lobby.finish_later`: written off the event loop, by
    #: :meth:`Lobby.write_finished`, before anyone is told of the end).
    unrecorded: FinishedGame | None = None
    #: The log lines each action wrote as each seat may know them (``lines[seat][index]``),
    #: worked out once: an action's words stay the same until the game ends (then a hidden
    #: bill may be shown) or the action is replaced (a Yatz hold): :meth:`forget`.
    lines: dict[int, list[tuple[p.LogLine, ...]]] = field(default_factory=dict)

    def mark(self, before: int, computer: bool) -> None:
        """Keep :attr:`by_computer` in step with the game's actions after a move that
        found ``before`` actions (a Yatz hold right after a hold replaces the last)."""
        assert self.game is not None
        now = len(self.game.actions)
        if now == before and now:
            self.by_computer[-1] = computer
        self.by_computer.extend([computer] * (now - before))

    @property
    def seq(self) -> int:
        """Accepted actions so far."""
        return len(self.by_computer)

    def info(self) -> p.RoomInfo:
        """The room as everyone sees it (never a token)."""
        return p.RoomInfo(
            self.code, self.game_key, dict(self.options),
            tuple(p.SeatInfo(i, "person" if s.kind == "person" else s.kind,  # type: ignore[arg-type]
                             s.name, s.level, s.connections > 0 or s.there, s.away,
                             s.left)
                  for i, s in enumerate(self.seats)),
            self.host, self.status, self.away_timeout, self.seq)  # type: ignore[arg-type]

    def seat_of(self, token: str) -> int:
        """The seat whose token this is.

        Raises:
            Refused: ``bad_token``.
        """
        digest = token_hash(token)
        for i, s in enumerate(self.seats):
            if s.token_hash and hmac.compare_digest(s.token_hash, digest):
                return i
        raise Refused("bad_token", f"that token is not a seat's token in the room {self.code}")

    def state_for(self, seat: int, since: int,
                  view: dict[str, Any] | None = None) -> p.State:
        """``seat``'s :class:`~gameshelf.server.protocol.State` with the events after
        action number ``since`` (``view``: the seat's view when already written) and the
        recent moves in words as that seat may know them (its ``log``)."""
        g = self.game
        assert g is not None
        to_act = g.to_act()
        mine = to_act == seat and self.seats[seat].kind == "person"
        events = tuple(p.Event(i + 1, g.actor(i), g.public(i, seat), self.by_computer[i])
                       for i in range(since, self.seq))
        seq = self.seq
        start = max(0, seq - p.LOG_ACTIONS)
        known = self.lines.setdefault(seat, [])
        del known[seq:]
        while len(known) < seq:     # actions before the log's window are never shown
            i = len(known)
            known.append(tuple(p.LogLine(i + 1, line) for line in g.words(i, seat))
                         if i >= start else ())
        log = [line for i in range(start, seq) for line in known[i]]
        return p.State(self.code, seq, seat, -2 if to_act == TERMINAL else to_act,
                       tuple(g.legal(seat)) if mine else (),
                       g.view(seat) if view is None else view, events,
                       g.prompt(seat) if mine else "", tuple(log[-p.LOG_LINES:]))

    def forget(self, index: int) -> None:
        """Let go of the log lines kept for actions from ``index`` (0-based) on: they were
        replaced, or the game ended (``0``: every one; the words may change then)."""
        for known in self.lines.values():
            del known[index:]

    def present(self, seats: Sequence[int], now: float) -> bool:
        """Another server process has connections of ``seats`` now: they count as here
        (gone from ``now`` at the earliest, not away), so the away rule and the closing of
        idle lobbies leave them to that process, and they are shown ``connected``. True when
        what everyone sees of the room changed (a seat was away, or newly shown connected)."""
        changed = False
        for i in seats:
            if 0 <= i < len(self.seats) and self.seats[i].kind == "person":
                s = self.seats[i]
                s.gone_since = max(s.gone_since, now)
                s.elsewhere = max(s.elsewhere, now)
                changed = changed or s.away or s.left or (not s.there and s.connections == 0)
                s.away, s.there, s.left = False, True, False
        return changed

    def lapsed(self, now: float) -> bool:
        """Forget the connections through other server processes not said again within
        :data:`ELSEWHERE` seconds (those seats are no longer shown ``connected`` for them).
        True when what everyone sees of the room changed (a seat with no connection here
        is now shown dropped). Cheap: the tick asks it of every room."""
        changed = False
        for s in self.seats:
            if s.there and now - s.elsewhere > ELSEWHERE:
                s.there = False
                changed = changed or s.connections == 0
        return changed

    def someone_in(self, now: float) -> bool:
        """True when a person of the room is in it: connected here, or said by another
        server process within the last :data:`ELSEWHERE` seconds to be connected there."""
        return any(s.kind == "person" and (s.connections > 0 or now - s.elsewhere <= ELSEWHERE)
                   for s in self.seats)

    def tick_due(self, now: float, lobby_idle: float) -> bool:
        """True when the away rule or the closing of idle lobbies (after ``lobby_idle``
        seconds; 0: never) may write to the store now."""
        if self.status == "lobby":
            return lobby_idle > 0 and not any(s.connections for s in self.seats)
        if self.status != "playing" or self.away_timeout <= 0 or self.game is None:
            return False
        to_act = self.game.to_act()
        if not 0 <= to_act < len(self.seats):
            return False
        return self.seats[to_act].away or self.absent(self.seats[to_act], now)

    def tick_wanted(self, now: float, lobby_idle: float) -> bool:
        """True when the away rule or the closing of idle lobbies may change something now
        (:meth:`~gameshelf.server.rooms.Lobby.tick_room` does nothing otherwise): a lobby
        with no connection (``lobby_idle`` > 0), a person gone past the away timeout not yet
        marked away, or an away person to act while someone is in the room. Cheap, so the
        tick looks at every room without taking its lock."""
        if self.status == "lobby":
            return lobby_idle > 0 and not any(s.connections for s in self.seats)
        if self.status != "playing" or self.away_timeout <= 0 or self.game is None:
            return False
        if any(not s.away and self.absent(s, now) for s in self.seats):
            return True
        to_act = self.game.to_act()
        return (0 <= to_act < len(self.seats) and self.seats[to_act].away
                and self.someone_in(now))

    def absent(self, s: Seat, now: float) -> bool:
        """True when the person of seat ``s`` has been gone longer than the away timeout:
        no connection here since, and none said by another process within the last
        :data:`ELSEWHERE` seconds. A computer seat is never absent."""
        return (s.kind == "person" and s.connections == 0
                and now - s.elsewhere > ELSEWHERE and now - s.gone_since >= self.away_timeout)

    def plan(self) -> list[SeatPlan]:
        """The seats as the game is set up."""
        return [SeatPlan("person" if s.kind == "person" else "computer", s.name, s.level)
                for s in self.seats]

    def stored(self) -> StoredRoom:
        """The room's row (its actions are stored as they are accepted)."""
        return StoredRoom(self.code, self.game_key, dict(self.options),
                          tuple(s.stored() for s in self.seats), self.host,
                          self.away_timeout, self.seed, self.status, version=self.version)


def game_over(room: Room) -> p.GameOver:
    """The ``over`` message of ``room``'s finished game."""
    assert room.game is not None
    return p.GameOver(room.code, tuple(p.Score(r.seat, room.seats[r.seat].name, r.score,
                                               r.place) for r in room.game.results()))


def news(old: Room | None, room: Room) -> Outbox:
    """What the connections of a room are told when it was read again from the store
    (``old``: as this process held it before): the room, each person seat's state with
    the events after the actions both share, and ``over`` when it ended meanwhile."""
    out: Outbox = [(None, p.RoomUpdate(room.info()))]
    if room.game is None:
        return out
    before = old.committed if old is not None else []
    since = 0
    for mine, theirs in zip(before, room.committed, strict=False):
        if mine != theirs:
            break
        since += 1
    people = [i for i, s in enumerate(room.seats) if s.kind == "person"]
    out.extend((i, room.state_for(i, since)) for i in people)
    if room.status == "over" and (old is None or old.status != "over"):
        out.append((None, game_over(room)))
    return out


#: Called once a room's game is over: what to record of it (the server's top-20 tables,
#: statistics and history), written with the game's last actions
#: (:meth:`~gameshelf.server.storage.RoomStore.append`); a failure to build it is logged,
#: never raised to the players.
Finisher = Callable[[Room], FinishedGame]
