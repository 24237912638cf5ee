"""The cost of saving after every action (issue 10 point 4): one autosave of a game record
through the session layer, early and late in long games, in a temporary store.

Prints milliseconds per autosave (median of the runs) with the record's size, for a 9-seat
Yatz game near its end (the longest record of any game), a Muggins game and a 4-seat Pinball
Showdown game, and the share of a Yatz game's computer time the saves take.

Run: ``.venv/bin/python benchmarks/autosave_cost.py``
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable

from gameshelf.core.progress import add_progress_option, progress
from gameshelf.core.records import GameRecord
from gameshelf.session.base import SaveSlot


def per_save_ms(game: str, record: GameRecord, runs: int = 40) -> float:
    """Median milliseconds of one autosave of ``record`` (the first write claims the save)."""
    slot = SaveSlot(game)
    slot.autosave(record, base="bench")
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        assert slot.autosave(record, base="bench")
        times.append(time.perf_counter() - t0)
    return 1000 * statistics.median(times)


def timed(fn: Callable[[], object]) -> float:
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    add_progress_option(ap)
    args = ap.parse_args()
    os.environ["GAMESHELF_HOME"] = tempfile.mkdtemp(prefix="gameshelf-bench-")
    with progress("three games", 3, args.progress) as advance:
        _measure(advance)


def _measure(advance: Callable[[int], object]) -> None:
    from gameshelf.games.muggins.match import GAME as MUGGINS
    from gameshelf.games.showdown.match import GAME as SHOWDOWN
    from gameshelf.games.showdown.match import Match as ShowdownMatch
    from gameshelf.games.showdown.match import parse_players
    from gameshelf.games.yatz.game import GAME as YATZ
    from gameshelf.games.yatz.match import Match as YatzMatch
    from gameshelf.games.yatz.match import parse_seats

    yatz = YatzMatch(parse_seats(",".join(["greedy"] * 9)), 1)
    play = timed(yatz.play_computers)
    rec = yatz.record()
    ms = per_save_ms(YATZ, rec)
    print(f"Yatz, 9 seats, whole game: {len(rec.actions):,} actions, record "
          f"{len(rec.to_json(indent=None)):,} bytes: {ms:.2f} ms per autosave")
    print(f"  saving after every action would add {len(rec.actions) * ms / 1000:.1f} s to a "
          f"game whose computer play took {play:.1f} s")
    early = GameRecord(rec.game, rec.rules_version, rec.options, rec.seed, rec.actions[:20])
    print(f"  early in the game (20 actions): {per_save_ms(YATZ, early):.2f} ms")
    people = 4 * 39 * 4   # 4 people, 39 turns, about 4 actions a turn
    print(f"  at the prompt the computers' run is saved once, a person's every action: "
          f"about {people:,} saves in a 4-person game, {people * ms / 1000:.1f} s in all")
    advance(1)

    from gameshelf.games.muggins.match import Match as MugginsMatch
    m = MugginsMatch.new(3)
    while not m.state.is_terminal():
        m.apply(m.state.legal_actions()[0])
    mrec = m.record()
    print(f"Muggins, whole game: {len(mrec.actions):,} actions: "
          f"{per_save_ms(MUGGINS, mrec):.2f} ms per autosave")
    advance(1)

    s = ShowdownMatch(parse_players("cpu,cpu,cpu,cpu"), 5)
    s.run_until_human()
    srec = s.record()
    print(f"Pinball Showdown, 4 seats, whole game: {len(srec.actions):,} actions: "
          f"{per_save_ms(SHOWDOWN, srec):.2f} ms per autosave")
    advance(1)


if __name__ == "__main__":
    main()
