"""A ``gameshelf`` command on a pseudo-terminal that is its controlling terminal, as in a
terminal emulator or a tmux pane, for tests that close that terminal under it.

Closing the terminal (:meth:`HungTerminal.hang_up`: the master side closed, as tmux
``kill-session`` or a closed window does) makes the kernel send SIGHUP to the command and
its reads end (``EIO`` or the end of input). ``nohup=True`` starts the command with SIGHUP
ignored, as ``nohup`` does, so that only the dead terminal can end it.
"""

from __future__ import annotations

import fcntl
import os
import pty
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from collections.abc import Callable
from pathlib import Path

#: Seconds a hung-up command may take to end: a hang guard, not a timing check.
PATIENCE = 60.0


def _controlling(nohup: bool) -> Callable[[], None]:
    def setup() -> None:
        for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT):
            signal.signal(sig, signal.SIG_DFL)
        if nohup:
            signal.signal(signal.SIGHUP, signal.SIG_IGN)
        fcntl.ioctl(0, termios.TIOCSCTTY, 0)   # after setsid: the pty is this session's
    return setup


class HungTerminal:
    """``python -m gameshelf ARGS`` on a pseudo-terminal of ``size`` (columns, rows), its
    output read all the time (so the command never blocks on a full terminal)."""

    def __init__(self, args: list[str], home: Path, *, nohup: bool = False,
                 size: tuple[int, int] = (80, 24)) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
        env = dict(os.environ, GAMESHELF_HOME=str(home), TERM="xterm-256color",
                   PYTHONPATH=os.pathsep.join(sys.path))
        self.proc = subprocess.Popen([sys.executable, "-m", "gameshelf", *args],
                                     stdin=slave, stdout=slave, stderr=slave, env=env,
                                     start_new_session=True, preexec_fn=_controlling(nohup))
        os.close(slave)
        self.output = b""
        self._lock = threading.Lock()
        self._closed = False
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        """Read the terminal until it is closed. The reader closes it itself: a read under
        way holds the terminal open even once another thread closed its descriptor, so
        the command would never be hung up."""
        master = self.master
        while not self._closed:
            if not select.select([master], [], [], 0.05)[0]:
                continue
            try:
                chunk = os.read(master, 65536)
            except OSError:   # the command ended
                chunk = b""
            if not chunk:
                break
            with self._lock:
                self.output += chunk
        while not self._closed:   # the command ended first: keep it open until hung up
            time.sleep(0.05)
        os.close(master)

    def seen(self, text: str) -> bool:
        """Whether ``text`` was written on the terminal (escape codes and all)."""
        with self._lock:
            return text.encode() in self.output

    def wait_for(self, ready: Callable[[], bool], what: str) -> None:
        """Wait until ``ready()`` (a hang guard of :data:`PATIENCE`)."""
        end = time.monotonic() + PATIENCE
        while not ready():
            if self.proc.poll() is not None or time.monotonic() > end:
                with self._lock:
                    tail = self.output[-2000:]
                raise AssertionError(f"never {what}; exit {self.proc.poll()}; saw {tail!r}")
            time.sleep(0.05)

    def type(self, text: str) -> None:
        os.write(self.master, text.encode())

    def hang_up(self) -> None:
        """Close the terminal under the command (its master side), and wait until it is."""
        self._closed = True
        self._reader.join(PATIENCE)

    def ended(self) -> int:
        """The command's exit code once it ended (``-N``: killed by signal N); a command
        still running after :data:`PATIENCE` seconds fails the test (and is killed)."""
        try:
            return self.proc.wait(PATIENCE)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
            raise AssertionError(f"still running {PATIENCE:.0f} s after its terminal "
                                 "closed") from None

    def close(self) -> None:
        """End everything left (for a ``finally``)."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        self.hang_up()
