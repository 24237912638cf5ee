"""``gameshelf serve --db postgresql://...`` as its own process, on a real PostgreSQL: a
Muggins room played through by two clients, each seeing only its own rack; every accepted
action is stored once, the finished game is recorded beside the rooms (not in the server's
player store), and the record replays."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import psycopg

from gameshelf.core.records import GameRecord
from gameshelf.core.store import Store
from gameshelf.games.muggins.game import MugginsState
from gameshelf.games.muggins.game import parse_action as muggins_action
from gameshelf.server import protocol as p
from gameshelf.server.stores import open_store
from tests.server.bots import Bot, play_room
from tests.server.test_restart import serve_process


async def _record(bot: Bot) -> GameRecord:
    await bot.open()
    await bot.send(p.GetRecord(bot.code, bot.token))
    rec: p.Record = await bot.until(p.Record)
    await bot.close()
    return GameRecord.from_json(json.dumps(rec.record))


def test_a_muggins_room_on_postgres_is_played_through_and_its_record_replays(
        tmp_path: Path, pg_url: str) -> None:
    seats = [p.SeatSpec("host", "Ann"), p.SeatSpec("open")]
    with serve_process(tmp_path, pg_url) as (proc, url):
        bots = asyncio.run(play_room(url, "muggins", seats, options={"target": 60}, seed=5))
        record = asyncio.run(_record(bots[0]))
    code = bots[0].code

    # the record replays, and each seat only ever saw its own rack
    states = [MugginsState(target=60)]
    for a in record.actions:
        states.append(states[-1].clone())
        states[-1].apply_action(muggins_action(a))
    assert states[-1].is_terminal()
    for bot in bots:
        seen = [m for _, m in bot.received if isinstance(m, p.State)]
        assert seen
        for st in seen:
            assert sorted(st.view["hand"]) == sorted(str(t) for t in
                                                     states[st.seq].hands[bot.seat])
    over = bots[0].over
    assert over is not None
    assert {s.name for s in over.scores} == {"Ann", "Bot 2"}

    # every action stored once, in order, as the record has it
    store = open_store(pg_url)
    try:
        stored = store.load(code)
        assert stored is not None and stored.status == "over"
        assert [a.seq for a in stored.actions] == list(range(1, len(record.actions) + 1))
        assert tuple(a.action for a in stored.actions) == record.actions
        assert store.is_finished("muggins", f"online-{code}-{record.seed}")
    finally:
        store.close()
    with psycopg.connect(pg_url) as conn:
        results = conn.execute("SELECT player, opponent FROM results ORDER BY id").fetchall()
        kept = conn.execute("SELECT source, record FROM history").fetchall()
    assert sorted(results) == [("Ann", "Bot 2"), ("Bot 2", "Ann")]
    assert [k[0] for k in kept] == ["online"]
    assert GameRecord.from_json(kept[0][1], game="muggins") == record
    # beside the rooms, not in the player store of the server's data folder
    with Store(tmp_path / "gameshelf.db") as local:
        assert local.result_counts("muggins") == {}
