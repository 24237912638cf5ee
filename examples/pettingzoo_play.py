"""Play our games end to end in PettingZoo (needs the extra: pip install 'gameshelf[rl]').

    python examples/pettingzoo_play.py                          # every game, random agents
    python examples/pettingzoo_play.py "muggins(target=50)" "yatz(players=3)" --moves

``gameshelf.rl.pettingzoo.env(game, **params)`` is an AEC environment: agents ``player_0``,
``player_1``... take turns; each observation is a dict with the seat's ``"observation"``
tensor and its ``"action_mask"`` of legal action ids; dice, deals and draws are rolled inside
the environment from ``reset(seed=...)``; rewards (each seat's result) come at the end. The
agents here pick uniformly among the legal ids by the mask.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import NoReturn

from gameshelf.core.errors import GameshelfError
from gameshelf.rl.games import parse_game, spec_games
from gameshelf.rl.pettingzoo import env as make_env


class OneLineParser(argparse.ArgumentParser):
    """Bad input: one line on stderr, exit code 2."""

    def error(self, message: str) -> NoReturn:
        print(f"{self.prog}: {message}", file=sys.stderr)
        sys.exit(2)


def main(argv: list[str] | None = None) -> int:
    parser = OneLineParser(
        prog="pettingzoo_play.py", description="Play gameshelf games in PettingZoo."
    )
    parser.add_argument(
        "games",
        nargs="*",
        default=list(spec_games()),
        help="games, with parameters as OpenSpiel writes them: yatz(players=3)",
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of chance and agents")
    parser.add_argument("--moves", action="store_true", help="print every move")
    args = parser.parse_args(argv)
    try:
        envs = []
        for text in args.games:
            name, params = parse_game(text)
            envs.append(make_env(name, **params))
    except GameshelfError as err:
        parser.error(str(err))
    for env in envs:
        env.reset(seed=args.seed)
        for i, agent in enumerate(env.possible_agents):
            env.action_space(agent).seed(args.seed + i)
        print(f"{env.metadata['name']}:")
        rewards = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            rewards[agent] += reward
            if termination or truncation:
                env.step(None)
                continue
            action = env.action_space(agent).sample(observation["action_mask"])
            if args.moves:
                seat = env.possible_agents.index(agent)
                print(f"  {agent}: {env.unwrapped.spec.action_to_string(seat, int(action))}")
            env.step(action)
        print(f"  rewards {rewards}")
        env.close()
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except BrokenPipeError:  # the reader left (| head): stop quietly, as Python's docs say
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(0)
