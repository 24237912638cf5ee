"""Pinball Showdown: our search player against OpenSpiel's information-set MCTS.

Plays seeded two-player games of ``gameshelf_showdown`` through the OpenSpiel adapter
(:mod:`gameshelf.rl.openspiel`). Game ``i`` uses seed ``seed + i`` for the deal and both
players' generators; our search player (:class:`gameshelf.games.showdown.players.SearchPlayer`,
seeing only its own view) takes seat 0 in even games and seat 1 in odd ones. The opponent is
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with random rollouts, UCT, the spec's
resampler (``gameshelf.rl.openspiel.resampler``: hidden hands and deck drawn afresh for
each simulation) and ``--budget`` simulations per decision. ``--budget 0`` (the default)
first plays ``--calibrate`` games (other seeds) timing our player and IS-MCTS at 10
simulations, and picks the budget that gives IS-MCTS the same mean decision time.

Prints our win rate (ties count half) with a 95% Wilson interval and both players' mean and
median decision times (decisions with a single legal move are not timed: both answer them
at once). Goal: 55% or more.

Measured on a loaded 2-core machine (Nov 2026), our player at 8 samples:
matched time (budget 3 simulations): 100 games, 100 won, 95% interval 96.3% to 100%, ours
22.0 ms a decision, IS-MCTS 24.4 ms; budget 100 (IS-MCTS 39 times slower): 30 games, 26 won,
86.7% (70.3% to 94.7%), 27.0 ms vs 1,053 ms; budget 300 (120 times slower): 10 games,
6 won, 60.0% (31.3% to 83.2%), 35.2 ms vs 4,222 ms.

Usage: python benchmarks/rl_showdown_vs_ismcts.py [--games 200] [--budget 0] [--workers 1]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from dataclasses import dataclass

import numpy as np

from gameshelf.core.benchargs import positive, whole
from gameshelf.core.chance import Chance
from gameshelf.core.estimate import wilson
from gameshelf.core.progress import add_progress_option, progress
from gameshelf.core.workers import run_jobs

GOAL = 0.55


@dataclass(frozen=True)
class Setup:
    """One run's settings (picklable for the workers)."""

    seed: int
    budget: int
    samples: int
    uct_c: float


@dataclass(frozen=True)
class Result:
    """One game: our score (1 win, 0.5 tie, 0 loss) and each side's decision times (s)."""

    score: float
    ours: list[float]
    theirs: list[float]


def _bot(game: object, budget: int, seed: int, uct_c: float) -> object:
    from open_spiel.python.algorithms import ismcts, mcts

    from gameshelf.rl.openspiel import resampler

    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c, budget,
                           random_state=np.random.RandomState(seed + 1),
                           final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    bot.set_resampler(resampler(seed + 2))
    return bot


def one_game(game_index: int, setup: Setup, max_decisions: int | None = None) -> Result:
    """Play game ``game_index`` (or only its first ``max_decisions`` timed decisions)."""
    from gameshelf.games.showdown.players import SearchPlayer
    from gameshelf.games.showdown.rl.ids import action_id
    from gameshelf.rl.openspiel import load

    seed = setup.seed + game_index
    ours_seat = game_index % 2
    game = load("showdown", players=2)
    bot = _bot(game, setup.budget, seed, setup.uct_c)
    chance = random.Random(seed)
    ours = SearchPlayer(Chance(seed).derive("search"), samples=setup.samples)
    state = game.new_initial_state()
    times: tuple[list[float], list[float]] = ([], [])
    while not state.is_terminal():
        if max_decisions is not None and len(times[0]) + len(times[1]) >= max_decisions:
            break
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(chance.choices(ids, probs)[0])
            continue
        p = state.current_player()
        many = len(state.legal_actions()) > 1
        start = time.perf_counter()
        if p == ours_seat:
            engine = state.engine_state.game
            action = action_id(ours.choose(engine.view(p), engine.legal_actions()))
        else:
            action = int(bot.step(state))  # type: ignore[attr-defined]
        if many:
            times[0 if p == ours_seat else 1].append(time.perf_counter() - start)
        state.apply_action(action)
    returns = state.returns()
    mine = returns[ours_seat]
    score = 1.0 if mine > 0 else 0.5 if mine == 0 else 0.0
    return Result(score, times[0], times[1])


