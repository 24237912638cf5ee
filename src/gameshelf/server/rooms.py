"""The lobby: the server's rules of play over its rooms (:mod:`gameshelf.server.room`),
apart from the network (no asyncio, no sockets).

:class:`Lobby` takes each client message and returns what to send and to whom
(:data:`~gameshelf.server.room.Outbox`); a refusal is :class:`~gameshelf.server.room.Refused`
(nothing changed). Every accepted action is committed to the room store before any message
about it is returned; a room whose commit fails is rebuilt from the store (``internal``).
Every write names the room's version as last read: when another server process changed the
room first, the room is read again and an action is refused ``stale`` with the fresh state
(:class:`~gameshelf.server.room.Stale`), a join or start is tried once more on the fresh
room.
Time is given by the caller (``now``, seconds of a monotonic clock), so the away rule is
tested without waiting.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

from gameshelf.server import protocol as p
from gameshelf.server.room import ELSEWHERE, Outbox, Refused, Room, Stale
from gameshelf.server.seating import Seating
from gameshelf.server.storage import StaleError

log = logging.getLogger("gameshelf.server")


class Lobby(Seating):
    """Every room of one server, and the rules over them, a class a concern: rooms kept in
    memory and in step with the store (:class:`~gameshelf.server.keeper.RoomKeeper`, whose
    arguments it takes), play (:class:`~gameshelf.server.playing.Playing`), seating
    (:class:`~gameshelf.server.seating.Seating`), and here the connections and the away
    rule.
    """

    def connected(self, room: Room, seat: int) -> Outbox:
        """A connection of ``seat`` came (joined, created or rejoined)."""
        s = room.seats[seat]
        s.connections += 1
        s.away = s.left = s.leaving = False
        out: Outbox = [(None, p.RoomUpdate(room.info()))]
        if room.game is not None:
            out.append((seat, room.state_for(seat, room.seq)))
        return out

    def leave(self, room: Room, msg: p.Leave) -> None:
        """The token's seat leaves on purpose (``leave``): when its last connection closes
        next (:meth:`disconnected`) it is marked ``left`` until it connects again, and the
        others are told then; a leave from one of its connections while another stays is
        no leave.

        Raises:
            Refused: not a token of this room.
        """
        room.seats[room.seat_of(msg.token)].leaving = True

    def disconnected(self, room: Room, seat: int, now: float) -> Outbox:
        """A connection of ``seat`` went."""
        s = room.seats[seat]
        s.connections = max(0, s.connections - 1)
        if s.connections == 0:
            s.gone_since = now
        s.left, s.leaving = s.leaving and s.connections == 0, False
        return [(None, p.RoomUpdate(room.info()))]

    def tick(self, now: float) -> dict[str, Outbox]:
        """The away rule over every room (:meth:`tick_room`). Returns what to send, by
        room."""
        out: dict[str, Outbox] = {}
        for room in list(self.rooms.values()):
            sent = self.lapsed(room, now) + self.tick_room(room, now)
            if sent:
                out[room.code] = sent
        return out

    def present(self, code: str, seats: Sequence[int], now: float) -> Outbox:
        """Another server process has connections of ``seats`` of the room ``code`` now
        (:meth:`Room.present`). Returns what to send (the room, when a seat was away or is
        newly shown connected)."""
        room = self.rooms.get(code)
        if room is None:        # kept a while: the room may be read from the store soon
            self.seen_elsewhere[code] = (now, tuple(seats))
            if len(self.seen_elsewhere) > self._seen_limit:
                self.seen_elsewhere = {c: seen for c, seen in self.seen_elsewhere.items()
                                       if now - seen[0] <= ELSEWHERE}
                self._seen_limit = 2 * len(self.seen_elsewhere) + 64
            return []
        return [(None, p.RoomUpdate(room.info()))] if room.present(seats, now) else []

    def lapsed(self, room: Room, now: float) -> Outbox:
        """Seats said by another process to be connected there, not said again within
        :data:`~gameshelf.server.room.ELSEWHERE` seconds, are no longer shown connected
        (:meth:`Room.lapsed`). Returns what to send (the room, when that changed it)."""
        return [(None, p.RoomUpdate(room.info()))] if room.lapsed(now) else []

    def tick_due(self, room: Room, now: float) -> bool:
        """True when :meth:`tick_room` may write to the store now (a stand-in's move, a
        lobby closed), so a server whose store calls block makes it in a worker thread."""
        return room.tick_due(now, self.lobby_idle)

    def tick_room(self, room: Room, now: float) -> Outbox:
        """The away rule in one room: a person gone longer than the room's timeout is marked
        away, and when it is their turn a computer plays for them (then chance and computer
        seats up to a present person's turn) -- while at least one person is in the room
        (here or through another process, :meth:`Room.someone_in`): a
        room left by every person waits for them (a game abandoned by all was played out by
        the computer and its totals recorded as the people's). A room not started that has
        had no one in it for :attr:`lobby_idle` seconds is closed (:meth:`close_if_idle`).
        Returns what to send."""
        if room.status == "lobby":
            self.close_if_idle(room, now)
            return []
        if room.status != "playing" or room.away_timeout <= 0 or room.game is None:
            return []
        changed = False
        for s in room.seats:
            if not s.away and room.absent(s, now):
                s.away = changed = True
        to_act = room.game.to_act()
        if 0 <= to_act < len(room.seats) and room.seats[to_act].away and room.someone_in(now):
            # the seat's away mark goes first: everyone reads who is stood in for before
            # the stand-in's moves
            marked: Outbox = [(None, p.RoomUpdate(room.info()))] if changed else []
            try:
                return marked + self._accept(room, now)
            except Stale as exc:      # another process played first: its state is told
                return exc.out
            except Refused as exc:
                log.error("room %s: %s", room.code, exc.message)
                return []
        return [(None, p.RoomUpdate(room.info()))] if changed else []

    def close_if_idle(self, room: Room, now: float) -> bool:
        """Close ``room`` (not started) when no one has been in it for :attr:`lobby_idle`
        seconds: marked ``closed`` in the store (never rebuilt) and forgotten here, so a
        lobby left by everyone does not hold its code and memory for ever. Returns True when
        closed."""
        people = [s.gone_since for s in room.seats if s.kind == "person"]
        if (room.status != "lobby" or self.lobby_idle <= 0
                or any(s.connections for s in room.seats)
                or now - max(people, default=0.0) < self.lobby_idle):
            return False
        try:
            if not self._store_seats(room, "closed"):
                return False
        except StaleError:        # someone came in through another process: not idle
            self._reload(room.code, now)
            return False
        room.status = "closed"
        self.rooms.pop(room.code, None)
        log.info("room %s closed: no one in it for %.0f s before its start", room.code,
                 self.lobby_idle)
        return True
