"""Which rooms' timed work this server process runs: the leases of
:meth:`~gameshelf.server.storage.RoomStore.hold`.

A room's timed work is what happens in it without a message: the away rule's stand-in for a
seat gone longer than the room's away timeout, and the closing of a lobby no one has been in
for a while. With several processes on one database exactly one runs it at a time: the one
holding the room's lease. Every :data:`RENEW_EVERY` seconds :class:`Leases` takes or renews
the lease of each room this process holds in memory that may have timed work (a lobby, a game
with an away timeout) and gives back the others; a lease lasts
:data:`~gameshelf.server.storage.LEASE_SECONDS`, so a process killed holding it is taken over
by another within that time (plus one renewal). A lease counts as held here only until
``LEASE_SECONDS`` after the renewal was *asked* (this process's monotonic clock), which is
never later than the database's expiry: a process cut off from the database stops its timed
work before another may start it. On a store of one process (SQLite) every room is held.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Iterable
from contextlib import AbstractAsyncContextManager

from gameshelf.core.errors import GameshelfError
from gameshelf.server.room import Room
from gameshelf.server.storage import LEASE_SECONDS, RoomStore

log = logging.getLogger("gameshelf.server")

#: Seconds between two renewals of the leases held (well within :data:`LEASE_SECONDS`).
RENEW_EVERY = 1.0
#: Renewals between two looks for lobbies no process holds (:meth:`RoomStore.unleased`).
ADOPT_EVERY = 10


def timed(room: Room) -> bool:
    """True when ``room`` may have timed work: a lobby (closed when idle), or a game being
    played with an away timeout (stand-ins)."""
    return room.status == "lobby" or (room.status == "playing" and room.away_timeout > 0)


class Leases:
    """The leases of one server process.

    Args:
        store: the rooms' store (its :meth:`~RoomStore.hold`).
        clock: seconds of a monotonic clock.
        seconds: how long a lease lasts once taken or renewed.
    """

    def __init__(self, store: RoomStore, clock: Callable[[], float],
                 seconds: float = LEASE_SECONDS) -> None:
        self.store = store
        self.clock = clock
        self.seconds = seconds
        #: ``{code: until}``: the leases held, each until a time of :attr:`clock`.
        self.held: dict[str, float] = {}
        #: True when every room counts as held (a store of one process).
        self.everything = not store.blocking

    def holds(self, code: str, now: float) -> bool:
        """True when this process may run the timed work of the room ``code`` now."""
        return self.everything or self.held.get(code, 0.0) > now

    def renew(self, rooms: Iterable[Room]) -> set[str]:
        """Take or renew the lease of each of ``rooms`` with timed work, give back the
        others held (blocks: called in a worker thread). Returns the codes held now; a store
        error is logged and the leases held lapse by themselves."""
        want = sorted({r.code for r in rooms if timed(r)})
        drop = sorted(set(self.held) - set(want))
        if not want and not drop:
            return set()            # nothing held nor wanted: the database is not asked
        asked = self.clock()
        try:
            got = self.store.hold(want, drop, seconds=self.seconds)
        except GameshelfError as exc:
            log.error("the rooms' leases could not be renewed: %s", exc)
            for code in drop:
                self.held.pop(code, None)
            return {c for c, until in self.held.items() if until > asked}
        taken = got - set(self.held)
        if taken:
            log.info("leases taken: %s", " ".join(sorted(taken)))
        self.held = dict.fromkeys(got, asked + self.seconds)
        return got

    async def keep(self, rooms: Callable[[], list[Room]],
                   read: Callable[[str], object] | None = None,
                   lock: Callable[[str], AbstractAsyncContextManager[None]] | None = None
                   ) -> None:
        """Every :data:`RENEW_EVERY` seconds, :meth:`renew` the leases of ``rooms()``, for
        ever (nothing to do on a store of one process). Every :data:`ADOPT_EVERY` renewals,
        :meth:`adopt` the lobbies no process holds."""
        if self.everything:
            return
        turn = 0
        while True:
            await asyncio.to_thread(self.renew, rooms())
            turn += 1
            if read is not None and lock is not None and turn % ADOPT_EVERY == 0:
                await self.adopt(rooms, read, lock)
            await asyncio.sleep(RENEW_EVERY)

    async def adopt(self, rooms: Callable[[], list[Room]], read: Callable[[str], object],
                    lock: Callable[[str], AbstractAsyncContextManager[None]]) -> list[str]:
        """Read into memory each lobby no process holds (its holder died,
        :meth:`RoomStore.unleased`) and not among ``rooms()``: ``read(code)``, in a worker
        thread under the room's ``lock(code)``, so its lease is taken at the next renewal
        and the lobby is closed when idle (counted from now). Errors are logged. Returns
        the codes read."""
        try:
            codes = await asyncio.to_thread(self.store.unleased)
        except GameshelfError as exc:
            log.error("the lobbies no one holds could not be read: %s", exc)
            return []
        done = []
        for code in codes:
            try:
                async with lock(code):
                    if code not in {r.code for r in rooms()}:
                        await asyncio.to_thread(read, code)
                        done.append(code)
            except Exception as exc:  # noqa: BLE001 - one room never stops the others
                log.error("lobby %s could not be read: %s", code, exc)
        if done:
            log.info("lobbies no one held, read here: %s", " ".join(done))
        return done

    def give_back(self) -> None:
        """Give back every lease held (a server stopping: another takes its rooms at once);
        a store error is logged (they lapse by themselves)."""
        if self.everything or not self.held:
            return
        try:
            self.store.hold([], sorted(self.held))
        except GameshelfError as exc:
            log.error("the rooms' leases could not be given back: %s", exc)
        self.held = {}
