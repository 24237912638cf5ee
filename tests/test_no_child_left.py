"""Tests never leave a child process behind (see tests/procs.LeftChildren)."""

from __future__ import annotations

import subprocess
import sys

from tests.procs import LeftChildren


def test_a_child_still_running_is_killed_with_its_session() -> None:
    children = LeftChildren()
    alone = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"],
                             start_new_session=True)
    shared = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    done = subprocess.Popen([sys.executable, "-c", "pass"])
    done.wait()
    children.started += [alone, shared, done]
    left = children.end_all()
    assert len(left) == 2 and all("sleep(600)" in line for line in left)
    assert alone.poll() is not None and shared.poll() is not None


def test_every_popen_of_a_test_is_recorded() -> None:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    # the autouse fixture wraps Popen.__init__ for the test's duration
    assert subprocess.Popen.__init__.__name__ == "recording"
