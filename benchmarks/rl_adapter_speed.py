"""What the research adapters cost over the game specs (issue 14).

Plays the same seeded random games (chance by its odds, players uniformly among the legal
ids) of each game three ways: straight on the spec (``gameshelf.rl.<game>.Spec``), through
the OpenSpiel adapter (``pyspiel`` states of ``gameshelf.rl.openspiel``) and through the
PettingZoo environment (``gameshelf.rl.pettingzoo.env``, observations and masks built at every
turn, as an agent sees them). Prints milliseconds a game and actions a second for each, and
the cost of one OpenSpiel ``state.clone()`` against ``spec.clone`` (MCTS clones at every
simulation). Muggins is played to ``--target`` (default 500, the rules' game).

Needs the ``rl`` extra (``pip install 'gameshelf[rl]'``).

Usage: python benchmarks/rl_adapter_speed.py [--games 20] [--target 500]
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from collections.abc import Callable
from typing import Any, NoReturn

from gameshelf.core.inputs import number_parser
from gameshelf.core.progress import add_progress_option, progress
from gameshelf.rl.games import spec_class, spec_games


def _pick(rng: random.Random, outcomes: list[tuple[int, float]]) -> int:
    ids, probabilities = zip(*outcomes, strict=True)
    return int(rng.choices(ids, weights=probabilities)[0])


def on_spec(spec: Any, seed: int) -> int:
    """One random game on the spec; returns the actions (chance included)."""
    rng, state, n = random.Random(seed), spec.initial(), 0
    while (player := spec.current_player(state)) != -4:
        if player == -1:
            spec.apply(state, _pick(rng, spec.chance_outcomes(state)))
        else:
            spec.apply(state, rng.choice(spec.legal_actions(state)))
        n += 1
    return n


def on_openspiel(game: Any, seed: int) -> int:
    """The same game through OpenSpiel's API."""
    rng, state, n = random.Random(seed), game.new_initial_state(), 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(_pick(rng, state.chance_outcomes()))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        n += 1
    return n


def on_pettingzoo(make: Callable[[], Any], seed: int) -> int:
    """A random game through the AEC environment (its own chance; player moves only)."""
    rng, env, n = random.Random(seed), make(), 0
    env.reset(seed=seed)
    for _ in env.agent_iter():
        observation, _, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        legal = observation["action_mask"].nonzero()[0]
        env.step(int(legal[rng.randrange(len(legal))]))
        n += 1
    return n


class _Parser(argparse.ArgumentParser):
    """Bad input: one line on stderr, exit code 2."""

    def error(self, message: str) -> NoReturn:
        print(f"rl_adapter_speed.py: {message}", file=sys.stderr)
        sys.exit(2)


def main(argv: list[str] | None = None) -> None:
    parser = _Parser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=number_parser("--games", low=1, high=100_000),
                        default=20, help="random games of each game, each way")
    parser.add_argument("--target", type=number_parser("--target", low=5, high=10_000),
                        default=500, help="Muggins' target (points)")
    parser.add_argument("--seed", type=number_parser("--seed", low=0, high=2**40), default=1,
                        help="seed of the first game (game i uses seed + i)")
    add_progress_option(parser)
    args = parser.parse_args(argv)
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        parser.error("needs OpenSpiel: pip install 'gameshelf[rl]'")
    from gameshelf.rl import openspiel
    from gameshelf.rl.pettingzoo import env

    print(f"{args.games} random games each (Muggins to {args.target}); ms a game, "
          "actions a second (PettingZoo: player actions only)")
    print(f"{'game':10} {'spec':>18} {'OpenSpiel':>18} {'PettingZoo':>18} {'clone us':>16}")
    seeds = range(args.seed, args.seed + args.games)
    with progress("adapters", 3 * len(spec_games()) * args.games, args.progress) as advance:
        for name in spec_games():
            params = {"target": args.target} if name == "muggins" else {}
            spec = spec_class(name)(params)
            game = openspiel.load(name, **params)
            cells = []
            plays: list[Callable[[int], int]] = [
                functools.partial(on_spec, spec),
                functools.partial(on_openspiel, game),
                functools.partial(on_pettingzoo, functools.partial(env, name, **params)),
            ]
            for play in plays:
                start, actions = time.perf_counter(), 0
                for s in seeds:
                    actions += play(s)
                    advance(1)
                spent = time.perf_counter() - start
                cells.append(f"{spent / args.games * 1000:8.1f} {actions / spent:9,.0f}")
            state = game.new_initial_state()
            rng = random.Random(args.seed)
            for _ in range(40):  # a state some way into the game
                if state.is_terminal():
                    break
                state.apply_action(
                    _pick(rng, state.chance_outcomes())
                    if state.is_chance_node()
                    else rng.choice(state.legal_actions())
                )
            reps = 2000
            start = time.perf_counter()
            for _ in range(reps):
                state.clone()
            adapter = (time.perf_counter() - start) / reps * 1e6
            start = time.perf_counter()
            for _ in range(reps):
                spec.clone(state.engine_state)
            raw = (time.perf_counter() - start) / reps * 1e6
            print(f"{name:10} {cells[0]:>18} {cells[1]:>18} {cells[2]:>18} "
                  f"{adapter:7.1f} / {raw:5.1f}")
    print("clone us: OpenSpiel state.clone() / spec.clone() (microseconds)")


if __name__ == "__main__":
    main()
