"""``gameshelf muggins ...``: the command line of this game (an adapter over the rules package)."""

from __future__ import annotations

import typer

app = typer.Typer(help="muggins (not built yet).", no_args_is_help=True, rich_markup_mode=None)


@app.command("status")
def status() -> None:
    """Say that this game is not built yet."""
    typer.echo("muggins: not built yet")
