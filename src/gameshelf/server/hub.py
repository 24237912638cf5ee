"""The game server's connections and rooms on the event loop: :class:`Hub`.

Each WebSocket connection reads client messages (:mod:`gameshelf.server.protocol`), hands
them to the rooms (:class:`gameshelf.server.rooms.Lobby`) and delivers what they answer: a
seat's messages to that seat's connections only, a room's to every connection in it. A
message is written to its connection's socket at once (the WebSocket layer's
:class:`gameshelf.server.layers.Frames`: no task's turn, no awaited send per message); what
the socket does not take yet waits in that connection's own buffer, so a slow reader never
holds up a room, and one that lets :data:`MAX_BUFFERED` bytes heap up is dropped. The
limits on clients are :class:`gameshelf.server.limits.Limits`'.

Room logic runs on the event loop (each message's work is short: the quick computer players
decide in milliseconds), except in a room with a slow computer seat (a level its game names
in ``Game.slow_levels``), whose actions and ticks are worked out in a worker thread, and on
a store whose calls wait on the network (PostgreSQL: :attr:`RoomStore.blocking`), where
every message naming a room, and each tick that writes, is worked out in a worker thread, so
one slow commit holds up its own room only. A room's messages are handled one at a time (its
lock), so no two of them interleave.
Hints, reviews, replays and scores are worked out on a pool of threads of their own
(:class:`gameshelf.server.asks.Asks`), so those moves and store calls never wait behind them.

A background tick (every :data:`TICK` seconds) applies the away rule and closes idle
lobbies, in the rooms whose lease this process holds (:mod:`gameshelf.server.leases`).
Several processes may share one PostgreSQL database: each is told of the others' writes
after their commit (:meth:`RoomStore.listen`), reads a room it holds again from the store
(:meth:`Lobby.refresh`) and tells its own connections of that room what changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from starlette.websockets import WebSocket, WebSocketDisconnect

from gameshelf import __version__
from gameshelf.core.errors import GameshelfError
from gameshelf.server import protocol as p
from gameshelf.server.asks import ASK_WORKERS, ASKED, Asks
from gameshelf.server.batch import dump_all
from gameshelf.server.games import game_class, playable
from gameshelf.server.layers import FRAMES, Frames
from gameshelf.server.leases import Leases, timed
from gameshelf.server.limits import BURST, GUESS_RATE, PER_HOST, RATE, ROOMS_RATE, Limits
from gameshelf.server.room import Outbox, Refused, Room, Stale
from gameshelf.server.rooms import Lobby

log = logging.getLogger("gameshelf.server")

T = TypeVar("T")

#: Messages of one connection handled in a row before the others get a turn.
TURN = 8
#: Seconds between two checks of the away rule.
TICK = 0.25
#: Messages waiting for a slow reader before its connection is closed (a connection with
#: no :class:`~gameshelf.server.layers.Frames`, whose messages are queued).
MAX_QUEUED = 2000
#: Bytes a connection's socket has not taken yet before the connection is dropped (about
#: as many ``state`` messages as :data:`MAX_QUEUED`).
MAX_BUFFERED = 8 << 20
#: Seconds between two announcements of which seats have connections here, to the other
#: processes on the same database (a seat no longer announced counts there as gone from its
#: last announcement: the away rule waits a whole timeout from then).
PRESENT_EVERY = 5.0
#: Seconds between two moves of every object alive into the garbage collector's permanent
#: generation (:func:`gc.freeze`), and between two hands back of them all (:func:`gc.unfreeze`).
FREEZE_EVERY = 60.0
THAW_EVERY = 3600.0


@dataclass(eq=False)
class Connection:
    """One client connection: how its messages go out, its seat once bound, its rate
    bucket.

    With ``frames`` (the WebSocket layer's writer) a message is written at once; without
    (an ASGI server that offers none, or a test's connection with no socket) it is queued
    for :meth:`Hub._send_loop`."""

    ws: WebSocket
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    bound: tuple[str, int] | None = None
    tokens: float = BURST
    last: float = 0.0
    host: str = ""
    frames: Frames | None = None

    def send(self, text: str | bytes) -> None:
        """Send a message (JSON text, or its UTF-8 bytes); a reader too slow to keep up is
        dropped."""
        if self.frames is not None:
            if self.frames.text(text if isinstance(text, bytes) else text.encode()) \
                    > MAX_BUFFERED:
                self.frames.drop()
            return
        if self.queue.qsize() >= MAX_QUEUED:
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(text if isinstance(text, str) else text.decode())


class Hub(Limits):
    """The connections of every room and the rooms themselves.

    Args:
        lobby: the rooms.
        rate, burst: the rate limit (messages a second, at once).
        per_host: connections one client address may hold at once.
        guesses: wrong room codes or tokens one client address may send a minute (bursts
            of twice as many).
        rooms: rooms one client address may create a minute (bursts of twice as many).
        ask_workers: threads working out hints, reviews, replays and scores (their own
            pool, :class:`gameshelf.server.asks.Asks`).
        tick: seconds between checks of the away rule.
        clock: monotonic seconds.
    """

    def __init__(self, lobby: Lobby, *, rate: float = RATE, burst: float = BURST,
                 per_host: int = PER_HOST, guesses: float = GUESS_RATE,
                 rooms: float = ROOMS_RATE, ask_workers: int = ASK_WORKERS,
                 tick: float = TICK, clock: Callable[[], float] = time.monotonic) -> None:
        super().__init__(rate=rate, burst=burst, per_host=per_host, guesses=guesses,
                         rooms=rooms, clock=clock)
        self.lobby = lobby
        # a room the lobby rebuilds from the store counts the connections held here
        lobby.held = lambda code: {seat: len(conns) for seat, conns
                                   in self.seats.get(code, {}).items() if conns}
        self.tick = tick
        #: Hints, reviews, replays and scores: worked out on their own pool.
        self.asks = Asks(ask_workers, clock)
        self.seats: dict[str, dict[int, set[Connection]]] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        #: Handlers holding or waiting for each room's lock (a lock no one uses is let go).
        self.users: dict[str, int] = {}
        #: Store calls made in worker threads (they may wait on the network).
        self.offload = lobby.store.blocking
        #: Other processes may hold these rooms (they say who is connected there).
        self.shared = lobby.store.shared
        self.loop: asyncio.AbstractEventLoop | None = None
        #: Rooms being read again after another process's write (one task per room),
        #: and the newest version told of each.
        self.refreshing: dict[str, asyncio.Task[None]] = {}
        self.wanted: dict[str, int] = {}
        self.checks: set[asyncio.Task[None]] = set()
        #: Announcements of a seat connected here, on their way to the other processes.
        self.announcing: set[asyncio.Task[None]] = set()
        #: The rooms whose timed work (stand-ins, idle lobbies) this process runs.
        self.leases = Leases(lobby.store, clock)
        # a store whose calls run here (SQLite): a finished game's record, which waits for
        # the disk, is written in a worker thread (settle), not in the commit on the loop
        lobby.finish_later = not self.offload

    # ----- delivery ---------------------------------------------------------------------------
    def deliver(self, code: str, out: Outbox) -> None:
        """Send a room's messages to their seats' connections: written once each (what
        the seats' views share written once, :func:`~gameshelf.server.batch.dump_all`),
        and not at all when no connection of its seat is here."""
        room = self.seats.get(code, {})
        sends = [(targets, msg) for seat, msg in out
                 if (targets := (room.get(seat, set()) if seat is not None
                                 else {c for conns in room.values() for c in conns}))]
        for (targets, _), text in zip(sends, dump_all([m for _, m in sends]), strict=True):
            for conn in targets:
                conn.send(text)

    def bind(self, conn: Connection, room: Room, seat: int) -> None:
        """Seat ``conn`` (leaving the seat it had)."""
        self.unbind(conn)
        conn.bound = (room.code, seat)
        self.seats.setdefault(room.code, {}).setdefault(seat, set()).add(conn)
        self.deliver(room.code, self.lobby.connected(room, seat))
        if self.shared:     # the other processes show the seat connected now
            self._announce({room.code: self._here(room.code)})

    def unbind(self, conn: Connection) -> None:
        """``conn`` leaves its seat (it closed, or took another)."""
        if conn.bound is None:
            return
        code, seat = conn.bound
        conn.bound = None
        conns = self.seats.get(code, {}).get(seat)
        if conns is not None:
            conns.discard(conn)
        # a finished room rejoined is in the finished rooms kept (Lobby.finished)
        room = self.lobby.rooms.get(code) or self.lobby.finished.get(code)
        if room is not None:
            self.deliver(code, self.lobby.disconnected(room, seat, self.clock()))
            if room.status == "over" and not any(self.seats.get(code, {}).values()):
                # a finished room nobody is in leaves memory (its record is rebuilt from
                # the store when asked for)
                self.lobby.rooms.pop(code, None)
                self.seats.pop(code, None)
                if not self.users.get(code):
                    self.locks.pop(code, None)

    # ----- one message ------------------------------------------------------------------------
    def slow(self, room: Room | None) -> bool:
        """True when ``room`` has a computer seat whose moves may take long (a level in
        its game's :attr:`~gameshelf.server.games.Game.slow_levels`): its actions are then
        worked out in a worker thread, so other rooms go on."""
        if room is None:
            return False
        # a game under way is of its adapter's class (not looked up at every message)
        slow = (type(room.game) if room.game is not None
                else game_class(room.game_key)).slow_levels
        return any(s.kind == "computer" and s.level in slow for s in room.seats)

    @contextlib.asynccontextmanager
    async def lock(self, code: str) -> AsyncIterator[None]:
        """Hold the room's lock: its messages, ticks and refreshes are handled one at a
        time. A lock no one holds or waits for, of a room not in memory, is let go."""
        found = self.locks.get(code)
        if found is None:
            found = self.locks[code] = asyncio.Lock()
        self.users[code] = self.users.get(code, 0) + 1
        try:
            async with found:
                yield
        finally:
            left = self.users.pop(code) - 1
            if left:
                self.users[code] = left
            elif code not in self.lobby.rooms and code not in self.seats:
                self.locks.pop(code, None)

    async def work(self, room: Room | None, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)``: in a worker thread when the store's calls may wait on the network
        or ``room`` is :meth:`slow`, else here."""
        if self.offload or self.slow(room):
            return await asyncio.to_thread(fn, *args)
        return fn(*args)

    async def settle(self, code: str) -> None:
        """Write the room ``code``'s finished game to the player store in a worker thread
        when its last commit left it for later (:meth:`Lobby.write_finished`), before its
        end is told: the write waits for the disk, and every other room goes on
        meanwhile."""
        room = self.lobby.rooms.get(code) or self.lobby.finished.get(code)
        if room is not None and room.unrecorded is not None:
            await asyncio.to_thread(self.lobby.write_finished, room)

    async def handle(self, conn: Connection, text: str | bytes) -> None:
        """One client message: answered, or refused with an error to ``conn`` only."""
        ref: str | None = None
        code: object = None
        try:
            if not self.allowed(conn):
                raise Refused("rate_limited", f"too many messages: at most {self.rate:g} a "
                              f"second (bursts of {self.burst:g}); this one was dropped")
            msg = p.parse_client(text)
            ref = getattr(msg, "ref", None)
            code = getattr(msg, "code", None)
            if isinstance(msg, p.Create) and not self.may_create(conn.host):
                raise Refused("rate_limited", "too many rooms created from your address: "
                              "wait a minute")
            if not isinstance(code, str):
                await self.dispatch(conn, msg)
                return
            if self.guessing_left(conn.host) < 1.0:
                raise Refused("rate_limited", "too many wrong room codes or tokens from "
                              "your address: wait a minute")
            code = code.strip().upper()
            if not self.offload and code not in self.lobby.rooms:
                await self.dispatch(conn, msg)   # all on the loop: nothing to interleave
                return
            async with self.lock(code):
                await self.dispatch(conn, msg)
        except p.ProtocolError as exc:
            conn.send(p.dump(p.Error(exc.code, exc.message, exc.ref)))
        except Refused as exc:
            if exc.code in ("no_room", "bad_token"):
                self.guessed_wrong(conn.host)
            conn.send(p.dump(p.Error(exc.code, exc.message, ref, exc.game)))
            if isinstance(exc, Stale) and isinstance(code, str):
                self.deliver(code.strip().upper(), exc.out)   # the room as it is now

        except Exception as exc:  # noqa: BLE001 - one client's message never stops the server
            log.exception("a message failed (%s)", type(exc).__name__)
            conn.send(p.dump(p.Error("internal", "the server failed on this message; "
                                     "nothing was changed", ref)))
            if isinstance(code, str) and code.strip().upper() in self.lobby.rooms:
                await self.restore(code.strip().upper())

    async def restore(self, code: str) -> None:
        """Read the room ``code`` again from the store after a message on it failed midway
        (:meth:`~gameshelf.server.keeper.RoomKeeper.restore`), so what the failure may have
        changed in memory is gone, and tell its connections the room as stored."""
        try:
            async with self.lock(code):
                out = await self.work(None, self.lobby.restore, code, self.clock())
            self.deliver(code, out)
        except Exception as exc:  # noqa: BLE001 - its next message reads it again
            log.error("room %s could not be read again: %s", code, exc)
            self.lobby.rooms.pop(code, None)

    async def dispatch(self, conn: Connection, msg: p.Message) -> None:
        """Do what ``msg`` asks (the lobby's work through :meth:`work`)."""
        now = self.clock()
        lobby = self.lobby
        held = lobby.rooms.get(str(getattr(msg, "code", "")).strip().upper())
        if isinstance(msg, p.Hello):
            conn.send(p.dump(p.Welcome(f"gameshelf {__version__}", playable(), msg.ref)))
        elif isinstance(msg, p.Create):
            room, seat, token = await self.work(None, lobby.create, msg, now)
            conn.send(p.dump(p.Joined(room.info(), seat, token, msg.ref)))
            self.bind(conn, room, seat)
            log.info("room %s created (%s)", room.code, room.game_key)
        elif isinstance(msg, p.Join):
            room, seat, token, out = await self.work(None, lobby.join, msg, now)
            # what another process changed meanwhile (the room itself is told by bind)
            self.deliver(room.code, out[:-1])
            conn.send(p.dump(p.Joined(room.info(), seat, token, msg.ref)))
            self.bind(conn, room, seat)
        elif isinstance(msg, p.Rejoin):
            room, seat = await self.work(None, lobby.rejoin, msg, now)
            conn.send(p.dump(p.Joined(room.info(), seat, msg.token, msg.ref)))
            self.bind(conn, room, seat)
        elif isinstance(msg, p.Start):
            out = await self.work(held, lobby.start, msg, now)
            await self.settle(msg.code.strip().upper())
            self.deliver(msg.code.strip().upper(), out)
        elif isinstance(msg, p.Act):
            out = await self.work(held, lobby.act, msg, now)
            await self.settle(msg.code.strip().upper())
            self.deliver(msg.code.strip().upper(), out)
        elif isinstance(msg, p.Leave):
            if held is not None:      # a room not held here: its seat is told as dropped
                lobby.leave(held, msg)
        elif isinstance(msg, p.GetRecord):
            conn.send(p.dump(await self.work(None, lobby.record, msg, now)))
        elif isinstance(msg, ASKED):    # hint, review, replay, scores: answered later
            await self.asks.answer(lobby, conn, conn.send, msg, now)
        else:  # pragma: no cover - parse_client reads client messages only
            raise Refused("unknown_type", f"a client does not send {msg.TYPE!r}")

    # ----- connections and the tick -----------------------------------------------------------
    async def serve(self, ws: WebSocket) -> None:
        """One WebSocket connection, until it closes."""
        await ws.accept()
        host = ws.client.host if ws.client is not None else ""
        if self.hosts.get(host, 0) >= self.per_host:
            why = f"too many connections from your address: at most {self.per_host} at once"
            with contextlib.suppress(Exception):    # said in an error and in the close
                await ws.send_text(p.dump(p.Error("rate_limited", why)))
                await ws.close(1008, why)
            return
        self.hosts[host] = self.hosts.get(host, 0) + 1
        frames = ws.scope.get("extensions", {}).get(FRAMES, {}).get("frames")
        conn = Connection(ws, tokens=self.burst, last=self.clock(), host=host, frames=frames)
        sender = asyncio.create_task(self._send_loop(conn)) if frames is None else None
        try:
            handled = 0
            while True:
                event = await ws.receive()
                if event["type"] == "websocket.disconnect":
                    break
                data = event.get("text")
                if data is None:
                    data = event.get("bytes") or b""
                await self.handle(conn, data)
                handled += 1
                if handled % TURN == 0:
                    # one network read may hold thousands of one client's messages, each
                    # taken at once: the other connections get their turn between them
                    await asyncio.sleep(0)
        except WebSocketDisconnect:
            pass
        finally:
            left = self.hosts.pop(host, 1) - 1
            if left > 0:
                self.hosts[host] = left
            self.unbind(conn)
            with contextlib.suppress(Exception):
                if sender is None:
                    await ws.close()
                else:
                    conn.queue.put_nowait(None)
                    await sender

    async def _send_loop(self, conn: Connection) -> None:
        """Write ``conn``'s queued messages until it is closed (a connection with no
        :class:`~gameshelf.server.layers.Frames`)."""
        while True:
            text = await conn.queue.get()
            if text is None:
                with contextlib.suppress(Exception):
                    await conn.ws.close()
                return
            try:
                await conn.ws.send_text(text)
            except Exception:  # noqa: BLE001 - the connection went; its reader ends it
                return

    async def ticker(self) -> None:
        """Apply the away rule, and close lobbies left by everyone, every :attr:`tick`
        seconds, for ever: in the rooms where it may change something
        (:meth:`Room.tick_wanted`; 1,000 rooms whose people are all there cost a look at
        each, no lock, no call)."""
        while True:
            await asyncio.sleep(self.tick)
            for room in list(self.lobby.rooms.values()):
                now = self.clock()
                if self.shared:     # seats shown connected through another process
                    self.deliver(room.code, self.lobby.lapsed(room, now))
                if (not timed(room) or not self.leases.holds(room.code, now)
                        or not room.tick_wanted(now, self.lobby.lobby_idle)):
                    continue    # nothing to do: its lock is not taken
                try:
                    async with self.lock(room.code):
                        now = self.clock()
                        if self.slow(room) or (self.offload
                                               and self.lobby.tick_due(room, now)):
                            out = await asyncio.to_thread(self.lobby.tick_room, room, now)
                        else:
                            out = self.lobby.tick_room(room, now)
                        await self.settle(room.code)
                    self.deliver(room.code, out)
                except Exception as exc:  # noqa: BLE001 - the tick goes on
                    log.exception("the away check failed (%s)", type(exc).__name__)


    async def freezer(self) -> None:
        """Keep the garbage collector's full collections short, for ever: every
        :data:`FREEZE_EVERY` seconds every object alive is moved to its permanent generation
        (:func:`gc.freeze`), so a full collection walks only what was made since. Without
        it, one walked every room (1,000 Showdown rooms: 0.2-0.4 s with the event loop
        stopped, the tail of send-to-state). A room holds no reference cycle, so a frozen
        room that goes is still freed (by its reference count); cyclic garbage among frozen
        objects (a closed connection's tasks) is found once every :data:`THAW_EVERY`
        seconds, when everything is handed back (:func:`gc.unfreeze`)."""
        since = 0.0
        while True:
            await asyncio.sleep(FREEZE_EVERY)
            since += FREEZE_EVERY
            if since >= THAW_EVERY:
                since = 0.0
                gc.unfreeze()
            else:
                gc.freeze()

    # ----- the other processes' writes -------------------------------------------------------
    def changed(self, code: str, version: int) -> None:
        """Another process wrote the room ``code`` (now at ``version``): called from the
        store's listening thread; the room is read again on the loop (:meth:`refresh`)."""
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._changed, code, version)

    def missed(self) -> None:
        """The store may have missed notices (the database was away): every room held is
        checked against its stored version. Called from the store's listening thread."""
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._missed)

    def present(self, code: str, seats: tuple[int, ...]) -> None:
        """Another process has connections of ``seats`` of the room ``code`` (called from
        the store's listening thread)."""
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._present, code, seats)

    def _present(self, code: str, seats: tuple[int, ...]) -> None:
        self.deliver(code, self.lobby.present(code, seats, self.clock()))

    async def announcer(self) -> None:
        """Every :data:`PRESENT_EVERY` seconds, tell the other processes which seats of
        which rooms have connections here (:meth:`RoomStore.announce`), for ever."""
        while True:
            await asyncio.sleep(PRESENT_EVERY)
            here = {code: self._here(code) for code in self.seats}
            here = {code: seats for code, seats in here.items() if seats}
            if here:
                await self._announced(here)

    def _here(self, code: str) -> list[int]:
        """The seats of the room ``code`` with a connection here."""
        return sorted(seat for seat, conns in self.seats.get(code, {}).items() if conns)

    def _announce(self, here: dict[str, list[int]]) -> None:
        """Tell the other processes of ``here`` now, without waiting for it (a seat that
        connects here is shown connected there at once, not at the next announcement)."""
        task = asyncio.get_running_loop().create_task(self._announced(here))
        self.announcing.add(task)
        task.add_done_callback(self.announcing.discard)

    async def _announced(self, here: dict[str, list[int]]) -> None:
        try:
            await asyncio.to_thread(self.lobby.store.announce, here)
        except GameshelfError as exc:
            log.error("the seats here could not be announced: %s", exc)

    def _changed(self, code: str, version: int) -> None:
        room = self.lobby.rooms.get(code)
        if (room is None and code not in self.refreshing and code not in self.locks) or (
                room is not None and room.version >= version):
            return      # not held nor being read here, or seen already
        if (room is not None and code not in self.locks
                and not any(self.seats.get(code, {}).values())):
            self.lobby.rooms.pop(code, None)   # no one here: read again when asked for
            return
        self.wanted[code] = max(self.wanted.get(code, 0), version)
        if code not in self.refreshing:     # else the running refresh reads it too
            self.refreshing[code] = asyncio.create_task(self.refresh(code))

    def _missed(self) -> None:
        async def check() -> None:
            try:
                stored = await asyncio.to_thread(self.lobby.store.versions,
                                                 list(self.lobby.rooms))
            except GameshelfError as exc:
                log.error("the rooms could not be checked: %s", exc)
                return
            for code, version in stored.items():
                self._changed(code, version)
        self.checks.add(task := asyncio.create_task(check()))
        task.add_done_callback(self.checks.discard)

    async def refresh(self, code: str) -> None:
        """Read the room ``code`` again from the store while this process holds an older
        version than another process wrote (:attr:`wanted`), and tell its connections here
        what changed."""
        try:
            while True:
                async with self.lock(code):
                    room = self.lobby.rooms.get(code)
                    want = self.wanted.get(code, 0)
                    if room is None or room.version >= want:
                        break
                    out = await asyncio.to_thread(self.lobby.refresh, code, want,
                                                  self.clock())
                self.deliver(code, out)
                if not out:     # not read (the store away): the next notice tries again
                    break
        except Exception as exc:  # noqa: BLE001 - one room's refresh never stops the server
            log.exception("room %s could not be read again (%s)", code, type(exc).__name__)
        finally:
            self.wanted.pop(code, None)
            self.refreshing.pop(code, None)
