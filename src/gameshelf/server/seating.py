"""Seating in the server's rooms: a room created with its host, open seats taken by
``join``, a seat's token brought back by ``rejoin``, and the host's ``start`` (open seats
become computers, then play up to the first person's turn). A join or start that another
server process raced is tried once more on the room as it is now. No asyncio, no sockets.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Sequence
from functools import partial

from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import check_name, quote, tidy_name
from gameshelf.games import REGISTRY
from gameshelf.server import protocol as p
from gameshelf.server.games import SeatPlan, game_class, playable
from gameshelf.server.playing import Playing
from gameshelf.server.room import Outbox, Refused, Room, Seat, Stale, token_hash
from gameshelf.server.storage import StaleError

#: Letters of room codes: no 0/O, 1/I to misread.
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
#: Characters in a room code.
CODE_LENGTH = 4
#: The longest away timeout a host may choose (seconds).
MAX_AWAY = 3600.0
#: The longest name (characters).
MAX_NAME = 20


def check_game(room: Room, games: Sequence[str]) -> None:
    """Refuse a join from a client that does not play ``room``'s game (one of ``games``),
    before any seat is taken; the words say where the game is played instead.

    Raises:
        Refused: ``wrong_game``.
    """
    if room.game_key in games:
        return
    where = (f"; open the room's page in a web browser (/r/{room.code} on this server)"
             if REGISTRY.get(room.game_key).has("web") else "")
    raise Refused("wrong_game", f"the room {room.code} plays "
                  f"{REGISTRY.title(room.game_key)}, which this program does not play "
                  f"online{where}")


class Seating(Playing):
    """Creating, joining, rejoining and starting rooms (see the module docstring)."""

    def create(self, msg: p.Create, now: float) -> tuple[Room, int, str]:
        """A new room with the creator at its host seat.

        Returns:
            ``(room, host seat, host token)``.

        Raises:
            Refused: ``bad_options`` / ``bad_name``.
        """
        if msg.game not in playable():
            raise Refused("bad_options", f"no game {quote(msg.game)} is played online "
                          f"(one of {', '.join(playable())})")
        cls = game_class(msg.game)
        timeout = msg.away_timeout
        if not (math.isfinite(timeout) and 0 <= timeout <= MAX_AWAY):
            raise Refused("bad_options", f"the away timeout must be 0 to {MAX_AWAY:.0f} "
                          "seconds")
        hosts = [i for i, s in enumerate(msg.seats) if s.kind == "host"]
        if len(hosts) != 1:
            raise Refused("bad_options", "a room has exactly one host seat")
        host = hosts[0]
        seats: list[Seat] = []
        names: set[str] = set()
        cpu = 0
        for spec in msg.seats:
            if spec.kind == "host":
                name = self._name(spec.name, names)
                seats.append(Seat("person", name))
            elif spec.kind == "open":
                seats.append(Seat("open"))
            else:
                cpu += 1
                # the level that plays: the game's default when none is asked for (kept, so
                # the statistics name it: an online "cpu" read "cpu (?)")
                level = spec.level.strip().lower() or cls.default_level
                # a name given is checked as typed (_name: U+2028 at an end refused, never
                # stripped away); none, or spaces only, is the game's computer name
                name = spec.name if spec.name.strip(" ") else cls.computer_name(
                    cpu, {*names, *(s.name for s in msg.seats if s.name.strip())})
                seats.append(Seat("computer", self._name(name, names), level))
        try:
            cls.check_setup(_plan_for_check(seats), dict(msg.options))
        except BadInputError as exc:
            raise Refused("bad_options", str(exc)) from None
        token = secrets.token_urlsafe(32)
        seats[host].token_hash = token_hash(token)
        seats[host].connections = 0
        seats[host].gone_since = now   # the room's quiet time counts from its creation
        for _ in range(50):
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            room = Room(code, msg.game, cls.kept_options(dict(msg.options)), seats, host,
                        float(timeout), self.seed_source())
            if code not in self.rooms and self._write(partial(self.store.create,
                                                              room.stored())):
                self.rooms[code] = room
                return room, host, token
            if self.store_down:
                raise self.refusal("the room")
        raise Refused("internal", "no free room code was found; try again")

    def _name(self, text: str, taken: set[str]) -> str:
        try:
            name = check_name(text, "a player's name", max_len=MAX_NAME)
        except BadInputError as exc:
            raise Refused("bad_name", str(exc)) from None
        if not name:
            raise Refused("bad_name", "a name is needed")
        if name.casefold() in taken:
            raise Refused("bad_name", f"this room has a seat called {quote(name)} already")
        taken.add(name.casefold())
        return name

    def join(self, msg: p.Join, now: float) -> tuple[Room, int, str, Outbox]:
        """Take an open seat (another server process that changed the room first: tried
        once more on the room as it is now).

        Raises:
            Refused: ``no_room``, ``wrong_game`` (not one of the client's ``games``),
                ``already_started``, ``room_full``, ``bad_name``, ``stale`` (changed by
                another process twice meanwhile), ``internal``.
        """
        news: Outbox = []
        for _ in range(2):
            try:
                room, seat, token, out = self._join(msg, now)
                return room, seat, token, news + out
            except StaleError:
                news = self._reload(msg.code.strip().upper(), now)
        raise Stale("the room changed on another server meanwhile; try again", news)

    def _join(self, msg: p.Join, now: float) -> tuple[Room, int, str, Outbox]:
        room = self.room(msg.code, now)
        if msg.games is not None:
            check_game(room, msg.games)
        # no seat free: said in words a newcomer reads, with the room's game (a new room
        # of it is the way on)
        if room.status != "lobby":
            raise Refused("already_started", f"the room {room.code} "
                          + ("has finished its game" if room.status == "over" else
                             "is playing its game")
                          + ": no seat is free", room.game_key)
        open_seats = [i for i, s in enumerate(room.seats) if s.kind == "open"]
        if msg.seat is not None:
            if msg.seat not in open_seats:
                raise Refused("room_full", f"seat {msg.seat} of the room {room.code} is "
                              "taken: it is not free", room.game_key)
            seat = msg.seat
        elif not open_seats:
            raise Refused("room_full", f"the room {room.code} is full: no seat is free",
                          room.game_key)
        else:
            seat = open_seats[0]
        name = self._name(msg.name, {tidy_name(s.name).casefold() for s in room.seats
                                          if s.name})
        token = secrets.token_urlsafe(32)
        before = room.seats[seat]
        room.seats[seat] = Seat("person", name, "", token_hash(token))
        if not self._store_seats(room, room.status):   # StaleError: the room is reloaded
            room.seats[seat] = before
            raise self.refusal("the room")
        return room, seat, token, [(None, p.RoomUpdate(room.info()))]

    def rejoin(self, msg: p.Rejoin, now: float) -> tuple[Room, int]:
        """The seat of a token (its connection comes back: see :meth:`connected`).

        Raises:
            Refused: ``no_room``, ``bad_token``.
        """
        room = self.room(msg.code, now)
        return room, room.seat_of(msg.token)

    def start(self, msg: p.Start, now: float) -> Outbox:
        """The host starts: open seats become computers; chance and computers play up to
        the first person's turn (another server process that changed the room first: tried
        once more on the room as it is now).

        Raises:
            Refused: ``no_room``, ``bad_token``, ``not_host``, ``already_started``,
                ``stale``, ``internal``.
        """
        news: Outbox = []
        for _ in range(2):
            try:
                return news + self._start(msg, now)
            except StaleError:
                news = self._reload(msg.code.strip().upper(), now)
        raise Stale("the room changed on another server meanwhile; try again", news)

    def _start(self, msg: p.Start, now: float) -> Outbox:
        room = self.room(msg.code, now)
        seat = room.seat_of(msg.token)
        if seat != room.host:
            raise Refused("not_host", "only the host starts the room")
        if room.status != "lobby":
            raise Refused("already_started", f"the room {room.code} has started")
        cls = game_class(room.game_key)
        names = {s.name.casefold() for s in room.seats if s.name}
        cpu = sum(1 for s in room.seats if s.kind == "computer")
        before = [Seat(s.kind, s.name, s.level, s.token_hash, s.connections, s.gone_since)
                  for s in room.seats]
        for s in room.seats:
            if s.kind == "open":
                cpu += 1
                name = cls.computer_name(cpu, names)
                names.add(name.casefold())
                s.kind, s.name, s.level = "computer", name, cls.default_level
        try:
            cls.check_setup(room.plan(), dict(room.options), stored=True)
            room.game = cls.new(room.plan(), dict(room.options), room.seed)
        except BadInputError as exc:
            for s, b in zip(room.seats, before, strict=True):
                s.kind, s.name, s.level = b.kind, b.name, b.level
            raise Refused("bad_options", str(exc)) from None
        room.status = "playing"
        room.by_computer = [True] * len(room.game.actions)
        room.committed = []
        if not self._store_seats(room, room.status):
            self._reload(room.code, now)
            raise self.refusal("the room")
        return self._accept(room, now, started=True)


def _plan_for_check(seats: Sequence[Seat]) -> list[SeatPlan]:
    """Seats as the game checks them before anyone joined (an open seat counts as a person
    with a placeholder name)."""
    return [SeatPlan("computer" if s.kind == "computer" else "person",
                     s.name or f"open seat {i + 1}", s.level) for i, s in enumerate(seats)]
