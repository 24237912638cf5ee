"""Running the ``gameshelf`` command in-process, for the command-line tests of every game."""

from __future__ import annotations

import io

import pytest

from gameshelf.cli import main


def run(args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        stdin: str = "") -> tuple[int, str, str]:
    """``gameshelf ARGS`` with ``stdin`` typed in: (exit code, stdout, stderr)."""
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    with pytest.raises(SystemExit) as exc:
        main(args)
    out = capsys.readouterr()
    return int(exc.value.code or 0), out.out, out.err
