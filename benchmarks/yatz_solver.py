"""Yatz: the single-column solver's time, peak memory and expected scores.

For each rule set (``yatz`` and ``classic-no-bonus``) solves the whole table of turn-start
states from scratch (no cache) ``--repeats`` times and prints the best and median wall time,
the process CPU time, the peak memory of the solve (tracemalloc, numpy arrays included) and
the expected score of optimal single-column play to 6 decimals. The compiled code is warmed
up first (its one-off compile time is printed separately); numba uses every core it sees.
Target (issue 4): the whole table in 5 s or less on this 2-core machine; classic-no-bonus
must give 245.870775 (Glenn, 2006).

Usage: python benchmarks/yatz_solver.py [--repeats 3]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
import tracemalloc

import numba

from gameshelf.core.progress import add_progress_option, tracked


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=int, default=3)
    add_progress_option(ap)
    args = ap.parse_args()
    t0 = time.perf_counter()
    from gameshelf.games.yatz import solver
    from gameshelf.games.yatz.scoring import CLASSIC_NO_BONUS, YATZ_RULES, RuleSet
    tiny = RuleSet("warm-up", five_kind_is_full_house=True, wild_yatz=True)
    solver.solve(tiny)  # compiles (or loads the compiled code) once
    warm = time.perf_counter() - t0
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    threads = numba.config.NUMBA_NUM_THREADS  # type: ignore[attr-defined]
    print(f"cores seen by numba {threads}, "
          f"load average {load:.2f} (the machine is shared)")
    print(f"import + compile/load of the compiled code + one warm-up solve: {warm:.2f} s")
    for rules in (YATZ_RULES, CLASSIC_NO_BONUS):
        walls: list[float] = []
        cpus: list[float] = []
        peak = 0
        value = 0.0
        for _ in tracked(range(args.repeats), f"{rules.name} solves", args.repeats,
                         args.progress):
            tracemalloc.start()
            c0 = time.process_time()
            w0 = time.perf_counter()
            table = solver.solve(rules)
            walls.append(time.perf_counter() - w0)
            cpus.append(time.process_time() - c0)
            peak = max(peak, tracemalloc.get_traced_memory()[1])
            tracemalloc.stop()
            value = float(table[0, 0])
        print(f"{rules.name:17s} expected score {value:.6f}  solve best {min(walls):.2f} s  "
              f"median {statistics.median(walls):.2f} s  CPU {statistics.median(cpus):.2f} s  "
              f"peak memory {peak / 2**20:.1f} MiB")
        line = f"  target whole table <= 5 s: {'met' if min(walls) <= 5.0 else 'MISSED'}"
        if rules is CLASSIC_NO_BONUS:
            same = f"{value:.6f}" == "245.870775"
            line += f"; Glenn's 245.870775: {'matches' if same else 'DIFFERS'}"
        print(line)


if __name__ == "__main__":
    main()
