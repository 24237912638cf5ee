"""``gameshelf muggins ...``: double-nine Muggins against Mugsy (an adapter over the rules).

Commands: ``play`` (the terminal screen, or ``--text`` for a plain prompt loop; every game
its own save), ``resume [NAME]``, ``saves``, ``stats``, ``sim``. Games are played through
:mod:`gameshelf.session.muggins`, the layer the screen uses too.
"""

from __future__ import annotations

import json
import os
from functools import partial
from typing import Annotated

import typer

from gameshelf.cli.saves import add_delete_command, echo_saves, save_name_option
from gameshelf.core import interrupt
from gameshelf.core.chance import MAX_SEED, new_seed, parse_seed
from gameshelf.core.errors import BadInputError, GameshelfError, StoreError
from gameshelf.core.inputs import number_parser, read_line
from gameshelf.core.keymaps import parse_key_map
from gameshelf.core.progress import progress
from gameshelf.core.text import count, error_line, quoted, resume_command, yes_no
from gameshelf.core.workers import RAY_HELP, check_spread, ray_address, run_jobs
from gameshelf.muggins import coach
from gameshelf.muggins.game import (
    DEFAULT_TARGET,
    Action,
    Draw,
    MugginsState,
    Pass,
    Play,
    Side,
    parse_action,
)
from gameshelf.muggins.match import GAME
from gameshelf.muggins.mugsy import LEVELS, parse_level
from gameshelf.muggins.sim import SimResult, play_series_game, tally
from gameshelf.muggins.tiles import parse_tile
from gameshelf.session.base import end_not_recorded, save_failure
from gameshelf.session.muggins import (
    MUGSY,
    PERSON,
    Session,
    describe_save,
    saves,
)

app = typer.Typer(help="Muggins: double-nine dominoes (fives) against Mugsy.",
                  no_args_is_help=True, rich_markup_mode=None)



KEYS_HELP = ("The board's keys and layout: 'classic' (as the 1991 manual: your tiles in the "
             "upper right corner, the four arrow keys move the red box) or 'default' "
             "(default: the choice remembered from the level screen).")


def _keys_option(keys: str | None, text: bool) -> str | None:
    """The checked ``--keys`` value (None: not given).

    Raises:
        BadInputError: an unknown key map, or ``--keys`` with ``--text``.
    """
    if keys is None:
        return None
    if text:
        raise BadInputError("--keys chooses the board's keys: the --text prompt has none")
    return parse_key_map(keys)


def _target(value: int) -> int:
    if not 5 <= value <= 10_000:
        raise BadInputError(f"--target must be 5 to 10000 points, got {value}")
    return value


@app.command("play")
def play(
    level: Annotated[str, typer.Option(help=f"Mugsy's level: {', '.join(LEVELS)}.")] = "normal",
    target: Annotated[int, typer.Option(help="Points that end the game.", metavar="N",
                                         parser=number_parser("--target"))] = DEFAULT_TARGET,
    seed: Annotated[str | None, typer.Option(help="Game number (seed); random if not given.")]
    = None,
    text: Annotated[bool, typer.Option("--text", help="Plain prompt loop instead of the "
                                       "full-screen board.")] = False,
    name: Annotated[str | None, typer.Option(
        "--name", help="The save's name (default: game-<number>; a taken name is refused).")
    ] = None,
    new: Annotated[bool, typer.Option("--new", hidden=True, help="Accepted for old scripts: "
                                      "every game has its own save now.")] = False,
    keys: Annotated[str | None, typer.Option("--keys", help=KEYS_HELP)] = None,
) -> None:
    """Play a new game against Mugsy. It is saved at once as its own save (game-<number>,
    game-<number>-2... beside older ones) and after every move; `resume` continues it."""
    key_map = _keys_option(keys, text)
    lv = parse_level(level)
    tg = _target(target)
    sd = parse_seed(seed) if seed is not None else new_seed()
    if not text:  # before the game is made (and saved): the screen needs a terminal
        from gameshelf.tui.base import need_terminal

        need_terminal("use --text for the prompt loop")
    session = Session.new(lv, tg, sd, save_name_option(name))  # a store that refuses: said now
    if text:
        play_text(session)
        return
    from gameshelf.tui.muggins import run_muggins

    run_muggins(session=session, keys=key_map)


