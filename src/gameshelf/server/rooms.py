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
import math
import secrets
from collections.abc import Sequence
from functools import partial

from gameshelf.core.errors import BadInputError, GameshelfError, StoreError
from gameshelf.core.inputs import check_name, quote, tidy_name
from gameshelf.core.safeload import read_json
from gameshelf.core.text import possessive
from gameshelf.games import REGISTRY
from gameshelf.server import protocol as p
from gameshelf.server.games import SeatPlan, game_class, playable
from gameshelf.server.keeper import RoomKeeper
from gameshelf.server.room import (
    Outbox,
    Refused,
    Room,
    Seat,
    Stale,
    game_over,
    token_hash,
)
from gameshelf.server.storage import StaleError, StoredAction

log = logging.getLogger("gameshelf.server")

#: Letters of room codes: no 0/O, 1/I to misread.
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
#: Characters in a room code.
CODE_LENGTH = 4
#: The longest away timeout a host may choose (seconds).
MAX_AWAY = 3600.0
#: The longest name (characters).
MAX_NAME = 20
#: Finished rooms kept in memory once rebuilt (a replay of a long Yatz game takes a tenth


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


class Lobby(RoomKeeper):
    """Every room of one server, and the rules of play over them (the rooms themselves are
    kept by :class:`~gameshelf.server.keeper.RoomKeeper`, whose arguments it takes).
    """

    # ----- create, join, rejoin, start ------------------------------------------------------
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
                name = spec.name.strip() or cls.computer_name(cpu)
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
        if room.status != "lobby":
            raise Refused("already_started", f"the room {room.code} has started")
        open_seats = [i for i, s in enumerate(room.seats) if s.kind == "open"]
        if msg.seat is not None:
            if msg.seat not in open_seats:
                raise Refused("room_full", f"seat {msg.seat} of the room {room.code} is not "
                              "open")
            seat = msg.seat
        elif not open_seats:
            raise Refused("room_full", f"the room {room.code} has no open seat")
        else:
            seat = open_seats[0]
        name = self._name(msg.name, {tidy_name(s.name).casefold() for s in room.seats if s.name})
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
        names = {s.name.lower() for s in room.seats if s.name}
        cpu = sum(1 for s in room.seats if s.kind == "computer")
        before = [Seat(s.kind, s.name, s.level, s.token_hash, s.connections, s.gone_since)
                  for s in room.seats]
        for s in room.seats:
            if s.kind == "open":
                cpu += 1
                name = cls.computer_name(cpu)
                while name.lower() in names:
                    cpu += 1
                    name = f"CPU {cpu}"
                names.add(name.lower())
                s.kind, s.name, s.level = "computer", name, cls.default_level
        try:
            cls.check_setup(room.plan(), dict(room.options))
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

    # ----- playing --------------------------------------------------------------------------
    def act(self, msg: p.Act, now: float) -> Outbox:
        """A person's action.

        Raises:
            Refused: ``no_room``, ``bad_token``, ``not_your_seat``, ``not_started``,
                ``over``, ``stale``, ``not_your_turn``, ``illegal``, ``internal``.
        """
        room = self.room(msg.code, now)
        seat = room.seat_of(msg.token)
        if msg.seat is not None and msg.seat != seat:
            raise Refused("not_your_seat", f"that token is the token of seat {seat}, not of "
                          f"seat {msg.seat}")
        if room.status == "lobby" or room.game is None:
            raise Refused("not_started", "the game has not started yet")
        g = room.game
        if room.status == "over" or g.is_over():
            raise Refused("over", "the game is over")
        if msg.seq is not None and msg.seq != room.seq:
            raise Refused("stale", f"the game is at action {room.seq}, not {msg.seq}: "
                          "wait for the update")
        if g.to_act() != seat:
            who = g.to_act()
            whose = ("the game's (chance)" if who < 0 else
                     possessive(room.seats[who].name))
            raise Refused("not_your_turn", f"it is {whose} turn, not yours")
        if len(msg.action) > 200:
            raise Refused("illegal", "that is not an action of this game")
        before = len(g.actions)
        try:
            g.play(seat, msg.action)
        except GameshelfError as exc:
            raise Refused("illegal", str(exc)) from None
        room.mark(before, False)
        room.seats[seat].away = False
        return self._accept(room, now)

    def _advance(self, room: Room) -> None:
        """Chance, computer seats and stand-ins for away people, up to a present person's
        turn or the end (in memory; :meth:`_accept` commits)."""
        g = room.game
        assert g is not None
        while not g.is_over():
            n = len(g.actions)
            if g.step():
                room.mark(n, True)
                continue
            s = g.to_act()
            if s < 0 or room.seats[s].kind != "person" or not room.seats[s].away:
                return
            g.play(s, g.stand_in(s))
            room.mark(n, True)

    def _accept(self, room: Room, now: float, *, started: bool = False) -> Outbox:
        """Advance, commit every new action, then the messages: each seat's state, and on
        the end the room, ``over`` (and the game recorded)."""
        g = room.game
        assert g is not None
        try:
            self._advance(room)
        except GameshelfError as exc:   # a computer player failed: keep what was accepted
            log.error("room %s: a computer player failed: %s", room.code, exc)
        if g.is_over():
            room.status = "over"
        actions = g.actions
        before = len(room.committed)
        if before and (len(actions) < before or actions[before - 1] != room.committed[-1]):
            before -= 1     # the last committed action was replaced (a Yatz hold)
        rows = [StoredAction(i + 1, g.actor(i), actions[i], room.by_computer[i])
                for i in range(before, len(actions))]
        known = len(room.committed)    # another writer first: refused, the room rebuilt
        finished = None
        if room.status == "over" and self.finisher is not None:
            try:
                finished = self.finisher(room)
            except (GameshelfError, OSError) as exc:
                log.error("room %s: the finished game could not be recorded: %s",
                          room.code, exc)
        if self.finish_later and finished is not None:
            room.unrecorded, finished = finished, None   # written by write_finished
        try:
            room.version = self.store.append(room.code, rows, room.status, known=known,
                                             version=room.version, finished=finished)
        except StaleError:
            news = self._reload(room.code, now)
            fresh = self.rooms.get(room.code)
            raise Stale(f"another server changed the room {room.code} first (it is at action "
                        f"{fresh.seq if fresh else '?'} now): this action was not played; "
                        "the new state follows", news) from None
        except StoreError as exc:
            self.failed(exc)
            refusal = self.refusal("the action")
            self._reload(room.code, now)
            raise refusal from None
        room.committed = list(actions)
        room.forget(0 if room.status == "over" else before)
        out: Outbox = []
        if started:
            out.append((None, p.RoomUpdate(room.info())))
        people = [i for i, s in enumerate(room.seats) if s.kind == "person"]
        out.extend((i, room.state_for(i, before, view))
                   for i, view in zip(people, g.views(people), strict=True))
        if room.status == "over":
            out.append((None, p.RoomUpdate(room.info())))
            out.append((None, game_over(room)))
        return out

    def write_finished(self, room: Room) -> None:
        """Write ``room``'s finished game to the player store when :meth:`_accept` left it
        for later (:attr:`finish_later`); a failure is logged, never raised to the
        players. The store's write waits for the disk (tens of milliseconds), so the
        server calls this in a worker thread, before it tells anyone of the end."""
        finished, room.unrecorded = room.unrecorded, None
        if finished is None:
            return
        try:
            self.store.finish_game(finished.game, key=finished.key, scores=finished.scores,
                                   results=finished.results, history=finished.history)
        except (StoreError, OSError) as exc:
            log.error("room %s: the finished game could not be recorded: %s", room.code, exc)

    def record(self, msg: p.GetRecord, now: float) -> p.Record:
        """The finished game's record for any seat of the room.

        Raises:
            Refused: ``no_room``, ``bad_token``, ``not_over``.
        """
        room = self.room(msg.code, now)
        room.seat_of(msg.token)
        if room.status != "over" or room.game is None:
            raise Refused("not_over", "the game is not over yet: its record is given at "
                          "the end")
        return p.Record(room.code, read_json(room.game.record().to_json()), msg.ref)


    # ----- connections and the away rule ----------------------------------------------------
    def connected(self, room: Room, seat: int) -> Outbox:
        """A connection of ``seat`` came (joined, created or rejoined)."""
        s = room.seats[seat]
        s.connections += 1
        s.away = False
        out: Outbox = [(None, p.RoomUpdate(room.info()))]
        if room.game is not None:
            out.append((seat, room.state_for(seat, room.seq)))
        return out

    def disconnected(self, room: Room, seat: int, now: float) -> Outbox:
        """A connection of ``seat`` went."""
        s = room.seats[seat]
        s.connections = max(0, s.connections - 1)
        if s.connections == 0:
            s.gone_since = now
        return [(None, p.RoomUpdate(room.info()))]

    def tick(self, now: float) -> dict[str, Outbox]:
        """The away rule over every room (:meth:`tick_room`). Returns what to send, by
        room."""
        out: dict[str, Outbox] = {}
        for room in list(self.rooms.values()):
            sent = self.tick_room(room, now)
            if sent:
                out[room.code] = sent
        return out

    def present(self, code: str, seats: Sequence[int], now: float) -> Outbox:
        """Another server process has connections of ``seats`` of the room ``code`` now
        (:meth:`Room.present`). Returns what to send (the room, when a seat was away)."""
        room = self.rooms.get(code)
        return [(None, p.RoomUpdate(room.info()))] if room and room.present(seats, now) else []

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
            try:
                return self._accept(room, now)
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



def _plan_for_check(seats: Sequence[Seat]) -> list[SeatPlan]:
    """Seats as the game checks them before anyone joined (an open seat counts as a person
    with a placeholder name)."""
    return [SeatPlan("computer" if s.kind == "computer" else "person",
                     s.name or f"open seat {i + 1}", s.level) for i, s in enumerate(seats)]
