"""benchmarks/sim_ray.py refuses bad options in one line, exit 2, before any game runs
(``--games -1`` printed negative games per second after a whole run; ``--ray nonsense`` gave a
traceback after the ``--workers`` half had run). Needs no Ray: every case stops first."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("args", "says"), [
    (["--games", "-1"], "--games must be"),
    (["--games", "0"], "--games must be 1 to"),
    (["--workers", "0"], "--workers must be 1 to 256"),
    (["--ray", "nonsense"], "--ray needs HOST:PORT"),
])
def test_sim_ray_refuses_bad_options_in_one_line(args: list[str], says: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "sim_ray.py"), *args],
                          capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.strip().splitlines()) == 1 and says in done.stderr
