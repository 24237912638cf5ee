"""The sub-commands every game with saved games shares, made once from what the game says of
its sessions (:class:`Saves`): ``resume [NAME]``, ``saves``, ``delete NAME...`` and
``review NAME|FILE``, and what a game's ``play`` and ``sim`` share (:func:`where_to_play`,
:func:`need_screen`, :func:`play_session`, :func:`series_start`). A game's ``cli.py`` keeps
only its own commands and options (players, levels, decks, its tables) and calls
:func:`add_commands`.

A session is played on the game's screen or at its prompt: a game whose screen is the
default takes ``--text`` for the prompt, one whose prompt is the default (``screen_first``
False) takes ``--tui`` for the screen; ``--keys`` (the screen's key map) goes with the
screen only. Bad input is a :class:`~gameshelf.core.errors.BadInputError`: one line, exit 2.
"""

import inspect
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Annotated, Any, Generic, TypeVar

import typer

from gameshelf.cli.saves import add_delete_command, echo_saves, say_where_kept
from gameshelf.core.chance import MAX_SEED, parse_seed
from gameshelf.core.errors import BadInputError, GameshelfError
from gameshelf.core.keymaps import parse_key_map
from gameshelf.core.store import SaveRow
from gameshelf.core.text import count
from gameshelf.core.workers import check_spread
from gameshelf.games import REGISTRY
from gameshelf.session.base import SavedGame, game_saves

S = TypeVar("S", bound=SavedGame)

#: The most games one ``sim`` plays (a bound that keeps memory small).
MAX_SIM_GAMES = 1_000_000


