"""``gameshelf pig ...``: Pig against the computer (``Hog``, holding at 20), at a prompt or
on the screen. Commands: ``play``; ``resume``, ``saves`` and ``delete`` are made by
:func:`gameshelf.cli.saves.Saves.add_to`; ``stats``, ``history`` and ``replay`` are every
game's (added by the command line).

The prompt loop (:func:`play_match_text`) plays any :class:`~tests.games.pig.play.PigMatch`:
a game here, or a room on a game server (the ``online`` part).
"""

from __future__ import annotations

from typing import Annotated

import typer

from gameshelf.cli.options import given, own_flags, with_option_flags
from gameshelf.cli.saves import Saves, save_name_option
from gameshelf.core.chance import new_seed, parse_seed
from gameshelf.core.errors import StoreError
from gameshelf.core.fit import fitted
from gameshelf.core.seats import HUMAN
from gameshelf.core.text import quoted, said, saved_as
from gameshelf.session.prompt import PromptLoop
from tests.games.pig.match import COMPUTER_NAME, DEFAULT_LEVEL, GAME, LEVELS, Match, parse_level
from tests.games.pig.options import PigOptions
from tests.games.pig.play import LocalPig, PigMatch
from tests.games.pig.session import Session
from tests.games.pig.text import table_line

app = typer.Typer(help="Pig: two dice, roll as long as you dare; first to 100.",
                  no_args_is_help=True, rich_markup_mode=None)

HELP = """\
commands:
  roll (r)   roll the two dice: their sum adds to this turn; a 1 loses the
             turn's points, two 1s (snake eyes) your whole score
  hold (h)   bank this turn's points and pass the dice
  quit       stop; the game stays saved ('gameshelf pig resume' continues it)"""

#: The help for a seat of a room on a server (the server keeps the game).
ONLINE_HELP = """\
commands (on the other seat's turn help and quit answer at once):
  roll (r)   roll the two dice: their sum adds to this turn; a 1 loses the
             turn's points, two 1s (snake eyes) your whole score
  hold (h)   bank this turn's points and pass the dice
  quit       leave; the server keeps your seat (join the room again to play on)"""


def online_help() -> str:
    """The prompt's help for a seat of a room on a server."""
    return ONLINE_HELP


def play(
    against: Annotated[str, typer.Option(help=f"The computer: {', '.join(LEVELS)} (holdN: "
                                              "hold at N points).")] = DEFAULT_LEVEL,
    seed: Annotated[str | None, typer.Option(help="Game number; random if not given.")] = None,
    you: Annotated[str, typer.Option("--you", help="Your name.")] = "You",
    name: Annotated[str | None, typer.Option("--name", help="The save's name.")] = None,
    text: Annotated[bool, typer.Option("--text", help="The prompt instead of the screen.")]
    = False,
    **typed: str | None,
) -> None:
    """Play a new game against the computer; saved at once and after every move."""
    rules = PigOptions.from_texts(given(typed))
    match = Match.new(parse_seed(seed) if seed is not None else new_seed(),
                      [you, COMPUTER_NAME], [HUMAN, parse_level(against)], rules.target)
    screen, _ = SAVES.where(text, None)
    SAVES.need_screen(screen)
    SAVES.play(Session.new(match, save_name_option(name)), screen, None)


def _screen(session: Session, _keys: str | None) -> None:
    # start-up: the screen (Textual) loads only when the game is played on it
    from tests.games.pig.tui.screen import run_match

    run_match(LocalPig(session))


app.command("play")(with_option_flags(play, own_flags(PigOptions)))


@fitted
def play_match_text(game: PigMatch) -> bool:
    """One game at the prompt over the match interface (here, or a room on a server); the
    other seat's moves are told as they come. False when the person quit.

    Raises:
        StoreError: the game's end could not be recorded here (the line says where it is).
    """
    me = game.me()
    loop = PromptLoop(game, help_here=HELP, help_online=ONLINE_HELP, told=0)
    typer.echo(f"Pig, {game.title}: type roll or hold, help or quit.")
    while not game.finished():
        if not game.here_to_act():
            if loop.wait(loop.tell):
                continue
        else:
            loop.tell()
            v = game.view(me)
            typer.echo(table_line(v.names, v.scores, v.turn_total, v.turn, v.target))
            if loop.turn("roll or hold> "):
                continue
        typer.echo(saved_as(GAME, game.name or "") if game.keeps_saves else
                   f"You left {game.title}; the server keeps your seat.")
        return False
    loop.tell()
    problem = game.end_problem()
    if problem is not None:
        raise StoreError(problem)
    v = game.view(me)
    head = "A draw" if v.winner is None else said(v.names[v.winner], "wins")
    typer.echo(f"{head}, {v.scores[0]} to {v.scores[1]}.")
    if game.keeps_saves and game.name:
        typer.echo(f"The game {quoted(game.name)} is over and kept in the history.")
    return True


SAVES = Saves(GAME, "Pig", Session.resume, lambda s: play_match_text(LocalPig(s)), _screen)
SAVES.add_to(app)
