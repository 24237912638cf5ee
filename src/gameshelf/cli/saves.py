"""Managing saved games from the command line, the same for every game with saves. An
adapter over :class:`gameshelf.core.store.Store`; imports nothing from ``tui/``.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Annotated

import typer

from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import check_name
from gameshelf.core.store import Store
from gameshelf.core.text import error_line, literal, quoted, saved_as, when
from gameshelf.session.base import SavedGame


def say_where_kept(game: str, session: SavedGame) -> None:
    """After a game's screen opened by ``play``/``resume --tui`` closes: where the game is
    kept, as the prompts say it at ``quit`` (``Saved as 'game-7'. Resume with: gameshelf
    yatz resume game-7``); a failed save or a save taken over elsewhere on stderr; nothing
    for a finished game (its screen showed the end) or one left before its first move
    (not kept)."""
    slot = session.slot
    if session.finished or slot.handle is None and not slot.unsaved:
        return
    if slot.lost:
        typer.echo(f"gameshelf: {slot.lost_note or 'the save was taken over elsewhere'}",
                   err=True)
    elif slot.unsaved:
        why = error_line(slot.errors[-1]) if slot.errors else "the store refused it"
        typer.echo(f"gameshelf: the game could not be saved: {why}", err=True)
    else:
        typer.echo(saved_as(game, session.name))


def save_name_option(name: str | None) -> str | None:
    """A ``--name`` value for a new save, checked and tidied like every name a person types
    (:func:`~gameshelf.core.inputs.check_name`); None when not given or empty. Every game's
    ``--name`` goes through here.

    Raises:
        BadInputError: a name of blanks only, or one :func:`~gameshelf.core.inputs.check_name`
            refuses.
    """
    if name is None or name == "":
        return None
    tidy = check_name(name, "save name")
    if not tidy:
        raise BadInputError("a save name needs a letter or digit, not only blanks")
    return tidy


def echo_saves(title: str, rows: Sequence[tuple[str, str, str]], json_out: bool = False,
               damaged: Sequence[bool] | None = None) -> None:
    """Print a game's saved games as every ``saves`` command lists them: one line each in
    columns, the name (padded to 24), the date (:func:`~gameshelf.core.text.when`) and the
    game's description, or ``No saved TITLE games.``; with ``json_out`` a JSON list of
    ``{"name", "updated", "game"}`` (and ``"damaged"``, from ``damaged``, when given).
    ``rows`` are (name, updated as the store keeps it, description), newest first; names
    and descriptions are shown literally.
    """
    if json_out:
        marks = [{"damaged": d} for d in damaged] if damaged is not None else [{}] * len(rows)
        typer.echo(json.dumps([{"name": n, "updated": u, "game": d, **m}
                               for (n, u, d), m in zip(rows, marks, strict=True)], indent=2))
        return
    if not rows:
        typer.echo(f"No saved {title} games.")
    for name, updated, desc in rows:
        typer.echo(literal(f"{literal(name):<24} {when(updated)}  {desc}"))


def delete_saves(game: str, title: str, names: list[str], yes: bool) -> None:
    """Delete the saves ``names`` (as typed; repeats count once) of ``game`` (``title`` in
    the messages) after asking, unless ``yes``.

    Every name is checked first: one that is not a save of ``game`` is refused and nothing
    is deleted. A damaged save can be deleted like any other. Answering no (or end of
    input) deletes nothing and exits with code 1.

    Raises:
        BadInputError: no name given, or a name that is not a saved game of ``game``.
    """
    wanted = list(dict.fromkeys(n.strip() for n in names))
    if not wanted or "" in wanted:
        raise BadInputError("name the saves to delete (see the saves command)")
    with Store() as store:
        taken = store.save_names(game)
        unknown = [n for n in wanted if n not in taken]
        if unknown:
            shown = sorted(taken)[:5]
            saved = (f"the saves are {', '.join(quoted(n) for n in shown)}"
                     + (f" and {len(taken) - 5} more" if len(taken) > 5 else "")
                     if taken else f"there are no saved {title} games")
            raise BadInputError(
                f"no saved {title} game named {quoted(unknown[0])}"
                + (f" (nor {', '.join(quoted(n) for n in unknown[1:])})" if unknown[1:] else "")
                + f"; nothing deleted ({saved})")
        if not yes:
            listed = ", ".join(quoted(n) for n in wanted)
            try:
                sure = typer.confirm(f"Delete {len(wanted)} saved {title} game"
                                     f"{'s' if len(wanted) > 1 else ''}: {listed}?",
                                     default=False)
            except typer.Abort:
                sure = False
            if not sure:
                typer.echo("Nothing deleted.")
                raise typer.Exit(1)
        for name in wanted:
            gone = store.delete_save(game, name)
            typer.echo(f"Deleted {quoted(name)}." if gone else f"{quoted(name)} was already gone.")


def add_delete_command(app: typer.Typer, game: str, title: str) -> None:
    """Give ``app`` (a game's sub-command group) its ``delete NAME... [--yes]`` command,
    the same in every game: :func:`delete_saves` for ``game`` (``title`` in messages)."""

    @app.command("delete")
    def delete(
        names: Annotated[list[str], typer.Argument(
            metavar="NAME...", help="The names of the saves to delete.")],
        yes: Annotated[bool, typer.Option("--yes", "-y",
                                          help="Delete without asking.")] = False,
    ) -> None:
        """Delete saved games, after asking (--yes: without). An unknown name deletes
        nothing."""
        delete_saves(game, title, names, yes)
