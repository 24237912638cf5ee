"""``gameshelf <game> replay NAME|FILE``: a game stepped through move by move.

Registered on each game's Typer app by :func:`register`. ``NAME`` is a save of the game (or
a finished game of the history, :func:`gameshelf.session.replay.find_record`), ``FILE`` a
game record file. The game's own screen opens read-only; ``--text`` prints one line per move
instead, ``--json`` the same as JSON. Nothing is ever written. A name or file that cannot be
replayed is one line on stderr and exit code 2.
"""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from gameshelf.core.text import count, literal
from gameshelf.games import REGISTRY
from gameshelf.session.replay import Replay, load_replay


def listing(replay: Replay[Any]) -> dict[str, Any]:
    """The replay as JSON-ready data: the game, its number, whether it is finished, the
    seats, and each move (``step``, ``seat``, ``player``, ``text``). A game in progress
    lists what its person saw (the moves' text hides Mugsy's drawn tiles then)."""
    return {
        "game": replay.game,
        "seed": replay.record.seed,
        "finished": replay.finished,
        "players": list(replay.seats),
        "steps": [{"step": s.number, "seat": s.seat,
                   "player": None if s.seat is None or s.seat >= len(replay.seats)
                   else replay.seats[s.seat],
                   "text": s.text} for s in replay.steps],
    }


def print_text(replay: Replay[Any]) -> None:
    """One line per move (``  12  Ann scores x2 Full house: 50 points``), shown literally."""
    state = "finished" if replay.finished else "in progress (what your seat saw)"
    typer.echo(f"{REGISTRY.get(replay.game).title} game {replay.record.seed}, {state}: "
               f"{count(replay.n, 'move')}")
    width = len(str(replay.n))
    for s in replay.steps:
        typer.echo(f"{s.number:>{width}}  {literal(s.text)}")


def register(app: typer.Typer, game: str) -> None:
    """Add the ``replay`` command to ``app``, the Typer app of ``game``."""
    title = REGISTRY.get(game).title

    @app.command("replay")
    def replay(
        which: Annotated[str, typer.Argument(
            metavar="NAME|FILE", help="A save's name, or a game record file.")],
        text: Annotated[bool, typer.Option(
            "--text", help="Print one line per move instead of opening the screen.")
                        ] = False,
        json_out: Annotated[bool, typer.Option(
            "--json", help="Print the moves as JSON instead of opening the screen.")
                            ] = False,
    ) -> None:
        r = load_replay(game, which)
        if json_out:
            typer.echo(json.dumps(listing(r), indent=2))
            return
        if text:
            print_text(r)
            return
        # start-up: Textual and the game's screen load only when the replay is shown
        from gameshelf.tui.app import run_replay

        run_replay(r)

    replay.__doc__ = (f"Step through a saved or finished {title} game, or a game record "
                      "file, move by move on the game's screen (read-only: nothing is "
                      "played or saved).")
