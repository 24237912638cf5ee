"""Every whole number typed on the command line is ASCII digits only (core.inputs.whole_number):
the walk below finds each option and argument that takes a number (metavar N or PORT, and the
'#N' of a finished game that replay and review take) in the whole command tree and gives it
look-alike numbers that ``int()`` reads or ``str.isdigit`` accepts ('٨' Arabic-Indic, '²'
superscript, '8_0', '+8'): each is one line on stderr and exit code 2, no crash report,
nothing stored changed."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer

from gameshelf.cli import app
from gameshelf.core.store import Store
from tests.cli_helpers import run, sub_commands

LOOK_ALIKES = ["²", "٨", "8_0", "+8"]
NUMBER_METAVARS = {"N", "PORT"}


def _walk(command: Any, path: list[str]) -> Iterator[tuple[list[str], Any, Any]]:
    """Each parameter of the command tree: (the command's path, the command, the parameter).
    The tree is built once: building it again for each parameter cost two minutes of CPU at
    every collection."""
    for p in command.params:
        yield path, command, p
    for name, sub in sub_commands(command):
        yield from _walk(sub, [*path, name])


def _cases() -> list[tuple[str, ...]]:
    cases: list[tuple[str, ...]] = []
    for path, command, p in _walk(typer.main.get_command(app), []):
        args = [a for a in command.params if a.param_type_name == "argument" and a.required]
        filler = ["x"] * len(args)
        if p.param_type_name == "option" and p.metavar in NUMBER_METAVARS:
            for bad in LOOK_ALIKES[1:]:
                cases.append((*path, *filler, p.opts[0], bad))
        elif p.param_type_name == "argument" and p.metavar == "NAME|FILE":
            for bad in LOOK_ALIKES[:2]:
                cases.append((*path, f"#{bad}"))
    return cases


def _dump(path: Path) -> list[str]:
    with sqlite3.connect(path) as conn:
        return list(conn.iterdump())


CASES = _cases()


def test_the_walk_finds_every_kind() -> None:
    found = {" ".join(c[:-1]) for c in CASES}
    for want in ("web --port", "web --max-sessions", "yatz sim --games", "muggins review",
                 "showdown replay", "dollar replay", "yatz history --limit",
                 "muggins history prune --keep", "showdown review x --samples"):
        assert any(f.startswith(want) for f in found), want


@pytest.mark.parametrize("args", CASES, ids=" ".join)
def test_look_alike_numbers_are_refused_in_one_line(
        args: tuple[str, ...], _gameshelf_home: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    db = _gameshelf_home / "gameshelf.db"
    Store().close()  # the store exists: a refused command changes none of its rows
    before = _dump(db)
    code, out, err = run(list(args), capsys, monkeypatch)
    assert code == 2, (code, out, err)
    assert err.count("\n") == 1 and err.startswith("gameshelf: error:"), err
    assert "internal error" not in err and "Traceback" not in err
    assert _dump(db) == before
    assert not (_gameshelf_home / "crash").exists()
