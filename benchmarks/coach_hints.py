"""The coach (issue 16): how long a hint takes, and how often it is the strong player's move.

Plays seeded games (Muggins: strong Mugsy on both seats, to 500; Pinball Showdown: three
search players), and at every decision with a choice of the first seat asks the coach for a
hint with its default samples (Muggins 64 samples of the hidden tiles, Showdown 32 sampled
worlds), timing it. It prints the hint's time per position (median, 95th percentile, worst;
goal: under 1 s at the 95th percentile) and how often the hint's best move is the move the
strong player made there with its own samples (Mugsy's 64; the search player's 8 in play),
which differ from the coach's, so a tie or a near tie can go either way; and how often that
move is within the estimate's noise of the hint's best (what a review would not list).

Usage: python benchmarks/coach_hints.py [--muggins-games 3] [--showdown-games 2]
"""

from __future__ import annotations

import argparse
import statistics
import time

from gameshelf.core.progress import add_progress_option, progress
from gameshelf.core.state import CHANCE
from gameshelf.games.muggins import coach as mcoach
from gameshelf.games.muggins.match import PERSON
from gameshelf.games.muggins.match import Match as MugginsMatch
from gameshelf.games.muggins.mugsy import Mugsy, as_listed, distinct_plays
from gameshelf.games.muggins.view import MugginsView
from gameshelf.games.showdown import coach as scoach
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.showdown.match import parse_players

FIRST_SEED = 500_000


def _report(game: str, times: list[float], same: int, close: int) -> None:
    times = sorted(times)
    n = len(times)
    p95 = times[min(n - 1, int(0.95 * n))]
    print(f"{game}: {n} positions; hint time median {statistics.median(times) * 1000:.0f} ms, "
          f"95th percentile {p95 * 1000:.0f} ms, worst {times[-1] * 1000:.0f} ms "
          f"(goal: 95th percentile under 1000 ms: {'met' if p95 < 1 else 'NOT met'}); "
          f"the strong player's move {same}/{n} = {same / n:.1%}; its move within the "
          f"estimate's noise of the hint's (what a review would not list) {close}/{n} = "
          f"{close / n:.1%}")


def muggins(games: int) -> None:
    times: list[float] = []
    same = close = 0
    for g in range(games):
        m = MugginsMatch.new(seed=FIRST_SEED + g, options={"level": "strong"})
        while not m.state.is_terminal():
            seat = m.state.current_player()
            view = MugginsView.of(m.state, seat)
            if seat != PERSON:
                m.apply(m.mugsy_action())
                continue
            move = Mugsy("strong", m.chance.derive(f"person/{len(m.actions)}")).choose(view)
            if len(distinct_plays(view)) > 1:
                t0 = time.perf_counter()
                h = mcoach.hint(view)
                times.append(time.perf_counter() - t0)
                assert h.best is not None
                listed = as_listed(view, move)  # type: ignore[arg-type]
                same += h.best.play == listed
                mine = next(o for o in h.options if o.play == listed)
                close += (mine.wins or h.best.value is None or mine.value is None
                          or not mcoach.costly(h.best.value - mine.value, mine.spread))
            m.apply(move)
    _report("Muggins", times, same, close)


def showdown(games: int) -> None:
    times: list[float] = []
    same = close = 0
    for g in range(games):
        m = ShowdownMatch(parse_players("search,search,search"), FIRST_SEED + g)
        st = m.state
        while not st.is_terminal():
            seat = st.current_player()
            if seat == 0 and seat != CHANCE:
                legal = st.legal_actions()
                view = st.view(seat)
                t0 = time.perf_counter()
                h = scoach.hint(view, legal)
                elapsed = time.perf_counter() - t0
                move = m.step()
                if h.samples:
                    times.append(elapsed)
                    same += h.best.action == move
                    mine = next((o for o in h.options if o.action == move), None)
                    close += mine is not None and not scoach.costly(
                        h.best.margin - mine.margin, mine.margin_spread)
                continue
            m.step()
    _report("Pinball Showdown", times, same, close)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--muggins-games", type=int, default=3)
    ap.add_argument("--showdown-games", type=int, default=2)
    add_progress_option(ap)
    args = ap.parse_args()
    with progress("coach hints", 2, args.progress) as advance:
        muggins(args.muggins_games)
        advance(1)
        showdown(args.showdown_games)
        advance(1)


if __name__ == "__main__":
    main()
