"""Output that cannot be written, and screens without a terminal (issue 10, point 10).

Every command: a failed write to stdout (a full disk, an I/O error) is one line on stderr and
exit code 2; a closed pipe (``| head``) is a quiet exit with code 141 (what a shell shows for
SIGPIPE); a failed stderr is exit code 2. A game in progress at a prompt is saved first. The
screens refuse to start without a terminal (exit code 2, nothing written to stdout).
"""

from __future__ import annotations

import errno
import io
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from gameshelf.cli import CLOSED_PIPE_EXIT, main
from gameshelf.core.store import Store


class FailingStream(io.TextIOBase):
    """A text stream whose writes fail with ``error`` after ``after`` successful ones."""

    def __init__(self, error: OSError, after: int = 0) -> None:
        self.error, self.left, self.text = error, after, ""

    def write(self, s: str) -> int:
        if isinstance(s, bytes):
            raise TypeError("a text stream")
        if not s:
            return 0
        if self.left <= 0:
            raise self.error
        self.left -= 1
        self.text += s
        return len(s)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "utf-8"

    @property
    def errors(self) -> str:  # type: ignore[override]
        return "strict"


FULL = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
PIPE = BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))

COMMANDS = [
    ["--help"],
    ["dollar", "score", "40000002", "--district", "12"],
    ["dollar", "score", "40000002", "--district", "12", "--json"],
    ["dollar", "odds", "--district", "12"],
    ["dollar", "best"],
    ["yatz", "saves"],
    ["yatz", "scores", "--json"],
    ["yatz", "sim", "--games", "2", "--player", "greedy", "--json"],
    ["muggins", "stats"],
    ["showdown", "saves"],
    ["showdown", "sim", "--games", "1", "--players", "random,random"],
]


def _run(argv: list[str], monkeypatch: pytest.MonkeyPatch, *, out: object = None,
         err: object = None, stdin: str | None = None) -> int:
    if out is not None:
        monkeypatch.setattr(sys, "stdout", out)
    if err is not None:
        monkeypatch.setattr(sys, "stderr", err)
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    with pytest.raises(SystemExit) as exc:
        main(argv)
    return int(exc.value.code or 0)


@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_stdout_full_is_one_line_and_exit_2(argv: list[str], monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(argv, monkeypatch, out=FailingStream(FULL)) == 2
    err = capsys.readouterr().err
    assert err == "gameshelf: error: cannot write to the standard output: " \
                  "No space left on device\n"


@pytest.mark.parametrize("argv", COMMANDS, ids=" ".join)
def test_closed_pipe_is_a_quiet_exit(argv: list[str], monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(argv, monkeypatch, out=FailingStream(PIPE)) == CLOSED_PIPE_EXIT
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("argv", [["bogus"], ["dollar", "score", "xyz"],
                                  ["yatz", "export", "nosuch", "x.json"]], ids=" ".join)
def test_stderr_full_is_exit_2(argv: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    assert _run(argv, monkeypatch, err=FailingStream(FULL)) == 2


def test_yatz_prompt_saves_the_turn_in_progress_when_stdout_fails(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    out = FailingStream(FULL, after=12)
    code = _run(["yatz", "play", "-p", "Ann,greedy", "--seed", "10"], monkeypatch, out=out,
                stdin="roll\nhold 1 2\nroll\nhelp\ntotals\n" * 3)
    assert code == 2
    assert "roll" in out.text          # the game went on for a while before the disk filled
    with Store() as store:
        record = store.load_save("yatz", "game-10")
    assert "hold 1 2" in [str(a) for a in record.actions]


@pytest.mark.parametrize("last", [4, 3])
def test_yatz_prompt_records_a_game_that_ended_while_stdout_failed(
        last: int, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """All seats computers: the output fails at the last computer's line (4 lines before the
    end: the game is over, its scores not yet stored) or at "Game over." (3 lines before:
    stored); either way both scores are stored once and no save is left."""
    argv = ["yatz", "play", "-p", "greedy,casual", "--seed", "3"]
    monkeypatch.setenv("GAMESHELF_HOME", str(tmp_path / "count"))
    counting = FailingStream(FULL, after=10**6)
    assert _run(argv, monkeypatch, out=counting, stdin="") == 0
    lines = 10**6 - counting.left
    assert counting.text.rstrip().endswith("see 'gameshelf yatz scores')")
    monkeypatch.setenv("GAMESHELF_HOME", str(tmp_path / "home"))
    assert _run(argv, monkeypatch, out=FailingStream(FULL, after=lines - last), stdin="") == 2
    with Store() as store:
        assert len(store.top_scores("yatz", 20)) == 2
        assert "game-3" not in store.save_names("yatz")


def test_showdown_prompt_saves_when_stdout_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    code = _run(["showdown", "play", "--text", "-p", "Ann,cpu", "--seed", "3"], monkeypatch,
                out=FailingStream(FULL, after=2), stdin="legal\n")
    assert code == 2
    with Store() as store:
        assert "game-3" in store.save_names("showdown")


def test_muggins_prompt_keeps_the_game_when_stdout_fails(
        monkeypatch: pytest.MonkeyPatch) -> None:
    code = _run(["muggins", "play", "--text", "--seed", "3"], monkeypatch,
                out=FailingStream(FULL, after=1), stdin="help\n")
    assert code == 2
    with Store() as store:
        assert "game-3" in store.save_names("muggins")   # its named save


# ----- real processes: /dev/full, a closed pipe, no terminal ----------------------------------
def gs(*args: str, **kw: object) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gameshelf", *args], capture_output=True,
                          text=True, timeout=120, **kw)  # type: ignore[call-overload]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_dev_full_cases_of_the_issue(tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        out = subprocess.run([sys.executable, "-m", "gameshelf", "dollar", "odds",
                              "--district", "12"], stdout=full, stderr=subprocess.PIPE,
                             text=True, timeout=120)
        assert out.returncode == 2 and out.stderr.count("\n") == 1
        assert "No space left on device" in out.stderr
        out = subprocess.run([sys.executable, "-m", "gameshelf", "yatz", "play", "-p",
                              "Ann,greedy", "--seed", "11"], stdout=full,
                             stderr=subprocess.PIPE, input="roll\n", text=True, timeout=120)
        assert out.returncode == 2 and out.stderr.count("\n") == 1
    listed = gs("yatz", "saves")
    assert "game-11" in listed.stdout


def test_a_reader_that_goes_away_is_a_quiet_exit() -> None:
    p = subprocess.Popen([sys.executable, "-m", "gameshelf", "dollar", "odds", "--district",
                          "12", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert p.stdout is not None and p.stderr is not None
    p.stdout.close()                     # `| head -0`: nobody reads
    err = p.stderr.read()
    assert p.wait(timeout=120) == CLOSED_PIPE_EXIT
    assert err == b""


SCREENS = [[], ["menu"], ["yatz", "play", "--tui"], ["muggins", "play"],
           ["showdown", "play"]]


@pytest.mark.parametrize("argv", SCREENS, ids=lambda a: " ".join(a) or "gameshelf")
def test_screens_without_a_terminal_say_so(argv: list[str]) -> None:
    p = subprocess.Popen([sys.executable, "-m", "gameshelf", *argv], stdin=subprocess.DEVNULL,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         start_new_session=True)
    try:
        out, err = p.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        pytest.fail("the screen waited for a terminal that is not there")
    assert p.returncode == 2
    assert out == b""
    assert err.decode().count("\n") == 1 and b"need a terminal" in err
    with Store() as store:     # nothing was started, so nothing was saved
        assert not store.save_names("muggins") and not store.save_names("yatz")
