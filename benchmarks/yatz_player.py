"""Yatz: the strong player's mean score and decision time over seeded solitaire games.

Plays games ``--first`` .. ``--first + --games - 1`` (the game number is the match seed)
through the real engine (:class:`gameshelf.yatz.match.Match`), with ``--workers`` processes,
and prints the mean with its standard error, the standard deviation, the upper-bonus rate of
each column, and the median and 90th percentile of the decision time (every ``choose`` call,
including the turn's first, which solves the turn). Target (issue 4): mean 1,700 or more over
10,000 games, median decision 50 ms or less.

With ``--correction`` the timed player is built directly with the learned correction shipped
in the package (``gameshelf/yatz/correction.toml``, made by
``benchmarks/yatz_fit_correction.py``); the registered ``strong`` player uses it too.

Usage: python benchmarks/yatz_player.py [--games 10000] [--player strong] [--workers 2]
    [--correction]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time
from multiprocessing import Pool

from gameshelf.core.chance import Chance
from gameshelf.yatz.game import COLUMNS, Action, YatzState
from gameshelf.yatz.match import Match, Seat
from gameshelf.yatz.players import PLAYERS, make_player
from gameshelf.yatz.strategy import Strategy, load_correction
from gameshelf.yatz.strong import StrongPlayer

TIMED = "bench-timed"


class _Timed:
    """Wraps a registered player and records how long each decision takes (seconds)."""

    name = TIMED
    inner_name = "strong"
    correction = False
    times: list[float] = []

    def __init__(self) -> None:
        if self.correction:
            corr = load_correction()
            self.inner = StrongPlayer(Strategy(discount=corr.discount, weights=corr.weights))
        else:
            self.inner = make_player(self.inner_name)

    def choose(self, state: YatzState, rng: Chance) -> Action:
        t0 = time.perf_counter()
        a = self.inner.choose(state, rng)
        _Timed.times.append(time.perf_counter() - t0)
        return a


def _batch(job: tuple[str, bool, list[int]]) -> tuple[list[int], list[int], list[float]]:
    player, correction, seeds = job
    _Timed.inner_name = player
    _Timed.correction = correction
    _Timed.times = []
    PLAYERS[TIMED] = _Timed
    totals: list[int] = []
    bonus = [0] * COLUMNS
    for s in seeds:
        m = Match([Seat(player, TIMED)], seed=s)
        m.play_computers()
        totals.append(m.state.grand_total(0))
        for c in range(COLUMNS):
            bonus[c] += m.state.bonus(0, c) > 0
    return totals, bonus, _Timed.times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--player", default="strong")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--correction", action="store_true",
                    help="the strong player with the shipped learned correction")
    args = ap.parse_args()
    warm = Match([Seat("warm-up", args.player)], seed=0)  # solve/load and compile before
    warm.play_computers()                                 # the workers fork
    seeds = list(range(args.first, args.first + args.games))
    chunks = [(args.player, args.correction, seeds[i::args.workers * 8])
              for i in range(args.workers * 8)]
    t0 = time.perf_counter()
    with Pool(args.workers) as pool:
        parts = pool.map(_batch, chunks)
    wall = time.perf_counter() - t0
    totals = [t for p in parts for t in p[0]]
    bonus = [sum(p[1][c] for p in parts) for c in range(COLUMNS)]
    times = sorted(t for p in parts for t in p[2])
    n = len(totals)
    mean = statistics.fmean(totals)
    sd = statistics.stdev(totals) if n > 1 else 0.0
    q90 = times[int(0.9 * (len(times) - 1))]
    name = args.player + (" + learned correction" if args.correction else "")
    print(f"player {name}: {n} solitaire games (seeds {seeds[0]}..{seeds[-1]}), "
          f"{args.workers} workers, {wall:.1f} s")
    print(f"mean score {mean:.1f}  standard error {sd / math.sqrt(n):.1f}  sd {sd:.1f}  "
          f"min {min(totals)}  max {max(totals)}")
    print("upper bonus rate " + "  ".join(f"x{c + 1} {bonus[c] / n:.3f}" for c in range(COLUMNS)))
    print(f"decisions {len(times)}  median {statistics.median(times) * 1000:.3f} ms  "
          f"90th percentile {q90 * 1000:.3f} ms  max {times[-1] * 1000:.1f} ms")
    print(f"target mean >= 1700: {'met' if mean >= 1700 else 'MISSED'}; "
          f"median decision <= 50 ms: {'met' if statistics.median(times) <= 0.05 else 'MISSED'}")


if __name__ == "__main__":
    main()
