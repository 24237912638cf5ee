"""``gameshelf yatz ...``: play, resume, high scores, simulations, export and import.

An adapter over :mod:`gameshelf.games.yatz`: the prompt loop of ``play`` reads actions in their
text form (``roll``, ``hold 1 3 5``, ``score x2 full-house``) and hands them to the match.
Every bad input is a :class:`~gameshelf.core.errors.GameshelfError`: one line, exit code 2.
"""

from __future__ import annotations

import json
import os
import sys
from functools import partial
from pathlib import Path
from typing import Annotated, Any

import numpy as np
import typer

from gameshelf.cli.saves import add_delete_command, save_name_option, say_where_kept
from gameshelf.core import interrupt
from gameshelf.core.chance import MAX_SEED, new_seed, parse_seed
from gameshelf.core.errors import (
    BadInputError,
    GameshelfError,
    OutputError,
    RecordError,
    SaveLostError,
    SaveNameTakenError,
    StoreError,
)
from gameshelf.core.files import check_target, write_file
from gameshelf.core.inputs import (
    MAX_RECORD_BYTES,
    check_name,
    number_parser,
    read_file,
    read_line,
    whole_number,
)
from gameshelf.core.keymaps import parse_key_map
from gameshelf.core.progress import progress
from gameshelf.core.store import Store
from gameshelf.core.text import (
    command_line,
    count,
    error_line,
    literal,
    possessive,
    quoted,
    resume_command,
    saved_as,
    when,
    yes_no,
)
from gameshelf.core.workers import RAY_HELP, check_spread, ray_address, run_jobs
from gameshelf.games.yatz.game import GAME, Hold, Score, parse_action
from gameshelf.games.yatz.highscores import TOP, UNDO_NOTE, undo_mark, undos
from gameshelf.games.yatz.match import Match, parse_seats
from gameshelf.games.yatz.play import LocalYatz, YatzMatch, YatzMove
from gameshelf.games.yatz.players import PLAYERS, default_player, make_player
from gameshelf.games.yatz.review import review_command
from gameshelf.games.yatz.session import YatzSession, save_name
from gameshelf.games.yatz.sim import SoloResult, play_solo, summarize
from gameshelf.games.yatz.text import card_text, dice_text, ranking_text, totals_text
from gameshelf.session.base import save_failure

#: The most games one ``sim`` plays (a bound that keeps memory small).
MAX_SIM_GAMES = 1_000_000

app = typer.Typer(
    help="Yatz: triple Yahtzee for 1 to 9 players (columns x1, x2, x3; 39 turns each).",
    no_args_is_help=True,
    rich_markup_mode=None,
)

PROMPT_HELP = """\
Commands (type them at the prompt):
  roll | r                 roll the dice not held (all five on the first roll)
  hold 1 3 5 | h 135       hold exactly those dice (positions 1-5); 'hold' releases all
  score x2 full-house      fill a box; boxes: ones..sixes, three-kind (3k), four-kind (4k),
                           full-house (fh), small-straight (ss), large-straight (ls),
                           yatz, chance (c); columns x1, x2, x3. A box that would
                           score 0 asks first: Enter (or y) fills it, anything else not
  undo                     take back the box just filled, until the next roll (the next
                           player's, or your own in solitaire): the same dice and rolls
                           left, to fill another box (or the same); one a turn. Against a
                           computer, its turn waits for your next line: undo, or Enter
                           (or any command) lets it play. A score with an undo is marked
                           in 'gameshelf yatz scores'
  card [N]                 show the card of the player on turn (or of seat N)
  totals                   every player's running total
  hint                     the strong player's advice: best hold, best box, and the
                           expected final score of each option against the best
  save [NAME]              save the game (it is also saved after each box and when you
                           quit); with a NAME the save moves to that name (not one taken)
  help | ?                 this text
  quit | q                 save and leave; resume with 'gameshelf yatz resume'"""


def _ask(prompt: str) -> str | None:
    return read_line(prompt)


