"""Yatz: the strong player's reference figures shown beside a player's statistics.

Plays solitaire games ``--first`` .. ``--first + --games - 1`` (the game number is the match
seed) with the registered ``strong`` player through the real engine, and writes each game's
final score and, per column, how many games got the upper bonus and a Yatz to
``src/gameshelf/games/yatz/yatz_strong.toml`` (``--out``), the table the statistics screens and
``gameshelf yatz stats`` show as "computer (strong), reference". Prints the figures and
how long it took. The table says the games and seeds it was measured on.

Usage: python benchmarks/yatz_strong_reference.py [--games 200] [--first 1] [--out PATH]
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from gameshelf.core.files import write_file
from gameshelf.core.progress import add_progress_option, tracked
from gameshelf.games.yatz.game import COLUMNS
from gameshelf.games.yatz.match import Match, Seat
from gameshelf.games.yatz.scoring import Box

OUT = Path(__file__).resolve().parent.parent / "src/gameshelf/games/yatz/yatz_strong.toml"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--out", type=Path, default=OUT)
    add_progress_option(ap)
    args = ap.parse_args()
    start = time.perf_counter()
    scores: list[int] = []
    bonus = [0] * COLUMNS
    yatz = [0] * COLUMNS
    for seed in tracked(range(args.first, args.first + args.games), "strong player: games",
                        args.games, args.progress):
        m = Match([Seat("Strong", "strong")], seed)
        m.play_computers()
        st = m.state
        scores.append(st.grand_total(0))
        for c in range(COLUMNS):
            bonus[c] += st.bonus(0, c) > 0
            yatz[c] += (st.boxes[0][c][Box.YATZ] or 0) > 0
    took = time.perf_counter() - start
    n = len(scores)
    source = (f"{n} solitaire games of the strong player, game numbers {args.first} to "
              f"{args.first + n - 1} (benchmarks/yatz_strong_reference.py)")
    lines = ["# Made by benchmarks/yatz_strong_reference.py; do not edit by hand.",
             f"source = {source!r}".replace("'", '"'),
             f"bonus = {bonus}", f"yatz = {yatz}", f"scores = {scores}"]
    write_file(args.out, ("\n".join(lines) + "\n").encode("utf-8"), overwrite=True)
    mean = statistics.fmean(scores)
    se = statistics.stdev(scores) / n ** 0.5 if n > 1 else 0.0
    print(f"strong player, {n} games: mean {mean:,.1f} ± {se:.1f} (standard error), "
          f"best {max(scores):,}, worst {min(scores):,}")
    print("upper bonus per column: " + ", ".join(
        f"x{c + 1} {100 * bonus[c] / n:.1f}%" for c in range(COLUMNS)))
    print("Yatz per column:        " + ", ".join(
        f"x{c + 1} {100 * yatz[c] / n:.1f}%" for c in range(COLUMNS)))
    print(f"{took:.1f} s ({took / n:.2f} s a game, solver tables loaded once); "
          f"written to {args.out}")


if __name__ == "__main__":
    main()
