"""``gameshelf serve`` as its own process: killed with SIGKILL mid-game and started again on
the same database, every room resumes at its last accepted action, the players rejoin with
their tokens and play on (issue 13). Also the command's bad input."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from gameshelf.server import protocol as p
from tests.cli_helpers import run
from tests.procs import default_signals
from tests.server.bots import Bot

SRC = Path(__file__).resolve().parents[2] / "src"


def _env(home: Path) -> dict[str, str]:
    return {**os.environ, "GAMESHELF_HOME": str(home),
            "PYTHONPATH": os.pathsep.join([str(SRC), os.environ.get("PYTHONPATH", "")])}


@contextmanager
def serve_process(home: Path, db: Path | str, *args: str
                  ) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """``gameshelf serve --db DB ARGS`` on a free port as its own process: yields it and
    its WebSocket URL (read from its start line); killed at the end."""
    proc = subprocess.Popen([sys.executable, "-m", "gameshelf", "serve", "--port", "0",
                             "--db", str(db), "--rate", "10000", *args], env=_env(home),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=default_signals)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        found = re.search(r"ws://127\.0\.0\.1:(\d+)/ws", line)
        assert found, line + (proc.stderr.read() if proc.stderr else "")
        yield proc, found.group(0)
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)
        for stream in (proc.stdout, proc.stderr):
            if stream is not None:
                stream.close()


@pytest.mark.parametrize("where", ["sqlite", "postgres"])
def test_kill_9_then_restart_resumes_every_room_at_its_last_accepted_action(
        tmp_path: Path, where: str, request: pytest.FixtureRequest) -> None:
    db = tmp_path / "rooms.db" if where == "sqlite" else request.getfixturevalue("pg_url")
    seats = [p.SeatSpec("host", "Ann"), p.SeatSpec("open"),
             p.SeatSpec("computer", level="heuristic")]

    async def before(url: str) -> tuple[list[Bot], int, list[list[str]]]:
        a, b = Bot(url, 1), Bot(url, 2)
        await a.open()
        await b.open()
        await a.create("showdown", seats)
        await b.join(a.code, "Bob")
        await a.start()
        for bot in (a, b):
            await bot.until(p.State)
        moves = 0
        while moves < 12:            # a dozen people's actions, then the kill
            for bot in (a, b):
                st = bot.state
                if st is not None and st.legal:
                    await bot.act(bot.choose(st))
                    moves += 1
                    await bot.until(p.State)
            for bot in (a, b):       # every update of the other's move read
                while bot.state is not None and (
                        a.state is None or b.state is None or bot.state.seq < max(
                            a.state.seq, b.state.seq)):
                    await bot.until(p.State)
        assert a.state is not None and b.state is not None
        return [a, b], a.state.seq, [list(bot.state.view["hand"]) for bot in (a, b)
                                     if bot.state is not None]

    with serve_process(tmp_path, db) as (proc, url):
        bots, seq, hands = asyncio.run(before(url))
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)

    async def after(url: str) -> None:
        for bot, hand in zip(bots, hands, strict=True):
            bot.url = url                   # the restarted server's port
            await bot.open()
            await bot.rejoin()
            state = await bot.until(p.State)
            assert state.seq == seq and list(state.view["hand"]) == hand
        mover = next(bot for bot in bots if bot.state is not None and bot.state.legal)
        assert mover.state is not None
        await mover.act(mover.choose(mover.state))    # the game goes on from there
        assert (await mover.until(p.State)).seq > seq
        for bot in bots:
            await bot.close()

    with serve_process(tmp_path, db) as (proc, url):
        asyncio.run(after(url))


def test_serve_refuses_bad_input_with_one_line_and_code_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    foreign = tmp_path / "foreign.db"
    with sqlite3.connect(foreign) as conn:
        conn.execute("CREATE TABLE notes (x)")
    before = foreign.read_bytes()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        busy = str(taken.getsockname()[1])
        for args in (["--port", "70000"], ["--host", "no.such.host.invalid"],
                     ["--db", str(foreign)], ["--db", str(tmp_path)], ["--host", " "],
                     ["--port", busy, "--db", str(tmp_path / "ok.db")],
                     # a URL is never a path: one we do not speak, one that cannot be reached
                     ["--db", "ftp://example.invalid/rooms"], ["--db", "sqlite:///rooms.db"],
                     ["--db", "postgresql://postgres@127.0.0.1:1/gs"],
                     ["--db", "postgresql://%zz"]):
            code, out, err = run(["serve", *args], capsys, monkeypatch)
            assert code == 2, (args, err)
            assert err.count("\n") == 1 and err.startswith("gameshelf: error:"), err
    assert foreign.read_bytes() == before
    # no folder 'postgresql:' (or 'ftp:') was made for a URL taken as a path
    assert not [name for name in os.listdir(tmp_path) if ":" in name]
