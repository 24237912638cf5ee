"""Yatz: the strong player's mean score and decision time over seeded solitaire games.

Plays games ``--first`` .. ``--first + --games - 1`` (the game number is the match seed)
through the real engine (:class:`gameshelf.games.yatz.match.Match`), with ``--workers`` processes,
and prints the mean with its standard error, the standard deviation, the upper-bonus rate of
each column, and the median and 90th percentile of the decision time (every ``choose`` call,
including the turn's first, which solves the turn). Target (issue 4): mean 1,700 or more over
10,000 games, median decision 50 ms or less.

The registered ``strong`` player uses the learned correction shipped in the package
(``gameshelf/games/yatz/correction.toml``, made by ``benchmarks/yatz_fit_correction.py``) and looks
one turn ahead (``strong.STRONG_LOOKAHEAD``), two in the end game (``strong.STRONG_ENDGAME``
boxes open or fewer). ``--lookahead N`` / ``--endgame N`` time a strong player with other
settings (``--lookahead 0 --endgame 0``: the one-turn solve alone), ``--no-correction`` one
without the correction.

Usage: python benchmarks/yatz_player.py [--games 10000] [--player strong] [--workers 2]
    [--lookahead N] [--endgame N] [--no-correction]
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError
from gameshelf.core.progress import add_progress_option, progress
from gameshelf.core.workers import run_jobs
from gameshelf.games.yatz.game import COLUMNS, Action, YatzState
from gameshelf.games.yatz.match import Match, Seat
from gameshelf.games.yatz.players import PLAYERS, Player, make_player
from gameshelf.games.yatz.strategy import Strategy, load_correction
from gameshelf.games.yatz.strong import STRONG_ENDGAME, STRONG_LOOKAHEAD, StrongPlayer

TIMED = "bench-timed"


class _Timed:
    """Wraps a registered player and records how long each decision takes (seconds)."""

    name = TIMED
    inner_name = "strong"
    lookahead: int | None = None
    endgame: int | None = None
    correction = True
    times: list[float] = []
    _built: Strategy | None = None

    def __init__(self) -> None:
        if self.inner_name == "strong" and (self.lookahead is not None or not self.correction
                                            or self.endgame is not None):
            if _Timed._built is None:
                corr = load_correction()
                look = STRONG_LOOKAHEAD if self.lookahead is None else self.lookahead
                end = STRONG_ENDGAME if self.endgame is None else self.endgame
                _Timed._built = (Strategy(lookahead=look, endgame=end, discount=corr.discount,
                                          weights=corr.weights) if self.correction
                                 else Strategy(lookahead=look, endgame=end))
            self.inner: Player = StrongPlayer(_Timed._built)
        else:
            self.inner = make_player(self.inner_name)

    def choose(self, state: YatzState, rng: Chance) -> Action:
        t0 = time.perf_counter()
        a = self.inner.choose(state, rng)
        _Timed.times.append(time.perf_counter() - t0)
        return a


def _batch(job: tuple[str, int | None, int | None, bool, list[int]],
           ) -> tuple[list[int], list[int], list[float]]:
    player, lookahead, endgame, correction, seeds = job
    _Timed.inner_name = player
    _Timed.lookahead = lookahead
    _Timed.endgame = endgame
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
    ap.add_argument("--lookahead", type=int, default=None,
                    help="strong player: turns looked ahead (default: the registered player's)")
    ap.add_argument("--endgame", type=int, default=None,
                    help="strong player: one more turn ahead with this many boxes open or "
                         "fewer (default: the registered player's)")
    ap.add_argument("--no-correction", action="store_true",
                    help="strong player: without the shipped learned correction")
    add_progress_option(ap)
    args = ap.parse_args()
    if args.player != "strong" and (args.lookahead is not None or args.endgame is not None
                                    or args.no_correction):
        ap.error("--lookahead, --endgame and --no-correction are for --player strong")
    if args.player == "strong":
        try:   # check the settings before the workers start
            look = STRONG_LOOKAHEAD if args.lookahead is None else args.lookahead
            end = STRONG_ENDGAME if args.endgame is None else args.endgame
            Strategy(lookahead=look, endgame=end)
        except BadInputError as exc:
            ap.error(str(exc))
    warm = Match([Seat("warm-up", args.player)], seed=0)  # solve/load and compile before
    warm.play_computers()                                 # the workers fork
    seeds = list(range(args.first, args.first + args.games))
    correction = not args.no_correction
    chunks = [(args.player, args.lookahead, args.endgame, correction,
               seeds[i::args.workers * 8])
              for i in range(args.workers * 8)]
    t0 = time.perf_counter()
    # progress counts the workers' batches of games
    with progress(f"{args.player}: batches of games", len(chunks), args.progress) as advance:
        parts = run_jobs(_batch, chunks, workers=args.workers, advance=advance)
    wall = time.perf_counter() - t0
    totals = [t for p in parts for t in p[0]]
    bonus = [sum(p[1][c] for p in parts) for c in range(COLUMNS)]
    times = sorted(t for p in parts for t in p[2])
    n = len(totals)
    mean = statistics.fmean(totals)
    sd = statistics.stdev(totals) if n > 1 else 0.0
    q90 = times[int(0.9 * (len(times) - 1))]
    name = args.player
    if args.player == "strong":
        look = STRONG_LOOKAHEAD if args.lookahead is None else args.lookahead
        end = STRONG_ENDGAME if args.endgame is None else args.endgame
        name += (f" (lookahead {look}, endgame {end}, "
                 f"{'with' if correction else 'without'} the learned correction)")
    print(f"player {name}: {n} solitaire games (seeds {seeds[0]}..{seeds[-1]}), "
          f"{args.workers} worker{'s' if args.workers != 1 else ''}, {wall:.1f} s")
    print(f"mean score {mean:.1f}  standard error {sd / math.sqrt(n):.1f}  sd {sd:.1f}  "
          f"min {min(totals)}  max {max(totals)}")
    print("upper bonus rate " + "  ".join(f"x{c + 1} {bonus[c] / n:.3f}" for c in range(COLUMNS)))
    print(f"decisions {len(times)}  median {statistics.median(times) * 1000:.3f} ms  "
          f"90th percentile {q90 * 1000:.3f} ms  max {times[-1] * 1000:.1f} ms")
    print(f"target mean >= 1700: {'met' if mean >= 1700 else 'MISSED'}; "
          f"median decision <= 50 ms: {'met' if statistics.median(times) <= 0.05 else 'MISSED'}")


if __name__ == "__main__":
    main()
