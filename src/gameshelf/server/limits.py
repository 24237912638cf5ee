"""The limits a game server sets on its clients, apart from the network: messages a
second per connection (a token bucket: :data:`RATE` a second, bursts of :data:`BURST`),
connections per client address (:data:`PER_HOST`), wrong room codes or tokens per address
(:data:`GUESS_BURST` at once, then :data:`GUESS_RATE` a minute: a room's four-letter code
is not found by trying codes from many connections) and rooms made per address
(:data:`ROOMS_BURST` at once, then :data:`ROOMS_RATE` a minute). People behind one address
share its allowances. Time is the caller's clock (monotonic seconds).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Protocol

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


class Metered(Protocol):
    """A connection's message bucket: messages it may still send now (``tokens``) and when
    it was last filled (``last``, clock seconds)."""

    tokens: float
    last: float


class Limits:
    """Per-connection and per-address allowances.

    Args:
        rate, burst: the rate limit (messages a second, at once) of each connection.
        per_host: connections one client address may hold at once.
        guesses: wrong room codes or tokens one client address may send a minute (bursts
            of twice as many, at least :data:`GUESS_BURST`).
        rooms: rooms one client address may create a minute (bursts of twice as many, at
            least :data:`ROOMS_BURST`).
        clock: monotonic seconds.
    """

    def __init__(self, *, rate: float = RATE, burst: float = BURST,
                 per_host: int = PER_HOST, guesses: float = GUESS_RATE,
                 rooms: float = ROOMS_RATE,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
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

    def allowed(self, conn: Metered) -> bool:
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
