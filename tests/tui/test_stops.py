"""The terminal app in a real terminal (a pseudo-terminal): a signal or a crash mid-game ends
it in order, with the terminal restored, one line on stderr, the right exit code, and the game
saved up to the last move.

Textual draws on stderr; the tests read it to know when the screen is up.
"""

from __future__ import annotations

import fcntl
import os
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from gameshelf.core import crash
from gameshelf.core.store import Store
from gameshelf.games.showdown.match import GAME as SHOWDOWN
from tests.procs import default_signals

pty = pytest.importorskip("pty")

PATIENCE = 120.0  # a hang guard, not a timing check
LEAVE_ALT_SCREEN = b"\x1b[?1049l"


class Terminal:
    """``python -c CODE`` on a pseudo-terminal of 120x40; threads drain the terminal and
    stderr (where Textual draws) so the child never blocks on a full pipe."""

    def __init__(self, home: Path, code: str) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        env = dict(os.environ, GAMESHELF_HOME=str(home), TERM="xterm-256color",
                   PYTHONPATH=os.pathsep.join(sys.path))
        self.proc = subprocess.Popen([sys.executable, "-c", code], stdin=slave, stdout=slave,
                                     stderr=subprocess.PIPE, env=env, start_new_session=True,
                                     preexec_fn=default_signals)
        os.close(slave)
        self._err: list[bytes] = []
        assert self.proc.stderr is not None
        stderr = self.proc.stderr
        self._threads = [
            threading.Thread(target=lambda: self._err.extend(iter(
                lambda: os.read(stderr.fileno(), 65536), b"")), daemon=True),
            threading.Thread(target=self._drain_terminal, daemon=True)]
        for t in self._threads:
            t.start()

    def _drain_terminal(self) -> None:
        try:
            while os.read(self.master, 65536):
                pass
        except OSError:  # the child closed the terminal
            pass

    def keys(self, text: str) -> None:
        os.write(self.master, text.encode())

    def finish(self) -> tuple[int, bytes]:
        """Wait for the child's end: its exit code and all it wrote on stderr."""
        code = self.proc.wait(PATIENCE)
        self._threads[0].join(PATIENCE)
        os.close(self.master)
        return code, b"".join(self._err)


def _wait_for_save(more_than: int = -1) -> tuple[str, ...]:
    """The actions of the save ``game-3`` once it holds more than ``more_than``."""
    end = time.monotonic() + PATIENCE
    while time.monotonic() < end:
        with Store() as store:
            if "game-3" in store.save_names(SHOWDOWN):
                saved = store.load_save(SHOWDOWN, "game-3").actions
                if len(saved) > more_than:
                    return saved
        time.sleep(0.1)
    raise AssertionError(f"the save never grew past {more_than} actions")


# The Showdown screen: its first save comes once the screen is up; Enter offers a card.
PLAY = ("from gameshelf.cli import main\n"
        "main(['showdown', 'play', '-p', 'Ann,cpu', '--seed', '3'])\n")


@pytest.mark.parametrize("sig", [signal.SIGTERM,
                                 pytest.param(signal.SIGHUP, marks=pytest.mark.slow)],
                         ids=lambda s: signal.Signals(s).name)
def test_a_signal_on_the_screen_ends_in_order_with_the_turn_kept(
        sig: int, _gameshelf_home: Path) -> None:
    term = Terminal(_gameshelf_home, PLAY)
    first = _wait_for_save()
    term.keys("\r")                         # offer the first card of the hand
    saved = _wait_for_save(len(first))
    term.proc.send_signal(sig)
    code, err = term.finish()
    assert code == 128 + sig, err[-3000:]
    assert LEAVE_ALT_SCREEN in err         # the terminal is given back
    assert err.rstrip().endswith(f"gameshelf: stopped ({signal.Signals(sig).name})".encode())
    with Store() as store:
        kept = store.load_save(SHOWDOWN, "game-3").actions
    assert kept[:len(saved)] == saved   # the person's offer and all before it


def test_a_crash_on_the_screen_is_one_line_naming_the_report(_gameshelf_home: Path) -> None:
    code = ("import gameshelf.games.showdown.tui.screen as g\n"
            "def boom(self):\n"
            "    raise RuntimeError('injected fault')\n"
            "g.ShowdownScreen.action_piles = boom\n" + PLAY)
    term = Terminal(_gameshelf_home, code)
    first = _wait_for_save()
    term.keys("\r")
    saved = _wait_for_save(len(first))
    term.keys("p")
    rc, err = term.finish()
    assert rc == crash.EXIT_CODE
    assert LEAVE_ALT_SCREEN in err and b"Traceback" not in err
    last = err.rsplit(LEAVE_ALT_SCREEN, 1)[1].decode()
    line = last[last.index("gameshelf: "):]
    assert line.count("\n") == 1
    assert line.startswith("gameshelf: internal error (RuntimeError); the full report is in ")
    report = Path(line.split(" is in ", 1)[1].strip())
    assert report.parent == _gameshelf_home / "crash"
    assert "RuntimeError: injected fault" in report.read_text()
    with Store() as store:
        assert store.load_save(SHOWDOWN, "game-3").actions[:len(saved)] == saved