def _show_turn(game: YatzMatch) -> None:
    st = game.state
    seat = game.on_turn
    if not st.dice:
        typer.echo(f"\n{literal(possessive(seat.name))} turn {st.turns_taken(st.seat) + 1} of 39 "
                   f"(total {st.grand_total(st.seat)}): type roll")
        return
    typer.echo("")
    typer.echo(card_text(st, st.seat))
    typer.echo(f"{literal(seat.name)}, roll {st.roll_number()} of 3: {dice_text(st)}")


def _finish(game: YatzMatch | YatzSession) -> None:
    """The end: scores written (once; a game played here) and the ranking shown.

    Raises:
        StoreError: the end could not be written; the message says where the game is kept.
    """
    game = game if isinstance(game, YatzMatch) else LocalYatz(game)
    try:
        new = game.new_high_scores()
    except StoreError:
        typer.echo("\nGame over.")
        typer.echo(ranking_text(game, set()))
        raise
    typer.echo("\nGame over.")
    typer.echo(ranking_text(game, set(new)))
    if new:
        typer.echo("(* = entered the top 20; see 'gameshelf yatz scores')")


def _undo(game: YatzMatch) -> None:
    """The prompt's ``undo``: the box taken back and the turn shown again, or why not."""
    try:
        score = game.undo()
    except GameshelfError as exc:
        typer.echo(error_line(exc), err=True)
        return
    st = game.state
    typer.echo(f"{literal(possessive(game.on_turn.name))} x{score.column + 1} "
               f"{score.box.label} is taken back; fill a box"
               + (" or roll again" if st.rolls_left else "") + ".")
    _show_turn(game)


def _move_line(game: YatzMatch, move: YatzMove) -> str:
    """A move of someone not at this prompt, as the prompt tells it."""
    name = literal(game.seats[move.seat].name)
    a = move.action
    away = (" (played by the computer while away)"
            if move.by_computer and game.seats[move.seat].is_human else "")
    if isinstance(a, Score):
        return (f"{name}: {a} ({count(move.points or 0, 'point')}); total {move.total}"
                + away)
    if isinstance(a, Hold):
        return f"{name}: {a}{away}"
    dice = "  ".join(f"{i + 1}: {d} " for i, d in enumerate(move.dice))
    return f"{name}: roll -> {dice.rstrip()}{away}"


def _others(game: YatzMatch, seen: int) -> int:
    """Let the others play (the computers here, saved once after their run; online, the
    server's news as it comes) up to a turn played here or the end, telling each move from
    ``moves[seen]`` on; returns the moves told so far."""
    while game.others_turn():
        moved = game.advance()
        if game.computers_here:
            continue        # told after the run: a computer plays at once
        if moved:
            for move in game.moves[seen:]:
                typer.echo(_move_line(game, move))
            seen = len(game.moves)
    # saved once at the end of the run: the computers' actions replay the same from the
    # game number, and a save per action costs ~30 ms (benchmarks/autosave_cost.py)
    game.settle()
    for move in game.moves[seen:]:
        typer.echo(_move_line(game, move))
    return len(game.moves)


def _show_errors(game: YatzMatch, seen: int) -> int:
    """Print the failures kept since ``seen`` (the game goes on); the new count."""
    for text in game.errors[seen:]:
        typer.echo(save_failure(text, retry="it is saved at the next chance",
                                save_as="type save NAME") if game.keeps_saves else text,
                   err=True)
    return len(game.errors)


def prompt_loop(game: YatzMatch | YatzSession) -> None:
    """Play a Yatz match (a game here, or this terminal's seat of a game on a server) at a
    plain terminal prompt until it ends or the player quits.

    A game played here is saved after every action of a person (roll, hold, box filled) and
    after each run of the computer players' actions, so quitting, the end of input, Ctrl-C,
    SIGTERM and SIGHUP all leave it saved. A save that fails at ``quit`` keeps the prompt
    open (type quit again); at the end of input it is an error (exit 2). A stop by a signal
    says where the game is and is raised again (exit code ``128 + signal``). Output that
    cannot be written (a full disk, a closed pipe: :class:`OutputError`) ends the loop the
    same way, the game saved first. Online the server keeps the game: quit leaves the room
    (joining again plays on), no undo, and a refused action says the server's words.

    Raises:
        StoreError: the game could not be saved at the end of input, or its end not written.
    """
    game = game if isinstance(game, YatzMatch) else LocalYatz(game)
    try:
        _prompt_loop(game)
    except KeyboardInterrupt:
        if isinstance(game, LocalYatz) and not game.finished():
            with interrupt.shielded():
                saved = game.session.autosave()
            if saved:
                typer.echo(f"\nStopped; saved as {quoted(game.save_name)}. Resume with: "
                           f"{resume_command('yatz', game.save_name)}")
            else:
                typer.echo(f"\nStopped; not saved: {error_line(game.errors[-1])}", err=True)
        raise
    except OutputError:
        if isinstance(game, LocalYatz) and not game.finished():   # (a finished game's end
            with interrupt.shielded():                           # is written already)
                game.session.autosave()
        raise


