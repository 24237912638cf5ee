"""Sims on worker processes stop at once, with their workers (issue 10, point 11).

A sim of a million games runs in its own process group; once its workers exist it gets
Ctrl-C (SIGINT to the whole group, as a terminal sends it) or SIGTERM (to the parent only).
It must end at once (the bound below is generous: the old code waited for every queued game,
hours for a million) and leave no process of its group behind.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from functools import partial

import pytest

from gameshelf.core.workers import run_jobs

pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self"), reason="needs /proc")


def group(pgid: int) -> list[int]:
    """The live (not zombie) processes of the process group ``pgid``."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as fh:
                text = fh.read()
        except OSError:
            continue
        fields = text[text.rindex(")") + 2:].split()
        if int(fields[2]) == pgid and fields[0] != "Z":
            found.append(int(entry))
    return found


def wait_for(cond: object, seconds: float) -> bool:
    """Poll ``cond()`` every 0.1 s for at most ``seconds``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cond():  # type: ignore[operator]
            return True
        time.sleep(0.1)
    return bool(cond())  # type: ignore[operator]


SIMS = {
    "yatz": ["yatz", "sim", "--games", "1000000", "--player", "greedy", "--workers", "2",
             "--json"],
    "muggins": ["muggins", "sim", "--games", "1000000", "--players", "easy,easy",
                "--workers", "2", "--json"],
}


def _interrupt(argv: list[str], how: str) -> None:
    p = subprocess.Popen([sys.executable, "-m", "gameshelf", *argv], stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True)
    try:
        assert wait_for(lambda: len(group(p.pid)) >= 3, 120), "the workers never started"
        if how == "SIGINT":
            os.killpg(p.pid, signal.SIGINT)        # Ctrl-C at a terminal
        elif how == "SIGTERM":
            os.kill(p.pid, signal.SIGTERM)         # `kill PID`: the parent only
        else:
            os.kill(p.pid, signal.SIGKILL)         # nothing runs in the parent any more
        try:
            _, err = p.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            pytest.fail(f"{how}: the sim went on with its queued games")
        assert b"Traceback" not in err
        expected = {"SIGINT": {130}, "SIGTERM": {143, -signal.SIGTERM},
                    "SIGKILL": {-signal.SIGKILL}}
        assert p.returncode in expected[how]
        assert wait_for(lambda: not group(p.pid), 3), f"{how}: workers left running"
    finally:
        for pid in group(p.pid):
            os.kill(pid, signal.SIGKILL)
        if p.returncode is None:
            p.kill()
            p.communicate()


@pytest.mark.parametrize(("game", "how"), [("yatz", "SIGINT"), ("muggins", "SIGTERM")])
def test_a_sim_stops_at_once_with_its_workers(game: str, how: str) -> None:
    _interrupt(SIMS[game], how)


@pytest.mark.slow
@pytest.mark.parametrize(("game", "how"), [("yatz", "SIGTERM"), ("muggins", "SIGINT"),
                                           ("yatz", "SIGKILL")])
def test_a_sim_stops_at_once_with_its_workers_slow(game: str, how: str) -> None:
    _interrupt(SIMS[game], how)


def _square_or_fail(bad: int, x: int) -> int:
    if x == bad:
        raise ValueError(f"job {x} failed")
    return x * x


@pytest.mark.parametrize("workers", [1, 2])
def test_run_jobs_keeps_the_order_and_reports_progress(workers: int) -> None:
    seen: list[int] = []
    out = run_jobs(partial(_square_or_fail, -1), range(23), workers=workers, chunksize=4,
                   advance=seen.append)
    assert out == [x * x for x in range(23)]
    assert sum(seen) == 23 and max(seen) <= 4


def test_run_jobs_stops_its_workers_when_a_job_fails() -> None:
    before = set(group(os.getpgid(0)))
    with pytest.raises(ValueError, match="job 5 failed"):
        run_jobs(partial(_square_or_fail, 5), range(200), workers=2)
    assert wait_for(lambda: set(group(os.getpgid(0))) <= before, 3)
