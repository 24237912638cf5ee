"""The game server on the network: a Starlette app on uvicorn speaking WebSockets.

One WebSocket endpoint, ``/ws``, and beside it on the same port the web page that plays
over it (:mod:`gameshelf.web.page`: ``/`` the menu, ``/r/CODE`` a room's link, the
frame's and the games' page modules). Every request passes
:class:`gameshelf.core.webguard.Guard` first (:func:`config` wraps the app in its
middleware): a WebSocket or page asked for by a web page that is not one of this server's
(or of an origin given with ``--allow-origin``), or naming a ``Host`` the server does not
have, is answered HTTP 403 before any room is touched; clients that send no ``Origin`` (the
terminal's client) are let in. Each connection reads
client messages (:mod:`gameshelf.server.protocol`), hands them to the rooms
(:class:`gameshelf.server.rooms.Lobby`) and delivers what they answer: a seat's messages to
that seat's connections only, a room's to every connection in it. Each connection has its
own outgoing queue, so a slow reader never holds up a room.

- A refused message gets an ``error`` on its connection only; nothing changes and the
  connection goes on. Frames over 64 KiB are refused that way too (frames over 1 MiB, which
  the WebSocket layer will not read, close the connection).
- Messages faster than the rate limit (a token bucket per connection: :data:`RATE` a second,
  bursts of :data:`BURST`) are dropped with an error ``rate_limited``.
- Limits per connection cannot be dodged by opening more connections: one client address
  may hold :data:`PER_HOST` connections at once (one more gets an error ``rate_limited``
  and is closed), and may make :data:`GUESS_BURST` wrong guesses of a room code or a
  token (``no_room``, ``bad_token``), then one every ``60 / GUESS_RATE`` seconds; beyond
  that its messages naming a room are refused ``rate_limited`` (a room code of 4 letters
  cannot be found by trying them all), and may create :data:`ROOMS_BURST` rooms at once,
  then :data:`ROOMS_RATE` a minute (a room kept in the store and in memory is not made
  for nothing).
- Tokens are never logged: the log names rooms and error codes only.
- A background tick (every :data:`TICK` seconds) applies the away rule and closes idle
  lobbies, in the rooms whose lease this process holds (:mod:`gameshelf.server.leases`:
  one process at a time per room, taken over when its holder dies).
- Finished games are recorded in the server's store (its top-20 tables and statistics:
  :func:`record_finished`).

Room logic runs on the event loop (each message's work is short: the quick computer players
decide in milliseconds), except in a room with a slow computer seat (:data:`SLOW`), whose
actions and ticks are worked out in a worker thread, and on a store whose calls wait on the
network (PostgreSQL: :attr:`RoomStore.blocking`), where every message naming a room, and
each tick that writes, is worked out in a worker thread, so one slow commit holds up its
own room only. A room's messages are handled one at a time (its lock), so no two of them
interleave.

Several processes may share one PostgreSQL database: each is told of the others' writes
after their commit (:meth:`RoomStore.listen`), reads a room it holds again from the store
(:meth:`Lobby.refresh`) and tells its own connections of that room what changed, so two
seats of one room on different processes both see every move at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import uvicorn
from starlette.applications import Starlette
from starlette.routing import WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from gameshelf import __version__
from gameshelf.core.errors import GameshelfError
from gameshelf.core.webguard import Guard, GuardMiddleware
from gameshelf.server import protocol as p
from gameshelf.server.asks import ASKED, answer
from gameshelf.server.games import playable
from gameshelf.server.layers import CarefulH11, CarefulWebSockets
from gameshelf.server.leases import Leases, timed
from gameshelf.server.results import finished_game, record_finished
from gameshelf.server.room import Outbox, Refused, Room, Stale
from gameshelf.server.rooms import LOBBY_IDLE, Lobby
from gameshelf.server.storage import FinishedGame, RoomStore
from gameshelf.server.stores import default_db, open_store
from gameshelf.web.page import page_routes

log = logging.getLogger("gameshelf.server")

T = TypeVar("T")

#: Messages a connection may send a second, on average.
RATE = 20.0
#: Messages a connection may send at once.
BURST = 40.0
#: Connections one client address may hold at once.
PER_HOST = 64
#: Wrong room codes or tokens one client address may send at once ...
GUESS_BURST = 20.0
#: ... and then a minute.
GUESS_RATE = 10.0
#: Rooms one client address may create at once ...
ROOMS_BURST = 20.0
#: ... and then a minute.
ROOMS_RATE = 30.0
#: Seconds between two checks of the away rule.
TICK = 0.25
#: Messages waiting for a slow reader before its connection is closed.
MAX_QUEUED = 2000
#: The largest frame the WebSocket layer reads (bytes); larger ones close the connection.
MAX_FRAME = 1 << 20
#: Computer levels whose moves may take long (the Yatz solver, the Showdown search): a
#: room with one has its actions worked out in a worker thread.
SLOW = frozenset({"strong", "search"})
#: Seconds between two announcements of which seats have connections here, to the other
#: processes on the same database (a seat no longer announced counts there as gone from its
#: last announcement: the away rule waits a whole timeout from then).
PRESENT_EVERY = 5.0
#: :func:`make_app`'s default finisher: finished games recorded through the rooms' store,
#: with their last actions (:func:`finished_game`).
STORED = object()


@dataclass(eq=False)
class Connection:
    """One client connection: its outgoing queue, its seat once bound, its rate bucket."""

    ws: WebSocket
    queue: asyncio.Queue[str | None] = field(default_factory=asyncio.Queue)
    bound: tuple[str, int] | None = None
    tokens: float = BURST
    last: float = 0.0
    host: str = ""

    def send(self, text: str) -> None:
        """Queue a message (a reader too slow to keep up is dropped)."""
        if self.queue.qsize() >= MAX_QUEUED:
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(text)


class Hub:
    """The connections of every room and the rooms themselves.

    Args:
        lobby: the rooms.
        rate, burst: the rate limit (messages a second, at once).
        per_host: connections one client address may hold at once.
        guesses: wrong room codes or tokens one client address may send a minute (bursts
            of twice as many).
        rooms: rooms one client address may create a minute (bursts of twice as many).
        tick: seconds between checks of the away rule.
        clock: monotonic seconds.
    """

    def __init__(self, lobby: Lobby, *, rate: float = RATE, burst: float = BURST,
                 per_host: int = PER_HOST, guesses: float = GUESS_RATE,
                 rooms: float = ROOMS_RATE,
                 tick: float = TICK, clock: Callable[[], float] = time.monotonic) -> None:
        self.lobby = lobby
        self.rate = rate
        self.burst = burst
        self.per_host = per_host
        self.guess_rate = guesses / 60.0
        self.guess_burst = max(GUESS_BURST, 2.0 * guesses)
        #: Open connections by client address.
        self.hosts: dict[str, int] = {}
        #: Wrong guesses left (a token bucket) and when it was last filled, by address.
        self.guesses: dict[str, tuple[float, float]] = {}
        self.rooms_rate = rooms / 60.0
        self.rooms_burst = max(ROOMS_BURST, 2.0 * rooms)
        #: Rooms left to create (a token bucket) and when it was last filled, by address.
        self.made: dict[str, tuple[float, float]] = {}
        self.tick = tick
        self.clock = clock
        self.seats: dict[str, dict[int, set[Connection]]] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        #: Handlers holding or waiting for each room's lock (a lock no one uses is let go).
        self.users: dict[str, int] = {}
        #: Store calls made in worker threads (they may wait on the network).
        self.offload = lobby.store.blocking
        self.loop: asyncio.AbstractEventLoop | None = None
        #: Rooms being read again after another process's write (one task per room),
        #: and the newest version told of each.
        self.refreshing: dict[str, asyncio.Task[None]] = {}
        self.wanted: dict[str, int] = {}
        self.checks: set[asyncio.Task[None]] = set()
        #: The rooms whose timed work (stand-ins, idle lobbies) this process runs.
        self.leases = Leases(lobby.store, clock)

    # ----- delivery ---------------------------------------------------------------------------
    def deliver(self, code: str, out: Outbox) -> None:
        """Send a room's messages to their seats' connections."""
        room = self.seats.get(code, {})
        for seat, msg in out:
            text = p.dump(msg)
            targets = (room.get(seat, set()) if seat is not None
                       else {c for conns in room.values() for c in conns})
            for conn in targets:
                conn.send(text)

    def bind(self, conn: Connection, room: Room, seat: int) -> None:
        """Seat ``conn`` (leaving the seat it had)."""
        self.unbind(conn)
        conn.bound = (room.code, seat)
        self.seats.setdefault(room.code, {}).setdefault(seat, set()).add(conn)
        self.deliver(room.code, self.lobby.connected(room, seat))

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
    def allowed(self, conn: Connection) -> bool:
        """The rate limit: True when the connection may send one more message now."""
        now = self.clock()
        conn.tokens = min(self.burst, conn.tokens + (now - conn.last) * self.rate)
        conn.last = now
        if conn.tokens < 1.0:
            return False
        conn.tokens -= 1.0
        return True

    def guessing_left(self, host: str) -> float:
        """The wrong room codes or tokens ``host`` may still send now (its bucket,
        filled up to the time)."""
        left, last = self.guesses.get(host, (self.guess_burst, 0.0))
        return min(self.guess_burst, left + (self.clock() - last) * self.guess_rate)

    def guessed_wrong(self, host: str) -> None:
        """``host`` sent a wrong room code or token: one guess fewer."""
        if len(self.guesses) > 10_000:   # forget the addresses whose buckets are full
            now = self.clock()
            self.guesses = {h: (left, last) for h, (left, last) in self.guesses.items()
                            if left + (now - last) * self.guess_rate < self.guess_burst}
        self.guesses[host] = (self.guessing_left(host) - 1.0, self.clock())

    def may_create(self, host: str) -> bool:
        """True when ``host`` may create one more room now (and it is counted)."""
        now = self.clock()
        left, last = self.made.get(host, (self.rooms_burst, now))
        left = min(self.rooms_burst, left + (now - last) * self.rooms_rate)
        if len(self.made) > 10_000:     # forget the addresses whose buckets are full
            self.made = {h: (n, t) for h, (n, t) in self.made.items()
                         if n + (now - t) * self.rooms_rate < self.rooms_burst}
        if left < 1.0:
            self.made[host] = (left, now)
            return False
        self.made[host] = (left - 1.0, now)
        return True

    def slow(self, room: Room | None) -> bool:
        """True when ``room`` has a computer seat whose moves may take long (:data:`SLOW`):
        its actions are then worked out in a worker thread, so other rooms go on."""
        return room is not None and any(s.kind == "computer" and s.level in SLOW
                                        for s in room.seats)

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
            conn.send(p.dump(p.Error(exc.code, exc.message, ref)))
            if isinstance(exc, Stale) and isinstance(code, str):
                self.deliver(code.strip().upper(), exc.out)   # the room as it is now

        except Exception as exc:  # noqa: BLE001 - one client's message never stops the server
            log.exception("a message failed (%s)", type(exc).__name__)
            conn.send(p.dump(p.Error("internal", "the server failed on this message; "
                                     "nothing was changed", ref)))

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
            self.deliver(msg.code.strip().upper(), out)
        elif isinstance(msg, p.Act):
            out = await self.work(held, lobby.act, msg, now)
            self.deliver(msg.code.strip().upper(), out)
        elif isinstance(msg, p.GetRecord):
            conn.send(p.dump(await self.work(None, lobby.record, msg, now)))
        elif isinstance(msg, ASKED):    # hint, review, replay, scores: answered later
            await answer(lobby, conn.send, msg, now)
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
        conn = Connection(ws, tokens=self.burst, last=self.clock(), host=host)
        sender = asyncio.create_task(self._send_loop(conn))
        try:
            while True:
                event = await ws.receive()
                if event["type"] == "websocket.disconnect":
                    break
                data = event.get("text")
                if data is None:
                    data = event.get("bytes") or b""
                await self.handle(conn, data)
        except WebSocketDisconnect:
            pass
        finally:
            left = self.hosts.pop(host, 1) - 1
            if left > 0:
                self.hosts[host] = left
            self.unbind(conn)
            conn.queue.put_nowait(None)
            with contextlib.suppress(Exception):
                await sender

    async def _send_loop(self, conn: Connection) -> None:
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
        seconds, for ever."""
        while True:
            await asyncio.sleep(self.tick)
            for room in list(self.lobby.rooms.values()):
                if not timed(room) or not self.leases.holds(room.code, self.clock()):
                    continue
                try:
                    async with self.lock(room.code):
                        now = self.clock()
                        if self.slow(room) or (self.offload
                                               and self.lobby.tick_due(room, now)):
                            out = await asyncio.to_thread(self.lobby.tick_room, room, now)
                        else:
                            out = self.lobby.tick_room(room, now)
                    self.deliver(room.code, out)
                except Exception as exc:  # noqa: BLE001 - the tick goes on
                    log.exception("the away check failed (%s)", type(exc).__name__)


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
            here = {code: sorted(seat for seat, conns in seats.items() if conns)
                    for code, seats in self.seats.items()}
            here = {code: seats for code, seats in here.items() if seats}
            if not here:
                continue
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


