"""Muggins: Mugsy strong against OpenSpiel's information-set MCTS (issue 14).

Plays seeded two-player games of Muggins to 500 (``--target`` for shorter games) between
strong Mugsy (``muggins/mugsy.py``, the ``muggins sim`` level) and OpenSpiel's
``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``: UCT over information sets, a world
resampled at every simulation by the spec's ``resample``, OpenSpiel's random-rollout
evaluator playing each simulation out to the game's end, the most visited move played),
through the OpenSpiel adapter (``gameshelf.rl.openspiel``, the game ``gameshelf_muggins``).
Both see only their own seat: Mugsy its engine view, IS-MCTS the information-state string
and worlds drawn by ``resample`` (never the true hidden tiles). Seats alternate (Mugsy leads
round 1 in the even games); game ``i`` deals from seed ``--seed + i`` and each player's
generator derives from it, so a run is repeatable.

Prints Mugsy's win rate with its 95% Wilson interval against the goal (60% or more), and
both players' decision times (decisions with more than one legal move; forced moves cost
nothing), so that the IS-MCTS budget (``--budget`` simulations a decision) can be matched
to Mugsy's decision time. IS-MCTS needs 2 simulations at least; it tries each legal move
once before it compares any, so with a budget up to the number of legal moves + 1 it plays
a move chosen at random among those it tried.

Needs the ``rl`` extra (``pip install 'gameshelf[rl]'``: open-spiel).

Usage: python benchmarks/rl_muggins_vs_ismcts.py [--games 1000] [--target 500] [--budget 2]
"""

from __future__ import annotations

import argparse
import functools
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import NoReturn

from gameshelf.core.benchargs import positive, whole
from gameshelf.core.chance import Chance
from gameshelf.core.estimate import wilson
from gameshelf.core.progress import add_progress_option, progress
from gameshelf.core.workers import run_jobs
from gameshelf.games.muggins.game import MugginsState
from gameshelf.games.muggins.mugsy import Mugsy
from gameshelf.games.muggins.rl import action_id
from gameshelf.games.muggins.view import MugginsView

FIRST_SEED = 700_000
#: Mugsy's least win share (issue 28, with the exact endgame; issue 14 asked 55%).
GOAL = 0.60


# ----- one game ----------------------------------------------------------------------------
@dataclass(frozen=True)
class GameResult:
    """One finished game: Mugsy's seat, the winner, the scores, rounds played, and each
    player's decision times in seconds (decisions with more than one legal move)."""

    seed: int
    mugsy_seat: int
    winner: int
    scores: tuple[int, int]
    rounds: int
    mugsy_times: tuple[float, ...]
    ismcts_times: tuple[float, ...]


def play_one(first: int, target: int, budget: int, uct_c: float, rollouts: int,
             i: int) -> GameResult:
    """Game ``i``: seed ``first + i``, Mugsy in seat ``i % 2``."""
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from gameshelf.rl import openspiel

    seed = first + i
    mugsy_seat = i % 2
    base = Chance(seed)
    deals = Chance(seed)
    game = openspiel.load("muggins", target=target)
    mugsy = Mugsy("strong", base.derive("mugsy"), seat=mugsy_seat)
    np_rng = np.random.RandomState(base.derive("ismcts").seed % 2**32)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=rollouts, random_state=np_rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c, budget, random_state=np_rng)
    bot.set_resampler(openspiel.resampler(base.derive("worlds").seed))
    state = game.new_initial_state()
    times: tuple[list[float], list[float]] = ([], [])
    while not state.is_terminal():
        player = state.current_player()
        if state.is_chance_node():
            state.apply_action(deals.choice([a for a, _ in state.chance_outcomes()]))
            continue
        legal = state.legal_actions()
        t0 = time.perf_counter()
        if player == mugsy_seat:
            action = action_id(mugsy.choose(MugginsView.of(state.engine_state, player)))
        else:
            action = int(bot.step(state)) if len(legal) > 1 else legal[0]
        if len(legal) > 1:
            times[0 if player == mugsy_seat else 1].append(time.perf_counter() - t0)
        state.apply_action(action)
    s: MugginsState = state.engine_state
    assert s.winner is not None
    return GameResult(seed, mugsy_seat, s.winner, (s.scores[0], s.scores[1]), len(s.rounds),
                      tuple(times[0]), tuple(times[1]))


