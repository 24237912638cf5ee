"""Two ``gameshelf serve`` processes on one PostgreSQL database: a Muggins room created on
the first and joined on the second is played through with moves from both; each seat sees
only its own rack and every move of the other seat within a second (``NOTIFY`` after the
commit, each process telling its own connections), and the other seat shown connected; the
record replays, every action in it
once, and the finished game is recorded once."""

from __future__ import annotations

import asyncio
import json
import statistics
import time
from pathlib import Path

import psycopg

from gameshelf.core.records import GameRecord
from gameshelf.games.muggins.game import MugginsState
from gameshelf.games.muggins.game import parse_action as muggins_action
from gameshelf.server import protocol as p
from gameshelf.server.stores import open_store
from tests.server.bots import Bot
from tests.server.test_restart import serve_process

#: Seconds within which the other seat must see a move.
WITHIN = 1.0


class TimedBot(Bot):
    """A bot that keeps when it sent each action (and at which ``seq``) and when each
    ``state`` came."""

    def __init__(self, url: str, seed: int) -> None:
        super().__init__(url, seed)
        self.sent: list[tuple[int, str, float]] = []
        self.got: list[tuple[int, float]] = []

    async def act(self, action: str) -> None:
        assert self.state is not None
        self.sent.append((self.state.seq, action, time.perf_counter()))
        await super().act(action)

    async def recv(self, timeout: float = 30.0) -> p.Message:
        msg = await super().recv(timeout)
        if isinstance(msg, p.State):
            self.got.append((msg.seq, time.perf_counter()))
        return msg


def _seen_after(sender: TimedBot, other: TimedBot) -> list[float]:
    """For each action ``sender`` sent, seconds until ``other`` had a state past it."""
    out = []
    for seq, _, at in sender.sent:
        came = [t for s, t in other.got if s > seq and t >= at]
        assert came, f"the other seat never saw the move after action {seq}"
        out.append(min(came) - at)
    return out


async def _play(first: str, second: str) -> tuple[TimedBot, TimedBot, GameRecord]:
    ann, bob = TimedBot(first, 3), TimedBot(second, 4)
    await ann.open()
    await bob.open()
    await ann.create("muggins", [p.SeatSpec("host", "Ann"), p.SeatSpec("open")],
                     {"target": 60}, away=600)
    await bob.join(ann.code, "Bob")
    # Bob's seat, connected to the second process, is shown connected on the first
    while True:
        told: p.RoomUpdate = await ann.until(p.RoomUpdate)
        if told.room.seats[1].name == "Bob" and told.room.seats[1].connected:
            break
    await ann.start()
    await asyncio.wait_for(asyncio.gather(ann.play(90), bob.play(90)), 120)
    await bob.send(p.GetRecord(bob.code, bob.token))     # asked of the second process
    rec: p.Record = await bob.until(p.Record)
    for bot in (ann, bob):
        await bot.close()
    return ann, bob, GameRecord.from_json(json.dumps(rec.record))


def test_a_muggins_room_on_two_servers_is_played_through_with_moves_from_both(
        tmp_path: Path, pg_url: str) -> None:
    with serve_process(tmp_path / "one", pg_url) as (_, first), \
            serve_process(tmp_path / "two", pg_url) as (_, second):
        assert first != second
        ann, bob, record = asyncio.run(_play(first, second))
    code = ann.code
    assert ann.sent and bob.sent, "both seats played"

    # every move seen by the other seat, on the other process, within a second
    waits = _seen_after(ann, bob) + _seen_after(bob, ann)
    print(f"\nthe other seat saw a move after: median {statistics.median(waits) * 1000:.1f}"
          f" ms, max {max(waits) * 1000:.1f} ms ({len(waits)} moves)")
    assert max(waits) < WITHIN

    # the record replays; each seat only ever saw its own rack
    states = [MugginsState(target=60)]
    for a in record.actions:
        states.append(states[-1].clone())
        states[-1].apply_action(muggins_action(a))
    assert states[-1].is_terminal()
    for bot in (ann, bob):
        seen = [m for _, m in bot.received if isinstance(m, p.State)]
        assert seen
        for st in seen:
            assert sorted(st.view["hand"]) == sorted(str(t) for t in
                                                     states[st.seq].hands[bot.seat])
    # every move of both seats in the record once, where it was played
    for bot in (ann, bob):
        for seq, action, _ in bot.sent:
            assert muggins_action(record.actions[seq]) == muggins_action(action)
            assert states[seq].current_player() == bot.seat
    assert len(ann.sent) + len(bob.sent) == sum(
        1 for i in range(len(record.actions)) if states[i].current_player() >= 0)

    # stored once, in order; the finished game recorded once
    store = open_store(pg_url)
    try:
        stored = store.load(code)
        assert stored is not None and stored.status == "over"
        assert [a.seq for a in stored.actions] == list(range(1, len(record.actions) + 1))
        assert tuple(a.action for a in stored.actions) == record.actions
    finally:
        store.close()
    with psycopg.connect(pg_url) as conn:
        results = conn.execute("SELECT player, opponent FROM results ORDER BY id").fetchall()
        kept = conn.execute("SELECT count(*) FROM history").fetchone()
    assert sorted(results) == [("Ann", "Bob"), ("Bob", "Ann")]
    assert kept == (1,)
