"""Running the ``gameshelf`` command in-process, for the command-line tests of every game."""

from __future__ import annotations

import io
from typing import Any

import pytest

# Typer 0.29 vendors Click (pinned): its Context is here.
from typer._click import Context

from gameshelf.cli import main


def run(args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        stdin: str = "") -> tuple[int, str, str]:
    """``gameshelf ARGS`` with ``stdin`` typed in: (exit code, stdout, stderr)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    with pytest.raises(SystemExit) as exc:
        main(args)
    out = capsys.readouterr()
    return int(exc.value.code or 0), out.out, out.err


def sub_commands(group: Any) -> list[tuple[str, Any]]:
    """A command group's sub-commands by name, through Click's own lookup (so the root's
    lazy ones are loaded, as running them would); none for a command that is no group."""
    if not hasattr(group, "list_commands"):
        return []
    ctx = Context(group)
    return [(name, group.get_command(ctx, name)) for name in group.list_commands(ctx)]
