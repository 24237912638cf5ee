"""How long a replay takes to open and to step: a finished game of each game becomes a replay
(:mod:`gameshelf.session.replay`: the record checked by the game's ``Match.from_record``, then
replayed once keeping the state after every move), then the cursor walks every step forwards
and back. Prints seconds to open, moves, and microseconds per step; the state copies kept.

Run: ``.venv/bin/python benchmarks/replay_cursor.py [--games 3] [--progress]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.record_replay import muggins_game, showdown_game, yatz_game  # noqa: E402

from gameshelf.core.progress import add_progress_option, tracked
from gameshelf.core.records import GameRecord
from gameshelf.games.muggins.replay import muggins_replay
from gameshelf.games.showdown.replay import showdown_replay
from gameshelf.games.yatz.replay import yatz_replay


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    add_progress_option(ap)
    args = ap.parse_args()
    cases: list[tuple[str, Callable[[int], GameRecord], Callable[[GameRecord], object]]] = [
        ("yatz 4 greedy seats", lambda s: yatz_game(s, "greedy", 4), yatz_replay),
        ("muggins vs easy", lambda s: muggins_game(s, "easy"), muggins_replay),
        ("muggins vs normal", lambda s: muggins_game(s, "normal"), muggins_replay),
        ("showdown 4 heuristic", lambda s: showdown_game(s, "cpu,cpu,cpu,cpu"),
         showdown_replay),
    ]
    print(f"{'finished game':<22} {'actions':>7} {'moves':>6} {'open s':>8} {'max s':>8} "
          f"{'step us':>8}")
    for name, make, build in cases:
        opened, steps, actions, moves = [], [], 0, 0
        for seed in tracked(range(1, args.games + 1), name, args.games, args.progress):
            record = make(seed)
            t0 = time.perf_counter()
            replay = build(record)
            opened.append(time.perf_counter() - t0)
            actions += len(record.actions)
            moves += replay.n  # type: ignore[attr-defined]
            t0 = time.perf_counter()
            while replay.forward() < replay.n:  # type: ignore[attr-defined]
                _ = replay.state  # type: ignore[attr-defined]
            while replay.back() > 0:  # type: ignore[attr-defined]
                _ = replay.state  # type: ignore[attr-defined]
            steps.append((time.perf_counter() - t0) / max(1, 2 * replay.n))  # type: ignore[attr-defined]
        g = args.games
        print(f"{name:<22} {actions // g:>7} {moves // g:>6} {sum(opened) / g:>8.3f} "
              f"{max(opened):>8.3f} {1e6 * sum(steps) / g:>8.2f}")


if __name__ == "__main__":
    main()
