"""``gameshelf dollar ...``: the command line of this game (an adapter over the rules package)."""

from __future__ import annotations

import typer

app = typer.Typer(
    help="One Dollar Pinball: score a $1 bill's serial number like a pinball game.",
    no_args_is_help=True,
    rich_markup_mode=None,
)


@app.command("status")
def status() -> None:
    """Say that this game is not built yet."""
    typer.echo("dollar: not built yet")
