"""Pinball Showdown: the search player against the heuristic player.

Plays seeded two-player games (game ``i`` uses seed ``i``; the search player takes seat 0 in
even games and seat 1 in odd ones) and prints the search player's win rate with a 95% Wilson
interval (ties count half), and the median and 95th-percentile time of its decisions.
Target: win rate at least 60%, median decision 1 second or less.

Usage: python benchmarks/showdown_strength.py [--games 1000] [--workers 2]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from gameshelf.core.chance import Chance
from gameshelf.core.estimate import wilson
from gameshelf.core.progress import add_progress_option, progress
from gameshelf.core.workers import run_jobs
from gameshelf.games.showdown.actions import Action
from gameshelf.games.showdown.cards import default_deck
from gameshelf.games.showdown.game import new_game
from gameshelf.games.showdown.players import HeuristicPlayer, Player, SearchPlayer, play_match
from gameshelf.games.showdown.table import PlayerView


class Timed:
    """Wraps a player and records how long each of its decisions takes (seconds)."""

    def __init__(self, player: SearchPlayer) -> None:
        self.player = player
        self.name = player.name
        self.times: list[float] = []

    def choose(self, view: PlayerView, legal: Sequence[Action]) -> Action:
        t = time.perf_counter()
        a = self.player.choose(view, legal)
        self.times.append(time.perf_counter() - t)
        return a


def one_game(seed: int) -> tuple[float, list[float]]:
    chance = Chance(seed)
    search = Timed(SearchPlayer(chance.derive("search")))
    heur = HeuristicPlayer(chance.derive("heuristic"))
    seat = seed % 2
    players: list[Player] = [heur, heur]
    players[seat] = search
    state = play_match(new_game(default_deck(), 2, keep_log=False), players, chance)
    winners = state.winners()
    score = 1.0 / len(winners) if seat in winners else 0.0
    return score, search.times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    add_progress_option(ap)
    args = ap.parse_args()
    start = time.perf_counter()
    with progress("search vs heuristic", args.games, args.progress) as advance:
        results = run_jobs(one_game, range(args.games), workers=args.workers, chunksize=10,
                           advance=advance)
    elapsed = time.perf_counter() - start
    wins = sum(r[0] for r in results)
    times = [t for r in results for t in r[1]]
    rate = wins / args.games
    low, high = wilson(wins, args.games)
    times.sort()
    print(f"games: {args.games} two-player, search vs heuristic (seats alternate)")
    print(f"search win rate: {rate:.1%} (95% interval {low:.1%} to {high:.1%}); target >= 60%"
          f" -> {'met' if rate >= 0.60 else 'MISSED'}")
    print(f"search decisions: {len(times)}, median {statistics.median(times) * 1000:.1f} ms, "
          f"95th percentile {times[int(0.95 * (len(times) - 1))] * 1000:.1f} ms, "
          f"max {times[-1] * 1000:.1f} ms; target median <= 1000 ms")
    print(f"wall time: {elapsed:.0f} s with {args.workers} workers")


if __name__ == "__main__":
    main()
