"""The command line shell: sub-commands exist, bad usage is one line and exit code 2."""

from __future__ import annotations

import subprocess
import sys

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
