"""PostgreSQL stopped and started again under two running ``gameshelf serve`` processes in
the middle of a Muggins room played from both: an action sent meanwhile is refused with an
error saying nothing changed; then the servers go on by themselves (new connections, the
listening connection back, the rooms checked), the game is played through with moves from
both seats, each seat sees the other's moves, and every action is stored once, as the
record replays."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

from gameshelf.core.records import GameRecord
from gameshelf.games.muggins.game import MugginsState
from gameshelf.games.muggins.game import parse_action as muggins_action
from gameshelf.server import protocol as p
from gameshelf.server.stores import open_store
from tests.server.bots import Bot
from tests.server.postgres import Cluster
from tests.server.test_restart import serve_process

#: Seconds the game may take after the restart.
AFTER = 120.0
#: How long the servers wait for the database away before an action is refused.
WAIT = ("--db-wait", "2")


async def _turns(bots: list[Bot], until: int, within: float) -> list[p.Error]:
    """Play both seats until the room is past action ``until`` (or over); an action
    refused meanwhile (the database away) is sent again after a pause. Returns the
    refusals. Both seats are listened to at once: the first message of either is read as
    it comes (no seat waits out a pause while the other's state is there)."""
    refused: list[p.Error] = []
    deadline = time.monotonic() + within
    acted = dict.fromkeys(range(len(bots)), -1)
    reading: dict[int, asyncio.Task[p.Message]] = {}
    try:
        while not any(b.over for b in bots) and min(
                (b.state.seq if b.state else 0) for b in bots) <= until:
            assert time.monotonic() < deadline, f"the game stopped at {bots[0].state}"
            for i, bot in enumerate(bots):
                st = bot.state
                if st is not None and st.legal and acted[i] != st.seq:
                    acted[i] = st.seq
                    await bot.act(bot.choose(st))
            for i, bot in enumerate(bots):
                if i not in reading:
                    reading[i] = asyncio.ensure_future(bot.recv(within))
            done, _ = await asyncio.wait(reading.values(), timeout=1.0,
                                         return_when=asyncio.FIRST_COMPLETED)
            for i in [i for i, task in reading.items() if task in done]:
                msg = reading.pop(i).result()
                if isinstance(msg, p.Error):
                    refused.append(msg)
                    await asyncio.sleep(0.5)
                    acted[i] = -1          # not taken: sent again
    finally:
        for task in reading.values():      # a message not read yet stays to be read
            task.cancel()
        await asyncio.gather(*reading.values(), return_exceptions=True)
    return refused


async def _quiet(bots: list[Bot], pause: float = 0.5) -> None:
    """Read both seats' messages until neither gets one for ``pause`` seconds: their states
    are then the room's (an action sent last has been answered)."""
    while True:
        got = await asyncio.gather(*(b.recv(pause) for b in bots), return_exceptions=True)
        if all(isinstance(g, TimeoutError) for g in got):
            return
        for g in got:
            if isinstance(g, BaseException) and not isinstance(g, TimeoutError):
                raise g


def test_postgres_stopped_and_started_under_two_servers_mid_game_the_game_goes_on(
        tmp_path: Path, pg_cluster: Cluster, pg_url: str) -> None:
    # the servers wait 2 s, not 10, for the database away before refusing: the refusal
    # comes sooner, and the shorter outage leaves the pools' reconnect backoff shorter
    with serve_process(tmp_path / "one", pg_url, *WAIT) as (first, url_a), \
            serve_process(tmp_path / "two", pg_url, *WAIT) as (second, url_b):

        async def run() -> tuple[Bot, Bot, list[p.Error], GameRecord]:
            ann, bob = Bot(url_a, 5), Bot(url_b, 6)
            await ann.open()
            await bob.open()
            await ann.create("muggins", [p.SeatSpec("host", "Ann"), p.SeatSpec("open")],
                             {"target": 60}, away=600)
            await bob.join(ann.code, "Bob")
            await ann.start()
            await _turns([ann, bob], 10, 60)
            await _quiet([ann, bob])
            # the database stopped: the seat to act is refused with a clear error
            await asyncio.to_thread(pg_cluster.ctl, "stop", "-m", "fast")
            try:
                mover = next(b for b in (ann, bob) if b.state and b.state.legal)
                assert mover.state is not None
                await mover.act(mover.choose(mover.state))
                down: p.Error = await mover.until(p.Error, 30)
            finally:
                await asyncio.to_thread(pg_cluster.ctl, "start")
            assert down.code == "unavailable" and "nothing was changed" in down.message
            print(f"\nthe database down, an action was refused: {down.code}: {down.message}")
            refused = await _turns([ann, bob], 10_000, AFTER)
            for bot in (ann, bob):      # both told the end
                while bot.over is None:
                    await bot.recv(20)
            await bob.send(p.GetRecord(bob.code, bob.token))
            rec: p.Record = await bob.until(p.Record)
            for bot in (ann, bob):
                await bot.close()
            return ann, bob, refused, GameRecord.from_json(json.dumps(rec.record))

        ann, bob, refused, record = asyncio.run(run())
        assert first.poll() is None and second.poll() is None
    print(f"\nafter the restart: {len(refused)} action(s) refused and sent again "
          f"({sorted({e.code for e in refused})})")
    states = [MugginsState(target=60)]
    for a in record.actions:
        states.append(states[-1].clone())
        states[-1].apply_action(muggins_action(a))
    assert states[-1].is_terminal()
    people = [i for i in range(len(record.actions)) if states[i].current_player() >= 0]
    assert {states[i].current_player() for i in people} == {0, 1}     # both played
    store = open_store(pg_url)
    try:
        stored = store.load(ann.code)
        assert stored is not None and stored.status == "over"
        assert [a.seq for a in stored.actions] == list(range(1, len(record.actions) + 1))
        assert tuple(a.action for a in stored.actions) == record.actions
        assert not any(a.by_computer for a in stored.actions if a.seat >= 0)
    finally:
        store.close()
