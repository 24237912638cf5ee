"""The rooms' side of the game server's CPU per accepted action, game by game, without the
network: what ``benchmarks/server_load.py`` measures less the WebSocket layer.

For each game played online, rooms of 4 people (Muggins 2; every seat connected) are played
through the server's :class:`~gameshelf.server.rooms.Lobby` on an SQLite store in a
temporary folder, each action picked by the game's ``load_test_choice``, a finished room
followed by a new one, until ``--actions`` actions are accepted. Each accepted action is
timed in CPU time (``time.process_time``: a busy machine's wait for a CPU is not counted)
from the ``action`` message to the text of every message it answers with (the game's move
and computer or chance moves after it, the commit, each seat's state and view, the writing
of the outbox by :func:`gameshelf.server.batch.dump_all`). The finished games' records are
written apart (as the server writes them in a worker thread) and not timed; 100 actions of
each game are played first, not timed (what a process works out once: Dollar's odds).

Prints per game: CPU milliseconds per accepted action (the least of ``--runs`` runs) and
the bytes of text sent per action.

Run: ``.venv/bin/python benchmarks/server_rooms.py [--actions 1500] [--runs 3] [--games
showdown,yatz]``
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gameshelf.core.progress import add_progress_option, progress  # noqa: E402
from gameshelf.server import protocol as p  # noqa: E402
from gameshelf.server.batch import dump_all  # noqa: E402
from gameshelf.server.games import game_class, playable  # noqa: E402
from gameshelf.server.rooms import Lobby  # noqa: E402
from gameshelf.server.storage import SQLiteRoomStore  # noqa: E402

#: The people of a room, by game (4, or as many as the game takes).
SEATS = {"muggins": 2}


def run(game: str, actions: int, folder: Path) -> tuple[float, float]:
    """Play ``actions`` accepted actions of ``game``: (CPU ms per action, bytes sent per
    action)."""
    store = SQLiteRoomStore(folder / f"{game}.db")
    lobby = Lobby(store)
    lobby.finish_later = True
    cls, rng = game_class(game), random.Random(1)
    seats = (p.SeatSpec("host", "Ann"),
             *(p.SeatSpec("open") for _ in range(SEATS.get(game, 4) - 1)))
    done, cpu, sent = 0, 0.0, 0
    try:
        while done < actions:
            room, host, token = lobby.create(p.Create(game, seats, {}, 0), 0.0)
            tokens = {host: token}
            for i in range(1, len(seats)):
                _, seat, tok, _ = lobby.join(p.Join(room.code, f"P{i}"), 0.0)
                tokens[seat] = tok
            for seat in tokens:
                lobby.connected(room, seat)
            lobby.start(p.Start(room.code, token), 0.0)
            g = room.game
            assert g is not None
            while room.status != "over" and done < actions:
                who = g.to_act()
                msg = p.Act(room.code, tokens[who], cls.load_test_choice(g.legal(who), rng))
                t0 = time.process_time()
                texts = dump_all([m for _, m in lobby.act(msg, 0.0)])
                cpu += time.process_time() - t0
                sent += sum(len(t) for t in texts)
                done += 1
            lobby.write_finished(room)
    finally:
        store.close()
    return 1000 * cpu / done, sent / done


def main() -> None:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--actions", type=int, default=1500,
                    help="accepted actions per game and run (100-100000)")
    ap.add_argument("--runs", type=int, default=3, help="runs per game, the least kept (1-20)")
    ap.add_argument("--games", default=",".join(playable()),
                    help="which games, comma-separated (default: every game played online)")
    add_progress_option(ap)
    args = ap.parse_args()
    games = [g.strip() for g in args.games.split(",") if g.strip()]
    if not (100 <= args.actions <= 100_000 and 1 <= args.runs <= 20 and games
            and all(g in playable() for g in games)):
        ap.error(f"--actions 100-100000, --runs 1-20, --games of {', '.join(playable())}")
    folder = Path(tempfile.mkdtemp(prefix="gameshelf-bench-"))
    os.environ["GAMESHELF_HOME"] = str(folder / "home")
    with progress("runs", len(games) * args.runs, args.progress) as advance:
        _measure(games, args.actions, args.runs, folder, advance)


def _measure(games: list[str], actions: int, runs: int, folder: Path,
             advance: Callable[[int], object]) -> None:
    for game in games:
        run(game, 100, folder)      # warmed: what a process works out once (Dollar's odds)
        best: tuple[float, float] | None = None
        for _ in range(runs):
            got = run(game, actions, folder)
            best = got if best is None or got[0] < best[0] else best
            advance(1)
        assert best is not None
        print(f"{game}: {best[0]:.3f} ms of CPU per accepted action (least of {runs} runs "
              f"of {actions:,}), {best[1]:,.0f} bytes of text sent per action", flush=True)
    load = os.getloadavg()
    print(f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
