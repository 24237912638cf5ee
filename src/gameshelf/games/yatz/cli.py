"""``gameshelf yatz ...``: play, resume, high scores, simulations, export and import.

An adapter over :mod:`gameshelf.games.yatz`; the prompt loop of ``play`` is
:mod:`gameshelf.games.yatz.prompt`. Every bad input is a
:class:`~gameshelf.core.errors.GameshelfError`: one line, exit code 2.
"""

from __future__ import annotations

import json
import sys
import time
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, Progress, TaskProgressColumn, TimeElapsedColumn

from gameshelf.cli.saves import Saves, save_name_option
from gameshelf.cli.series import Ray, ShowProgress, Workers, play_series, series_start
from gameshelf.core.chance import new_seed, parse_seed
from gameshelf.core.errors import BadInputError, GameshelfError, RecordError, SaveNameTakenError
from gameshelf.core.files import check_target, write_file
from gameshelf.core.inputs import MAX_RECORD_BYTES, number_parser, read_file
from gameshelf.core.store import SaveRow, Store
from gameshelf.core.text import count, error_line, literal, quoted, resume_command, when
from gameshelf.games.yatz.game import GAME
from gameshelf.games.yatz.highscores import TOP, UNDO_NOTE, undo_mark, undos
from gameshelf.games.yatz.match import Match, parse_seats
from gameshelf.games.yatz.options import YatzOptions
from gameshelf.games.yatz.players import PLAYERS, default_player, make_player
from gameshelf.games.yatz.prompt import prompt_loop
from gameshelf.games.yatz.review import review_command
from gameshelf.games.yatz.scoring import rule_set
from gameshelf.games.yatz.session import YatzSession, save_name
from gameshelf.games.yatz.sim import play_solo, summarize
from gameshelf.games.yatz.text import ranking_text

app = typer.Typer(
    help="Yatz: triple Yahtzee for 1 to 9 players (columns x1, x2, x3; 39 turns each).",
    no_args_is_help=True,
    rich_markup_mode=None,
)

KEYS_HELP = ("The screen's keys: 'classic' (as the 1991 manual: Enter and F1 roll, F2 "
             "moves between dice and score board, Enter twice fills a box) or 'default' "
             "(default: the choice remembered from the setup screen).")


def _describe_save(row: SaveRow) -> str:
    """One line of ``yatz saves``: the game's description, or why it cannot be resumed."""
    try:
        if row.record is None:
            raise RecordError(f"damaged: {row.damaged}")
        return Match.from_record(row.record).describe()
    except GameshelfError as exc:
        return f"(cannot be resumed: {exc})"


def _over(session: YatzSession) -> str | None:
    if session.top is None:
        return None
    return (f"The saved game {quoted(session.name)} was over; its scores are recorded now.\n"
            + ranking_text(session.match, set(session.top)))


def _screen(session: YatzSession, keys: str | None) -> None:
    # start-up: the screens (Textual) load only when --tui asks for them
    from gameshelf.games.yatz.tui.setup import run_session

    run_session(session, keys=keys)


SAVES = Saves(GAME, "Yatz", YatzSession.resume, prompt_loop, _screen, _describe_save, _over,
              screen_first=False, keys_help=KEYS_HELP, review=review_command,
              mark_damaged=True)


@app.command("play")
def play(
    players: Annotated[str, typer.Option(
        "--players", "-p",
        help="Seats in order, comma-separated: names of people, 'cpu' (the default "
             f"computer: {default_player()}), a computer player's name "
             f"({', '.join(YatzOptions.LEVELS)}) or Name:player.")
    ] = "You,cpu",
    seed: Annotated[str | None, typer.Option(
        "--seed", "--game", help="The game number (default: a new one).")] = None,
    name: Annotated[str | None, typer.Option(
        "--name", help="The save name (default: game-<number>).")] = None,
    tui: Annotated[bool, typer.Option("--tui", help="Play in the terminal app's screen.")
                   ] = False,
    keys: Annotated[str | None, typer.Option("--keys", help=KEYS_HELP)] = None,
) -> None:
    """Play a game at the terminal prompt (or in the app's screen with --tui)."""
    screen, key_map = SAVES.where(tui, keys)
    SAVES.need_screen(screen)
    seats = parse_seats(players)
    number = parse_seed(seed) if seed is not None else new_seed()
    match = Match(seats, number)
    save = save_name_option(name)
    try:   # the save is claimed now: game-<number> (-2, -3... beside older saves) or --name
        session = YatzSession.new(match, save)
    except SaveNameTakenError:
        raise BadInputError(f"a save named {quoted(save)} exists: choose another --name, or "
                            f"go on with it: {resume_command('yatz', str(save))}") from None
    SAVES.play(session, screen, key_map)


SAVES.add_to(app)


@app.command("scores")
def scores(json_out: Annotated[bool, typer.Option("--json")] = False) -> None:
    """The top-20 table: name, score, date, game number, and the boxes taken back (undo)."""
    with Store() as store:
        rows = store.top_scores(GAME, TOP)
    if json_out:
        typer.echo(json.dumps([{"rank": i + 1, "name": r.name, "score": r.score,
                                "date": r.date, "game": r.seed,
                                "player": r.detail.get("player", "human"),
                                "undos": undos(r.detail)}
                               for i, r in enumerate(rows)], indent=2))
        return
    if not rows:
        typer.echo("No Yatz high scores yet.")
        return
    typer.echo(f"{'#':>2}  {'name':<22}{'score':>6}  {'date':<16} {'game':<10} undos")
    marked = False
    for i, r in enumerate(rows, start=1):
        mark = undo_mark(r.detail)
        marked = marked or bool(mark)
        typer.echo(f"{i:>2}  {literal(r.name):<22}{literal(r.score):>6}  "
                   f"{when(r.date):<16} {literal(r.seed):<10} {mark:>5}".rstrip())
    if marked:
        typer.echo(UNDO_NOTE)


