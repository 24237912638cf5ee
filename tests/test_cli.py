"""The command line shell: sub-commands exist, bad usage is one line and exit code 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from gameshelf.cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gameshelf", *args], capture_output=True,
                          text=True, timeout=120)


def test_help_lists_every_game() -> None:
    out = run("--help")
    assert out.returncode == 0
    for game in ("dollar", "yatz", "muggins", "showdown"):
        assert game in out.stdout


@pytest.mark.parametrize("args", [["bogus"], ["dollar", "--nope"]])
def test_bad_usage_is_one_line_exit_2(args: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(args)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("gameshelf: error:")
    assert "Traceback" not in err


@pytest.mark.parametrize("args", [["dollar", "best"], ["yatz", "saves"], ["yatz", "scores"],
                                  ["showdown", "saves"], ["muggins", "stats"]])
def test_a_foreign_store_is_one_line_exit_2_and_kept(
        args: list[str], _gameshelf_home: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A SQLite file with version 1 but other tables: one error line, the file unchanged."""
    import sqlite3

    _gameshelf_home.mkdir(parents=True, exist_ok=True)
    db = _gameshelf_home / "gameshelf.db"
    conn = sqlite3.connect(db)
    conn.execute("CREATE TABLE foo (x)")
    conn.execute("PRAGMA user_version = 1")
    conn.commit()
    conn.close()
    before = db.read_bytes()
    with pytest.raises(SystemExit) as exc:
        main(args)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not a gameshelf database" in err
    assert db.read_bytes() == before
