"""Yatz engine speed: how fast whole games go through the rules (prints figures, asserts nothing).

Run: ``.venv/bin/python benchmarks/yatz_engine.py [GAMES] [--progress]``. Figures:

* engine only: solitaire games where every turn is roll, hold, roll, score (first empty box),
  dice drawn by the match driver: the cost of the rules and the driver alone;
* greedy: solitaire games played by the ``greedy`` computer player;
* replay: rebuilding a finished game from its record (what resume does).
"""

from __future__ import annotations

import argparse
import time

from gameshelf.core.progress import Advance, add_progress_option, progress
from gameshelf.core.records import GameRecord
from gameshelf.games.yatz.game import HOLDS, ROLL
from gameshelf.games.yatz.match import Match, Seat
from gameshelf.games.yatz.sim import play_solo


def engine_only(games: int, advance: Advance) -> float:
    start = time.perf_counter()
    for seed in range(games):
        advance(1)
        m = Match([Seat("A")], seed=seed)
        st = m.state
        while not m.is_over():
            m.act(ROLL)
            m.act(HOLDS[0b00111])
            m.act(ROLL)
            m.act(st.score_actions()[0])
    return time.perf_counter() - start


def greedy(games: int, advance: Advance) -> float:
    start = time.perf_counter()
    for seed in range(games):
        advance(1)
        play_solo("greedy", seed)
    return time.perf_counter() - start


def replay(games: int, advance: Advance) -> float:
    texts = []
    for seed in range(games):
        advance(1)
        m = Match([Seat("", "greedy")], seed=seed)
        m.play_computers()
        texts.append(m.record().to_json())
    start = time.perf_counter()
    for t in texts:
        Match.from_record(GameRecord.from_json(t))
    return time.perf_counter() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", type=int, nargs="?", default=1000)
    add_progress_option(ap)
    args = ap.parse_args()
    games = args.games
    for label, fn in (("engine only (roll, hold, roll, score)", engine_only),
                      ("greedy player", greedy), ("replay from record", replay)):
        with progress(label, games, args.progress) as advance:
            secs = fn(games, advance)
        print(f"{label}: {games} solitaire games in {secs:.2f} s = "
              f"{games / secs:,.0f} games/s, {1e3 * secs / games:.2f} ms/game")


if __name__ == "__main__":
    main()
