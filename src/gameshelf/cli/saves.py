"""Saved games from the command line, the same for every game with saves: the sub-commands
made once from what a game says of its sessions (:class:`Saves`: ``resume [NAME]``,
``saves``, ``delete NAME...``, ``review NAME|FILE``), how a game's own ``play`` plays the
session it makes, and the words said of saves. A game's ``cli.py`` keeps only its own
commands and options, and calls :meth:`Saves.add_to`. An adapter over
:class:`gameshelf.core.store.Store`; imports nothing from ``tui/`` at start-up.

A session is played on the game's screen or at its prompt: a game whose screen is the
default takes ``--text`` for the prompt, one whose prompt is the default (``screen_first``
False) ``--tui`` for the screen; ``--keys`` (the screen's key map) goes with the screen.
Bad input is a :class:`~gameshelf.core.errors.BadInputError`: one line, exit code 2.
"""

import inspect
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Generic, TypeVar

import typer

from gameshelf.core.errors import BadInputError, GameshelfError
from gameshelf.core.inputs import check_name, tidy_name
from gameshelf.core.keymaps import parse_key_map
from gameshelf.core.records import GameRecord
from gameshelf.core.store import SaveRow, Store
from gameshelf.core.text import count, error_line, literal, quoted, resume_command, saved_as, when
from gameshelf.games import REGISTRY
from gameshelf.session.base import SavedGame, game_saves

S = TypeVar("S", bound=SavedGame)


