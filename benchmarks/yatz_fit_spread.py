"""Yatz: fit the spread of a final score around its estimate, by turns left (for ``winner``).

The ``winner`` player judges the end of a turn by the chance of finishing first, taking a
seat's final score as normal around its estimate (points so far plus
``Strategy.to_come``) with a standard deviation that depends on the turns still to play.
This script measures that deviation:

1. play ``--games`` games of the one-turn player (the strong player without lookahead,
   with its learned correction) with the compiled loop (seed ``--seed``), recording every
   turn-start state;
2. at each turn start, the residual is the points the game still went on to score minus
   the estimate of the points to come (the shipped estimate; in the last three turns the
   exact solve of the rest);
3. ``sd[t]`` is the residuals' standard deviation at ``t`` turns left (``sd[0] = 0``), and
   the file ``src/gameshelf/games/yatz/spread.toml`` is written.

The one-turn player stands in for the strong one (whose games are a hundred times slower
to play); the two spreads are printed side by side by stage of the game with
``--strong-games`` games of the strong player (default 100).

Usage: python benchmarks/yatz_fit_spread.py [--games 20000] [--seed 4000]
    [--strong-games 100] [--strong-seed 5000] [--out src/gameshelf/games/yatz/spread.toml]
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
from gameshelf.games.yatz.strategy import ColumnState, Strategy
from gameshelf.games.yatz.strong import estimate_for, strategy_for
from gameshelf.games.yatz.winner import TURNS, Spread, dump_spread

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks._yatz_fit import column_sum, fit_options, one_turn_player, turn_starts  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "src/gameshelf/games/yatz/spread.toml"
#: In the last turns the estimate is the exact solve of the rest (Strategy.to_come).
EXACT = 3


def residuals(player: Strategy, games: int, seed: int) -> np.ndarray:
    """(games, 39) residuals: points still to come minus the estimate, per turn start."""
    st = strategy_for(YATZ_RULES)
    est = estimate_for(YATZ_RULES)
    assert est is not None
    m, u, to_come, left = turn_starts(player, games, seed)
    come = (column_sum(st, m, u) + state_features(m, u) @ np.array(est.level)
            + est.gain * left / TURNS)
    for i in np.flatnonzero(left <= EXACT):
        cols = [ColumnState(int(m[i, c]), int(u[i, c])) for c in range(3)]
        come[i] = st.to_come(cols, est)
    out: np.ndarray = (to_come - come).reshape(games, TURNS)
    return out


def main() -> None:
    args = fit_options(__doc__, games=20_000, seed=4000, strong_games=100, strong_seed=5000,
                       out=OUT)
    t0 = time.perf_counter()
    one = one_turn_player()
    with progress("one-turn self-play fit", 1, args.progress) as advance:
        res = residuals(one, args.games, args.seed)
        advance(1)
    sd = [0.0] + [float(res[:, TURNS - t].std()) for t in range(1, TURNS + 1)]
    strong = (residuals(strategy_for(YATZ_RULES), args.strong_games, args.strong_seed)
              if args.strong_games else None)
    print(f"one-turn player, {args.games} games (seed {args.seed}); strong player, "
          f"{args.strong_games} games (seed {args.strong_seed})")
    for lo, hi in ((39, 30), (29, 20), (19, 10), (9, 4), (3, 1)):
        cols = [TURNS - t for t in range(hi, lo + 1)]
        line = (f"  turns left {lo:2d}-{hi:2d}: sd {np.sqrt(np.mean(res[:, cols].var(0))):5.1f}"
                f" (mean {res[:, cols].mean():+5.1f})")
        if strong is not None:
            line += (f"; strong sd {np.sqrt(np.mean(strong[:, cols].var(0))):5.1f}"
                     f" (mean {strong[:, cols].mean():+5.1f})")
        print(line)
    print("  sd by turns left: " + " ".join(f"{t}:{sd[t]:.0f}" for t in (1, 2, 3, 5, 10, 20,
                                                                      30, 39)))
    note = (f"benchmarks/yatz_fit_spread.py --games {args.games} --seed {args.seed} "
            "(one-turn player's residuals around the shipped estimate)")
    write_file(args.out, dump_spread(Spread(YATZ_RULES.name, tuple(sd), note)).encode("utf-8"),
               overwrite=True)
    print(f"wrote {args.out} ({time.perf_counter() - t0:.0f} s)")


if __name__ == "__main__":
    main()