def make_app(store: RoomStore, *,
             finisher: Callable[[Room], FinishedGame] | None | object = STORED,
             lobby_idle: float = LOBBY_IDLE, **hub_options: Any) -> Starlette:
    """The ASGI app over ``store``: at start every unfinished room is rebuilt from it.

    Args:
        store: the rooms' storage.
        finisher: what a finished game records, written with its last actions (default
            :data:`STORED`: :func:`finished_game`; None: not recorded).
        lobby_idle: seconds before a room not started, with no one in it, is closed.
        hub_options: :class:`Hub`'s ``rate``, ``burst``, ``per_host``, ``guesses``,
            ``rooms``, ``tick``, ``clock``.
    """
    if finisher is STORED:
        finisher = finished_game
    lobby = Lobby(store, finisher, lobby_idle=lobby_idle)  # type: ignore[arg-type]
    hub = Hub(lobby, **hub_options)

    @contextlib.asynccontextmanager
    async def lifespan(_app: Starlette) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        store.listen(hub.changed, hub.missed, hub.present)
        rebuilt = lobby.load_unfinished(hub.clock())
        if rebuilt:
            log.warning("%d unfinished room(s) rebuilt from %s", len(rebuilt),
                        store.where or "the store")
        tasks = [asyncio.create_task(hub.ticker())]
        if store.blocking:    # a store other processes may share: say who is here
            tasks.append(asyncio.create_task(hub.announcer()))
            tasks.append(asyncio.create_task(hub.leases.keep(
                lambda: list(lobby.rooms.values()), lambda c: lobby.room(c, hub.clock()),
                hub.lock)))
        try:
            yield
        finally:
            for task in tasks:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            await asyncio.to_thread(hub.leases.give_back)

    app = Starlette(routes=[*page_routes(), WebSocketRoute("/ws", hub.serve)],
                    lifespan=lifespan)
    app.state.hub = hub
    return app


