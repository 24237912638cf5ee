"""``gameshelf muggins ...``: ``play`` (the screen, or ``--text`` for a prompt loop; every
game its own save), ``resume [NAME]``, ``saves``, ``delete``, ``sim`` and ``review``."""

from __future__ import annotations

import json
from functools import partial
from typing import Annotated

import typer

from gameshelf.cli.options import given, own_flags, with_option_flags
from gameshelf.cli.saves import Saves, marked_line, save_name_option, stopped_line
from gameshelf.cli.series import Ray, ShowProgress, Workers, play_series, series_start
from gameshelf.core import interrupt
from gameshelf.core.chance import new_seed, parse_seed
from gameshelf.core.errors import BadInputError, GameshelfError, StoreError
from gameshelf.core.fit import fitted
from gameshelf.core.inputs import number_parser
from gameshelf.core.store import SaveRow
from gameshelf.core.text import count, quoted, said, saved_as, with_level, yes_no
from gameshelf.games.muggins import coach
from gameshelf.games.muggins.game import Draw, Pass
from gameshelf.games.muggins.match import GAME, joined_draws
from gameshelf.games.muggins.mugsy import DEFAULT_LEVEL, LEVELS, parse_level
from gameshelf.games.muggins.options import TARGET, MugginsOptions
from gameshelf.games.muggins.play import LocalMuggins, MugginsMatch
from gameshelf.games.muggins.review import review_command
from gameshelf.games.muggins.session import PERSON, Session
from gameshelf.games.muggins.session import describe as described
from gameshelf.games.muggins.sim import SimResult, play_series_game, tally
from gameshelf.games.muggins.view import MugginsView
from gameshelf.session.base import end_not_recorded
from gameshelf.session.prompt import PromptLoop

app = typer.Typer(help="Muggins: double-nine dominoes (fives) against Mugsy.",
                  no_args_is_help=True, rich_markup_mode=None)

KEYS_HELP = ("The board's keys and layout: 'classic' (as the 1991 manual: your tiles in the "
             "upper right corner, the four arrow keys move the red box) or 'default' "
             "(default: the choice remembered from the level screen).")


def _over(session: Session) -> str | None:
    if not session.match.state.is_terminal():
        return None
    return (f"The game {quoted(session.name)} was over: "
            f"{_final(LocalMuggins(session), PERSON)} Its result is now recorded.")


def _screen(session: Session, keys: str | None) -> None:
    # start-up: Textual loads only for the screen, never for --text or the other commands
    from gameshelf.games.muggins.tui.app import run_muggins

    run_muggins(session=session, keys=keys)


def play(
    level: Annotated[str, typer.Option(help=f"Mugsy's level: {', '.join(LEVELS)}.")
                     ] = DEFAULT_LEVEL,
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
    **typed: str | None,
) -> None:
    """Play a new game against Mugsy. It is saved at once as its own save (game-<number>,
    game-<number>-2... beside older ones) and after every move; `resume` continues it."""
    rules = MugginsOptions.from_texts(given(typed))
    screen, key_map = SAVES.where(text, keys)
    lv = parse_level(level)
    sd = parse_seed(seed) if seed is not None else new_seed()
    SAVES.need_screen(screen)
    # a store that refuses: said now
    session = Session.new(lv, rules, sd, save_name_option(name))
    SAVES.play(session, screen, key_map)


app.command("play")(with_option_flags(play, own_flags(MugginsOptions)))


def run_series(first: int, games: int, a: str, b: str, target: int, workers: int = 1,
               show: bool | None = None, ray: str | None = None) -> list[SimResult]:
    """Play games ``0 .. games-1`` of a series (seed ``first + i``) with progress on stderr,
    shared by ``workers`` processes or a Ray cluster at ``ray`` (see
    :func:`gameshelf.core.workers.run_jobs`); the results, in game order, do not depend on
    them."""
    return play_series(f"{a} vs {b}", partial(play_series_game, first, a, b, target),
                       range(games), workers, ray, show)


