"""Every long-running server command stops when what started it ends.

``make web`` in a terminal that is closed: make ends without passing the hang-up on, and the
server went on with no terminal, holding its port and the store. The same held for
``gameshelf serve`` started by a script that was killed. Each server now hears its parent's
end as a signal it stops on in order (core.interrupt.stop_with_parent); this walks them all.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.procs import default_signals

ROOT = Path(__file__).resolve().parents[1]
PATIENCE = 60.0

#: Every command that serves until stopped: (name, arguments after ``gameshelf``).
SERVERS = [
    ("web", ["web", "--no-open", "--port", "0"]),
    ("web-terminal", ["web", "--terminal", "--no-open", "--port", "0"]),
    ("serve", ["serve", "--port", "0"]),
]


def _listening(pid: int) -> bool:
    """True once the process ``pid`` has a listening TCP socket (the server is up)."""
    try:
        inodes = {os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")}
    except OSError:
        return False
    listening = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        with contextlib.suppress(OSError):
            for line in Path(table).read_text().splitlines()[1:]:
                fields = line.split()
                if fields[3] == "0A":
                    listening.add(f"socket:[{fields[9]}]")
    return bool(inodes & listening)


def _gone(pid: int) -> bool:
    """True when ``pid`` has ended (or is a zombie waiting for its reaper)."""
    try:
        return "Z" in Path(f"/proc/{pid}/stat").read_text().split()[2]
    except OSError:
        return True


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
@pytest.mark.parametrize(("name", "args"), SERVERS, ids=[n for n, _ in SERVERS])
def test_a_server_stops_when_what_started_it_ends(tmp_path: Path, name: str,
                                                  args: list[str]) -> None:
    command = [sys.executable, "-m", "gameshelf", *args]
    parent_code = (
        "import json, subprocess, sys\n"
        f"cmd = {json.dumps(command)}\n"
        "p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)\n"
        "print(p.pid, flush=True)\n"
        "sys.stdin.readline()\n")
    env = dict(os.environ, GAMESHELF_HOME=str(tmp_path), PYTHONPATH=str(ROOT / "src"))
    parent = subprocess.Popen([sys.executable, "-c", parent_code], stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT,
                              preexec_fn=default_signals)
    assert parent.stdout is not None
    server = int(parent.stdout.readline())
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline and not _listening(server):
        time.sleep(0.1)
    assert _listening(server), f"gameshelf {name} did not start listening"
    parent.kill()
    parent.wait()
    while time.monotonic() < deadline and not _gone(server):
        time.sleep(0.1)
    gone = _gone(server)
    if not gone:
        os.kill(server, 9)
    assert gone, f"gameshelf {name} went on after what started it ended"
