"""Yatz: the ``winner`` player against ``strong``: win share in paired games, decision time.

Each seed is played once with ``winner`` in every seat (``--seats`` 2: two games, seats
swapped; 4: four games, ``winner`` against three ``strong``), through the real engine
(:class:`gameshelf.games.yatz.match.Match`; the game's dice come from its seed, so the
seat-0 player of every game of a seed starts on the same rolls). A game scores 1 for
``winner`` when it finishes first alone, ``1/k`` when it shares first place with ``k - 1``
others, else 0. Printed after every round of ``--round`` seeds (so a run stopped early still
has its figures):

* the win share over games with its Wilson 95% interval (games as independent), and the
  share with a 95% interval over seeds (each seed's games averaged: the paired estimate,
  which keeps the seat and dice pairing);
* the mean points of ``winner`` and of the ``strong`` seats;
* the median and 90th percentile of ``winner``'s decision time (every ``choose`` call).

Goals (issue 28): two seats, 51.5% or more with the interval above 50%; four seats, above
25% with the interval above it; decision p90 under 100 ms.

``--base-lookahead 0`` measures the same transform on the one-turn player instead (both
players without lookahead; a game then takes about a tenth of the time); the figures are
then those of that pair, not of the shipped ``strong``.

Usage: nice -n 19 python benchmarks/yatz_winner.py [--seats 2] [--seeds 1000] [--first 1]
    [--workers 2] [--round 100] [--base-lookahead N]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from gameshelf.core.chance import Chance
from gameshelf.core.estimate import wilson
from gameshelf.core.progress import add_progress_option, progress
from gameshelf.core.workers import run_jobs
from gameshelf.games.yatz.game import Action, YatzState
from gameshelf.games.yatz.match import Match, Seat
from gameshelf.games.yatz.players import PLAYERS
from gameshelf.games.yatz.strategy import Strategy, load_correction
from gameshelf.games.yatz.strong import StrongPlayer
from gameshelf.games.yatz.winner import WinnerPlayer

WIN, STRONG = "bench-winner", "bench-strong"


class _Setup:
    """The players of this process (set in each worker before its games)."""

    base: int | None = None
    strategy: Strategy | None = None
    times: list[float] = []


def _strategy() -> Strategy | None:
    if _Setup.base is None:
        return None
    if _Setup.strategy is None:
        corr = load_correction()
        _Setup.strategy = Strategy(lookahead=_Setup.base, discount=corr.discount,
                                   weights=corr.weights)
    return _Setup.strategy


class _TimedWinner:
    name = WIN

    def __init__(self) -> None:
        self.inner = WinnerPlayer(_strategy())

    def choose(self, state: YatzState, rng: Chance) -> Action:
        t0 = time.perf_counter()
        a = self.inner.choose(state, rng)
        _Setup.times.append(time.perf_counter() - t0)
        return a


def _strong() -> StrongPlayer:
    return StrongPlayer(_strategy())


def _share(totals: list[int], seat: int) -> float:
    top = max(totals)
    return 1.0 / totals.count(top) if totals[seat] == top else 0.0


def _batch(job: tuple[int, int | None, list[int]],
           ) -> tuple[list[list[float]], list[int], list[int], list[float]]:
    """Per seed: the winner's share in each of its seats; its points; the strong seats'
    points; decision times (seconds)."""
    seats, base, seeds = job
    _Setup.base = base
    _Setup.times = []
    PLAYERS[WIN] = _TimedWinner
    PLAYERS[STRONG] = _strong
    shares: list[list[float]] = []
    mine: list[int] = []
    theirs: list[int] = []
    for s in seeds:
        row = []
        for w in range(seats):
            m = Match([Seat(f"P{i + 1}", WIN if i == w else STRONG) for i in range(seats)],
                      seed=s)
            m.play_computers()
            totals = [m.state.grand_total(i) for i in range(seats)]
            row.append(_share(totals, w))
            mine.append(totals[w])
            theirs.extend(t for i, t in enumerate(totals) if i != w)
        shares.append(row)
    return shares, mine, theirs, _Setup.times


def _report(seats: int, shares: list[list[float]], mine: list[int], theirs: list[int],
            times: list[float], wall: float) -> None:
    games = [x for row in shares for x in row]
    n = len(games)
    wins = sum(games)
    lo, hi = wilson(wins, n)
    per_seed = [statistics.fmean(row) for row in shares]
    p = statistics.fmean(per_seed)
    half = 1.96 * statistics.stdev(per_seed) / math.sqrt(len(per_seed)) if len(per_seed) > 1 else 1
    times = sorted(times)
    q90 = times[int(0.9 * (len(times) - 1))]
    fair = 1 / seats
    print(f"{seats} seats: {len(shares)} seeds, {n} games, {wall:.0f} s")
    print(f"  winner's share {wins / n:.4f}  Wilson 95% [{lo:.4f}, {hi:.4f}]; over seeds "
          f"{p:.4f} +- {half:.4f} [{p - half:.4f}, {p + half:.4f}]  (even: {fair:.4f})")
    print(f"  mean points winner {statistics.fmean(mine):.1f}, strong seats "
          f"{statistics.fmean(theirs):.1f}")
    print(f"  decisions {len(times)}  median {statistics.median(times) * 1000:.3f} ms  "
          f"90th percentile {q90 * 1000:.3f} ms  max {times[-1] * 1000:.1f} ms", flush=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seats", type=int, default=2, choices=range(2, 10))
    ap.add_argument("--seeds", type=int, default=1000)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--round", type=int, default=100, help="seeds between two reports")
    ap.add_argument("--base-lookahead", type=int, default=None, choices=(0, 1, 2),
                    help="both players on this lookahead (no end-game turn) in place of the "
                         "shipped strong player's")
    add_progress_option(ap)
    args = ap.parse_args()
    _Setup.base = args.base_lookahead
    PLAYERS[WIN] = _TimedWinner
    PLAYERS[STRONG] = _strong
    warm = Match([Seat("a", WIN), Seat("b", STRONG)], seed=0)  # solve/load and compile
    warm.play_computers()                                      # before the workers fork
    base = ("the shipped strong player" if args.base_lookahead is None
            else f"lookahead {args.base_lookahead}, no end game")
    print(f"winner against strong ({base}), seeds {args.first}.."
          f"{args.first + args.seeds - 1}, {args.workers} workers", flush=True)
    shares: list[list[float]] = []
    mine: list[int] = []
    theirs: list[int] = []
    times: list[float] = []
    t0 = time.perf_counter()
    with progress("winner vs strong, seeds", args.seeds, args.progress) as advance:
        for start in range(args.first, args.first + args.seeds, args.round):
            seeds = list(range(start, min(start + args.round, args.first + args.seeds)))
            chunks = [(args.seats, args.base_lookahead, seeds[i::args.workers * 4])
                      for i in range(args.workers * 4)]
            for part in run_jobs(_batch, [c for c in chunks if c[2]], workers=args.workers):
                shares += part[0]
                mine += part[1]
                theirs += part[2]
                times += part[3]
            advance(len(seeds))
            _report(args.seats, shares, mine, theirs, times, time.perf_counter() - t0)


if __name__ == "__main__":
    main()