@app.command("sim")
def sim(
    games: Annotated[int, typer.Option(help="Number of games.", metavar="N",
                                       parser=number_parser("--games"))] = 100,
    players: Annotated[str, typer.Option(help="Two levels, comma-separated: easy,strong.")]
    = "easy,strong",
    target: Annotated[int, typer.Option(help="Points that end a game.", metavar="N",
                                        parser=TARGET.parser())] = TARGET.default,
    seed: Annotated[str, typer.Option(help="First game number; game i uses seed+i.")] = "1",
    workers: Workers = 1,
    ray: Ray = None,
    json_out: Annotated[bool, typer.Option("--json", help="JSON output.")] = False,
    show_progress: ShowProgress = None,
) -> None:
    """Play Mugsy against Mugsy; seats alternate. Prints win rates with 95% intervals."""
    names = [p.strip() for p in players.split(",")]
    if len(names) != 2:
        raise BadInputError(f"--players needs two levels like easy,strong, "
                            f"got {quoted(players)}")
    a, b = parse_level(names[0]), parse_level(names[1])
    first = series_start(seed, games, workers, ray)
    results = run_series(first, games, a, b, target, workers, show_progress, ray)
    t = tally(a, b, results)
    lo, hi = t.interval_a()
    if json_out:
        typer.echo(json.dumps({
            "games": t.games, "target": target, "first_seed": first,
            "players": [a, b], "wins": [t.wins_a, t.wins_b],
            "win_rate": [t.rate_a, 1 - t.rate_a],
            "interval95": [[lo, hi], [1 - hi, 1 - lo]],
            "mean_scores": [sum(r.scores[(i + k) % 2] for i, r in enumerate(results)) / games
                            for k in (0, 1)],
        }, indent=2))
        return
    typer.echo(f"{count(games, 'game')} to {target}, seeds {first}..{first + games - 1}, "
               "seats alternate")
    typer.echo(f"{a:>8}: {t.wins_a:5d} wins  {t.rate_a:6.1%}  95% [{lo:.1%}, {hi:.1%}]")
    typer.echo(f"{b:>8}: {t.wins_b:5d} wins  {1 - t.rate_a:6.1%}  95% [{1 - hi:.1%}, "
               f"{1 - lo:.1%}]")


def describe(table: MugginsView, names: tuple[str, str] = ("you", "Mugsy")) -> str:
    """The board as ``table``'s seat sees it (its own rack, the other rack's size only)."""
    seat = table.seat
    lft = " ".join(f"[{p.outer}|{p.inner}]" for p in reversed(table.left))
    rgt = " ".join(f"[{p.inner}|{p.outer}]" for p in table.right)
    hand = " ".join(str(t) for t in table.rack)
    other = names[1 - seat]
    # two lines: whole at 80 columns with two 20-character names
    return (f"round {table.round_no}   {names[0]} {table.scores[0]}   {names[1]} "
            f"{table.scores[1]}   target {table.target}\n"
            f"boneyard {table.boneyard_count}   {said(other, 'holds')} "
            f"{table.opponent_count}\n"
            f"board: {lft} [0|0] {rgt}   ends total {table.end_total()}\n"
            f"your tiles: {hand}")


TEXT_HELP = """\
commands:
  3-5        play the tile 3-5 (when it fits one chain, or both alike: the first
             tile)
  3-5 L      play it on the left chain (3-5 R: the right chain; also 'left',
             'right')
  draw       draw a tile (only when no tile fits; done for you when nothing else
             is legal)
  pass       pass (only when no tile fits and the boneyard is empty)
  hint       the coach's advice: the best tile and end, its points now, and an
             estimate of each play against the others (from strong Mugsy's
             evaluation)
  help       these commands (also 'h' or '?')
  quit       stop; the game stays saved ('gameshelf muggins resume' continues
             it)
at the end of a game: Play again? (Y/N)
scoring: the two open ends adding up to a multiple of 5 score that total at
once."""

#: The help for a seat of a room on a server: no save, no play again (the server keeps the
#: game); ``help`` and ``quit`` also answer on the other seat's turn.
ONLINE_HELP = """\
commands (on the other seat's turn help and quit answer at once, a move typed
then waits for your turn, and every move is told as it is made):
  3-5     play the tile 3-5 (when it fits one chain, or both alike: the first)
  3-5 L   play it on the left chain (3-5 R: the right; also 'left', 'right')
  draw    draw a tile (only when no tile fits; done for you when nothing else
          is legal)
  pass    pass (only when no tile fits and the boneyard is empty)
  hint    on your turn, the coach's advice: the best tile and end, its points
          now, and an estimate of each play (from strong Mugsy's evaluation)
  help    these commands (also 'h' or '?')
  quit    leave; the server keeps your seat (join the room again to play on)
scoring: the two open ends adding up to a multiple of 5 score that total."""


def online_help() -> str:
    """The prompt's help for a seat of a room on a server (:data:`ONLINE_HELP`)."""
    return ONLINE_HELP


@fitted
def play_text(session: Session) -> None:
    """The plain prompt loop (:data:`TEXT_HELP`); at a game's end it asks "Play again?
    (Y/N)", as the manual and the screen do (yes: a new game at the same level and target).
    The session saves after every move, so Ctrl-C, SIGTERM and SIGHUP leave the game saved:
    the loop says so and the stop is raised again (exit code ``128 + signal``)."""
    while True:
        try:
            finished = play_match_text(LocalMuggins(session))
        except KeyboardInterrupt:
            if not session.match.state.is_terminal():
                with interrupt.shielded():
                    session.save()
                typer.echo(stopped_line(GAME, session))
            raise
        _the_end(session)
        if not finished or not _play_again():
            return
        session = Session.new(session.level, session.match.rules, new_seed())


