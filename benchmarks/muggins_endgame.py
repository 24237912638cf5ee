"""Muggins: strong Mugsy with the exact endgame against strong Mugsy without it.

Once the boneyard is empty every tile is known and strong Mugsy searches the rest of the
round exactly (``muggins/endgame.py``); before, it sampled there as everywhere. This plays
seeded games to 500 between the two: each deal (seed) twice, the seats swapped (the new
player leads round 1 in the first game of a pair), so both meet the same deals from both
seats. Prints, each with its 95% interval:

* the new player's win share (Wilson interval; goal: the interval above 50%) and its mean
  final margin (normal interval);
* the endgame decisions (a choice of plays, the boneyard empty): how many, how many the
  search solved within its node limit, how often its play differs from the sampling
  player's in the same position, and the points that difference is worth by the exact
  values (the best play's value minus the sampling player's play's, 0 where they agree;
  over the decisions the coach's search solved);
* the CPU time (``time.process_time``, so other processes on a shared machine count less) of
  the new player's endgame decisions and of the coach's exact hint there (every play valued):
  median, 99th percentile with its distribution-free interval (order statistics), maximum.
  Goal: the 99th percentile under 200 ms.

Games run in blocks of ``--block`` on ``--workers`` processes; after each block the figures so
far are printed, and no new block starts after ``--minutes`` of wall time (the count played is
printed: say it with the figures).

Usage: python benchmarks/muggins_endgame.py [--games 2000] [--minutes 40] [--workers 2]
"""

from __future__ import annotations

import argparse
import functools
import math
import statistics
import time
from dataclasses import dataclass

from gameshelf.core.benchargs import positive, whole
from gameshelf.core.chance import Chance
from gameshelf.core.estimate import standard_error, wilson
from gameshelf.core.progress import add_progress_option, progress
from gameshelf.core.text import count
from gameshelf.core.workers import run_jobs
from gameshelf.games.muggins.endgame import Solution, solvable, solve
from gameshelf.games.muggins.game import Play
from gameshelf.games.muggins.match import Match
from gameshelf.games.muggins.mugsy import Mugsy, as_listed, distinct_plays
from gameshelf.games.muggins.view import MugginsView

FIRST_SEED = 800_000
GOAL_MS = 200.0


@dataclass(frozen=True)
class Game:
    """One game: the new player's seat, whether it won, its final margin (points), its
    decisions with a choice, and per endgame decision: solved exactly, differs from the
    sampling player, CPU seconds of the decision and of the coach's exact hint, and the
    points the sampling player's play loses by the exact values (None: not solved)."""

    new_seat: int
    won: bool
    margin: int
    decisions: int
    endgame: tuple[tuple[bool, bool, float, float, int | None], ...]


def play(first: int, i: int) -> Game:
    """Game ``i``: deal ``first + i // 2``, the new player in seat ``i % 2``."""
    seed = first + i // 2
    new_seat = i % 2
    match = Match.new(seed, target=500)
    base = Chance(seed)
    bots = [Mugsy("strong", base.derive(f"mugsy/{s}"), seat=s, exact=(s == new_seat))
            for s in (0, 1)]
    shadow = Mugsy("strong", base.derive("shadow"), seat=new_seat, exact=False)
    decisions = 0
    endgame: list[tuple[bool, bool, float, float, int | None]] = []
    state = match.state
    while not state.is_terminal():
        seat = state.current_player()
        view = MugginsView.of(state, seat)
        plays = distinct_plays(view)
        if seat == new_seat and len(plays) > 1:
            decisions += 1
            if solvable(view):
                t0 = time.process_time()
                action = bots[seat].choose(view)
                spent = time.process_time() - t0
                t0 = time.process_time()
                full = solve(view, plays, all_plays=True)
                coach = time.process_time() - t0
                theirs = shadow.choose(view)
                assert isinstance(action, Play) and isinstance(theirs, Play)
                sampled = as_listed(view, theirs)
                endgame.append((full is not None, sampled != as_listed(view, action), spent,
                                coach, _loss(full, plays.index(sampled))))
                match.apply(action)
                continue
        match.apply(bots[seat].choose(view))
    assert state.winner is not None
    return Game(new_seat, state.winner == new_seat,
                state.scores[new_seat] - state.scores[1 - new_seat], decisions,
                tuple(endgame))


def _loss(full: Solution | None, i: int) -> int | None:
    """The points play ``i`` loses against the best by the exact values (0 when a play
    wins the game at once: the sampling player takes such a play too)."""
    if full is None:
        return None
    if full.wins:
        return 0
    best, mine = full.values[full.best], full.values[i]
    assert best is not None and mine is not None
    return best - mine


