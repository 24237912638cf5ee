"""How long checking a record takes: a finished game of each game is replayed from its record,
every chance outcome redrawn from the seed and every computer move made again (the check that
refuses substituted moves, issue 10 point 12). Prints seconds per replay; a replay is what
``resume``, ``yatz saves`` and ``yatz import`` cost.

Run: ``.venv/bin/python benchmarks/record_replay.py [--games 3] [--progress]``.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from gameshelf.core.progress import add_progress_option, tracked
from gameshelf.core.records import GameRecord
from gameshelf.games.muggins.match import MUGSY
from gameshelf.games.muggins.match import Match as MugginsMatch
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.showdown.match import parse_players
from gameshelf.games.yatz.match import Match as YatzMatch
from gameshelf.games.yatz.match import Seat


def yatz_game(seed: int, player: str, seats: int) -> GameRecord:
    m = YatzMatch([Seat("", player)] * seats, seed)
    m.play_computers()
    return m.record()


def muggins_game(seed: int, level: str) -> GameRecord:
    rng = random.Random(seed)
    m = MugginsMatch.new(seed, options={"level": level})
    while not m.state.is_terminal():
        m.apply(m.mugsy_action() if m.state.current_player() == MUGSY
                else rng.choice(m.state.legal_actions()))
    return m.record()


def showdown_game(seed: int, players: str) -> GameRecord:
    m = ShowdownMatch(parse_players(players), seed)
    m.run_until_human()
    return m.record()


def timed(make: Callable[[int], GameRecord], replay: Callable[[GameRecord], object],
          games: int, name: str, show: bool | None) -> tuple[float, float, int]:
    times, actions = [], 0
    for seed in tracked(range(1, games + 1), name, games, show):
        record = make(seed)
        actions += len(record.actions)
        t0 = time.perf_counter()
        replay(record)
        times.append(time.perf_counter() - t0)
    return sum(times) / len(times), max(times), actions // games


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    add_progress_option(ap)
    args = ap.parse_args()
    cases: list[tuple[str, Callable[[int], GameRecord], Callable[[GameRecord], object]]] = [
        ("yatz 1 strong seat", lambda s: yatz_game(s, "strong", 1), YatzMatch.from_record),
        ("yatz 4 greedy seats", lambda s: yatz_game(s, "greedy", 4), YatzMatch.from_record),
        ("muggins vs easy", lambda s: muggins_game(s, "easy"), MugginsMatch.from_record),
        ("muggins vs strong", lambda s: muggins_game(s, "strong"), MugginsMatch.from_record),
        ("showdown 4 heuristic", lambda s: showdown_game(s, "cpu,cpu,cpu,cpu"),
         ShowdownMatch.from_record),
        ("showdown 2 search", lambda s: showdown_game(s, "search,search"),
         ShowdownMatch.from_record),
    ]
    print(f"{'finished game':<22} {'actions':>7} {'mean s':>8} {'max s':>8}")
    for name, make, replay in cases:
        mean, most, actions = timed(make, replay, args.games, name, args.progress)
        print(f"{name:<22} {actions:>7} {mean:>8.3f} {most:>8.3f}")


if __name__ == "__main__":
    main()