def _quit(game: YatzMatch, line: str | None) -> bool:
    """``quit`` (or the end of input): saved and left (True), or not saved (False: the
    prompt stays open).

    Raises:
        StoreError: not saved at the end of input.
    """
    if not game.keeps_saves:
        me = game.seats[game.here()[0]].name if game.here() else "NAME"
        typer.echo(f"\nLeft room {game.name}: the server keeps your seat; to play on: "
                   + command_line("gameshelf", "online", "join", game.name or "", "--name",
                                  me))
        return True
    try:
        name = game.save()
    except SaveLostError:   # the save is the other session's: nothing to try again
        typer.echo(f"left unsaved: the save {quoted(game.save_name)} belongs to the "
                   "session that resumed it", err=True)
        return True
    except StoreError as exc:
        if line is None:
            raise
        typer.echo(f"not saved: {error_line(exc)}; type quit to try again", err=True)
        return False
    typer.echo(f"\n{saved_as('yatz', name)}")
    return True


def _prompt_loop(game: YatzMatch) -> None:
    where = f"game number {game.seed}" if game.seed is not None else game.title
    typer.echo(f"Yatz, {where}: " + ", ".join(literal(s.name) for s in game.seats))
    typer.echo("Type 'help' for the commands.")
    shown = (-1, -1)
    seen = _show_errors(game, 0)
    told = len(game.moves)
    carried: tuple[str | None] | None = None   # a line read while a computer waited
    while True:
        if game.computers_here and game.others_turn() and game.can_undo():
            # a person's box can be taken back until the computer rolls: it waits for a line
            filler = game.seats[(game.state.seat - 1) % len(game.seats)].name
            line = _ask(f"{literal(filler)}> ")
            if line is not None and line.strip().lower() == "undo":
                _undo(game)
                seen = _show_errors(game, seen)
                continue
            carried = (line,) if line is None or line.strip() else None
        told = _others(game, told)
        seen = _show_errors(game, seen)
        if game.finished():
            if game.end_problem() is None or game.keeps_saves:
                _finish(game)
            return
        st = game.state
        view = (st.turns_done, st.roll_number())
        if shown != view:
            _show_turn(game)
            shown = view
        if carried is not None:
            (line,), carried = carried, None
        else:
            line = _ask(f"{literal(game.on_turn.name)}> ")
        if line is None or line.strip().lower() in ("quit", "q", "exit"):
            if _quit(game, line):
                return
            continue
        cmd = line.strip()
        low = cmd.lower()
        if not cmd:
            continue
        if low in ("help", "?"):
            typer.echo(PROMPT_HELP)
            continue
        if low == "undo":
            _undo(game)
            shown = (game.state.turns_done, game.state.roll_number())
            seen = _show_errors(game, seen)
            continue
        if low == "totals":
            typer.echo(totals_text(game))
            continue
        if low == "hint":
            if not st.dice:
                typer.echo("hint: roll first, a hint needs dice", err=True)
                continue
            from gameshelf.games.yatz.strong import hint
            typer.echo("\n".join(hint(st).lines()))
            continue
        if low.startswith("card"):
            arg = low[4:].strip()
            seat = st.seat
            if arg:
                try:
                    seat = whole_number(arg, "card: the seat", low=1,
                                        high=len(game.seats)) - 1
                except GameshelfError as exc:
                    typer.echo(f"{exc}", err=True)
                    continue
            typer.echo(f"{literal(game.seats[seat].name)}:\n" + card_text(st, seat))
            continue
        if low.startswith("save"):
            if not game.keeps_saves:
                typer.echo(f"the server keeps room {game.name}: every move is stored there "
                           "(quit leaves it; join again to play on)", err=True)
                continue
            try:
                given = check_name(cmd[4:], "save name")
            except GameshelfError as exc:
                typer.echo(f"{exc}", err=True)
                continue
            try:
                name = game.save(given or None)
            except StoreError as exc:
                typer.echo(f"not saved: {error_line(exc)}", err=True)
                continue
            typer.echo(f"Saved as {quoted(name)}.")
            continue
        mine = len(game.moves)
        try:
            action = parse_action(cmd)
            if isinstance(action, Score) and st.dice and st.points(action.box) == 0 \
                    and not st.filled[st.seat][action.column] >> action.box & 1:
                # The manual: "Press <ENTER> to confirm you want to zero out a score box";
                # any other answer corrects the choice.
                answer = _ask(f"x{action.column + 1} {action.box.label} scores 0 with these "
                              "dice. Fill it with 0? [Y/n] ")
                if answer is None or not yes_no(answer, enter=True):
                    typer.echo("Not filled.")
                    continue
            game.play(str(action))
        except GameshelfError as exc:
            typer.echo(error_line(exc), err=True)
            seen = _show_errors(game, seen)
            continue
        told = mine + 1     # this seat's move is told here; what followed, by _others
        move = game.moves[mine]
        st = game.state
        if isinstance(action, Hold):
            typer.echo(f"{literal(game.on_turn.name)}, roll {st.roll_number()} of 3: "
                       f"{dice_text(st)}")
        if isinstance(action, Score):
            typer.echo(f"{literal(game.seats[move.seat].name)}: {move.points} in "
                       f"x{action.column + 1} {action.box.label}; total {move.total}")
            if game.can_undo() and game.computers_here and game.others_turn():
                typer.echo(f"(undo takes it back; Enter lets {literal(game.on_turn.name)} "
                           "play)")
        seen = _show_errors(game, seen)