@app.command("resume")
def resume(
    name: Annotated[str | None, typer.Argument(
        help="The save's name (default: the newest save).")] = None,
    text: Annotated[bool, typer.Option("--text", help="Plain prompt loop.")] = False,
    keys: Annotated[str | None, typer.Option("--keys", help=KEYS_HELP)] = None,
) -> None:
    """Continue a saved game (the newest without NAME). A saved game that is already over
    (its result could not be recorded then) gets its result recorded now."""
    key_map = _keys_option(keys, text)
    session = Session.resume(name)
    if session.match.state.is_terminal():
        typer.echo(f"The game {quoted(session.name)} was over: {final_line(session)} "
                   "Its result is now recorded.")
        return
    if text:
        play_text(session)
        return
    from gameshelf.tui.muggins import run_muggins

    run_muggins(session=session, keys=key_map)


@app.command("saves")
def saves_command(json_out: Annotated[bool, typer.Option("--json", help="JSON output.")] = False
                  ) -> None:
    """List the saved Muggins games, newest first (damaged ones marked damaged)."""
    echo_saves("Muggins", [(r.name, r.updated, describe_save(r)) for r in saves()], json_out)


add_delete_command(app, GAME, "Muggins")


def run_series(first: int, games: int, a: str, b: str, target: int, workers: int = 1,
               show: bool | None = None, ray: str | None = None) -> list[SimResult]:
    """Play games ``0 .. games-1`` of a series (seed ``first + i``) with progress on stderr
    (``show``: see :func:`gameshelf.core.progress.progress`); ``workers`` processes share the
    games (:func:`gameshelf.core.workers.run_jobs`: Ctrl-C stops them at once). The results,
    in game order, are the same for any number of workers, and on a Ray cluster at ``ray``
    (its address, see :func:`gameshelf.core.workers.run_jobs`)."""
    def size(procs: int) -> int:
        return 1 if procs <= 1 else max(1, min(20, games // (procs * 8)))

    with progress(f"{a} vs {b}", games, show) as advance:
        return run_jobs(partial(play_series_game, first, a, b, target), range(games),
                        workers=workers, ray=ray, chunksize=size, advance=advance)


@app.command("sim")
def sim(
    games: Annotated[int, typer.Option(help="Number of games.", metavar="N",
                                       parser=number_parser("--games"))] = 100,
    players: Annotated[str, typer.Option(help="Two levels, comma-separated: easy,strong.")]
    = "easy,strong",
    target: Annotated[int, typer.Option(help="Points that end a game.", metavar="N",
                                        parser=number_parser("--target"))] = DEFAULT_TARGET,
    seed: Annotated[str, typer.Option(help="First game number; game i uses seed+i.")] = "1",
    workers: Annotated[int, typer.Option("--workers", "-w", metavar="N",
                                         parser=number_parser("--workers"),
                                         help="Processes to use (the "
                                         "results do not depend on it).")] = 1,
    ray: Annotated[str | None, typer.Option("--ray", metavar="ADDRESS", help=RAY_HELP,
                                            parser=ray_address)] = None,
    json_out: Annotated[bool, typer.Option("--json", help="JSON output.")] = False,
    show_progress: Annotated[bool | None, typer.Option(
        "--progress/--no-progress", help="Show progress on stderr (default: only when "
        "stderr is a terminal).")] = None,
) -> None:
    """Play Mugsy against Mugsy; seats alternate. Prints win rates with 95% intervals."""
    names = [p.strip() for p in players.split(",")]
    if len(names) != 2:
        raise BadInputError(f"--players needs two levels like easy,strong, "
                            f"got {quoted(players)}")
    a, b = parse_level(names[0]), parse_level(names[1])
    if not 1 <= games <= 1_000_000:
        raise BadInputError(f"--games must be 1 to 1000000, got {games}")
    tg, first = _target(target), parse_seed(seed)
    if first + games - 1 > MAX_SEED:
        raise BadInputError(f"the last game number would be {first + games - 1}, past the "
                            f"largest, {MAX_SEED}: use a smaller --seed or --games")
    if not 1 <= workers <= (os.cpu_count() or 1) * 4:
        raise BadInputError(f"--workers must be 1 to {(os.cpu_count() or 1) * 4}, "
                            f"got {workers}")
    check_spread(workers, ray)
    results = run_series(first, games, a, b, tg, workers, show_progress, ray)
    t = tally(a, b, results)
    lo, hi = t.interval_a()
    if json_out:
        typer.echo(json.dumps({
            "games": t.games, "target": tg, "first_seed": first,
            "players": [a, b], "wins": [t.wins_a, t.wins_b],
            "win_rate": [t.rate_a, 1 - t.rate_a],
            "interval95": [[lo, hi], [1 - hi, 1 - lo]],
            "mean_scores": [sum(r.scores[0 if i % 2 == 0 else 1] for i, r in enumerate(results))
                            / games,
                            sum(r.scores[1 if i % 2 == 0 else 0] for i, r in enumerate(results))
                            / games],
        }, indent=2))
        return
    typer.echo(f"{count(games, 'game')} to {tg}, seeds {first}..{first + games - 1}, "
               "seats alternate")
    typer.echo(f"{a:>8}: {t.wins_a:5d} wins  {t.rate_a:6.1%}  95% [{lo:.1%}, {hi:.1%}]")
    typer.echo(f"{b:>8}: {t.wins_b:5d} wins  {1 - t.rate_a:6.1%}  95% [{1 - hi:.1%}, "
               f"{1 - lo:.1%}]")


def describe(state: MugginsState, seat: int = 0) -> str:
    """A few lines of text showing the board as ``seat`` sees it."""
    lft = " ".join(f"[{p.outer}|{p.inner}]" for p in reversed(state.left))
    rgt = " ".join(f"[{p.inner}|{p.outer}]" for p in state.right)
    hand = " ".join(str(t) for t in sorted(state.hands[seat]))
    return (f"round {state.round_no}   you {state.scores[0]}   Mugsy {state.scores[1]}   "
            f"target {state.target}   boneyard {len(state.boneyard)}   "
            f"Mugsy holds {len(state.hands[1 - seat])}\n"
            f"board: {lft} [0|0] {rgt}   ends total {state.end_total()}\n"
            f"your tiles: {hand}")



TEXT_HELP = """\
commands:
  3-5        play the tile 3-5 (when it fits one chain only)
  3-5 L      play it on the left chain (3-5 R: the right chain; also 'left', 'right')
  draw       draw a tile (only when no tile fits; done for you when nothing else is legal)
  pass       pass (only when no tile fits and the boneyard is empty)
  hint       the coach's advice: the best tile and end, its points now, and an
             estimate of each play against the others (from strong Mugsy's evaluation)
  help       these commands (also 'h' or '?')
  quit       stop; the game stays saved ('gameshelf muggins resume' continues it)
at the end of a game: Play again? (Y/N)
scoring: the two open ends adding up to a multiple of 5 score that total at once."""


def play_text(session: Session) -> None:
    """The plain prompt loop: type a tile (``3-5``, with ``L``/``R`` when it fits both
    chains), ``draw``, ``pass`` or ``quit`` (the game stays saved). At the end of a game it
    asks whether to play again (Y/N), as the manual and the screen do; yes starts a new game
    at the same level and target, no (or the end of the input) leaves.

    The session saves after every move, so Ctrl-C, SIGTERM and SIGHUP leave the game saved
    too: the loop says so and the stop is raised again (exit code ``128 + signal``).
    """
    while True:
        try:
            finished = _play_text(session)
        except KeyboardInterrupt:
            if not session.match.state.is_terminal():
                with interrupt.shielded():
                    session.save()
                typer.echo("\nStopped; " + (
                    f"the game could not be saved: {session.store_errors[-1]}"
                    if session.slot.unsaved else
                    f"saved as {quoted(session.name)}. Resume with: "
                    f"{resume_command('muggins', session.name)}"))
            raise
        _the_end(session)
        if not finished or not _play_again():
            return
        session = Session.new(session.level, session.match.state.target, new_seed())


def final_line(session: Session) -> str:
    """``You win, 61 to 40.`` (or ``Mugsy wins, ...``) for a finished game."""
    st = session.match.state
    who = "You win" if st.winner == PERSON else "Mugsy wins"
    return f"{who}, {st.scores[0]} to {st.scores[1]}."


def _the_end(session: Session) -> None:
    """After a game: a finished game whose result could not be recorded is an error
    (exit 2) saying where the game is kept."""
    if not session.match.state.is_terminal() or session.finished:
        return
    why = session.store_errors[-1] if session.store_errors else "the store failed"
    raise StoreError(end_not_recorded(session.slot, GAME, "the result", why))


def _play_again() -> bool:
    """Ask "Play again? (Y/N)" until the answer is Y or N; the end of the input is N."""
    while True:
        try:
            answer = yes_no(input("Play again? (Y/N) "))
        except EOFError:
            return False
        if answer is not None:
            return answer
        typer.echo("Answer Y or N.")


def _play_text(session: Session) -> bool:
    """One game at the prompt; False when the person quit (the game stays saved)."""
    state = session.match.state
    shown_errors = len(session.store_errors)

    def tell_store_errors() -> None:
        nonlocal shown_errors
        for message in session.store_errors[shown_errors:]:
            typer.echo(save_failure(message), err=True)
        shown_errors = len(session.store_errors)

    typer.echo(f"Muggins against Mugsy ({session.level}), game number {session.match.seed}. "
               f"Type a tile like 3-5 (add L or R when it fits both chains), draw, pass, "
               f"help or quit.")
    seen_rounds = len(state.rounds)
    while not state.is_terminal():
        tell_store_errors()
        if len(state.rounds) > seen_rounds:
            seen_rounds = len(state.rounds)
            typer.echo(round_line(state))
        if state.current_player() == MUGSY:
            action = session.mugsy_action()
            session.apply(action)
            typer.echo(f"Mugsy: {action}" + (f"  +{state.events[-1].points}" if isinstance(
                action, Play) and state.events[-1].points else ""))
            continue
        legal = state.legal_actions()
        if legal == [Draw()]:
            taken = session.apply(Draw())
            typer.echo(f"no tile fits: you draw {taken[-1].tile if taken else '?'}")
            continue
        if legal == [Pass()]:
            session.apply(Pass())
            typer.echo("no tile fits and the boneyard is empty: you pass")
            continue
        typer.echo(describe(state, PERSON))
        typed = read_line("your move> ")
        line = "quit" if typed is None else typed.strip()
        if line.lower() in ("quit", "q", "exit"):
            if session.slot.lost:     # the save is the other session's now: nothing to do
                typer.echo(f"left unsaved: the save {quoted(session.name)} belongs to the "
                           "session that resumed it")
                return False
            if session.slot.unsaved:  # an autosave failed: try once more, and say so
                session.slot.write(session.match.record(), base=session.base)
            typer.echo(f"Saved as {quoted(session.name)}. Resume with: "
                       f"{resume_command('muggins', session.name)}")
            return False
        if line.lower() in ("help", "h", "?"):
            typer.echo(TEXT_HELP)
            continue
        if line.lower() == "hint":
            advice = coach.hint(state.view(PERSON))
            typer.echo("\n".join(advice.lines()))
            move = advice.best.play if advice.best is not None else advice.forced
            if move is not None:   # the words of the hint as this prompt reads them
                typer.echo(f"To play it, type: {move}")
            continue
        try:
            session.apply(_read_move(line, legal))
        except GameshelfError as exc:
            typer.echo(f"refused: {error_line(exc)}\a")
    if len(state.rounds) > seen_rounds:
        typer.echo(round_line(state))
    typer.echo(final_line(session))
    return True


def _read_move(line: str, legal: list[Action]) -> Action:
    """A tile alone is enough when it fits one chain only."""
    words = line.split()
    if len(words) == 1 and words[0].lower() not in ("draw", "pass"):
        t = parse_tile(words[0])
        plays = [a for a in legal if isinstance(a, Play) and a.tile == t]
        if len(plays) == 1:
            return plays[0]
        if len(plays) > 1:
            raise BadInputError(f"{t} fits both chains: add L or R (like {t} L)")
        # not playable: the rules say why ("you do not hold 0-6", "fits neither chain")
        return Play(t, Side.LEFT)
    return parse_action(line)


def round_line(state: MugginsState) -> str:
    """One line about the last round's end."""
    r = state.last_round
    if r is None:
        return ""
    if r.kind == "target":
        return f"round {r.round_no}: the target was reached"
    who = {0: "you", 1: "Mugsy", None: "nobody"}[r.winner]
    how = "domino" if r.kind == "domino" else "blocked"
    return (f"round {r.round_no} over ({how}): pips you {r.pips[0]}, Mugsy {r.pips[1]}; "
            f"{who} scored {r.points}")
