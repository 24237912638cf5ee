"""The README's research scripts (examples/) play every game end to end, and refuse bad
input with one line and exit code 2."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

from gameshelf.rl.games import spec_games  # noqa: E402
from tests.rl.test_conformance import PRESENT  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
SCRIPTS = ["openspiel_play.py", "pettingzoo_play.py"]
#: Short games: Muggins to 50 points instead of 500.
QUICK = {"yatz": "yatz", "muggins": "muggins(target=50)", "showdown": "showdown"}


def run(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src") + os.pathsep + str(ROOT)}
    return subprocess.run(
        [sys.executable, str(ROOT / "examples" / script), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize("script", SCRIPTS)
def test_script_plays_every_game_to_the_end(script: str) -> None:
    assert set(QUICK) == set(spec_games())
    if not PRESENT:
        pytest.skip("no game's spec module is there yet")
    done = run(script, *(QUICK[g] for g in PRESENT), "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    for game in PRESENT:
        assert f"gameshelf_{game}" in done.stdout
    finals = [line for line in done.stdout.splitlines() if "returns" in line or "rewards" in line]
    assert len(finals) == len(PRESENT)


@pytest.mark.parametrize("script", SCRIPTS)
@pytest.mark.parametrize("bad", [["yatz(players"], ["yatz(players=2,players=3)"]])
def test_script_refuses_bad_input_in_one_line(script: str, bad: list[str]) -> None:
    done = run(script, *bad)
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and script in done.stderr


def test_ismcts_seat_plays_every_game() -> None:
    """IS-MCTS asserts hidden information: in Yatz, which hides nothing, seat 0 is plain
    MCTS (the script stopped on an AssertionError traceback there)."""
    done = run("openspiel_play.py", *(QUICK[g] for g in PRESENT), "--ismcts", "2", "--seed", "3")
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("returns") == len(PRESENT)


def test_readme_openspiel_loop_runs() -> None:
    """The README's Python example, as written."""
    if "yatz" not in PRESENT:
        pytest.skip("gameshelf.games.yatz.rl is not there yet")
    readme = (ROOT / "README.md").read_text()
    research = readme[readme.index("## For game-AI research") :]
    code = research[
        research.index("```python\n") + 10 : research.index("```\n", research.index("```python"))
    ]
    assert "pyspiel.load_game" in code
    exec(compile(code, "README.md", "exec"), {"print": lambda *a: None})


@pytest.mark.parametrize("script", SCRIPTS)
def test_script_stops_quietly_when_its_reader_leaves(script: str) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    with subprocess.Popen(
        [
            sys.executable,
            str(ROOT / "examples" / script),
            "yatz(players=9)",
            "yatz(players=9)",
            "--moves",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
    ) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        assert proc.stdout.readline()  # the first line, then the reader leaves
        proc.stdout.close()
        err = proc.stderr.read()
        assert proc.wait(timeout=300) == 0
    assert err == b""