def _final(game: MugginsMatch, me: int) -> str:
    """``You win, 61 to 40.`` (or ``Mugsy wins, ...``) for a finished game."""
    st = game.view(me)
    names = game.names(me)
    who = "You win" if st.winner == me else said(names[1 - me], "wins")
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
        except (EOFError, OSError):  # OSError: the terminal is gone (EIO)
            return False
        if answer is not None:
            return answer
        typer.echo("Answer Y or N.")


@fitted
def play_match_text(game: MugginsMatch) -> bool:
    """One game at the prompt over the match interface, here or in a room on a game server
    (this seat's rack only), the other seat's moves told as they come. False when the
    person quit (the game stays saved here, or on the server)."""
    me = game.here()[0]
    names = game.names(me)
    st = game.view(me)

    def hint() -> None:
        advice = coach.hint(st)
        typer.echo("\n".join(advice.lines()))
        move = advice.best.play if advice.best is not None else advice.forced
        if move is not None:   # the words of the hint as this prompt reads them
            typer.echo(f"To play it, type: {move}")

    loop = PromptLoop(game, help_here=TEXT_HELP, help_online=ONLINE_HELP,
                      commands={"hint": hint}, help_words=("help", "h", "?"),
                      log_lines=joined_draws, bell=True)
    other = with_level(names[1 - me], game.level)
    where = (f"against {other}, game number {game.seed}" if isinstance(game, LocalMuggins)
             else f"in {game.title} against {other}")
    typer.echo(f"Muggins {where}. Type a tile like 3-5 (add L or R when it fits both "
               "chains), draw, pass, help or quit.")
    seen_rounds = len(st.rounds)
    if loop.online and not game.here_to_act():   # online: the table at once
        typer.echo(describe(st, names))
    while not game.finished():
        loop.tell_errors()
        st = game.view(me)
        if len(st.rounds) > seen_rounds:
            seen_rounds = len(st.rounds)
            typer.echo(round_line(st, names))
        if not game.here_to_act():
            if not loop.wait(loop.tell_moves):
                _leave(game)
                return False
            continue
        loop.tell_moves()
        legal = game.legal_actions()
        if legal == [Draw()]:
            before = set(st.hand)
            game.play("draw")
            loop.skip_moves()
            new = sorted(set(game.view(me).hand) - before)
            typer.echo(f"no tile fits: you draw {new[-1] if new else 'a tile'}")
            continue
        if legal == [Pass()]:
            game.play("pass")
            if game.keeps_saves:   # online, the answers that came with it are told next
                loop.skip_moves()
            typer.echo("no tile fits and the boneyard is empty: you pass")
            continue
        typer.echo(describe(st, names))
        if not loop.turn("your move> "):
            _leave(game)
            return False
        if game.keeps_saves:   # online, the move's line (its points) and the answers that
            loop.skip_moves()   # came with it are told next
    loop.tell_moves()
    if not game.keeps_saves:   # here, the end's failure is said by the caller (exit 2)
        loop.tell_errors()
    st = game.view(me)
    if len(st.rounds) > seen_rounds:
        typer.echo(round_line(st, names))
    problem = game.end_problem()
    if problem is not None and not game.keeps_saves:   # the connection went for good
        raise OnlineGone(problem)
    typer.echo(_final(game, me))
    return True


class OnlineGone(GameshelfError):
    """The game server could not be reached any more (said in one line; exit 2)."""


def _leave(game: MugginsMatch) -> None:
    """Quit: a game here is saved (and said); a room's seat is kept by its server."""
    if not isinstance(game, LocalMuggins):
        typer.echo(f"You left {game.title}; the server keeps your seat: join it again with "
                   "the same name to play on.")
        return
    session = game.session
    if session.slot.lost:     # the save is the other session's now: nothing to do
        typer.echo(f"left unsaved: the save {quoted(session.name)} belongs to the "
                   "session that resumed it")
        return
    if session.slot.unsaved:  # an autosave failed: try once more, and say so
        session.slot.write(session.match.record(), base=session.base)
    typer.echo(saved_as("muggins", session.name))


def round_line(table: MugginsView, names: tuple[str, str] = ("you", "Mugsy")) -> str:
    """One line about the last round's end."""
    r = table.last_round
    if r is None:
        return ""
    if r.kind == "target":
        return f"round {r.round_no}: the target was reached"
    who = "nobody" if r.winner is None else names[r.winner]
    how = "domino" if r.kind == "domino" else "blocked"
    return (f"round {r.round_no} over ({how}): pips {names[0]} {r.pips[0]}, {names[1]} "
            f"{r.pips[1]}; {who} scored {r.points}")


def _describe_save(row: SaveRow) -> str:
    return marked_line(row, described, "the result is not recorded yet: resume records it")


SAVES = Saves(GAME, "Muggins", Session.resume, play_text, _screen, _describe_save, _over,
              keys_help=KEYS_HELP, review=review_command)
SAVES.add_to(app)
