"""Asks (hints, reviews, replays, scores) on a pool of their own (docs/online.md, "hint"):
a flood of hints from two connections never stalls another room's game with a slow
computer seat; one connection has one ask worked out at a time (another is refused
``busy``); a review is judged once for everyone asking while it is worked out, then kept."""

from __future__ import annotations

import asyncio
import threading
from pathlib import Path

from gameshelf.server import protocol as p
from gameshelf.server.asks import REVIEW_KEEP, Asks, _Judged
from tests.server.bots import Bot
from tests.server.flood import flood
from tests.server.helpers import Running
from tests.server.test_restart import serve_process

#: The other room's actions to see answered during the flood.
ACTIONS = 8
#: Seconds the other room waits for any one message before the test gives up (a hang guard:
#: on a server whose asks share the game's threads it waited past this).
PATIENCE = 120.0


def test_a_hint_flood_from_two_connections_does_not_stall_another_rooms_game(
        tmp_path: Path) -> None:
    """Two connections ask hints at 19 a second (under the rate limit) while a third room
    plays Muggins against strong Mugsy (moves worked out in a worker thread), asking a hint
    a turn: the third room's actions, the computer's moves and its hints all come."""
    with serve_process(tmp_path, tmp_path / "rooms.db") as (_proc, url):
        got = asyncio.run(flood(url, actions=ACTIONS, flooders=2, rate=19.0, patience=PATIENCE))
    for line in got.lines():
        print(line)
    assert len(got.actions) >= ACTIONS, got.lines()
    assert got.computer_moves >= ACTIONS and len(got.hints) >= ACTIONS, got.lines()
    assert got.flood_answered > 0 and got.flood_busy > 0, got.lines()
    assert not got.flood_errors, got.flood_errors


def test_one_connection_has_one_ask_at_a_time(server: Running) -> None:
    """While a connection's hint waits for the pool, its next two are refused ``busy`` at
    once; once it is answered the connection may ask again. The pool's threads are held by
    jobs waiting on a gate, so the first hint is still being worked out however fast the
    machine is (it had been answered before the second one was read)."""
    gate = threading.Event()
    held = [server.hub.asks.pool.submit(gate.wait, 120) for _ in range(8)]

    async def scenario() -> None:
        bot = Bot(server.url, 4)
        await bot.open()
        await bot.create("muggins", [p.SeatSpec("host", "Ann"),
                                     p.SeatSpec("computer", "normal")], {"target": 50})
        await bot.start()
        st: p.State = await bot.until(p.State)
        while not st.legal:
            st = await bot.until(p.State)
        for ref in ("a", "b", "c"):
            await bot.send(p.GetHint(bot.code, bot.token, ref))
        answers: dict[str, p.Message] = {}
        while not {"b", "c"} <= answers.keys():
            msg = await bot.recv(120)
            if isinstance(msg, p.Hint | p.Error) and msg.ref:
                answers[msg.ref] = msg
        assert "a" not in answers, answers          # still held: nothing answered it yet
        for ref in ("b", "c"):
            refused = answers[ref]
            assert isinstance(refused, p.Error) and refused.code == "busy", refused
            assert "\n" not in refused.message and "dropped" in refused.message
        gate.set()
        while "a" not in answers:
            msg = await bot.recv(120)
            if isinstance(msg, p.Hint | p.Error) and msg.ref:
                answers[msg.ref] = msg
        assert isinstance(answers["a"], p.Hint), answers
        await bot.send(p.GetHint(bot.code, bot.token, "d"))   # answered: may ask again
        while True:
            again = await bot.recv(120)
            if isinstance(again, p.Hint | p.Error) and again.ref == "d":
                break
        assert isinstance(again, p.Hint), again
        await bot.close()
    try:
        asyncio.run(scenario())
    finally:
        gate.set()
    assert all(job.result() for job in held)


def test_a_review_is_judged_once_for_everyone_asking_and_kept_a_while() -> None:
    judged: list[int] = []
    release = threading.Event()
    now = [0.0]

    def judge() -> tuple[str, ...]:
        release.wait(60)
        judged.append(1)
        return ("one line",)

    job = _Judged(("ABCD", 7, 0), judge, lambda lines: p.Review("ABCD", 9, 0, lines))

    async def scenario() -> None:
        asks = Asks(2, clock=lambda: now[0])
        try:
            waiting = [asyncio.create_task(asks._judged(job)) for _ in range(5)]
            await asyncio.sleep(0.05)
            assert len(asks.judging) == 1
            release.set()
            lines = await asyncio.gather(*waiting)
            assert lines == [("one line",)] * 5 and judged == [1]
            assert await asks._judged(job) == ("one line",) and judged == [1]   # kept
            now[0] += REVIEW_KEEP + 1
            assert await asks._judged(job) == ("one line",) and judged == [1, 1]
        finally:
            asks.close()
    asyncio.run(scenario())
