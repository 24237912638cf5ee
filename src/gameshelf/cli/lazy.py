"""Sub-commands loaded when they are used, so ``gameshelf --help`` and every command pay
only for what they run: a game's sub-commands (and the online client) are imported when
that game is named on the command line, not when the program starts.

The root command's group (:class:`LazyGroup`) holds a :class:`Later` stand-in for each lazy
sub-command: its name and one line of help, enough for the root's ``--help``; the first
time the sub-command is looked up to run it (or for its own ``--help``), the stand-in is
replaced by the real command.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer
from typer._click import Command, Context, HelpFormatter
from typer.core import TyperCommand, TyperGroup

#: name -> (one line of help, a function building the real command)
LAZY: dict[str, tuple[str, Callable[[], typer.Typer]]] = {}


def later(name: str, help_line: str, build: Callable[[], typer.Typer]) -> None:
    """Register a lazy sub-command of the root: ``build()`` gives its Typer app the first
    time it is used."""
    LAZY[name] = (help_line, build)


class Later(TyperCommand):
    """A lazy sub-command's stand-in: its name and help line, nothing imported yet."""

    def __init__(self, name: str, help_line: str, build: Callable[[], typer.Typer]) -> None:
        super().__init__(name, help=help_line, rich_markup_mode=None)
        self.build = build

    def load(self) -> Command:
        """The real command (a Typer app made into Click's group, named as this one; its
        help this one's when the app has none)."""
        real = typer.main.get_group(self.build())
        real.name = self.name
        real.help = real.help or self.help
        return real


class LazyGroup(TyperGroup):
    """The root group: Typer's own commands first, then every :data:`LAZY` sub-command."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        for name, (help_line, build) in LAZY.items():
            self.commands[name] = Later(name, help_line, build)

    def get_command(self, ctx: Context, cmd_name: str) -> Command | None:
        cmd = self.commands.get(cmd_name)
        if isinstance(cmd, Later):
            cmd = self.commands[cmd_name] = cmd.load()
        return cmd

    def format_commands(self, ctx: Context, formatter: HelpFormatter) -> None:
        """The list of sub-commands with their help lines, loading none of them."""
        shown = [(n, c) for n in self.list_commands(ctx)
                 if (c := self.commands.get(n)) is not None and not c.hidden]
        if not shown:
            return
        limit = formatter.width - 6 - max(len(n) for n, _ in shown)
        with formatter.section("Commands"):
            formatter.write_dl([(n, c.get_short_help_str(limit)) for n, c in shown])
