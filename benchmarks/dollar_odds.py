"""One Dollar Pinball: how long the exact odds take, and how fast bills are scored.

Prints figures, asserts nothing about time. Target (issue 2): the exact distribution over all
10^8 serials in under 1 second on the project's 2-core machine.

    .venv/bin/python benchmarks/dollar_odds.py            # the real run
    .venv/bin/python benchmarks/dollar_odds.py --quick    # fewer repeats, fewer bills
"""

from __future__ import annotations

import argparse
import statistics
import time

from gameshelf.core.chance import Chance
from gameshelf.core.progress import Advance, add_progress_option, progress
from gameshelf.games.dollar import odds
from gameshelf.games.dollar.scorer import score_serial


def timed(fn: object, repeats: int, advance: Advance) -> list[float]:
    out = []
    for _ in range(repeats):
        advance(1)
        odds.tables.cache_clear()
        odds.distribution.cache_clear()
        odds.transition.cache_clear()  # every run starts cold
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        out.append(time.perf_counter() - start)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer repeats and bills")
    parser.add_argument("--bills", type=int, default=100_000, help="bills for the scoring rate")
    add_progress_option(parser)
    args = parser.parse_args()
    repeats = 2 if args.quick else 5
    bills = 20_000 if args.quick else args.bills
    with progress("odds runs, then scoring runs", 3 * repeats + 2, args.progress) as advance:
        run(repeats, bills, advance)


def run(repeats: int, bills: int, advance: Advance) -> None:
    """The figures; ``advance(1)`` after each timed run (for the progress display)."""
    one = timed(lambda: odds.distribution(12, 2), repeats, advance)
    print(f"exact odds, one district (10^8 serials, district 12, series 1902): "
          f"best {min(one):.3f} s, median {statistics.median(one):.3f} s over {repeats} runs "
          f"(target < 1 s: {'met' if min(one) < 1 else 'MISSED'})")
    every = timed(lambda: odds.distribution(None, None), repeats, advance)
    print(f"exact odds, all 12 districts (1.2 * 10^9 bills, match not checked): "
          f"best {min(every):.3f} s, median {statistics.median(every):.3f} s")
    both = timed(lambda: (odds.distribution(12, 2), odds.max_serials(12, 2)), repeats, advance)
    print(f"exact odds + the serials of the maximum (district 12): best {min(both):.3f} s")
    sizes = list(odds.layer_sizes(8))
    print(f"DP states per layer: {sizes} (final keys: {len(odds.tables(8).final)})")
    d = odds.distribution(12, 2)
    print(f"check: {d.total:,} serials, max {d.max:,} reached by "
          f"{[s for _j, s in odds.max_serials(12, 2)]}")

    chance = Chance(2026)
    serials = ["".join(str(chance.randint(0, 9)) for _ in range(8)) for _ in range(bills)]
    districts = [chance.randint(1, 12) for _ in range(bills)]
    for trace in (True, False):
        advance(1)
        start = time.perf_counter()
        for s, j in zip(serials, districts, strict=True):
            score_serial(s, j, 7, trace=trace)
        took = time.perf_counter() - start
        print(f"scoring rate ({'with' if trace else 'without'} trace): "
              f"{bills / took:,.0f} bills/s ({bills:,} random bills in {took:.3f} s)")


if __name__ == "__main__":
    main()
