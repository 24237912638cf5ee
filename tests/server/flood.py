"""A flood of hints against the game server, for the test and the benchmark of the asks'
own pool (:mod:`gameshelf.server.asks`): ``flooders`` connections, each in a Showdown room
of its own where it is to act, ask a hint every ``1 / rate`` seconds (under the rate limit)
and never play, while another room plays Muggins against strong Mugsy (a slow computer
seat, whose moves run in a worker thread), asking one hint of its own each turn (after
:data:`THINK` seconds).

:func:`flood` returns what happened (:class:`Flood`): counts (the other room's actions
answered, the computer's moves, hints answered and refused ``busy``) and the times
(seconds) the other room waited, for the caller to print.
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
import time
from dataclasses import dataclass, field

from gameshelf.server import protocol as p
from tests.server.bots import Bot

#: The player of the other room, and its opponent.
OTHER = [p.SeatSpec("host", "Ann"), p.SeatSpec("computer", level="strong")]
FLOODED = [p.SeatSpec("host", "Flo"), p.SeatSpec("computer", level="heuristic")]
#: Seconds the other room's player waits before each turn (its hint and action: 8 messages
#: a second at most, under the rate limit).
THINK = 0.25


@dataclass
class Flood:
    """What one flood did; times in seconds."""

    #: The other room: its player's actions answered (send to state), its hints answered
    #: (send to hint), the computer's moves (and deals) seen, games finished.
    actions: list[float] = field(default_factory=list)
    hints: list[float] = field(default_factory=list)
    computer_moves: int = 0
    games: int = 0
    #: The flooders: hints answered, refused ``busy``, other errors; their hints' times.
    flood_answered: int = 0
    flood_busy: int = 0
    flood_errors: dict[str, int] = field(default_factory=dict)
    flood_hints: list[float] = field(default_factory=list)
    #: What the other room was waiting for when its patience ran out ("": it did not).
    stalled: str = ""

    def lines(self) -> list[str]:
        """The figures, one line each (milliseconds)."""
        return [f"other room: {len(self.actions)} actions answered, {self.computer_moves} "
                f"computer moves, {self.games} games finished",
                f"other room action send-to-state: {spread(self.actions)}",
                f"other room hint send-to-hint:   {spread(self.hints)}",
                f"flood: {self.flood_answered} hints answered, {self.flood_busy} refused "
                f"busy, other errors {self.flood_errors or 'none'}; "
                f"answered hints {spread(self.flood_hints)}",
                *([f"STALLED: the other room waited for {self.stalled} past its patience"]
                  if self.stalled else [])]


def spread(times: list[float]) -> str:
    """``p50 / p99 / max`` of ``times`` (seconds) in milliseconds."""
    if not times:
        return "none"
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (f"p50 {statistics.median(ordered) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, "
            f"max {ordered[-1] * 1000:.0f} ms (n={len(ordered)})")


async def _flooder(url: str, seed: int, rate: float, stop: asyncio.Event,
                   out: Flood) -> None:
    bot = Bot(url, seed, keep=False)
    await bot.open()
    try:
        await bot.create("showdown", FLOODED)
        await bot.start()
        st: p.State = await bot.until(p.State)
        while not st.legal:         # the computer may open: wait for this seat's turn
            st = await bot.until(p.State)
        sent: dict[str, float] = {}

        async def read() -> None:
            while True:
                msg = await bot.recv(600)
                if isinstance(msg, p.Hint) and msg.ref in sent:
                    out.flood_answered += 1
                    out.flood_hints.append(time.perf_counter() - sent.pop(msg.ref))
                elif isinstance(msg, p.Error):
                    sent.pop(msg.ref or "", None)
                    if msg.code == "busy":
                        out.flood_busy += 1
                    else:
                        out.flood_errors[msg.code] = out.flood_errors.get(msg.code, 0) + 1
        reader = asyncio.create_task(read())
        n = 0
        while not stop.is_set():
            n += 1
            sent[f"f{n}"] = time.perf_counter()
            await bot.send(p.GetHint(bot.code, bot.token, f"f{n}"))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 1 / rate)
        reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await reader
    finally:
        await bot.close()


async def _other(url: str, actions: int, out: Flood, patience: float) -> None:
    """Play Muggins against strong Mugsy until ``actions`` of the player's actions were
    answered (a new game after each end), a hint asked before each."""
    deadline = time.monotonic() + patience
    bot = Bot(url, 99, keep=False)
    await bot.open()
    try:
        while len(out.actions) < actions and time.monotonic() < deadline:
            bot.over, bot.state = None, None
            await bot.create("muggins", OTHER, {"target": 31})
            await bot.start()
            last = -1
            msg: p.Message | None = None
            while bot.over is None and len(out.actions) < actions:
                if msg is None:     # (else the state that answered this seat's action)
                    msg = await bot.recv(patience)
                if isinstance(msg, p.State):
                    if msg.seq > last >= 0:     # not this seat's: the computer's, or a deal
                        out.computer_moves += msg.seq - last
                    last = msg.seq
                    if not msg.legal:
                        msg = None
                        continue
                    await asyncio.sleep(THINK)      # under the rate limit, as a person
                    asked = time.perf_counter()
                    await bot.send(p.GetHint(bot.code, bot.token, f"o{msg.seq}"))
                    out.stalled = "its hint"
                    while True:
                        got = await bot.recv(patience)
                        if isinstance(got, p.Error) and got.ref in (None, f"o{msg.seq}"):
                            raise AssertionError(f"{got.code}: {got.message}")
                        if isinstance(got, p.Hint) and got.ref == f"o{msg.seq}":
                            break
                    out.hints.append(time.perf_counter() - asked)
                    out.stalled = "its action's state"
                    seen = len(bot.latencies)
                    await bot.act(bot.choose(msg))
                    while len(bot.latencies) == seen and bot.over is None:
                        got = await bot.recv(patience)
                        if isinstance(got, p.Error):
                            raise AssertionError(f"{got.code}: {got.message}")
                    out.actions.extend(bot.latencies[seen:])
                    out.stalled = "the computer's move"
                    if bot.state is not None:   # the computer's moves answered with it
                        out.computer_moves += max(0, bot.state.seq - msg.seq - 1)
                        last = bot.state.seq
                    msg = bot.state if bot.over is None else None
                    if msg is not None and not msg.legal:
                        msg = None
                else:
                    msg = None
            if bot.over is not None:
                out.games += 1
        out.stalled = ""
    finally:
        await bot.close()


async def flood(url: str, *, actions: int, flooders: int = 2, rate: float = 19.0,
                patience: float = 600.0, out: Flood | None = None) -> Flood:
    """Flood ``url`` with hints from ``flooders`` connections (``rate`` a second each)
    while another room plays until ``actions`` of its player's actions were answered (or
    ``patience`` seconds went by: the caller checks the counts). ``flooders`` 0: the other
    room alone, for a baseline. ``out``: filled as it goes (a caller that gives up on the
    run still has the counts so far)."""
    out = Flood() if out is None else out
    stop = asyncio.Event()
    tasks = [asyncio.create_task(_flooder(url, i + 1, rate, stop, out))
             for i in range(flooders)]
    try:
        await asyncio.sleep(0.5 if flooders else 0)   # the flood under way first
        try:
            await _other(url, actions, out, patience)
        except TimeoutError:
            out.stalled = out.stalled or "a message"
    finally:
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
    return out
