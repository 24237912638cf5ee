"""Play our games end to end in OpenSpiel (needs the extra: pip install 'gameshelf[rl]').

    python examples/openspiel_play.py                          # every game, random players
    python examples/openspiel_play.py "muggins(target=50)" "yatz(players=3)" --moves
    python examples/openspiel_play.py showdown --ismcts 200    # seat 0: OpenSpiel's IS-MCTS

Importing ``gameshelf.rl.openspiel`` registers the games with OpenSpiel as
``gameshelf_yatz``, ``gameshelf_muggins`` and ``gameshelf_showdown``; from then on they are
loaded with ``pyspiel.load_game`` and played like any OpenSpiel game: chance nodes list their
outcomes with probabilities, players pick from ``legal_actions()``. With ``--ismcts N`` seat 0
is OpenSpiel's information-set MCTS (N simulations a move, random rollouts) drawing what it
cannot see with the game's own resampler (in Yatz, which hides nothing, OpenSpiel's plain
MCTS); the other seats play at random.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from typing import Any, NoReturn

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

import gameshelf.rl.openspiel as gameshelf_openspiel
from gameshelf.core.errors import GameshelfError
from gameshelf.rl.games import parse_game, spec_games


class OneLineParser(argparse.ArgumentParser):
    """Bad input: one line on stderr, exit code 2."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: {message}", file=sys.stderr)
        sys.exit(2)


def play(game: Any, seed: int, ismcts_simulations: int, show_moves: bool) -> list[float]:
    """One game: chance by its odds, seat 0 IS-MCTS (if asked), the others at random."""
    rng = random.Random(seed)
    bot: Any = None
    if ismcts_simulations > 0:
        evaluator = mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(seed))
        if game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION:
            # IS-MCTS asserts hidden information; with none (Yatz) plain MCTS is its equal
            bot = mcts.MCTSBot(
                game, 2.0, ismcts_simulations, evaluator,
                random_state=np.random.RandomState(seed),
            )
        else:
            bot = ismcts.ISMCTSBot(
                game, evaluator, 2.0, ismcts_simulations, random_state=np.random.RandomState(seed)
            )
            bot.set_resampler(gameshelf_openspiel.resampler(seed))
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            action = rng.choices(outcomes, weights=probabilities)[0]
        elif bot is not None and player == 0:
            action = bot.step(state)
        else:
            action = rng.choice(state.legal_actions())
        if show_moves:
            who = "chance" if player == pyspiel.PlayerId.CHANCE else f"seat {player}"
            print(f"  {who}: {state.action_to_string(player, action)}")
        state.apply_action(action)
    returns: list[float] = state.returns()
    return returns


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(
        prog="openspiel_play.py", description="Play gameshelf games in OpenSpiel."
    )
    parser.add_argument(
        "games",
        nargs="*",
        default=list(spec_games()),
        help="games, with parameters as OpenSpiel writes them: yatz(players=3)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of chance and players")
    parser.add_argument(
        "--ismcts",
        type=int,
        default=0,
        metavar="N",
        help="seat 0 plays IS-MCTS (plain MCTS in Yatz, which hides nothing), N simulations",
    )
    parser.add_argument("--moves", action="store_true", help="print every move")
    args = parser.parse_args(argv)
    if args.ismcts < 0:
        parser.error(f"--ismcts takes 0 or more simulations, got {args.ismcts}")
    try:
        loaded = []
        for text in args.games:
            name, params = parse_game(text)
            loaded.append(gameshelf_openspiel.load(name, **params))
    except (GameshelfError, pyspiel.SpielError) as err:
        parser.error(str(err))
    for game in loaded:
        print(f"{game}:")
        returns = play(game, args.seed, args.ismcts, args.moves)
        print(f"  returns {returns}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # the reader left (| head): stop quietly, as Python's docs say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
