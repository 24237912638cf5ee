"""Sims on Ray: the same games with ``--workers N`` and on Ray, games per second, same results.

Plays the games of one ``sim`` (``--game yatz``: solitaire games of ``--player``, default
greedy; ``muggins``: Mugsy easy against easy; ``showdown``: two heuristic players) twice
through :func:`gameshelf.core.workers.run_jobs`, the one function every ``sim`` command uses:
once on ``--workers`` processes, once on Ray (``--ray local``: a Ray instance of its own on
this machine, started and stopped inside the timed run; or ``HOST:PORT`` / ``auto`` of a
running cluster). Prints each run's wall time and games per second, the Ray run's time to
its first finished chunk (mostly Ray's start-up and its workers' imports), and whether the
two runs' results are the same, game by game (exit code 1 if not).

Usage: python benchmarks/sim_ray.py [--game yatz] [--games 4000] [--workers 2] [--ray local]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any, NoReturn

from gameshelf.core.benchargs import whole
from gameshelf.core.errors import BadInputError
from gameshelf.core.progress import add_progress_option, progress
from gameshelf.core.workers import ray_address, run_jobs
from gameshelf.games.muggins.game import DEFAULT_TARGET
from gameshelf.games.muggins.sim import play_series_game
from gameshelf.games.showdown.sim import play_sim_game
from gameshelf.games.yatz.sim import play_solo


def _jobs(game: str, games: int, player: str) -> tuple[Callable[[Any], Any], Sequence[Any],
                                                       int]:
    """The sim's function, its jobs and the most games in a chunk (as the commands do)."""
    if game == "yatz":
        return partial(play_solo, player), range(1, games + 1), 200
    if game == "muggins":
        return partial(play_series_game, 1, "easy", "easy", DEFAULT_TARGET), range(games), 20
    return partial(play_sim_game, 1, ["heuristic", "heuristic"], None), range(games), 20


def _timed(label: str, fn: Callable[[Any], Any], jobs: Sequence[Any], most: int,
           show: bool | None, **spread: Any) -> tuple[list[Any], float, float]:
    """Run the jobs; their results, the wall time and the time to the first chunk (s)."""
    first: list[float] = []
    start = time.perf_counter()

    def size(procs: int) -> int:
        return max(1, min(most, len(jobs) // (procs * 8) or 1))

    with progress(label, len(jobs), show) as advance:
        def step(n: int) -> None:
            if not first:
                first.append(time.perf_counter() - start)
            advance(n)

        out = run_jobs(fn, jobs, chunksize=size, advance=step, **spread)
    return out, time.perf_counter() - start, first[0] if first else 0.0


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """Bad input: one line on stderr, exit code 2."""
        print(f"{self.prog}: {message}", file=sys.stderr)
        sys.exit(2)


def _ray(text: str) -> str:
    """An argparse type: a ``--ray`` value as the sims check it."""
    try:
        return ray_address(text)
    except BadInputError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def main() -> None:
    ap = _Parser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", choices=("yatz", "muggins", "showdown"), default="yatz")
    ap.add_argument("--games", type=whole("--games", 1, 10**9), default=4000)
    ap.add_argument("--player", default="greedy", help="the Yatz player (--game yatz)")
    ap.add_argument("--workers", type=whole("--workers", 1, 256),
                    default=2)
    ap.add_argument("--ray", type=_ray, default="local",
                    help="local, auto or HOST:PORT")
    add_progress_option(ap)
    args = ap.parse_args()
    try:
        fn, jobs, most = _jobs(args.game, args.games, args.player)
        here, t_here, _ = _timed(f"--workers {args.workers}", fn, jobs, most, args.progress,
                                 workers=args.workers)
        there, t_there, t_first = _timed(f"--ray {args.ray}", fn, jobs, most, args.progress,
                                         ray=args.ray)
    except BadInputError as exc:  # no Ray, no cluster there, an unknown player
        ap.error(str(exc))
    print(f"{args.game} sim, {args.games:,} games"
          + (f" of {args.player}" if args.game == "yatz" else ""))
    print(f"  --workers {args.workers:<6} {t_here:8.1f} s  {args.games / t_here:9.1f} games/s")
    print(f"  --ray {args.ray:<10} {t_there:8.1f} s  {args.games / t_there:9.1f} games/s "
          f"(first chunk after {t_first:.1f} s; "
          f"{(args.games) / max(t_there - t_first, 1e-9):.1f} games/s after it)")
    same = here == there
    print(f"  results game by game: {'the same' if same else 'DIFFERENT'}")
    sys.exit(0 if same else 1)


if __name__ == "__main__":
    main()
