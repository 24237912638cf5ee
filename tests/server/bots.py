"""Bot clients for the game server: a small WebSocket client (the ``websockets`` library)
that creates or joins a room and plays its seat, for the server tests.

A bot plays a legal action the server lists, picked by the game's ``load_test_choice``
(seeded, so a run can be repeated). It keeps every message it received
(:attr:`Bot.received`), for the secrecy tests, and the time from sending each action to the
state that answers it (:attr:`Bot.latencies`, seconds).
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Sequence
from typing import Any

from websockets.asyncio.client import ClientConnection, connect

from gameshelf.server import protocol as p
from gameshelf.server.games import game_class


class BotError(Exception):
    """The server refused a bot's message it should have accepted."""


class Bot:
    """One seat's client.

    Args:
        url: the server's WebSocket URL (``ws://127.0.0.1:8765/ws``).
        seed: the bot's choices' seed.
        keep: keep every message received (:attr:`received`).
    """

    def __init__(self, url: str, seed: int = 0, *, keep: bool = True) -> None:
        self.url = url
        self.rng = random.Random(seed)
        self.keep = keep
        self.ws: ClientConnection | None = None
        self.code = ""
        self.seat = -1
        self.token = ""
        self.received: list[tuple[str, p.Message]] = []
        self.latencies: list[float] = []
        self.state: p.State | None = None
        self.over: p.GameOver | None = None
        self.errors: list[p.Error] = []
        self._sent_at: float | None = None
        self._sent_seq = -1

    async def open(self) -> None:
        """Connect."""
        self.ws = await connect(self.url, max_size=p.MAX_MESSAGE_BYTES * 16)

    async def close(self) -> None:
        """Disconnect (the seat stays the bot's: :meth:`rejoin`)."""
        if self.ws is not None:
            await self.ws.close()
            self.ws = None

    async def send(self, msg: p.Message) -> None:
        """Send one message."""
        assert self.ws is not None
        await self.ws.send(p.dump(msg))

    async def send_raw(self, text: str | bytes) -> None:
        """Send a frame as it is (bad messages, in the tests)."""
        assert self.ws is not None
        await self.ws.send(text)

    async def recv(self, timeout: float = 30.0) -> p.Message:
        """The next message (kept, and the bot's state updated)."""
        assert self.ws is not None
        text = await asyncio.wait_for(self.ws.recv(), timeout)
        msg = p.parse_server(text)
        now = time.perf_counter()
        if self.keep:
            self.received.append((text if isinstance(text, str) else text.decode(), msg))
        if isinstance(msg, p.State):
            if self._sent_at is not None and msg.seq > self._sent_seq:
                self.latencies.append(now - self._sent_at)
                self._sent_at = None
            self.state = msg
        elif isinstance(msg, p.GameOver):
            self.over = msg
        elif isinstance(msg, p.Error):
            self.errors.append(msg)
        elif isinstance(msg, p.Joined):
            self.code, self.seat, self.token = msg.room.code if msg.room else "", msg.seat, \
                msg.token
        return msg

    async def until(self, kind: type[p.Message], timeout: float = 30.0) -> Any:
        """Read messages up to the first of ``kind`` (returned)."""
        while True:
            msg = await self.recv(timeout)
            if isinstance(msg, kind):
                return msg
            if isinstance(msg, p.Error) and kind is not p.Error:
                raise BotError(f"{msg.code}: {msg.message}")

    # ----- the room ---------------------------------------------------------------------------
    async def create(self, game: str, seats: Sequence[p.SeatSpec],
                     options: dict[str, Any] | None = None, away: float = 60.0) -> p.Joined:
        """Create a room (this bot the host)."""
        await self.send(p.Create(game, tuple(seats), options or {}, away))
        joined: p.Joined = await self.until(p.Joined)
        return joined

    async def join(self, code: str, name: str) -> p.Joined:
        """Join the room ``code``."""
        await self.send(p.Join(code, name))
        joined: p.Joined = await self.until(p.Joined)
        return joined

    async def rejoin(self) -> p.Joined:
        """Come back to the bot's seat with its token."""
        await self.send(p.Rejoin(self.code, self.token))
        joined: p.Joined = await self.until(p.Joined)
        return joined

    async def start(self) -> None:
        """Start the room (the host)."""
        await self.send(p.Start(self.code, self.token))

    # ----- playing ----------------------------------------------------------------------------
    def choose(self, state: p.State) -> str:
        """An action among ``state.legal``."""
        game = str(state.view.get("game"))
        return game_class(game).load_test_choice(state.legal, self.rng)

    async def act(self, action: str) -> None:
        """Send an action for the bot's seat (timed to its answer)."""
        self._sent_at = time.perf_counter()
        self._sent_seq = self.state.seq if self.state is not None else -1
        await self.send(p.Act(self.code, self.token, action,
                              seq=self.state.seq if self.state is not None else None))

    async def play(self, timeout: float = 60.0) -> p.GameOver:
        """Play the seat to the game's end."""
        deadline = time.monotonic() + timeout
        acted_at = -1
        while self.over is None:
            if time.monotonic() > deadline:
                raise BotError(f"seat {self.seat} of {self.code}: the game did not end in "
                               f"{timeout:g} seconds")
            st = self.state
            if st is not None and st.legal and st.seq != acted_at and self.over is None:
                acted_at = st.seq
                await self.act(self.choose(st))
            msg = await self.recv(timeout)
            if isinstance(msg, p.Error):
                raise BotError(f"{msg.code}: {msg.message}")
        return self.over


async def play_room(url: str, game: str, seats: Sequence[p.SeatSpec], *,
                    options: dict[str, Any] | None = None, seed: int = 0,
                    keep: bool = True, timeout: float = 120.0) -> list[Bot]:
    """Create a room with a bot at the host seat, a bot joining each open seat, start it and
    play it to the end. Returns the bots (seat order of people)."""
    host = Bot(url, seed, keep=keep)
    await host.open()
    await host.create(game, seats, options)
    bots = [host]
    for i, spec in enumerate(seats):
        if spec.kind == "open":
            bot = Bot(url, seed * 31 + i + 1, keep=keep)
            await bot.open()
            await bot.join(host.code, f"Bot {i + 1}")
            bots.append(bot)
    await host.start()
    try:
        await asyncio.wait_for(asyncio.gather(*(b.play(timeout) for b in bots)), timeout)
    finally:
        for b in bots:
            await b.close()
    return bots