# ----- the command line --------------------------------------------------------------------
class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        """Bad input: one line on stderr, exit code 2."""
        print(f"{self.prog}: {message}", file=sys.stderr)
        sys.exit(2)


def _ms(times: list[float]) -> str:
    if not times:
        return "no decisions"
    times = sorted(times)
    return (f"median {statistics.median(times) * 1000:.0f} ms, 95th percentile "
            f"{times[int(0.95 * (len(times) - 1))] * 1000:.0f} ms over {len(times)} decisions")


def main(argv: list[str] | None = None) -> None:
    parser = _Parser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=whole("--games", 1, 1_000_000), default=1000,
                        help="games to play (seats alternate); the issue asks for 1,000")
    parser.add_argument("--target", type=whole("--target", 5, 10_000), default=500,
                        help="points that end a game (R-MG-8); 500 as the issue asks")
    parser.add_argument("--budget", type=whole("--budget", 2, 1_000_000), default=2,
                        help="IS-MCTS simulations per decision (set for a decision time "
                             "similar to Mugsy's; the run prints both)")
    parser.add_argument("--uct-c", type=positive("--uct-c", 1000), default=2.0,
                        help="IS-MCTS exploration constant (returns are +1/-1)")
    parser.add_argument("--rollouts", type=whole("--rollouts", 1, 1000), default=1,
                        help="random rollouts per IS-MCTS leaf")
    parser.add_argument("--seed", type=whole("--seed", 0, 2**40), default=FIRST_SEED,
                        help="seed of game 0 (game i uses seed + i)")
    parser.add_argument("--workers", type=whole("--workers", 1, 256), default=2)
    add_progress_option(parser)
    args = parser.parse_args(argv)
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        parser.error("needs OpenSpiel: pip install 'gameshelf[rl]'")
    start = time.time()
    one: Callable[[int], GameResult] = functools.partial(
        play_one, args.seed, args.target, args.budget, args.uct_c, args.rollouts)
    with progress("Mugsy vs IS-MCTS", args.games, args.progress) as advance:
        results: list[GameResult] = run_jobs(one, list(range(args.games)),
                                             workers=args.workers, advance=advance)
    wall = time.time() - start
    n = len(results)
    wins = sum(1 for r in results if r.winner == r.mugsy_seat)
    lo, hi = wilson(wins, n)
    rate = wins / n
    verdict = "met" if lo >= GOAL else (f"missed by {GOAL - rate:.1%}" if rate < GOAL
                                         else "met by the estimate, not yet by its interval")
    mugsy_t = [t for r in results for t in r.mugsy_times]
    ismcts_t = [t for r in results for t in r.ismcts_times]
    leading = [r for r in results if r.mugsy_seat == 0]
    print(f"Mugsy strong vs OpenSpiel IS-MCTS ({args.budget} simulations a decision, "
          f"uct_c {args.uct_c:g}, {args.rollouts} random rollout(s) to the game's end a "
          f"leaf): {n} games to {args.target} (seeds {args.seed}..{args.seed + n - 1}, "
          f"seats alternate)")
    print(f"Mugsy wins {wins} = {rate:.1%} (95% CI {lo:.1%}-{hi:.1%}); goal {GOAL:.0%} or more: "
          f"{verdict}")
    if leading and len(leading) < n:
        lead_w = sum(1 for r in leading if r.winner == r.mugsy_seat)
        second = [r for r in results if r.mugsy_seat == 1]
        sec_w = sum(1 for r in second if r.winner == r.mugsy_seat)
        print(f"Mugsy leading round 1: {lead_w}/{len(leading)}; second: "
              f"{sec_w}/{len(second)}")
    margin = statistics.mean((r.scores[r.mugsy_seat] - r.scores[1 - r.mugsy_seat])
                             for r in results)
    print(f"mean final score margin (Mugsy - IS-MCTS): {margin:+.1f} points; mean rounds "
          f"{statistics.mean(r.rounds for r in results):.1f}")
    print(f"decision time, Mugsy strong: {_ms(mugsy_t)}")
    print(f"decision time, IS-MCTS:      {_ms(ismcts_t)}")
    if mugsy_t and ismcts_t:
        ratio = statistics.median(ismcts_t) / statistics.median(mugsy_t)
        print(f"IS-MCTS median / Mugsy median: {ratio:.2f}")
    print(f"wall time: {wall:.0f} s with {args.workers} worker(s)")


if __name__ == "__main__":
    main()
