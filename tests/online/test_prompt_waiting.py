"""The online text prompt while another seat plays: two ``gameshelf online`` clients (real
processes) at the Yatz prompt on a real server (127.0.0.1, a free port) each see the
other's move within a second of its being typed, the table and whose turn it is at once on
joining, ``help`` and ``quit`` answered while waiting, and the other told of the leaving;
every game's online help offers nothing online play cannot do; a connection lost at any
game's prompt is said once (the line the command ends with)."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from gameshelf.cli.online import _play
from gameshelf.core.errors import GameshelfError
from gameshelf.games import REGISTRY
from gameshelf.session.remote import ConnectionLost, Link, OnlineGame, Room, parse_seats
from gameshelf.session.waiting import NOT_ONLINE
from tests.games.pig.online import ONLINE as PIG_ONLINE
from tests.server.helpers import Running

#: Seconds a prompt's answer is waited for at most: a hang guard, not a timing check (no test
#: asserts a time; the machine may be loaded).
PATIENCE = 5.0


class Client:
    """A ``gameshelf`` process whose output is read as it comes (prompts have no newline)."""

    def __init__(self, args: list[str], home: Path) -> None:
        env = {**os.environ, "GAMESHELF_HOME": str(home), "PYTHONUNBUFFERED": "1",
               "COLUMNS": "100"}
        self.proc = subprocess.Popen([sys.executable, "-m", "gameshelf", *args],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, env=env)
        self.text = ""
        self.seen = 0
        self._lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        while chunk := os.read(self.proc.stdout.fileno(), 4096):
            with self._lock:
                self.text += chunk.decode("utf-8", "replace")

    def type(self, line: str) -> float:
        """Send one line; the time it was sent."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()
        return time.monotonic()

    def expect(self, pattern: str, wait: float = 30.0) -> tuple[re.Match[str], float]:
        """The first match of ``pattern`` in the output after what was expected before, and
        when it was seen; fails with the output after ``wait`` seconds."""
        end = time.monotonic() + wait
        while time.monotonic() < end:
            with self._lock:
                found = re.compile(pattern).search(self.text, self.seen)
            if found is not None:
                self.seen = found.end()
                return found, time.monotonic()
            if self.proc.poll() is not None:
                time.sleep(0.1)
                with self._lock:
                    found = re.compile(pattern).search(self.text, self.seen)
                if found is None:
                    break
                continue
            time.sleep(0.01)
        pytest.fail(f"no {pattern!r} in the output:\n{self.text[self.seen:]}")

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(10)


def test_two_prompts_tell_each_others_moves_at_once_and_quit_while_waiting(
        server: Running, tmp_path: Path) -> None:
    ann = Client(["online", "create", "yatz", "--seats", "me,?", "--name", "Ann", "--server",
                  server.url], tmp_path / "ann")
    bob: Client | None = None
    try:
        code = ann.expect(r"Room ([A-Z0-9]+) on ")[0].group(1)
        bob = Client(["online", "join", code, "--name", "Bob", "--server", server.url],
                     tmp_path / "bob")
        bob.expect(r"Yatz, room \w+: Ann, Bob")
        bob.expect(r"Ann's turn 1 of 39")                   # the table at once
        bob.expect(r"\(waiting for Ann\.\.\.\)")             # and whose turn it is
        ann.expect(r"Ann> ")
        ann.type("roll")
        bob.expect(r"Ann: roll -> 1: \d")
        ann.expect(r"Ann> ")
        bob.type("help")                                     # answered while waiting
        bob.expect(r"leave the room; the server keeps your seat", wait=PATIENCE)
        ann.type("score x1 chance")
        bob.expect(r"Ann: score x1 chance \(\d+ points?\)")
        bob.expect(r"Bob> ")
        ann.expect(r"\(waiting for Bob\.\.\.\)")
        bob.type("roll")
        ann.expect(r"Bob: roll -> 1: \d")
        ann.type("quit")                                     # quit while waiting
        ann.expect(r"Left room \w+: the server keeps your seat")
        assert ann.proc.wait(10) == 0
        bob.expect(r"Ann left the room\.")
        bob.type("quit")
        assert bob.proc.wait(10) == 0
        for text in (ann.text, bob.text):
            assert "Traceback" not in text
            assert "undo" not in text and "resume" not in text
    finally:
        ann.close()
        if bob is not None:
            bob.close()


@pytest.mark.parametrize("key", [g.key for g in REGISTRY.with_part("online")] + ["pig"])
def test_every_games_online_help_offers_only_what_online_play_can_do(key: str) -> None:
    how: OnlineGame = PIG_ONLINE if key == "pig" else REGISTRY.get(key).load("online")
    text = how.help()
    assert "quit" in text and "help" in text, key
    assert max(len(line) for line in text.splitlines()) < 80, key    # no wrap at 80
    words = set(re.findall(r"[a-z]+", text.lower()))
    assert not words & set(NOT_ONLINE), (key, words & set(NOT_ONLINE))


class Silent(io.StringIO):
    """A person who types nothing (their input never ends while the test runs)."""

    def readline(self, size: int | None = -1) -> str:
        time.sleep(60)
        return ""


@pytest.mark.parametrize("key", [g.key for g in REGISTRY.with_part("online")])
def test_a_connection_lost_at_the_prompt_is_said_once(
        server: Running, key: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    host = Room.create(server.url, key, parse_seats("me,?", "Ann"))
    room = Room.join(server.url, host.code, "Bob")
    host.start()
    monkeypatch.setattr("sys.stdin", Silent())

    def gone(self: Link) -> None:
        raise ConnectionLost("the connection to the game server was lost")

    def cut() -> None:
        time.sleep(0.5)
        monkeypatch.setattr(Link, "reconnect", gone)
        room.link.ws.close()
    threading.Thread(target=cut, daemon=True).start()
    try:
        with pytest.raises(GameshelfError) as said:
            _play(room, tui=False)
    finally:
        host.close()
    out = capsys.readouterr()
    assert "lost" in str(said.value) and f"join room {host.code} again" in str(said.value)
    assert "lost" not in out.out + out.err, out
