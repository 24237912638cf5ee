"""Sub-commands loaded when they are used, so ``gameshelf --help`` and every command pay
only for what they run. The root command's group (:class:`LazyGroup`) holds a
:class:`Later` stand-in for each lazy sub-command (its name and one line of help, enough for
the root's ``--help``), replaced by the real command the first time it is looked up.

The command tree is built here and only here: the root group's own commands when it is
made, each lazy sub-command's tree when it is loaded. Every command of it refuses an
option given twice (``--seed 3 --seed 4``: Click would keep the last one without a word),
:func:`refuse_repeats`, applied to the whole tree in those two places; options that take
several values or count are left alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import typer
from typer._click import Command, Context, HelpFormatter
from typer._click.exceptions import UsageError
from typer.core import TyperCommand, TyperGroup, TyperOption

#: A lazy sub-command: its name, one line of help, a function building the real command.
Entry = tuple[str, str, Callable[[], typer.Typer]]
#: Where the lazy sub-commands come from, in order: each asked for its entries every time
#: the root group is made, so a game registered after start-up (a test's) is found too.
SOURCES: list[Callable[[], Iterable[Entry]]] = []


def later(name: str, help_line: str, build: Callable[[], typer.Typer]) -> None:
    """Register a lazy sub-command of the root: ``build()`` gives its Typer app the first
    time it is used."""
    SOURCES.append(lambda: [(name, help_line, build)])


def later_each(source: Callable[[], Iterable[Entry]]) -> None:
    """Register lazy sub-commands that ``source()`` lists when the root group is made
    (the registry's games)."""
    SOURCES.append(source)


class Later(TyperCommand):
    """A lazy sub-command's stand-in: its name and help line, nothing imported yet."""

    def __init__(self, name: str, help_line: str, build: Callable[[], typer.Typer]) -> None:
        super().__init__(name, help=help_line, rich_markup_mode=None)
        self.build = build

    def load(self) -> Command:
        """The real command (a Typer app made into Click's group, named as this one; its
        help this one's when the app has none), every command of it refusing an option
        given twice."""
        real = typer.main.get_group(self.build())
        real.name = self.name
        real.help = real.help or self.help
        refuse_repeats(real)
        return real


class LazyGroup(TyperGroup):
    """The root group: Typer's own commands first (refusing an option given twice), then
    every lazy sub-command of :data:`SOURCES`."""

    def __init__(self, **attrs: Any) -> None:
        super().__init__(**attrs)
        for cmd in self.commands.values():
            refuse_repeats(cmd)
        for source in SOURCES:
            for name, help_line, build in source():
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


def refuse_repeats(cmd: Command) -> None:
    """Make ``cmd`` and every command under it (lazy stand-ins apart: their trees are
    made so when loaded) refuse an option given twice (a usage error, ``--seed is given
    twice``), except options that take several values or count."""
    for sub in getattr(cmd, "commands", {}).values():
        if not isinstance(sub, Later):
            refuse_repeats(sub)
    made = cmd.make_parser

    def make_parser(ctx: Context) -> Any:
        parser = made(ctx)
        parse = parser.parse_args

        def checked(args: list[str]) -> Any:
            opts, rest, order = parse(args)
            seen: set[str] = set()
            for param in order:
                if not isinstance(param, TyperOption) or param.multiple or param.count:
                    continue
                if param.name in seen:
                    raise UsageError(f"{param.opts[0]} is given twice", ctx)
                seen.add(str(param.name))
            return opts, rest, order
        parser.parse_args = checked  # type: ignore[method-assign]
        return parser
    cmd.make_parser = make_parser  # type: ignore[method-assign]
