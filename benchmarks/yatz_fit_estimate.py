"""Yatz: fit the hint's estimate of a seat's final score under the strong player's play.

The strong player's own state value (the discounted sum of single-column values plus its
learned correction, shrunk for decisions) ranks options well but is low in level: about
1,480 at the first roll where strong play averages 1,702. This script fits a value of the
right *level* for the hint to show:

1. play ``--games`` games of the one-turn player (the strong player without lookahead) with
   the compiled loop (seed ``--seed``) and record every turn-start state;
2. regress (least squares, no shrink) the points each state still went on to score, minus
   the discounted sum of column values, on the correction's features: ``level``;
3. play ``--strong-games`` games of the strong player itself (lookahead and end game,
   seed ``--strong-seed``) and fit the one factor ``gain`` of ``turns_left / 39`` that its
   lookahead adds over the one-turn player (its residual against step 2's value);
4. report the estimate's mean error per stage of the game on those strong games, and write
   ``src/gameshelf/games/yatz/estimate.toml``.

Usage: python benchmarks/yatz_fit_estimate.py [--games 40000] [--seed 2000]
    [--strong-games 400] [--strong-seed 3000] [--out src/gameshelf/games/yatz/estimate.toml]
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

from gameshelf.core.files import write_file
from gameshelf.core.progress import progress
from gameshelf.games.yatz.scoring import YATZ_RULES
from gameshelf.games.yatz.selfplay import state_features
from gameshelf.games.yatz.strategy import Estimate, Strategy, dump_estimate
from gameshelf.games.yatz.strong import STRONG_ENDGAME, STRONG_LOOKAHEAD, strategy_for

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._yatz_fit import column_sum, fit_options, one_turn_player, turn_starts  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "src/gameshelf/games/yatz/estimate.toml"


def residuals(st: Strategy, games: int, seed: int) -> tuple[np.ndarray, np.ndarray,
                                                             np.ndarray, np.ndarray]:
    """(features, target, turns left, game index) of every turn start of ``games`` games:
    the target is the points still to come minus the discounted sum of column values."""
    m, u, to_come, left = turn_starts(st, games, seed)
    return state_features(m, u), to_come - column_sum(st, m, u), left, np.repeat(
        np.arange(games), 39)


def main() -> None:
    args = fit_options(__doc__, games=40_000, seed=2000, strong_games=400, strong_seed=3000,
                       out=OUT)
    t0 = time.perf_counter()
    with progress("self-play runs", 2, args.progress) as advance:
        one = one_turn_player()
        x, y, _, _ = residuals(one, args.games, args.seed)
        w, *_ = np.linalg.lstsq(x, y, rcond=None)
        print(f"one-turn player, {args.games} games (seed {args.seed}): residual rms "
              f"{np.sqrt(np.mean(y ** 2)):.1f} -> {np.sqrt(np.mean((x @ w - y) ** 2)):.1f}; "
              f"at the first turn {float(np.mean(y[::39])):+.1f} points over the discounted "
              "column sum", flush=True)
        advance(1)
        strong = strategy_for(YATZ_RULES)
        assert (strong.lookahead, strong.endgame) == (STRONG_LOOKAHEAD, STRONG_ENDGAME)
        xs, ys, left, game = residuals(strong, args.strong_games, args.strong_seed)
        advance(1)
    r = ys - xs @ w
    frac = left / 39
    gain = float(frac @ r / (frac @ frac))
    err = r - gain * frac
    print(f"strong player, {args.strong_games} games (seed {args.strong_seed}): lookahead "
          f"gain {gain:+.1f} x turns left / 39")
    for lo, hi in ((39, 30), (29, 20), (19, 10), (9, 1)):
        sel = (left <= lo) & (left >= hi)
        per_game = np.bincount(game[sel], weights=err[sel]) / np.bincount(game[sel])
        print(f"  turns left {lo:2d}-{hi:2d}: mean error {err[sel].mean():+6.1f} "
              f"+- {per_game.std() / np.sqrt(len(per_game)):.1f}, rms "
              f"{np.sqrt(np.mean(err[sel] ** 2)):5.1f}")
    note = (f"benchmarks/yatz_fit_estimate.py --games {args.games} --seed {args.seed} "
            f"--strong-games {args.strong_games} --strong-seed {args.strong_seed}")
    est = Estimate(YATZ_RULES.name, tuple(float(v) for v in w), gain, note)
    write_file(args.out, dump_estimate(est).encode("utf-8"), overwrite=True)
    print(f"wrote {args.out} ({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
