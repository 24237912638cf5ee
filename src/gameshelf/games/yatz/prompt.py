"""The Yatz prompt: a game played at a plain terminal prompt (``gameshelf yatz play``).

The loop reads actions in their text form (``roll``, ``hold 1 3 5``, ``score x2
full-house``) and hands them to the match (a game played here, or this terminal's seat of a
game on a server); every bad input is one line on stderr and the prompt goes on.
"""

from __future__ import annotations

from contextlib import ExitStack

import typer

from gameshelf.core import interrupt
from gameshelf.core.errors import GameshelfError, OutputError, SaveLostError, StoreError
from gameshelf.core.fit import fitted
from gameshelf.core.inputs import check_name, read_line, whole_number
from gameshelf.core.progress import Advance, progress
from gameshelf.core.text import (
    command_line,
    count,
    error_line,
    literal,
    possessive,
    quoted,
    resume_command,
    saved_as,
    yes_no,
)
from gameshelf.games.yatz.game import Hold, Score, YatzState, parse_action
from gameshelf.games.yatz.making import table_cached
from gameshelf.games.yatz.play import LocalYatz, YatzMatch, YatzMove
from gameshelf.games.yatz.session import YatzSession
from gameshelf.games.yatz.text import card_text, dice_text, ranking_text, totals_text
from gameshelf.session.base import save_failure
from gameshelf.session.waiting import Lines, asker, wait_turn

PROMPT_HELP = """\
Commands (type them at the prompt):
  roll | r                 roll the dice not held (all five on the first roll)
  hold 1 3 5 | h 135       hold exactly those dice (positions 1-5); 'hold'
                           releases all
  score x2 full-house      fill a box; boxes: ones..sixes, three-kind (3k),
                           four-kind (4k), full-house (fh), small-straight (ss),
                           large-straight (ls), yatz, chance (c); columns x1,
                           x2, x3. A box that would score 0 asks first: Enter
                           (or y) fills it, anything else not
  undo                     take back the box just filled, until the next roll
                           (the next player's, or your own in solitaire): the
                           same dice and rolls left, to fill another box (or the
                           same); one a turn. Against a computer, its turn waits
                           for your next line: undo, or Enter (or any command)
                           lets it play. A score with an undo is marked in
                           'gameshelf yatz scores'
  card [N]                 show the card of the player on turn (or of seat N)
  totals                   every player's running total
  hint                     the strong player's advice: best hold, best box, and
                           the expected final score of each option against the
                           best
  save [NAME]              save the game (it is also saved after each box and
                           when you quit); with a NAME the save moves to that
                           name (not one taken)
  help | ?                 this text
  quit | q                 save and leave; resume with 'gameshelf yatz resume'"""

#: The help online: what a seat of a room can do (the server keeps the game: no undo, no
#: save); ``help``, ``card``, ``totals`` and ``quit`` also answer on another seat's turn.
ONLINE_HELP = """\
Commands (on another seat's turn help, card, totals and quit answer at once,
a move typed then waits for your turn, and every move is told as it is made):
  roll | r             roll the dice not held (all five on the first roll)
  hold 1 3 5 | h 135   hold exactly those dice (positions 1-5); 'hold' releases
                       all of them
  score x2 full-house  fill a box; boxes: ones..sixes, three-kind (3k),
                       four-kind (4k), full-house (fh), small-straight (ss),
                       large-straight (ls), yatz, chance (c); columns x1, x2,
                       x3. A box that would score 0 asks first: Enter (or y)
                       fills it, anything else not
  card [N]             the card of the player on turn (or of seat N)
  totals               every player's running total
  hint                 on your turn, the strong player's advice: best hold,
                       best box, and the expected final score of each option
  help | ?             this text
  quit | q             leave the room; the server keeps your seat and the game
                       (join the room again with the same name to play on)"""


def online_help() -> str:
    """The prompt's help for a seat of a room on a server (:data:`ONLINE_HELP`)."""
    return ONLINE_HELP


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
    """Print the failures kept since ``seen`` (the game goes on); the new count. A lost
    connection is not among them: it is said once, by the caller of the prompt."""
    for text in game.errors[seen:]:
        if not game.keeps_saves and text == getattr(game, "lost", None):
            continue
        typer.echo(save_failure(text, retry="it is saved at the next chance",
                                save_as="type save NAME") if game.keeps_saves else text,
                   err=True)
    return len(game.errors)


@fitted
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


