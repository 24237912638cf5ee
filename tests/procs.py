"""Child processes that tests send signals to.

A test run started in the background of a non-interactive shell (``cmd &``) inherits SIGINT
and SIGQUIT ignored, and the program rightly keeps an ignored signal ignored (as under
``nohup``). A player's terminal leaves them at their defaults, so every child a test signals
starts with the default dispositions: pass :func:`default_signals` as ``preexec_fn``.
"""

from __future__ import annotations

import os
import signal
import subprocess
from typing import Any


def default_signals() -> None:
    """Reset the signals a player's terminal sends to their default handling."""
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT):
        signal.signal(sig, signal.SIG_DFL)


class LeftChildren:
    """Every ``subprocess.Popen`` a test starts, so that none outlives the test.

    A test that fails (or hangs up) between starting a child and waiting for it used to
    leave the child running with no parent: two Showdown screens from a failed run of
    ``tests/tui/test_stops.py`` spun at a quarter of a core each for over an hour.
    """

    def __init__(self) -> None:
        self.started: list[subprocess.Popen[Any]] = []

    def end_all(self) -> list[str]:
        """Kill what is still running (its whole session when it has its own): their
        command lines, for the report."""
        left: list[str] = []
        for proc in self.started:
            if proc.poll() is not None:
                continue
            left.append(" ".join(map(str, proc.args if isinstance(proc.args, list)
                                     else [proc.args]))[:120])
            try:
                if os.getpgid(proc.pid) == proc.pid:
                    os.killpg(proc.pid, signal.SIGKILL)
                else:
                    proc.kill()
            except ProcessLookupError:
                pass
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                pass
        return left