@app.command("sim")
def sim(
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.", metavar="N",
                                      parser=number_parser("--games"))] = 1000,
    player: Annotated[str, typer.Option(
        "--player", help="A registered computer player (cpu = the default).")] = "cpu",
    seed: Annotated[str, typer.Option("--seed", help="Game number of the first game.")] = "1",
    workers: Workers = 1,
    ray: Ray = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")
                        ] = False,
    show_progress: ShowProgress = None,
) -> None:
    """Play solitaire games with a computer player and print the score statistics."""
    first = series_start(seed, games, workers, ray)
    name = make_player(player).name
    if name not in PLAYERS:
        name = default_player()
    seeds = list(range(first, first + games))
    results = play_series(name, partial(play_solo, name), seeds, workers, ray, show_progress,
                          chunk=(50, 200))
    stats: dict[str, Any] = {"player": name, "first_game": first, **summarize(results)}
    if json_out:
        typer.echo(json.dumps(stats, indent=2))
        return
    typer.echo(f"{name}: {count(stats['games'], 'game')} from game number {first}")
    typer.echo(f"mean   {stats['mean']:.2f} ± {stats['stderr']:.2f} (standard error)")
    typer.echo(f"sd     {stats['sd']:.2f}")
    typer.echo(f"min    {stats['min']}    max {stats['max']}")
    typer.echo("percentiles  " + "  ".join(f"p{q}={v:.1f}"
                                           for q, v in stats["percentiles"].items()))
    typer.echo("upper bonus  " + "  ".join(f"{c}: {100 * r:.1f}%"
                                           for c, r in stats["bonus_rate"].items()))


@app.command("export")
def export(
    name: Annotated[str, typer.Argument(help="The save's name.")],
    path: Annotated[str, typer.Argument(help="The JSON file to write.")],
    force: Annotated[bool, typer.Option("--force", help="Overwrite an existing file.")
                     ] = False,
) -> None:
    """Write a saved game's record to a JSON file (a regular file only, written whole or not
    at all: see :func:`gameshelf.core.files.write_file`)."""
    check_target(path, overwrite=force)
    with Store() as store:
        record = store.load_save(GAME, name)
    write_file(path, (record.to_json() + "\n").encode("utf-8"), overwrite=force)
    typer.echo(f"Exported {quoted(name)} to {path}")


@app.command("import")
def import_(
    path: Annotated[Path, typer.Argument(help="A JSON game record.")],
    name: Annotated[str | None, typer.Option("--name", help="Save it under this name.")
                    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace a save of that name.")
                     ] = False,
) -> None:
    """Check a JSON game record (replaying it) and store it as a save."""
    text = read_file(path, "the game record", max_bytes=MAX_RECORD_BYTES)
    match = Match.from_json(text)
    save = save_name_option(name) or save_name(match)
    try:
        YatzSession.import_match(match, save, force=force)
    except SaveNameTakenError:
        how = ("choose another --name" if save_name_option(name) else
               "give another name with --name NAME")
        raise BadInputError(f"a save named {quoted(save)} exists; {how}, or replace it with "
                            "--force") from None
    typer.echo(f"Imported as {quoted(save)}: {literal(match.describe())}")


def warn(message: str) -> None:
    """Print ``gameshelf: warning: MESSAGE`` as one line on stderr (shown literally and cut
    as an error is: :func:`~gameshelf.core.text.error_line`)."""
    typer.echo(f"gameshelf: warning: {error_line(message)}", err=True)


@app.command("solve")
def solve(
    rules: Annotated[str, typer.Option(
        "--rules", help="Rule set: yatz (default) or classic-no-bonus.")] = "yatz",
    json_out: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")
                        ] = False,
    fresh: Annotated[bool, typer.Option(
        "--fresh", help="Solve again even when a checked table is cached.")] = False,
) -> None:
    """Solve one column exactly and print the expected score of optimal play (6 decimals).

    The table of every turn-start state is cached and checked when loaded; a progress bar
    shows while it solves.
    """
    # start-up: the solver loads numba and numpy only when a table is solved
    from gameshelf.games.yatz import solver

    rs = rule_set(rules)
    console = Console(file=sys.stderr)
    t0 = time.perf_counter()
    solved = False
    with Progress("[progress.description]{task.description}", BarColumn(),
                  TaskProgressColumn(), TimeElapsedColumn(), console=console,
                  disable=json_out and not sys.stderr.isatty(), transient=True) as progress:
        task = progress.add_task(f"solving {rs.name}", total=None)

        def tick(done: int, total: int) -> None:
            nonlocal solved
            solved = True
            progress.update(task, completed=done, total=total)

        # --fresh solves again and writes the cache; a cache that cannot be written is a
        # warning, the answer is printed all the same
        table = solver.column_table(rs, tick, use_cache=not fresh, on_cache_error=warn)
    seconds = time.perf_counter() - t0
    states = table.states
    out = {"rules": rs.name, "expected_score": round(table.expected_score, 6),
           "states": states, "solved": solved, "seconds": round(seconds, 3),
           "cache": str(solver.cache_path(rs))}
    if json_out:
        typer.echo(json.dumps(out, indent=2))
        return
    typer.echo(f"{rs.name}: expected score of optimal single-column play "
               f"{table.expected_score:.6f}")
    how = "solved" if solved else "loaded from the checked cache"
    typer.echo(f"{states} turn-start states, {how} in {seconds:.2f} s ({out['cache']})")

