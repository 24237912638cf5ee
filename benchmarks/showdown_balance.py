"""Pinball Showdown: balance of the deck in four-player games between heuristic players.

Plays seeded four-player games (game ``i`` uses seed ``i``) and prints the mean game length
in turns, the share of games ended by a drain, how often Wizard Mode comes on, each seat's win
rate (seat 1 = the first seat; the First Player is drawn at random; ties are shared) and the
mean points per player by source. The deck's goals: most games run the full 10 turns, a drain
after turn 5 is a real risk, Wizard Mode comes on in most games, every seat wins 21% to 29%.

Usage: python benchmarks/showdown_balance.py [--games 10000] [--workers 2] [--deck FILE]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from gameshelf.core.chance import Chance
from gameshelf.core.inputs import MAX_DATA_FILE_BYTES, read_text_file
from gameshelf.core.progress import add_progress_option, progress
from gameshelf.core.workers import run_jobs
from gameshelf.games.showdown.cards import Deck, default_deck, parse_deck
from gameshelf.games.showdown.game import new_game
from gameshelf.games.showdown.players import HeuristicPlayer, Player, play_match

PLAYERS = 4
SOURCES = ("cards", "two_x", "drop_bonus", "combos", "tokens")
_DECK: Deck | None = None


def _init(deck_text: str | None) -> None:
    global _DECK
    _DECK = parse_deck(deck_text) if deck_text else default_deck()


def one_game(seed: int) -> dict[str, object]:
    assert _DECK is not None
    chance = Chance(seed)
    players: list[Player] = [HeuristicPlayer(chance.derive(f"p{i}")) for i in range(PLAYERS)]
    state = play_match(new_game(_DECK, PLAYERS, keep_log=False), players, chance)
    winners = state.winners()
    points = {k: 0 for k in SOURCES}
    for seat in range(PLAYERS):
        sc = state.score(seat)
        for k in SOURCES:
            points[k] += getattr(sc, k)
    return {"turns": state.turn, "drain": state.end_reason == "drain",
            "wizard": state.wizard_turns > 0,
            "wins": [1.0 / len(winners) if s in winners else 0.0 for s in range(PLAYERS)],
            "points": points}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10_000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--deck", type=Path, default=None)
    add_progress_option(ap)
    args = ap.parse_args()
    text = (read_text_file(args.deck, "the deck file", max_bytes=MAX_DATA_FILE_BYTES)
            if args.deck else None)
    start = time.perf_counter()
    with progress("four heuristic players", args.games, args.progress) as advance:
        games = run_jobs(one_game, range(args.games), workers=args.workers, chunksize=50,
                         initializer=_init, initargs=(text,), advance=advance)
    n = len(games)
    mean_turns = sum(int(g["turns"]) for g in games) / n  # type: ignore[call-overload]
    full = sum(1 for g in games if g["turns"] == 10) / n
    early = sum(1 for g in games if g["drain"] and g["turns"] != 10) / n
    last = sum(1 for g in games if g["drain"] and g["turns"] == 10) / n
    wizard = sum(1 for g in games if g["wizard"]) / n
    wins = [sum(g["wins"][s] for g in games) / n for s in range(PLAYERS)]  # type: ignore[index]
    print(f"games: {n} four-player, heuristic players")
    print(f"mean length: {mean_turns:.2f} turns; games that ran the full 10 turns: {full:.1%}")
    print(f"ended early by a drain (turns 6-9): {early:.1%}; a drain in turn 10 as well: "
          f"{last:.1%}; ended by a drain in all: {early + last:.1%}")
    print(f"Wizard Mode came on: {wizard:.1%} of games")
    print("win rate by seat: " + ", ".join(f"seat {s + 1} {w:.1%}" for s, w in enumerate(wins))
          + f"; target 21%-29% -> {'met' if all(0.21 <= w <= 0.29 for w in wins) else 'MISSED'}")
    per = {k: sum(g["points"][k] for g in games) / (n * PLAYERS)  # type: ignore[index]
           for k in SOURCES}
    names = {"cards": "cards", "two_x": "2X pile", "drop_bonus": "drop targets",
             "combos": "combinations", "tokens": "tokens"}
    print("mean points per player by source: " + ", ".join(
        f"{names[k]} {v:,.0f}" for k, v in per.items()) + f"; total {sum(per.values()):,.0f}")
    print(f"wall time: {time.perf_counter() - start:.0f} s with {args.workers} workers")


if __name__ == "__main__":
    main()
