"""What start-up costs, side by side with the floor each command stands on: ``gameshelf
--help`` and a game's command that computes nothing heavy (``gameshelf dollar best``, which
loads no numpy) against ``python -c "import typer"``, and the menu's app process to its first
screen against a minimal Textual app's (both headless, each a new process that exits as soon
as its first screen is up). Prints the best and the median of ``--runs`` tries of each, in
seconds, and the ratio of the bests (goal: at most 2x each).

Run: ``.venv/bin/python benchmarks/startup.py [--runs 7] [--progress]``.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from gameshelf.core.benchargs import whole
from gameshelf.core.progress import add_progress_option, tracked

BIN = Path(sys.executable).parent

#: A process that shows the game menu headless and exits once it is up.
MENU = """
from gameshelf.tui.app import GameshelfApp, MenuScreen
class Once(GameshelfApp):
    def on_mount(self):
        self.call_after_refresh(self._done)
    def _done(self):
        assert isinstance(self.screen, MenuScreen)
        self.exit()
Once().run(headless=True, size=(80, 24))
"""

#: The same for the smallest Textual app: one screen with one line of text.
MINIMAL = """
from textual.app import App
from textual.widgets import Static
class Once(App):
    def compose(self):
        yield Static("hello")
    def on_mount(self):
        self.call_after_refresh(self.exit)
Once().run(headless=True, size=(80, 24))
"""


def timed(cmd: list[str], env: dict[str, str]) -> float:
    """Seconds for ``cmd`` to run to its end (it must exit with 0)."""
    t0 = time.perf_counter()
    subprocess.run(cmd, check=True, capture_output=True, env=env, timeout=120)
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=whole("--runs", 1, 100), default=7)
    add_progress_option(ap)
    args = ap.parse_args()
    env = {**os.environ, "GAMESHELF_HOME": tempfile.mkdtemp(prefix="gs-startup-")}
    python = sys.executable
    pairs = [
        ("gameshelf --help", [str(BIN / "gameshelf"), "--help"],
         'python -c "import typer"', [python, "-c", "import typer"]),
        ("gameshelf dollar best", [str(BIN / "gameshelf"), "dollar", "best"],
         'python -c "import typer"', [python, "-c", "import typer"]),
        ("menu to its first screen", [python, "-c", MENU],
         "minimal Textual app", [python, "-c", MINIMAL]),
    ]
    print(f"{'command':<28} {'best s':>7} {'median s':>9}   {'floor':<26} {'best s':>7} "
          f"{'median s':>9} {'ratio':>6}")
    for name, cmd, floor_name, floor in tracked(pairs, "start-up", len(pairs), args.progress):
        ours, base = [], []
        for _ in range(args.runs):   # alternate, so a busy moment hits both alike
            ours.append(timed(cmd, env))
            base.append(timed(floor, env))
        print(f"{name:<28} {min(ours):>7.3f} {statistics.median(ours):>9.3f}   "
              f"{floor_name:<26} {min(base):>7.3f} {statistics.median(base):>9.3f} "
              f"{min(ours) / min(base):>5.1f}x")


if __name__ == "__main__":
    main()