@dataclass(frozen=True)
class Saves(Generic[S]):
    """What the shared commands need of one game's sessions (``S``: its session class).

    Attributes:
        key, title: the game's key and its title (as messages name it).
        resume: the session of the save named (None: the newest); raises
            :class:`~gameshelf.core.errors.BadInputError` for a name that is no save.
        prompt: plays a session at the text prompt until it ends or the person quits.
        screen: plays a session on the game's screen, with the key map asked for (None:
            the one remembered).
        describe: one line of ``saves`` about a save; None: :func:`marked_line` of the
            game's replay (its ``replay`` part).
        over: what to say of a resumed save whose game is over (its end written now);
            None: play on.
        screen_first: True: the screen unless ``--text``; False: the prompt unless ``--tui``.
        keys_help: the help of ``--keys``; None: no key maps, no ``--keys``.
        review: the game's ``review`` command, if any.
        mark_damaged: ``saves --json`` gives each save a ``damaged`` field.
    """

    key: str
    title: str
    resume: Callable[[str | None], S]
    prompt: Callable[[S], Any]
    screen: Callable[[S, str | None], None]
    describe: Callable[[SaveRow], str] | None = None
    over: Callable[[S], str | None] = lambda _session: None
    screen_first: bool = True
    keys_help: str | None = None
    review: Callable[..., None] | None = None
    mark_damaged: bool = False

    def where(self, other: bool, keys: str | None) -> tuple[bool, str | None]:
        """Whether to play on the screen, and the key map asked for (None: not given), from
        ``other`` (``--text`` or ``--tui`` given) and ``--keys``.

        Raises:
            BadInputError: an unknown key map, or ``--keys`` for the prompt.
        """
        screen = other != self.screen_first
        key_map = None if keys is None else parse_key_map(keys)
        if key_map is not None and not screen:
            raise BadInputError("--keys chooses the screen's keys: " + (
                "the --text prompt has none" if self.screen_first else "use it with --tui"))
        return screen, key_map

    def need_screen(self, screen: bool) -> None:
        """Refuse the screen now (before a new game is made and saved) without a terminal.

        Raises:
            GameshelfError: the screen is wanted and there is no terminal.
        """
        if screen:
            # start-up: Textual loads only when the screen is asked for
            from gameshelf.tui.base import need_terminal

            need_terminal("use --text for the prompt loop" if self.screen_first
                          else "play at the prompt: leave out --tui")

    def play(self, session: S, screen: bool, key_map: str | None) -> None:
        """Play ``session`` at the prompt, or on the screen and then say where it is kept."""
        if not screen:
            self.prompt(session)
            return
        self.screen(session, key_map)
        say_where_kept(self.key, session)

    def line(self, row: SaveRow) -> str:
        """One line of ``saves`` about ``row``."""
        if self.describe is not None:
            return self.describe(row)
        return marked_line(row, self.replayed, "resume records its end")

    def replayed(self, record: GameRecord) -> tuple[bool, str]:
        """Whether a save's game is over, and its seats, number and moves, from its replay
        (``Ann, Hog · game 7 · 12 moves``)."""
        r = REGISTRY.get(self.key).load("replay")(record)
        return r.finished, f"{', '.join(r.seats)} · game {record.seed} · {count(r.n, 'move')}"

    def add_to(self, app: typer.Typer) -> None:
        """Give ``app`` (the game's sub-commands) ``resume``, ``saves``, ``delete`` and the
        game's ``review``."""
        other_help = ("Plain prompt loop instead of the screen." if self.screen_first
                      else "Play on in the app's screen.")

        @app.command("resume")
        def resume(
            name: Annotated[str | None, typer.Argument(
                help="The save's name (default: the newest save).")] = None,
            other: Annotated[bool, typer.Option(
                "--text" if self.screen_first else "--tui", help=other_help)] = False,
            keys: Annotated[str | None, typer.Option("--keys", help=self.keys_help)] = None,
        ) -> None:
            """Continue a saved game exactly where it stopped (the newest without NAME). A
            saved game that is already over (its end could not be recorded then) gets its
            end recorded now."""
            screen, key_map = self.where(other, keys)
            session = self.resume(name)
            said = self.over(session)
            if said is not None:
                typer.echo(said)
                return
            self.play(session, screen, key_map)

        if self.keys_help is None:
            sig = inspect.signature(resume)
            resume.__signature__ = sig.replace(  # type: ignore[attr-defined]
                parameters=[p for p in sig.parameters.values() if p.name != "keys"])

        @app.command("saves")
        def saves(json_out: Annotated[bool, typer.Option(
                "--json", help="Print the saves as JSON.")] = False) -> None:
            rows = game_saves(self.key)
            echo_saves(self.title, [(r.name, r.updated, self.line(r)) for r in rows], json_out,
                       [r.record is None for r in rows] if self.mark_damaged else None)

        saves.__doc__ = f"List the saved {self.title} games, newest first (damaged ones marked)."

        @app.command("delete")
        def delete(
            names: Annotated[list[str], typer.Argument(
                metavar="NAME...", help="The names of the saves to delete.")],
            yes: Annotated[bool, typer.Option("--yes", "-y", help="Delete without asking.")
                           ] = False,
        ) -> None:
            """Delete saved games, after asking (--yes: without). An unknown name deletes
            nothing."""
            delete_saves(self.key, self.title, names, yes)

        if self.review is not None:
            app.command("review")(self.review)


def marked_line(row: SaveRow, describe: Callable[[GameRecord], tuple[bool, str]],
                note: str) -> str:
    """A save's line in a ``saves`` listing: ``describe``'s text (it returns whether the
    game is over, and the text); ``finished: TEXT (NOTE)`` for a game over; ``damaged:
    why`` for a save that cannot be read or replayed."""
    if row.record is None:
        return f"damaged: {row.damaged}"
    try:
        finished, text = describe(row.record)
    except GameshelfError as exc:
        return f"damaged: {exc}"
    return f"finished: {text} ({note})" if finished else text


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


def stopped_line(game: str, session: SavedGame) -> str:
    """What a prompt says when a signal stops it (the game saved first): ``Stopped; saved
    as 'game-7'. Resume with: gameshelf KEY resume game-7``, or why it could not be saved;
    after an empty line (the prompt's line is left as it was)."""
    if session.slot.unsaved:
        return f"\nStopped; the game could not be saved: {error_line(session.errors[-1])}"
    return (f"\nStopped; saved as {quoted(session.name)}. Resume with: "
            f"{resume_command(game, session.name)}")


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
    wanted = list(dict.fromkeys(tidy_name(n) for n in names))
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
