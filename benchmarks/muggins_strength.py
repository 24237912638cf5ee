"""Muggins: Mugsy's strength and speed.

Plays seeded games to 500 between levels (seats alternate: even games the first level leads
round 1), with 2 worker processes, and prints each series' win rates with 95% Wilson
intervals, plus the median decision time of every level (decisions with a choice; forced
moves are not searched and not counted). Targets (issue 5): ``strong`` wins at least 65%
against ``easy``; median decision 300 ms or less.

Usage: python benchmarks/muggins_strength.py [--games 1000] [--pairs strong:easy,...]
"""

from __future__ import annotations

import argparse
import statistics
import time

from gameshelf.core.estimate import wilson
from gameshelf.core.progress import add_progress_option, progress
from gameshelf.core.workers import run_jobs
from gameshelf.games.muggins.game import Action
from gameshelf.games.muggins.mugsy import even_strength
from gameshelf.games.muggins.sim import SimResult, play_game, series_levels, tally
from gameshelf.games.muggins.view import MugginsView

FIRST_SEED = 100_000
EVEN_SEED = 300_000


def _one(job: tuple[int, str, str]) -> tuple[SimResult, dict[str, list[float]], float]:
    i, a, b = job
    levels = series_levels(i, a, b)
    times: dict[str, list[float]] = {a: [], b: []}

    def hook(seat: int, view: MugginsView, decide: object) -> Action:
        t0 = time.perf_counter()
        action = decide()  # type: ignore[operator]
        times[levels[seat]].append(time.perf_counter() - t0)
        return action  # type: ignore[no-any-return]

    cpu = time.process_time()
    result = play_game(FIRST_SEED + i, levels, target=500, on_decision=hook)
    return result, times, time.process_time() - cpu


def _even_series(job: tuple[str, int]) -> tuple[str, int, int, list[float], float]:
    """A "person" of a fixed level plays ``n`` games in a row against ``even``, which sees
    the person's running results; returns (level, games, person's wins, strengths)."""
    person, n = job
    cpu = time.process_time()
    results: list[str] = []
    wins = 0
    strengths = []
    for i in range(n):
        levels = series_levels(i, person, "even")
        strengths.append(even_strength(results))
        r = play_game(EVEN_SEED + i, levels, target=500, results=tuple(results))
        won = r.winner == (0 if i % 2 == 0 else 1)
        wins += won
        results.insert(0, "win" if won else "loss")
    return person, n, wins, strengths, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per pairing")
    parser.add_argument("--pairs", default="strong:easy,normal:easy,strong:normal",
                        help="pairings a:b, comma-separated")
    parser.add_argument("--small-games", type=int, default=200,
                        help="games for pairings after the first (0: same as --games)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--even-games", type=int, default=150,
                        help="games of each person level (easy, normal, strong) against "
                             "even, played in a row with the results fed back (0: skip)")
    add_progress_option(parser)
    args = parser.parse_args()
    all_times: dict[str, list[float]] = {}
    total_cpu = 0.0
    start = time.time()
    for k, pair in enumerate(p for p in args.pairs.split(",") if p):
        a, b = pair.split(":")
        n = args.games if k == 0 or args.small_games == 0 else args.small_games
        t0 = time.time()
        with progress(f"{a} vs {b}", n, args.progress) as advance:
            out = run_jobs(_one, [(i, a, b) for i in range(n)], workers=args.workers,
                           chunksize=4, advance=advance)
        results = [r for r, _, _ in out]
        cpu = sum(c for _, _, c in out)
        total_cpu += cpu
        for _, times, _ in out:
            for lv, ts in times.items():
                all_times.setdefault(lv, []).extend(ts)
        t = tally(a, b, results)
        lo, hi = t.interval_a()
        rounds = statistics.mean(r.rounds for r in results)
        print(f"{a} vs {b}: {n} games to 500 (seeds {FIRST_SEED}..{FIRST_SEED + n - 1}), "
              f"{a} wins {t.wins_a} = {t.rate_a:.1%} (95% CI {lo:.1%}-{hi:.1%}), "
              f"{b} wins {t.wins_b}; mean rounds {rounds:.1f}; {time.time() - t0:.0f} s wall, "
              f"{cpu:.0f} s CPU",
              flush=True)
    if args.even_games:
        levels = ("easy", "normal", "strong")
        with progress("series against even", len(levels), args.progress) as advance:
            series = run_jobs(_even_series, [(p, args.even_games) for p in levels],
                              workers=args.workers, advance=advance)
        for person, n, wins, strengths, cpu in series:
            lo, hi = wilson(wins, n)
            print(f"person={person} vs even: {n} games in a row, person wins {wins} = "
                  f"{wins / n:.1%} (95% CI {lo:.1%}-{hi:.1%}); even's base strength "
                  f"went {strengths[0]:.2f} -> {strengths[-1]:.2f}, mean over the last "
                  f"half {statistics.mean(strengths[n // 2:]):.2f}; {cpu:.0f} s CPU",
                  flush=True)
            total_cpu += cpu
    for lv, ts in sorted(all_times.items()):
        if ts:
            ts.sort()
            print(f"{lv}: {len(ts)} decisions with a choice, median "
                  f"{statistics.median(ts) * 1000:.1f} ms, 95th percentile "
                  f"{ts[int(0.95 * (len(ts) - 1))] * 1000:.1f} ms, max {ts[-1] * 1000:.1f} ms")
    print(f"total {time.time() - start:.0f} s wall, {total_cpu:.0f} s CPU in the workers "
          f"(= {total_cpu / args.workers / 60:.1f} min on {args.workers} free cores)")


if __name__ == "__main__":
    main()
