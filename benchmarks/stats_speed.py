"""Statistics: how long the figures of a long history take (what the statistics screens and
``gameshelf <game> stats`` compute from the kept records on each opening).

Plays ``--games`` seeded games of Yatz (two quick computer seats), Muggins (first legal
tile against easy Mugsy, target 61) and Showdown (two random seats) in memory, makes the
history rows the store would keep, and times each game's statistics (the records replayed
through the rules). Prints games per second.

Usage: python benchmarks/stats_speed.py [--games 300]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from gameshelf.core.progress import add_progress_option, tracked
from gameshelf.core.store import HistoryPlayer, HistoryRow
from gameshelf.games.muggins.match import Match as MugginsMatch
from gameshelf.games.muggins.stats import muggins_stats
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.showdown.match import parse_players
from gameshelf.games.showdown.stats import showdown_stats
from gameshelf.games.yatz.match import Match as YatzMatch
from gameshelf.games.yatz.match import parse_seats
from gameshelf.games.yatz.stats import yatz_stats


def _row(i: int, game: str, record: object, players: list[HistoryPlayer]) -> HistoryRow:
    return HistoryRow(i, game, str(i), f"2026-01-01T00:00:{i % 60:02d}+00:00", "local",
                      tuple(players), record, None)  # type: ignore[arg-type]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=300)
    add_progress_option(ap)
    args = ap.parse_args()
    n = args.games
    cpu = [HistoryPlayer("A", "computer", "greedy"), HistoryPlayer("B", "computer", "casual")]
    rows: dict[str, list[Any]] = {"yatz": [], "muggins": [], "showdown": []}
    start = time.perf_counter()
    for i in tracked(range(n), "playing games", n, args.progress):
        y = YatzMatch(parse_seats("A:greedy,B:casual"), i)
        y.play_computers()
        rows["yatz"].append(_row(i, "yatz", y.record(), cpu))
        m = MugginsMatch.new(i, target=61, options={"level": "easy"})
        while not m.state.is_terminal():
            m.apply(m.state.legal_actions()[0] if m.state.current_player() == 0
                    else m.mugsy_action())
        rows["muggins"].append(_row(i, "muggins", m.record(), [
            HistoryPlayer("you"), HistoryPlayer("Mugsy", "computer", "easy")]))
        s = ShowdownMatch(parse_players("A:random,B:random"), i)
        while not s.state.is_terminal():
            s.step()
        rows["showdown"].append(_row(i, "showdown", s.record(), [
            HistoryPlayer("A", "computer", "random"), HistoryPlayer("B", "computer", "random")]))
    print(f"played {n} games of each in {time.perf_counter() - start:.1f} s")
    for game, fn in (("yatz", yatz_stats), ("muggins", muggins_stats),
                     ("showdown", showdown_stats)):
        t = time.perf_counter()
        figures = fn(rows[game])  # type: ignore[operator]
        took = time.perf_counter() - t
        assert figures.games == n and figures.damaged == 0
        print(f"{game:9} statistics of {n} games: {took:.2f} s ({n / took:,.0f} games/s)")


if __name__ == "__main__":
    main()
