"""The ``gameshelf`` command: one Typer app, a sub-command per game.

Without arguments it opens the terminal app's game menu. Each game's sub-commands (the
registry's ``cli`` part) and the online client load only when named on the command line
(:mod:`gameshelf.cli.lazy`). Bad input of any kind ends with one line on stderr and exit
code 2, never a traceback.
"""

from __future__ import annotations

import functools
import signal
import sys
from typing import Annotated

import typer

# Typer 0.29 vendors Click; its exceptions live here (the version is pinned).
from typer._click import exceptions as click_exc

from gameshelf import __version__
from gameshelf.cli import serve, web
from gameshelf.cli.lazy import Entry, LazyGroup, later, later_each
from gameshelf.core import crash, interrupt
from gameshelf.core.errors import GameshelfError, OutputError
from gameshelf.core.gamedef import GameDefError
from gameshelf.core.inputs import argv_text, tolerate_undecodable_stdin
from gameshelf.core.output import guarded_streams, say, silence
from gameshelf.core.text import error_line
from gameshelf.games import REGISTRY

#: The help of ``gameshelf online``, said without loading the online client.
ONLINE_HELP = ("Play on a game server (gameshelf serve): create a room or join one by its "
               "code.")

app = typer.Typer(
    cls=LazyGroup,
    name="gameshelf",
    help="Classic games brought back from their rule sheets, each a command below.",
    no_args_is_help=False,
    invoke_without_command=True,
    pretty_exceptions_enable=False,
    add_completion=False,
    rich_markup_mode=None,
)


def _game_app(key: str) -> typer.Typer:
    """Game ``key``'s sub-commands, with the ``stats`` and ``replay`` every game has."""
    # start-up: the store and the replay cursor load only when a game's commands are used
    from gameshelf.cli import replay, stats

    sub: typer.Typer = REGISTRY.get(key).load("cli")
    stats.register(sub, key)
    replay.register(sub, key)
    return sub


def _online_app() -> typer.Typer:
    # start-up: the online client (websockets, every game's remote match) loads when used
    from gameshelf.cli.online import make_app

    return make_app()


def _games() -> list[Entry]:
    """Each game of the registry as a lazy sub-command (read when the command line is
    built, so a game registered after start-up is a command too). A badly made game is
    listed with its fault, which its command ends with; the other games still play."""
    return [(key, _help_line(key), functools.partial(_game_app, key)) for key in REGISTRY.keys()]


def _help_line(key: str) -> str:
    try:
        g = REGISTRY.get(key)
    except GameDefError as exc:
        return f"(cannot be played: {exc})"
    return f"{g.title}: {g.blurb[:1].lower()}{g.blurb[1:]}"


serve.register(app)
web.register(app)
later_each(_games)
later("online", ONLINE_HELP, _online_app)


def _print_version(value: bool) -> None:
    """``--version``: print ``gameshelf VERSION`` and stop."""
    if value:
        typer.echo(f"gameshelf {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    ctx: typer.Context,
    version: Annotated[bool, typer.Option(
        "--version", help="Print the version and exit.", is_eager=True,
        callback=_print_version)] = False,
) -> None:
    """Without a sub-command, open the game menu in the terminal app."""
    if ctx.invoked_subcommand is None:
        menu()


@app.command("menu")
def menu() -> None:
    """Open the game menu in the terminal app."""
    # start-up: Textual and the menu load only when the terminal app opens
    from gameshelf.tui.app import run_app

    run_app()


def fail(message: str) -> None:
    """Print ``gameshelf: error: MESSAGE`` as one line on stderr and exit with code 2.

    The line shows control characters literally and is cut (in the middle, ``…``) to 300
    characters, so a hostile or huge name quoted by the message cannot take the terminal.
    """
    print(f"gameshelf: error: {error_line(message)}", file=sys.stderr)
    raise SystemExit(2)


#: The exit code when the reader of the output went away (``gameshelf ... | head``): what a
#: shell shows for a program ended by SIGPIPE (128 + 13), with nothing printed.
CLOSED_PIPE_EXIT = 141


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``gameshelf`` command and ``python -m gameshelf``.

    Exit codes: 0 done; 2 bad input, a badly made game, a store or file that cannot be
    used, or output that cannot be written (one line on stderr when stderr works; a game at
    a prompt is saved first); ``128 + signal`` when stopped by Ctrl-C (130), SIGHUP (129) or
    SIGTERM (143), the game in progress saved; :data:`CLOSED_PIPE_EXIT` (141, quietly) when
    stdout is a pipe whose reader went away; 70 a crash, with one line naming the report
    written under the data folder (see :mod:`gameshelf.core.crash`).
    """
    with interrupt.handled(), guarded_streams():
        try:
            try:
                code = _run(argv)
            finally:
                sys.stdout.flush()  # the last lines' write error belongs to this command
                sys.stderr.flush()
        except OutputError as exc:
            code = _output_failed(exc)
    raise SystemExit(code)


def _output_failed(exc: OutputError) -> int:
    """The exit code after a failed write to stdout or stderr (see :func:`main`): once a
    signal stopped the program (a hang-up: the terminal is gone, so saying so fails too) it
    stays ``128 + signal``."""
    silence(sys.stdout if exc.stream == "stdout" else sys.stderr)
    if interrupt.last_signal is not None:
        return 128 + interrupt.last_signal
    if exc.stream == "stdout" and exc.closed_pipe:
        return CLOSED_PIPE_EXIT
    if exc.stream == "stdout":
        say(f"gameshelf: error: {exc}")
    return 2


def _run(argv: list[str] | None) -> int:
    interrupt.last_signal = None
    try:
        argv_text(sys.argv[1:] if argv is None else argv)
        tolerate_undecodable_stdin()
        code = app(args=argv, prog_name="gameshelf", standalone_mode=False)
    except GameshelfError as exc:
        fail(str(exc))
    except click_exc.NoArgsIsHelpError as exc:
        if exc.ctx is not None:
            print(exc.ctx.get_help())
        return 0
    except click_exc.UsageError as exc:
        hint = f" (see '{exc.ctx.command_path} --help')" if exc.ctx is not None else ""
        # Typer reports a ``parser=`` refusal as "Value error, <our message>"
        fail(exc.format_message().replace("Value error, ", "") + hint)
    except click_exc.ClickException as exc:
        fail(exc.format_message())
    except typer.Abort:
        print("gameshelf: aborted", file=sys.stderr)
        return 130
    except KeyboardInterrupt as exc:
        print("gameshelf: interrupted", file=sys.stderr)
        return interrupt.exit_code(exc)
    except OutputError:
        raise  # not a crash: main() ends it with one line (see _output_failed)
    except crash.CrashReported as exc:
        print(exc.line, file=sys.stderr)
        return crash.EXIT_CODE
    except Exception as exc:  # a fault of the program: one line, the report in a file
        print(crash.crash_line(exc, crash.write_report(exc)), file=sys.stderr)
        return crash.EXIT_CODE
    if code == 130 and interrupt.last_signal is not None:  # Typer's code for any interrupt
        print(f"gameshelf: stopped ({signal.Signals(interrupt.last_signal).name})",
              file=sys.stderr)
        return 128 + interrupt.last_signal
    return code if isinstance(code, int) else 0
