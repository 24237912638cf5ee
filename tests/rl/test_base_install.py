"""Without the ``rl`` extra (no OpenSpiel, PettingZoo or Gymnasium) the base install plays as
before: only the three framework adapters import a framework, and the game specs and the
command line import with the frameworks missing."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "gameshelf"
FRAMEWORKS = {"pyspiel", "open_spiel", "pettingzoo", "gymnasium"}
#: The adapters that need the extra; nothing else may import a framework.
ADAPTERS = {SRC / "rl" / "openspiel.py", SRC / "rl" / "pettingzoo.py", SRC / "rl" / "gym.py"}


def _imported(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_only_the_adapters_import_a_framework() -> None:
    found = [
        f"{path.relative_to(ROOT)}: {sorted(_imported(path) & FRAMEWORKS)}"
        for path in sorted(SRC.rglob("*.py"))
        if path not in ADAPTERS and _imported(path) & FRAMEWORKS
    ]
    assert found == []


_SCRIPT = """
import importlib, importlib.abc, sys

class NoExtra(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pyspiel", "open_spiel", "pettingzoo", "gymnasium"):
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
        return None

sys.meta_path.insert(0, NoExtra())
import gameshelf.cli
from gameshelf.rl.games import spec_games, spec_class
for game in spec_games():
    spec = spec_class(game)()
    spec.initial()
for adapter in ("openspiel", "pettingzoo", "gym"):
    try:
        importlib.import_module("gameshelf.rl." + adapter)
    except ModuleNotFoundError as err:
        print(adapter, "needs", err.name, "|", err)
"""


def test_specs_and_the_command_import_without_the_extra() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, "-c", _SCRIPT],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.strip().splitlines()
    needs = [line.split(" | ")[0] for line in lines]
    assert needs == ["openspiel needs pyspiel", "pettingzoo needs gymnasium", "gym needs gymnasium"]
    for line in lines:  # the message says how to get it, not only "No module named"
        assert line.split(" | ")[1].startswith("gameshelf.rl.")
        assert "pip install 'gameshelf[rl]'" in line