KEYS_HELP = ("The screen's keys: 'classic' (as the 1991 manual: Enter and F1 roll, F2 "
             "moves between dice and score board, Enter twice fills a box) or 'default' "
             "(default: the choice remembered from the setup screen).")


def _keys_option(keys: str | None, tui: bool) -> str | None:
    """The checked ``--keys`` value (None: not given).

    Raises:
        BadInputError: an unknown key map, or ``--keys`` without ``--tui``.
    """
    if keys is None:
        return None
    if not tui:
        raise BadInputError("--keys chooses the screen's keys: use it with --tui")
    return parse_key_map(keys)


TUI_HINT = "play at the prompt: leave out --tui"


def _open_tui(session: YatzSession, keys: str | None = None) -> None:
    from gameshelf.games.yatz.tui.setup import run_session

    run_session(session, keys=keys)
    say_where_kept("yatz", session)


@app.command("play")
def play(
    players: Annotated[str, typer.Option(
        "--players", "-p",
        help="Seats in order, comma-separated: names of people, 'cpu' (the default "
             "computer), a computer player's name (greedy, casual...) or Name:player.")
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
    key_map = _keys_option(keys, tui)
    if tui:   # before the game is made (and saved): the screen needs a terminal
        from gameshelf.tui.base import need_terminal

        need_terminal(TUI_HINT)
    seats = parse_seats(players)
    number = parse_seed(seed) if seed is not None else new_seed()
    match = Match(seats, number)
    save = save_name_option(name)
    try:   # the save is claimed now: game-<number> (-2, -3... beside older saves) or --name
        session = YatzSession.new(match, save)
    except SaveNameTakenError:
        raise BadInputError(f"a save named {quoted(save)} exists: choose another --name, or "
                            f"go on with it: {resume_command('yatz', str(save))}") from None
    if tui:
        _open_tui(session, key_map)
        return
    prompt_loop(session)


@app.command("resume")
def resume(
    name: Annotated[str | None, typer.Argument(
        help="The save's name (default: the latest save).")] = None,
    tui: Annotated[bool, typer.Option("--tui", help="Play on in the app's screen.")] = False,
    keys: Annotated[str | None, typer.Option("--keys", help=KEYS_HELP)] = None,
) -> None:
    """Resume a saved game exactly where it stopped (mid-turn too)."""
    key_map = _keys_option(keys, tui)
    session = YatzSession.resume(name)
    if session.top is not None:   # over: its end, not written before, is written now
        typer.echo(f"The saved game {quoted(session.name)} was over; its scores are recorded "
                   "now.")
        typer.echo(ranking_text(session.match, set(session.top)))
        return
    if tui:
        _open_tui(session, key_map)
        return
    prompt_loop(session)


@app.command("saves")
def saves(json_out: Annotated[bool, typer.Option("--json")] = False) -> None:
    """List the saved Yatz games, newest first."""
    with Store() as store:
        rows = store.list_saves(GAME)
        data = []
        for r in rows:
            try:
                if r.record is None:
                    raise RecordError(f"damaged: {r.damaged}")
                desc = Match.from_record(r.record).describe()
            except GameshelfError as exc:
                desc = f"(cannot be resumed: {exc})"
            data.append({"name": r.name, "updated": r.updated, "game": desc,
                         "damaged": r.record is None})
    if json_out:
        typer.echo(json.dumps(data, indent=2))
        return
    if not data:
        typer.echo("No saved Yatz games.")
    for d in data:
        typer.echo(literal(f"{literal(d['name']):<24} {when(d['updated'])}  {d['game']}"))


add_delete_command(app, GAME, "Yatz")


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


def _run_sim(player: str, seeds: list[int], workers: int,
             show: bool | None, ray: str | None = None) -> list[SoloResult]:
    def size(procs: int) -> int:
        return 50 if procs <= 1 else max(1, min(200, len(seeds) // (procs * 8) or 1))

    with progress(player, len(seeds), show) as advance:
        return run_jobs(partial(play_solo, player), seeds, workers=workers, ray=ray,
                        chunksize=size, advance=advance)


@app.command("sim")
def sim(
    games: Annotated[int, typer.Option("--games", "-n", help="Number of games.", metavar="N",
                                      parser=number_parser("--games"))] = 1000,
    player: Annotated[str, typer.Option(
        "--player", help="A registered computer player (cpu = the default).")] = "cpu",
    seed: Annotated[str, typer.Option("--seed", help="Game number of the first game.")] = "1",
    workers: Annotated[int, typer.Option("--workers", "-w", help="Processes to use.",
                                        metavar="N", parser=number_parser("--workers"))] = 1,
    ray: Annotated[str | None, typer.Option("--ray", metavar="ADDRESS", help=RAY_HELP,
                                            parser=ray_address)] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the figures as JSON.")
                        ] = False,
    show_progress: Annotated[bool | None, typer.Option(
        "--progress/--no-progress", help="Show progress on stderr (default: only when "
        "stderr is a terminal).")] = None,
) -> None:
    """Play solitaire games with a computer player and print the score statistics."""
    if not 1 <= games <= MAX_SIM_GAMES:
        raise BadInputError(f"--games must be 1 to {MAX_SIM_GAMES:,}, got {games}")
    if not 1 <= workers <= (os.cpu_count() or 1) * 4:
        raise BadInputError(f"--workers must be 1 to {(os.cpu_count() or 1) * 4}")
    check_spread(workers, ray)
    name = make_player(player).name
    if name not in PLAYERS:
        name = default_player()
    first = parse_seed(seed)
    if first + games - 1 > MAX_SEED:
        raise BadInputError(f"the last game number would be {first + games - 1}, past the "
                            f"largest, {MAX_SEED}: use a smaller --seed or --games")
    seeds = list(range(first, first + games))
    results = _run_sim(name, seeds, workers, show_progress, ray)
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
    import time

    from rich.console import Console
    from rich.progress import BarColumn, Progress, TaskProgressColumn, TimeElapsedColumn

    from gameshelf.games.yatz import solver
    from gameshelf.games.yatz.scoring import rule_set

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
    states = int((~np.isnan(table.values)).sum())
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


app.command("review")(review_command)
