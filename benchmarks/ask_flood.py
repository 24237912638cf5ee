"""A flood of hints against the game server, and what another room sees meanwhile.

Starts ``gameshelf serve`` (SQLite, a temporary file, a free loopback port, the default
rate limit of 20 messages a second), then plays one room of Muggins against strong Mugsy (a
slow computer seat: its moves run in a worker thread), asking a hint before each of its
actions, ``--actions`` actions alone (the baseline), then as many again while ``--flooders``
connections, each in a Showdown room of its own where it is to act, ask a hint every
``1 / --rate`` seconds and never play (:mod:`tests.server.flood`).

Prints, for each phase: the other room's actions answered and the computer's moves (and
deals) seen; the p50 / p99 / max of its send-to-state (its actions) and send-to-hint (its
hints), milliseconds; the flooders' hints answered and refused ``busy``. ``--src DIR`` runs
the server from another checkout's ``src`` (``git archive main src | tar -x -C DIR``), to
compare before and after.

Run: ``.venv/bin/python benchmarks/ask_flood.py [--actions 40] [--flooders 2] [--rate 19]
[--patience 300] [--src DIR]``
"""

from __future__ import annotations

import argparse
import asyncio
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.server.flood import Flood, flood  # noqa: E402

from gameshelf.core.progress import add_progress_option, progress  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def served(home: Path, src: Path) -> Iterator[str]:
    """``gameshelf serve`` from ``src`` on a free port: its WebSocket URL; killed at the
    end."""
    env = {**os.environ, "GAMESHELF_HOME": str(home),
           "PYTHONPATH": os.pathsep.join([str(src), os.environ.get("PYTHONPATH", "")])}
    with tempfile.TemporaryFile("w+", encoding="utf-8") as log:   # its log, said on failure
        proc = subprocess.Popen([sys.executable, "-m", "gameshelf", "serve", "--port", "0",
                                 "--db", str(home / "rooms.db")], env=env,
                                stdout=subprocess.PIPE, stderr=log, text=True)
        try:
            assert proc.stdout is not None
            found = re.search(r"ws://127\.0\.0\.1:\d+/ws", proc.stdout.readline())
            if found is None:
                log.seek(0)
                raise SystemExit(f"ask_flood: the server did not start: {log.read()[-500:]}")
            yield found.group(0)
        finally:
            proc.kill()
            proc.wait(10)
            if proc.stdout is not None:
                proc.stdout.close()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=40,
                    help="the other room's actions in each phase (1-1000)")
    ap.add_argument("--flooders", type=int, default=2, help="flooding connections (1-16)")
    ap.add_argument("--rate", type=float, default=19.0,
                    help="hints a second of each flooder (0.1-20)")
    ap.add_argument("--patience", type=float, default=300.0,
                    help="seconds the other room waits for one message before it stops (a phase: "
                         "three times as long at most)")
    ap.add_argument("--src", type=Path, default=ROOT / "src",
                    help="the src folder the server runs from (default: this checkout's)")
    add_progress_option(ap)
    args = ap.parse_args()
    if not (1 <= args.actions <= 1000 and 1 <= args.flooders <= 16
            and 0.1 <= args.rate <= 20):
        ap.error("--actions 1-1000, --flooders 1-16, --rate 0.1-20")
    src = args.src.resolve()
    if not (src / "gameshelf" / "__main__.py").is_file():
        ap.error(f"--src: no gameshelf package in {src}")
    print(f"server from {src}; the other room: Muggins against strong Mugsy, a hint asked "
          f"before each action; flood: {args.flooders} connections x {args.rate:g} hints/s "
          f"(Showdown)")
    with tempfile.TemporaryDirectory() as tmp, served(Path(tmp), src) as url, \
            progress("phases", 2, args.progress) as advance:
        for name, flooders in (("alone", 0), ("flooded", args.flooders)):
            got = Flood()
            try:
                asyncio.run(asyncio.wait_for(flood(
                    url, actions=args.actions, flooders=flooders, rate=args.rate,
                    patience=args.patience, out=got), args.patience * 3))
            except TimeoutError:
                got.stalled = got.stalled or "the phase's end"
            advance(1)
            print(f"\n{name}:")
            for line in got.lines() if flooders else got.lines()[:3]:
                print(f"  {line}")


if __name__ == "__main__":
    main()
