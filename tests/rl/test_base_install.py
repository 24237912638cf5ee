"""Without the ``rl`` extra (no OpenSpiel, PettingZoo or Gymnasium) every gameshelf module
but the three framework adapters still imports: the base install plays as before."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: The adapters that need the extra; nothing else may import a framework.
ADAPTERS = {"gameshelf.rl.openspiel", "gameshelf.rl.pettingzoo", "gameshelf.rl.gym"}

_SCRIPT = f"""
import importlib, importlib.abc, pkgutil, sys

class NoExtra(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("pyspiel", "open_spiel", "pettingzoo", "gymnasium"):
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None

sys.meta_path.insert(0, NoExtra())
import gameshelf
names = [m.name for m in pkgutil.walk_packages(gameshelf.__path__, "gameshelf.")]
for name in names:
    if name not in {sorted(ADAPTERS)!r}:
        importlib.import_module(name)
try:
    import gameshelf.rl.openspiel
except ModuleNotFoundError as err:
    print("adapter needs", err.name)
print(len(names), "modules")
"""


def test_every_module_but_the_adapters_imports_without_the_extra() -> None:
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
    assert "adapter needs pyspiel" in done.stdout
    assert " modules" in done.stdout