def _mean_ms(xs: list[float]) -> float:
    return 1000 * statistics.fmean(xs) if xs else 0.0


def calibrate(setup: Setup, games: int) -> tuple[int, float, float]:
    """The IS-MCTS budget whose mean decision time matches our player's: plays ``games``
    whole games (other seeds than the run's) with IS-MCTS at 10 simulations, times both
    sides' decisions; returns (budget, our mean ms, IS-MCTS ms per simulation)."""
    probe = Setup(setup.seed + 1_000_000, 10, setup.samples, setup.uct_c)
    ours: list[float] = []
    theirs: list[float] = []
    for g in range(games):
        r = one_game(g, probe)
        ours += r.ours
        theirs += r.theirs
    per_sim = _mean_ms(theirs) / probe.budget
    mean = _mean_ms(ours)
    return max(1, round(mean / per_sim)), mean, per_sim


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=whole("--games", 1, 1_000_000), default=200,
                    help="games to play (default 200)")
    ap.add_argument("--budget", type=whole("--budget", 0, 1_000_000), default=0,
                    help="IS-MCTS simulations per decision; 0 (default): matched to our "
                         "player's mean decision time")
    ap.add_argument("--calibrate", type=whole("--calibrate", 1, 1000), default=2,
                    help="games timed to match the budget when --budget is 0 (default 2)")
    ap.add_argument("--samples", type=whole("--samples", 1, 10_000), default=8,
                    help="our search player's sampled worlds per decision (default 8)")
    ap.add_argument("--uct-c", type=positive("--uct-c", 1000), default=2.0,
                    help="IS-MCTS exploration (default 2)")
    ap.add_argument("--seed", type=whole("--seed", 0, 2**40), default=1,
                    help="first game's seed (default 1)")
    ap.add_argument("--workers", type=whole("--workers", 1, 256), default=1,
                    help="processes (default 1)")
    add_progress_option(ap)
    args = ap.parse_args()
    try:
        import gameshelf.rl.openspiel  # noqa: F401
    except ImportError as err:
        print(f"error: OpenSpiel is not installed (pip install 'gameshelf[rl]'): {err}",
              file=sys.stderr)
        sys.exit(2)
    setup = Setup(args.seed, args.budget, args.samples, args.uct_c)
    start = time.perf_counter()
    if args.budget == 0:
        budget, ours_ms, sim_ms = calibrate(setup, args.calibrate)
        print(f"calibration: our player {ours_ms:.1f} ms a decision, IS-MCTS {sim_ms:.2f} ms "
              f"a simulation -> budget {budget} simulations")
        setup = Setup(args.seed, budget, args.samples, args.uct_c)
    with progress("search vs IS-MCTS", args.games, args.progress) as advance:
        results = run_jobs(_play, [(g, setup) for g in range(args.games)],
                           workers=args.workers, advance=advance)
    elapsed = time.perf_counter() - start
    wins = sum(r.score for r in results)
    rate = wins / args.games
    low, high = wilson(wins, args.games)
    ours = [t for r in results for t in r.ours]
    theirs = [t for r in results for t in r.theirs]
    print(f"games: {args.games} two-player, seeds {args.seed}..{args.seed + args.games - 1}, "
          f"seats alternate")
    print(f"IS-MCTS: {setup.budget} simulations a decision, random rollouts, UCT c "
          f"{setup.uct_c}; our search player: {setup.samples} samples")
    print(f"our win rate: {rate:.1%} (95% interval {low:.1%} to {high:.1%}; "
          f"{sum(r.score == 1.0 for r in results)} won, "
          f"{sum(r.score == 0.5 for r in results)} tied); goal >= {GOAL:.0%} -> "
          f"{'met' if low >= GOAL else 'met by the point estimate' if rate >= GOAL else 'MISSED'}")
    print(f"decision time: ours mean {_mean_ms(ours):.1f} ms, median "
          f"{1000 * statistics.median(ours) if ours else 0:.1f} ms ({len(ours)} decisions); "
          f"IS-MCTS mean {_mean_ms(theirs):.1f} ms, median "
          f"{1000 * statistics.median(theirs) if theirs else 0:.1f} ms ({len(theirs)})")
    print(f"wall time: {elapsed:.0f} s with {args.workers} worker(s)")


def _play(job: tuple[int, Setup]) -> Result:
    return one_game(*job)


if __name__ == "__main__":
    main()
