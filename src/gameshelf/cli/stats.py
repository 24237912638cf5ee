"""``gameshelf <game> stats`` and ``gameshelf <game> history``, the same for every game.

- ``stats [--player NAME] [--json]``: the game's statistics from the finished games kept
  in the history (:mod:`gameshelf.stats`; the same tables as the statistics screens);
- ``history [--player NAME] [--limit N] [--json]``: the finished games kept, newest first;
- ``history prune --keep N | --before DATE``: remove old ones, saying what was removed
  (their scores stay in the tables and they are never counted again). Asks nothing.

Registered on each game's Typer app by :func:`register`; an adapter over
:mod:`gameshelf.session.history`.
"""

from __future__ import annotations

import json
from typing import Annotated

import typer

from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import number_parser
from gameshelf.core.store import HistoryRow
from gameshelf.core.text import count, literal, when, with_level
from gameshelf.games import REGISTRY
from gameshelf.session import history

PlayerOption = Annotated[str | None, typer.Option(
    "--player", "-p", metavar="NAME",
    help="Only this player's figures (the name as shown; a computer seat by its name).")]
JsonOption = Annotated[bool, typer.Option("--json", help="JSON output.")]


def _player(name: str | None) -> str | None:
    if name is not None and not name.strip():
        raise BadInputError("--player: give a player's name")
    return name


def _seats(row: HistoryRow) -> str:
    return ", ".join(
        f"{literal(p.name if p.kind == 'person' else with_level(p.name, p.level or p.kind))}"
        f"{'' if p.score is None else f' {p.score:,}'}" for p in row.players)


def _row_json(row: HistoryRow) -> dict[str, object]:
    return {"id": row.id, "finished": row.finished, "source": row.source,
            "seed": None if row.record is None else row.record.seed,
            "actions": None if row.record is None else len(row.record.actions),
            "players": [p.to_json() for p in row.players], "damaged": row.damaged}


def register(app: typer.Typer, game: str) -> None:
    """Add ``stats`` and ``history`` (with ``history prune``) to ``game``'s app."""
    title = REGISTRY.get(game).title

    @app.command("stats")
    def stats(player: PlayerOption = None, json_out: JsonOption = False) -> None:
        """Statistics of the finished games kept (the same as the statistics screen)."""
        figures = history.game_stats(game, _player(player))
        if json_out:
            typer.echo(json.dumps(figures.to_json(), indent=2, sort_keys=True))
            return
        for line in figures.lines():
            typer.echo(line)

    hist = typer.Typer(help=f"The finished {title} games kept; 'prune' removes old ones.",
                       invoke_without_command=True, no_args_is_help=False,
                       rich_markup_mode=None)

    @hist.callback()
    def listing(
        ctx: typer.Context, player: PlayerOption = None,
        limit: Annotated[int | None, typer.Option(
            "--limit", "-n", metavar="N", parser=number_parser("--limit", low=1),
            help="At most N games.")] = None,
        json_out: JsonOption = False,
    ) -> None:
        """The finished games kept, newest first (number, when, seats and final scores)."""
        if ctx.invoked_subcommand is not None:
            return
        rows = history.finished(game, player=_player(player), limit=limit)
        if json_out:
            typer.echo(json.dumps([_row_json(r) for r in rows], indent=2, sort_keys=True))
            return
        if not rows:
            typer.echo(f"No finished {title} game is kept yet.")
            return
        typer.echo(f"{'number':>6}  {'finished':<16}  {'from':<6}  players")
        for r in rows:
            mark = f"  damaged: {literal(r.damaged)}" if r.damaged else ""
            typer.echo(f"{r.id:>6}  {when(r.finished):<16}  {r.source:<6}  {_seats(r)}{mark}")

    @hist.command("prune")
    def prune(
        keep: Annotated[int | None, typer.Option(
            "--keep", metavar="N", parser=number_parser("--keep", low=0),
            help="Keep the newest N finished games; remove the older ones.")] = None,
        before: Annotated[str | None, typer.Option(
            "--before", metavar="DATE",
            help="Remove the games finished before DATE (2026-03-01, UTC).")] = None,
    ) -> None:
        """Remove old finished games from the history (asks nothing; says what it
        removed). Their scores stay in the tables; they are never counted again."""
        if (keep is None) == (before is None):
            raise BadInputError("history prune: give --keep N or --before DATE (one of them)")
        stamp = None if before is None else history.parse_before(before)
        gone = history.prune(game, keep=keep, before=stamp)
        if not gone:
            which = (f"beyond the newest {keep:,}" if keep is not None
                     else f"finished before {when(stamp)}")
            typer.echo(f"Nothing removed: no finished {title} game kept is {which}.")
            return
        typer.echo(f"Removed {count(len(gone), f'finished {title} game')} from the history:")
        for r in gone:
            typer.echo(f"{r.id:>6}  {when(r.finished):<16}  {_seats(r)}")

    app.add_typer(hist, name="history")