def config(app: Starlette, host: str, port: int, proxies: str = "", *,
           allow_origins: Sequence[str] = (), foreign: Collection[str] = (),
           **extra: Any) -> Any:
    """uvicorn's configuration for ``app`` behind the guard of ``host:port``
    (:class:`gameshelf.core.webguard.GuardMiddleware`; quiet: no access log; 1 MiB frames
    at most; the HTTP and WebSocket layers of :mod:`gameshelf.server.layers`, whose own
    answers carry the careful headers too).

    Args:
        host, port: the address the server listens on (the bound port, never 0): the
            names it answers to.
        proxies: the addresses of trusted reverse proxies, comma-separated (``*``: any),
            whose ``X-Forwarded-For`` names the client; "" (the default): no header is
            believed, the client is the peer address. (uvicorn believes the header from
            127.0.0.1 by default, which let any local client dodge the per-address limits
            by naming another address.)
        allow_origins: origins whose pages may use the server too (``--allow-origin``).
        foreign: loopback addresses another program holds at ``port``
            (:func:`gameshelf.core.webguard.claim_loopback`): not the server's names.

    Raises:
        BadInputError: an ``allow_origins`` entry is not an origin.
    """
    trusted = ",".join(part.strip() for part in proxies.split(",") if part.strip())
    guarded = GuardMiddleware(app, Guard(host, port, allow_origins, foreign=foreign))
    return uvicorn.Config(guarded, host=host, port=port, ws_max_size=MAX_FRAME,
                          log_level="warning", access_log=False, lifespan="on",
                          http=CarefulH11, ws=CarefulWebSockets, proxy_headers=bool(trusted),
                          forwarded_allow_ips=trusted or None, **extra)


__all__ = ["GameshelfError", "Hub", "default_db", "make_app", "open_store",
           "record_finished"]