def _hint_lines(st: YatzState) -> list[str]:
    """The hint's lines; when the strong player's tables are to be made (neither made in
    this run nor cached), the wait is said first, with a progress bar on a terminal (on
    stderr) while the table is solved; a cached table loads unsaid."""
    # start-up: the strong player's tables (numba) load only when a hint is asked
    from gameshelf.games.yatz.strong import hint, ready, strategy_for

    if not ready(st.rules) and not table_cached(st.rules.name):
        typer.echo("hint: loading the strong player's tables (made the first time only: "
                   "about 30 s, compiling the solver, then solving; the bar shows it)...")
        bar: list[Advance] = []
        seen = [0]
        with ExitStack() as stack:
            def told(done: int, total: int) -> None:
                if not bar:
                    bar.append(stack.enter_context(
                        progress("compiling, then solving the strong player's table",
                                 total)))
                bar[0](done - seen[0])
                seen[0] = done
            strategy_for(st.rules, told)
    return hint(st).lines()


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


def _card(game: YatzMatch, low: str) -> None:
    """``card [N]``: the card of the seat on turn (or of seat N), or why not."""
    st = game.state
    arg = low[4:].strip()
    seat = st.seat
    if arg:
        try:
            seat = whole_number(arg, "card: the seat", low=1, high=len(game.seats)) - 1
        except GameshelfError as exc:
            typer.echo(f"{exc}", err=True)
            return
    typer.echo(f"{literal(game.seats[seat].name)}:\n" + card_text(st, seat))


def _looks(game: YatzMatch, line: str) -> bool:
    """The commands that only look (``card``, ``totals``), answered on any turn: True when
    ``line`` is one of them."""
    low = line.lower()
    if low == "totals":
        typer.echo(totals_text(game))
        return True
    if low == "card" or low.startswith("card "):
        _card(game, low)
        return True
    return False


def _wait_online(game: YatzMatch, lines: Lines, told: int) -> tuple[bool, int]:
    """Another seat's turn online: their moves told as they come while the person's lines
    answer (:func:`~gameshelf.session.waiting.wait_turn`); (False when they quit, the moves
    told so far)."""
    def tell() -> None:
        nonlocal told
        for move in game.moves[told:]:
            typer.echo(_move_line(game, move))
        told = len(game.moves)

    on = wait_turn(game, lines, tell=tell, help_text=ONLINE_HELP,
                   answer=lambda line: _looks(game, line))
    tell()
    return on, told


def _prompt_loop(game: YatzMatch) -> None:
    where = f"game number {game.seed}" if game.seed is not None else game.title
    typer.echo(f"Yatz, {where}: " + ", ".join(literal(s.name) for s in game.seats))
    typer.echo("Type 'help' for the commands.")
    online = not game.keeps_saves
    lines = Lines() if online else None
    ask = asker(game, lines) if lines is not None else read_line  # type: ignore[arg-type]
    shown = (-1, -1)
    if online and not game.finished():   # the table at once, whoever is on turn
        _show_turn(game)
        shown = (game.state.turns_done, game.state.roll_number())
    seen = _show_errors(game, 0)
    told = len(game.moves)
    carried: tuple[str | None] | None = None   # a line read while a computer waited
    while True:
        if game.computers_here and game.others_turn() and game.can_undo():
            # a person's box can be taken back until the computer rolls: it waits for a line
            filler = game.seats[(game.state.seat - 1) % len(game.seats)].name
            line = ask(f"{literal(filler)}> ")
            if line is not None and line.strip().lower() == "undo":
                _undo(game)
                seen = _show_errors(game, seen)
                continue
            carried = (line,) if line is None or line.strip() else None
        if lines is not None:
            on, told = _wait_online(game, lines, told)
            if not on:
                _quit(game, None)
                return
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
            line = ask(f"{literal(game.on_turn.name)}> ")
        if line is None or line.strip().lower() in ("quit", "q", "exit"):
            if _quit(game, line):
                return
            continue
        cmd = line.strip()
        low = cmd.lower()
        if not cmd:
            continue
        if low in ("help", "?"):
            typer.echo(ONLINE_HELP if online else PROMPT_HELP)
            continue
        if low == "undo":
            _undo(game)
            shown = (game.state.turns_done, game.state.roll_number())
            seen = _show_errors(game, seen)
            continue
        if low == "hint":
            if not st.dice:
                typer.echo("hint: roll first, a hint needs dice", err=True)
                continue
            typer.echo("\n".join(_hint_lines(st)))
            continue
        if _looks(game, cmd):
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
                answer = ask(f"x{action.column + 1} {action.box.label} scores 0 with "
                                   "these dice. Fill it with 0? [Y/n] ")
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
