"""Muggins: the CPU time of one strong Mugsy decision, and of one coach hint.

Collects the decisions with a choice of seeded strong-against-strong games to 500, then
times strong Mugsy's choice (64 samples of the hidden tiles, a greedy rollout each) and
the coach's hint on each, in CPU time (``time.process_time``, so other processes on a shared
machine count less), the best of ``--repeat`` runs per decision. Prints the median and the
mean per decision, in milliseconds.

Usage: python benchmarks/mugsy_speed.py [--games 4] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import time

from gameshelf.core.chance import Chance
from gameshelf.core.progress import add_progress_option, progress
from gameshelf.games.muggins.coach import hint
from gameshelf.games.muggins.match import Match
from gameshelf.games.muggins.mugsy import Mugsy, distinct_plays
from gameshelf.games.muggins.view import MugginsView

FIRST_SEED = 500_000


def decisions(games: int) -> list[MugginsView]:
    """The views of every decision with a choice in ``games`` strong-against-strong games."""
    out = []
    for g in range(games):
        match = Match.new(FIRST_SEED + g, options={"level": "strong"})
        other = Mugsy("strong", Chance(FIRST_SEED + g).derive("seat-0"), seat=0)
        while not match.state.is_terminal():
            seat = match.state.current_player()
            view = MugginsView.of(match.state, seat)
            if len(distinct_plays(view)) > 1:
                out.append(view)
            match.apply(match.mugsy_action() if seat == 1 else other.choose(view))
    return out


def cpu_ms(job: object, repeat: int) -> float:
    """The least CPU time of ``repeat`` calls of ``job()``, in milliseconds."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.process_time()
        job()  # type: ignore[operator]
        best = min(best, time.process_time() - t0)
    return best * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    add_progress_option(parser)
    args = parser.parse_args()
    views = decisions(args.games)
    for name, make in (("strong Mugsy", lambda v: lambda: Mugsy(
            "strong", Chance(7), seat=v.seat).choose(v)),
                       ("coach hint", lambda v: lambda: hint(v))):
        times = []
        with progress(name, len(views), args.progress) as advance:
            for v in views:
                times.append(cpu_ms(make(v), args.repeat))
                advance(1)
        print(f"{name}: {len(times)} decisions with a choice, median "
              f"{statistics.median(times):.2f} ms, mean {statistics.mean(times):.2f} ms CPU",
              flush=True)


if __name__ == "__main__":
    main()
