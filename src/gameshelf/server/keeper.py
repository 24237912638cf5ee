"""The rooms one server holds: each in memory, rebuilt from the room store when first
named (:meth:`RoomKeeper.room`) or when another server process wrote it
(:meth:`RoomKeeper.refresh`), by replaying its stored actions through the game's engine.

:class:`RoomKeeper` is the part of :class:`~gameshelf.server.rooms.Lobby` that keeps rooms
in memory and in step with the store; the rules of play over them are the lobby's. No
asyncio, no sockets.
"""

from __future__ import annotations

import logging
import secrets
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import replace

from gameshelf.core.chance import MAX_SEED
from gameshelf.core.errors import GameshelfError, StoreError
from gameshelf.core.inputs import quote
from gameshelf.core.records import GameRecord
from gameshelf.server.games import game_class, game_of_record
from gameshelf.server.room import ELSEWHERE, Finisher, Outbox, Refused, Room, Seat, news
from gameshelf.server.storage import RoomStore, StaleError, UnavailableError

log = logging.getLogger("gameshelf.server")

#: A room not started is closed after this many seconds with no one in it (its code is
#: freed; a message naming it is told so). 0: never.
LOBBY_IDLE = 3600.0
#: Finished rooms kept in memory once rebuilt (a replay of a long Yatz game takes a tenth
#: of a second: done once, not at every message naming the room).
KEEP_FINISHED = 64