@dataclass(frozen=True)
class Saves(Generic[S]):
    """What the shared commands need of one game's sessions (``S``: its session class).

    Attributes:
        key: the game's key; title: its title, as messages name it.
        resume: the session of the save named (None: the newest); raises
            :class:`~gameshelf.core.errors.BadInputError` for a name that is not a save.
        prompt: plays ``session`` at the text prompt until it ends or the person quits.
        screen: plays ``session`` on the game's screen, with the key map chosen (None: the
            one remembered).
        describe: one line of ``saves`` about a save (damaged and finished ones marked);
            None: :func:`replayed_line`'s, from the game's ``replay`` part.
        over: for a resumed save whose game is over (its end written now), what to say;
            None: play it on.
        screen_first: True: the screen unless ``--text``; False: the prompt unless ``--tui``.
        keys_help: the help of ``--keys``; None: the game has no key maps.
        review: the game's ``review`` command; None: it has none.
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

    @property
    def flag(self) -> str:
        """The option that chooses the other way to play: ``--text`` or ``--tui``."""
        return "--text" if self.screen_first else "--tui"


def where_to_play(saves: Saves[Any], other: bool, keys: str | None) -> tuple[bool, str | None]:
    """Whether a session is played on the screen, and the key map asked for (None: not
    given), from ``other`` (``--text`` or ``--tui`` given) and ``--keys``.

    Raises:
        BadInputError: an unknown key map, or ``--keys`` for the prompt.
    """
    screen = other != saves.screen_first
    key_map = None if keys is None else parse_key_map(keys)
    if key_map is not None and not screen:
        raise BadInputError("--keys chooses the screen's keys: " + (
            "the --text prompt has none" if saves.screen_first else "use it with --tui"))
    return screen, key_map


def need_screen(saves: Saves[Any], screen: bool) -> None:
    """Refuse the screen now when there is no terminal (before a new game is made and
    saved); nothing for the prompt.

    Raises:
        GameshelfError: the screen is wanted and there is no terminal (the line says how to
            play at the prompt).
    """
    if screen:
        # start-up: Textual loads only when the screen is asked for
        from gameshelf.tui.base import need_terminal

        need_terminal("use --text for the prompt loop" if saves.screen_first
                      else "play at the prompt: leave out --tui")


def play_session(saves: Saves[S], session: S, screen: bool, key_map: str | None) -> None:
    """Play ``session`` on the screen (then say where the game is kept) or at the prompt."""
    if not screen:
        saves.prompt(session)
        return
    saves.screen(session, key_map)
    say_where_kept(saves.key, session)


def add_commands(app: typer.Typer, saves: Saves[Any]) -> None:
    """Give ``app`` (a game's sub-commands) ``resume``, ``saves``, ``delete`` and, when the
    game has one, ``review``."""
    other_help = ("Plain prompt loop instead of the screen." if saves.screen_first
                  else "Play on in the app's screen.")

    @app.command("resume")
    def resume(
        name: Annotated[str | None, typer.Argument(
            help="The save's name (default: the newest save).")] = None,
        other: Annotated[bool, typer.Option(saves.flag, help=other_help)] = False,
        keys: Annotated[str | None, typer.Option("--keys", help=saves.keys_help)] = None,
    ) -> None:
        screen, key_map = where_to_play(saves, other, keys)
        session = saves.resume(name)
        said = saves.over(session)
        if said is not None:
            typer.echo(said)
            return
        play_session(saves, session, screen, key_map)

    if saves.keys_help is None:  # a game without key maps: no --keys
        sig = inspect.signature(resume)
        resume.__signature__ = sig.replace(  # type: ignore[attr-defined]
            parameters=[p for p in sig.parameters.values() if p.name != "keys"])
    resume.__doc__ = ("Continue a saved game exactly where it stopped (the newest without "
                      "NAME). A saved game that is already over (its end could not be "
                      "recorded then) gets its end recorded now.")

    @app.command("saves")
    def saves_command(json_out: Annotated[bool, typer.Option(
            "--json", help="Print the saves as JSON.")] = False) -> None:
        rows = game_saves(saves.key)
        describe = saves.describe or partial(replayed_line, saves.key)
        echo_saves(saves.title, [(r.name, r.updated, describe(r)) for r in rows],
                   json_out, damaged=[r.record is None for r in rows] if saves.mark_damaged
                   else None)

    saves_command.__doc__ = (f"List the saved {saves.title} games, newest first (damaged "
                             "ones marked).")
    add_delete_command(app, saves.key, saves.title)
    if saves.review is not None:
        app.command("review")(saves.review)


def replayed_line(game: str, row: SaveRow) -> str:
    """One line of ``saves`` about a save of ``game``, from its replay (the ``replay``
    part): ``Ann, Hog · game 7 · 12 moves``; ``finished: ...`` for a game over (its end
    written when it is resumed); ``damaged: why`` for a save that cannot be read or
    replayed."""
    if row.record is None:
        return f"damaged: {row.damaged}"
    try:
        replay = REGISTRY.get(game).load("replay")(row.record)
    except GameshelfError as exc:
        return f"damaged: {exc}"
    text = f"{', '.join(replay.seats)} · game {row.record.seed} · {count(replay.n, 'move')}"
    return f"finished: {text}" if replay.finished else text


def series_start(seed: str, games: int, workers: int, ray: str | None) -> int:
    """The first game number of a ``sim`` series of ``games`` games (game ``i`` is number
    ``first + i``), its figures checked: ``--games`` 1 to :data:`MAX_SIM_GAMES`,
    ``--workers`` 1 to four a processor, and ``--ray`` only with one worker.

    Raises:
        BadInputError: a figure out of its range, a seed that is no game number, or a series
            that goes past the last game number.
    """
    if not 1 <= games <= MAX_SIM_GAMES:
        raise BadInputError(f"--games must be 1 to {MAX_SIM_GAMES:,}, got {games}")
    most = (os.cpu_count() or 1) * 4
    if not 1 <= workers <= most:
        raise BadInputError(f"--workers must be 1 to {most}, got {workers}")
    check_spread(workers, ray)
    first = parse_seed(seed)
    if first + games - 1 > MAX_SEED:
        raise BadInputError(f"--seed {first} with {count(games, 'game')} goes past the last "
                            f"game number: the last would be {first + games - 1}, past the "
                            f"largest, {MAX_SEED}; use a smaller --seed or --games")
    return first
