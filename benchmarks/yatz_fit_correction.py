"""Yatz: fit the learned correction of the strong player's state value from self-play.

The strong player values the state after a turn by the sum over columns of multiplier x
single-column value, with opportunity costs discounted per column. This script learns a
correction ``w · features(state)`` (see ``gameshelf.games.yatz.turn_kernels._features``):

1. play ``--games`` games of the current player with the lean compiled loop
   (``gameshelf.games.yatz.selfplay``, seed ``--seed``) and record every turn-start state;
2. regress (least squares) the points each state still went on to score, minus the
   player's own estimate (the discounted sum of column values), on the features;
3. try the fitted weights scaled by each ``--shrink`` factor (and 0, the player without a
   correction) in ``--eval-games`` games on seed ``--eval-seed`` (disjoint from the
   training games), and keep the best;
4. repeat from 1 with the kept player ``--iterations`` times in all (fresh training seed
   each time), then write the correction file.

Usage: python benchmarks/yatz_fit_correction.py [--games 40000] [--seed 1000]
    [--out src/gameshelf/games/yatz/correction.toml]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

from gameshelf.core.errors import BadInputError
from gameshelf.core.files import check_target, write_file
from gameshelf.core.progress import Advance, add_progress_option, progress
from gameshelf.games.yatz.scoring import YATZ_RULES
from gameshelf.games.yatz.selfplay import play_games, record_games, state_features
from gameshelf.games.yatz.strategy import DISCOUNT, Correction, Strategy, dump_correction

OUT = Path(__file__).resolve().parent.parent / "src/gameshelf/games/yatz/correction.toml"


def fit(st: Strategy, games: int, seed: int) -> np.ndarray:
    """Least-squares weights of the residual (points still to come minus the estimate)."""
    finals, masks, ups, points = record_games(st, games, seed)
    m = masks.reshape(-1, 3)
    u = ups.reshape(-1, 3)
    x = state_features(m, u)
    est = sum(st.discount[c, 0] * st.colvals[c, m[:, c], u[:, c]] for c in range(3))
    y = (finals[:, None] - points).reshape(-1) - est
    w, *_ = np.linalg.lstsq(x, y, rcond=None)
    rms = float(np.sqrt(np.mean((x @ w - y) ** 2)))
    print(f"  fitted on {games} games (seed {seed}, mean {finals.mean():.1f}): residual rms "
          f"{np.sqrt(np.mean(y ** 2)):.1f} -> {rms:.1f}", flush=True)
    return np.asarray(w)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40_000)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--eval-games", type=int, default=10_000)
    ap.add_argument("--eval-seed", type=int, default=777)
    ap.add_argument("--shrink", default="0.25,0.5,1")
    ap.add_argument("--iterations", type=int, default=2)
    ap.add_argument("--out", type=Path, default=OUT)
    add_progress_option(ap)
    args = ap.parse_args()
    try:
        check_target(args.out, overwrite=True)  # before an hour of work, not after it
    except BadInputError as exc:
        ap.error(str(exc))
    shrinks = [float(s) for s in args.shrink.split(",")]
    steps = 1 + args.iterations * (1 + len(shrinks))   # the base run, then fit + each shrink
    with progress("self-play runs", steps, args.progress) as advance:
        run(args, shrinks, advance)


def run(args: argparse.Namespace, shrinks: list[float], advance: Advance) -> None:
    """The fit; ``advance(1)`` after each self-play run (for the progress display)."""
    t0 = time.perf_counter()
    weights = np.zeros(0)
    best = Strategy(YATZ_RULES, discount=DISCOUNT)
    base = play_games(best, args.eval_games, args.eval_seed)
    advance(1)
    best_mean = float(base.mean())
    print(f"no correction: mean {best_mean:.1f} over {args.eval_games} games "
          f"(seed {args.eval_seed})", flush=True)
    kept = "none"
    for it in range(args.iterations):
        print(f"iteration {it + 1}", flush=True)
        w = fit(best, args.games, args.seed + it)
        advance(1)
        found = False
        for lam in shrinks:
            cand = Strategy(YATZ_RULES, discount=DISCOUNT, weights=(lam * w).tolist())
            score = play_games(cand, args.eval_games, args.eval_seed)
            advance(1)
            diff = score - base
            print(f"  shrink {lam}: mean {score.mean():.1f} (paired difference "
                  f"{diff.mean():+.1f} +- {diff.std() / np.sqrt(len(diff)):.1f})", flush=True)
            if score.mean() > best_mean:
                best_mean, found = float(score.mean()), True
                weights, kept = lam * w, f"iteration {it + 1}, shrink {lam}"
        if not found:
            break
        best = Strategy(YATZ_RULES, discount=DISCOUNT, weights=list(weights))
    if not len(weights):
        weights = np.zeros_like(w)
    note = (f"benchmarks/yatz_fit_correction.py --games {args.games} --seed {args.seed} "
            f"--eval-games {args.eval_games} --eval-seed {args.eval_seed} "
            f"--shrink {args.shrink} --iterations {args.iterations}: kept {kept}, "
            f"self-play mean {best_mean:.1f}")
    corr = Correction(YATZ_RULES.name, tuple(DISCOUNT), tuple(float(x) for x in weights), note)
    write_file(args.out, dump_correction(corr).encode("utf-8"), overwrite=True)
    print(f"kept {kept}; wrote {args.out} ({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