class RoomKeeper:
    """The rooms of one server in memory, and their store.

    Args:
        store: where rooms are kept (every accepted action committed there first).
        finisher: records a finished game (default: nothing).
        seed_source: the game number of a new room (default: a secret random one).
        lobby_idle: seconds a room not started may stay with no one in it before it is
            closed (0: never; :data:`LOBBY_IDLE`).
    """

    def __init__(self, store: RoomStore, finisher: Finisher | None = None,
                 seed_source: Callable[[], int] | None = None,
                 lobby_idle: float = LOBBY_IDLE) -> None:
        self.store = store
        self.lobby_idle = lobby_idle
        self.finisher = finisher
        self.seed_source = seed_source or (lambda: secrets.randbelow(MAX_SEED + 1))
        self.rooms: dict[str, Room] = {}
        #: The connections this process holds of each seat of a room (``{seat: count}``),
        #: told by the server that owns them: a room rebuilt from the store counts them,
        #: so its people's states are sent to them (a view is made for connected seats only).
        self.held: Callable[[str], dict[int, int]] = lambda code: {}
        #: The seats other processes said they have connections of, in rooms this one
        #: does not hold (``{code: (when, seats)}``, the latest): a room read from the
        #: store later shows them connected at once, not after the next announcement.
        self.seen_elsewhere: dict[str, tuple[float, tuple[int, ...]]] = {}
        #: Entries :attr:`seen_elsewhere` may grow to before the lapsed ones are dropped.
        self._seen_limit = 64
        #: Finished rooms rebuilt from the store, most recently asked for last (at most
        #: :data:`KEEP_FINISHED`): a room is replayed once, not at every message naming it.
        self.finished: OrderedDict[str, Room] = OrderedDict()
        #: True: a finished game's record is not written in the commit of its last actions
        #: but kept on the room (:attr:`Room.unrecorded`) for :meth:`Lobby.write_finished`,
        #: so a server whose store calls run on its event loop (SQLite) writes it off the
        #: loop. False (the default): written with the actions, as the store does it.
        self.finish_later = False
        #: True while the store's last failure was that it could not be reached
        #: (:class:`UnavailableError`): the refusal then says ``unavailable``.
        self.store_down = False


    def load_unfinished(self, now: float) -> list[str]:
        """Rebuild every room not over from the store (at the server's start). A room that
        cannot be rebuilt is logged and left in the store as it is.

        Returns:
            The codes rebuilt.
        """
        done = []
        for code in self.store.unfinished():
            try:
                self.rooms[code] = self._rebuild(code, now)
                done.append(code)
            except Exception as exc:   # any fault of one stored room: the others are served
                log.error("room %s cannot be rebuilt: %s: %s", code, type(exc).__name__, exc)
        return done

    def _rebuild(self, code: str, now: float) -> Room:
        stored = self.store.load(code)
        if stored is None:
            raise Refused("no_room", f"there is no room {code}")
        room = Room(stored.code, stored.game, dict(stored.options),
                    [Seat(s.kind, s.name, s.level, s.token_hash, gone_since=now)
                     for s in stored.seats], stored.host, stored.away_timeout, stored.seed,
                    stored.status, version=stored.version)
        for seat, count in self.held(code).items():     # its connections here, if any
            if 0 <= seat < len(room.seats) and room.seats[seat].token_hash:
                room.seats[seat].connections = count
        seen = self.seen_elsewhere.pop(code, None)      # and those of other processes
        if seen is not None and now - seen[0] <= ELSEWHERE:
            room.present(seen[1], seen[0])
        if stored.status != "lobby":
            room.game = game_of_record(self.record_of(room, [a.action for a in
                                                                stored.actions]))
            # a game that plays its first chance when made (a deal) holds actions not
            # stored yet when its room was read between its start and first commit
            new = len(room.game.actions) - len(stored.actions)
            room.by_computer = [a.by_computer for a in stored.actions] + [True] * new
            room.committed = [a.action for a in stored.actions]
        return room

    def record_of(self, room: Room, actions: Sequence[str]) -> GameRecord:
        """The record of ``room``'s game with ``actions`` (how a room is rebuilt)."""
        fresh = game_class(room.game_key).new(room.plan(), dict(room.options), room.seed)
        base = fresh.record()
        return GameRecord(base.game, base.rules_version, base.options, base.seed,
                          tuple(actions))

    def room(self, code: str, now: float = 0.0) -> Room:
        """The room ``code`` (from memory, else rebuilt from the store).

        Raises:
            Refused: ``no_room``; ``unavailable`` (the store cannot be reached now).
        """
        key = code.strip().upper()
        room = self.rooms.get(key) or self.finished.get(key)
        if room is None:
            if not key or len(key) > 16:
                raise Refused("no_room", f"there is no room {quote(code)}")
            try:
                room = self._rebuild(key, now)
            except Refused:
                raise Refused("no_room", f"there is no room {quote(code)}") from None
            except UnavailableError as exc:
                log.error("the server database: %s", exc)
                raise unavailable() from None
            if room.status == "closed":
                raise Refused("no_room", f"the room {quote(code)} was closed: no one was in it "
                              "before its game started; create a new one")
            if room.status != "over":
                self.rooms[key] = room
            else:   # a finished room is only read (its record): kept a while, replayed once
                self.finished[key] = room
                while len(self.finished) > KEEP_FINISHED:
                    self.finished.popitem(last=False)
        if room.status == "over" and key in self.finished:
            self.finished.move_to_end(key)
        return room


    def _store_seats(self, room: Room, status: str) -> bool:
        """Write the room's seats and ``status`` (its version counted up); False when the
        store failed (logged).

        Raises:
            StaleError: another process changed the room first (nothing written).
        """
        self.store_down = False
        try:
            room.version = self.store.update(room.code, [s.stored() for s in room.seats],
                                             status, version=room.version)
        except StaleError:
            raise
        except StoreError as exc:
            self.failed(exc)
            return False
        return True

    def _write(self, fn: Callable[[], object]) -> bool:
        self.store_down = False
        try:
            result = fn()
        except StoreError as exc:
            self.failed(exc)
            return False
        return result is not False

    def failed(self, exc: StoreError) -> None:
        """A store call failed: logged, and :attr:`store_down` says whether the store could
        not be reached."""
        log.error("the server database: %s", exc)
        self.store_down = isinstance(exc, UnavailableError)

    def refusal(self, what: str) -> Refused:
        """The refusal of a message whose write failed (:meth:`failed`): ``unavailable``
        when the store could not be reached, else ``internal`` saying ``what`` could not be
        stored."""
        if self.store_down:
            return unavailable()
        return Refused("internal", f"{what} could not be stored; nothing changed")

    def restore(self, code: str, now: float) -> Outbox:
        """Throw away what this process holds of the room ``code`` beyond its store and read
        it again in full (its connections here kept): after a message failed midway, which
        may have moved the room's game on in memory only, so the failure changes nothing.
        Returns what its connections are told (the room as stored)."""
        return self._reload(code, now, extend=False)

    def _reload(self, code: str, now: float, *, extend: bool = True) -> Outbox:
        """Read the room again from the store (its connections here kept: a seat with none
        is gone from ``now``, not away): only the actions stored after its own when
        ``extend`` and it can, else in full. Returns what
        its connections are told of the change (:func:`news`); nothing when it cannot be
        read (its next message rebuilds it)."""
        old = self.rooms.get(code)     # held while read: a notice meanwhile finds it
        try:
            told = self._extend(old) if old is not None and extend else None
            if told is not None:
                return told
            room = self._rebuild(code, now)
        except (GameshelfError, Refused):
            self.rooms.pop(code, None)
            return []
        if old is not None:     # the connections here are kept; a seat with none here
            # may be in the room through another process (which just wrote): it counts as
            # gone from now, not away, so the away rule waits a whole timeout again
            for s, o in zip(room.seats, old.seats, strict=False):
                if s.token_hash == o.token_hash:
                    s.elsewhere, s.there = o.elsewhere, o.there
                if o.connections and s.token_hash == o.token_hash:
                    s.connections, s.gone_since = o.connections, o.gone_since
        if room.status != "closed":
            self.rooms[code] = room
        else:
            self.rooms.pop(code, None)
        return news(old, room)

    def _extend(self, room: Room) -> Outbox | None:
        """Bring ``room`` (playing, its game as committed) up to the store by reading and
        applying only the actions stored after its own (:meth:`Game.extend`), not its whole
        record (a Muggins room of 100 actions: 12-30 ms replayed; a Yatz room of 1,300:
        about 20 ms, against 0.4 ms for a write's new actions). Returns what its
        connections are told (:func:`news`), or None when it must be rebuilt instead: not
        playing, a game that does not extend, its last action replaced meanwhile (a Yatz
        hold), other seats, or a replay refused (logged; the room held is then replaced by
        the one rebuilt).

        Raises:
            StoreError: the store cannot be read.
        """
        g = room.game
        known = len(room.committed)
        if (g is None or room.status != "playing" or not known
                or list(g.actions) != room.committed):
            return None
        stored = self.store.load(room.code, known - 1)    # our last action and the rest
        if (stored is None or not stored.actions or stored.actions[0].seq != known
                or stored.actions[0].action != room.committed[-1]
                or [s.token_hash for s in stored.seats] != [s.token_hash for s in room.seats]
                or stored.status == "closed"):
            return None
        fresh = stored.actions[1:]
        before = replace(room)      # as it stood: what the news is counted from
        try:
            if fresh and not g.extend([a.action for a in fresh]):
                return None
        except GameshelfError as exc:    # its game is left half-way: read again whole
            log.error("room %s: the actions stored by another process do not replay here "
                      "(%s); it is read again whole", room.code, exc)
            return None
        new = len(g.actions) - known - len(fresh)    # chance the game played at once
        room.by_computer = (room.by_computer + [a.by_computer for a in fresh]
                            + [True] * new)
        room.committed = room.committed + [a.action for a in fresh]
        room.version = stored.version
        room.status = stored.status
        room.forget(0 if room.status == "over" else known - 1)
        return news(before, room)

    def refresh(self, code: str, version: int, now: float) -> Outbox:
        """Another server process wrote the room ``code`` (its version is ``version``
        now): when this process holds it at an older version, it is read again from the
        store. Returns what its connections here are told (:func:`news`)."""
        room = self.rooms.get(code)
        if room is None or room.version >= version:
            return []
        return self._reload(code, now)


def unavailable() -> Refused:
    """The refusal of a message while the room store cannot be reached (a PostgreSQL
    restart, a network cut): ``unavailable``, nothing changed; the server recovers by
    itself, so the same message may be sent again in a moment."""
    return Refused("unavailable", "the server's database cannot be reached now: nothing "
                   "was changed; try again in a moment")