def quantile_interval(xs: list[float], q: float) -> tuple[float, float, float]:
    """The ``q`` quantile of ``xs`` and its distribution-free 95% interval: the order
    statistics at ranks ``n q -/+ 1.96 sqrt(n q (1 - q))`` (clamped to the samples)."""
    xs = sorted(xs)
    n = len(xs)
    half = 1.96 * math.sqrt(n * q * (1 - q))
    lo = max(0, math.floor(n * q - half) - 1)
    hi = min(n - 1, math.ceil(n * q + half))
    return xs[min(n - 1, int(q * n))], xs[lo], xs[hi]


def report(games: list[Game], first: int, started: float) -> None:
    """Print the figures of ``games`` so far."""
    n = len(games)
    wins = sum(g.won for g in games)
    lo, hi = wilson(wins, n)
    verdict = "met" if lo > 0.5 else "not met"
    margins = [float(g.margin) for g in games]
    m, se = statistics.mean(margins), standard_error(margins)
    deals = count(n // 2, "deal")
    print(f"new strong (exact endgame) vs today's strong: {n} games to 500 ({deals} "
          f"from seed {first}, each played twice with the seats swapped): new wins "
          f"{wins} = {wins / n:.1%} (95% CI {lo:.1%}-{hi:.1%}); goal: the interval above "
          f"50%: {verdict}", flush=True)
    print(f"  mean final margin (new - today's): {m:+.1f} points (95% CI {m - 1.96 * se:+.1f} "
          f"to {m + 1.96 * se:+.1f})", flush=True)
    rows = [e for g in games for e in g.endgame]
    decisions = sum(g.decisions for g in games)
    if not rows:
        return
    solved = sum(1 for e in rows if e[0])
    differ = sum(1 for e in rows if e[1])
    dlo, dhi = wilson(differ, len(rows))
    print(f"  endgame decisions of the new player: {len(rows)} of its {decisions} decisions "
          f"with a choice ({len(rows) / decisions:.1%}); solved exactly {solved} "
          f"({solved / len(rows):.2%}); its play differs from the sampling player's in "
          f"{differ} ({differ / len(rows):.1%}, 95% CI {dlo:.1%}-{dhi:.1%})", flush=True)
    losses = [float(e[4]) for e in rows if e[4] is not None]
    if len(losses) > 1:
        lm, lse = statistics.mean(losses), standard_error(losses)
        print(f"  by the exact values, the sampling player's play loses {lm:.2f} points a "
              f"decision (95% CI {lm - 1.96 * lse:.2f} to {lm + 1.96 * lse:.2f}) over "
              f"{len(losses)} solved endgame decisions, {lm * len(losses) / len(games):.2f} "
              "points a game", flush=True)
    for name, k in (("Mugsy's endgame decision", 2), ("coach's exact hint", 3)):
        ts = [float(e[k] or 0.0) * 1000 for e in rows]
        p99, plo, phi = quantile_interval(ts, 0.99)
        verdict = "met" if phi < GOAL_MS else "not met"
        print(f"  CPU time, {name}: median {statistics.median(ts):.1f} ms, 99th percentile "
              f"{p99:.1f} ms (95% CI {plo:.1f}-{phi:.1f}), max {max(ts):.1f} ms over "
              f"{len(ts)} decisions; goal p99 under {GOAL_MS:.0f} ms: {verdict}", flush=True)
    print(f"  {time.time() - started:.0f} s wall so far", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=whole("--games", 2, 1_000_000), default=2000,
                        help="games at most (an even number: pairs of one deal)")
    parser.add_argument("--minutes", type=positive("--minutes", 10_000), default=1e9,
                        help="start no new block after this many minutes of wall time")
    parser.add_argument("--block", type=whole("--block", 2, 100_000), default=200)
    parser.add_argument("--workers", type=whole("--workers", 1, 256), default=2)
    parser.add_argument("--seed", type=whole("--seed", 0, 2**40), default=FIRST_SEED,
                        help="the first deal (game i deals from seed + i // 2)")
    add_progress_option(parser)
    args = parser.parse_args()
    started = time.time()
    games: list[Game] = []
    total = args.games - args.games % 2
    with progress("paired endgame games", total, args.progress) as advance:
        while len(games) < total and time.time() - started < args.minutes * 60:
            block = list(range(len(games), min(total, len(games) + args.block)))
            games += run_jobs(functools.partial(play, args.seed), block,
                              workers=args.workers, chunksize=2)
            advance(len(block))
            report(games, args.seed, started)


if __name__ == "__main__":
    main()
