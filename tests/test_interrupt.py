"""Issue 10 point 4: the turn in progress is never lost on Ctrl-C, SIGTERM or SIGHUP.

Each test runs ``gameshelf <game> play`` at the text prompt in a subprocess, plays a move,
waits until the prompt asks for the next one, sends the signal, and then reads the store: the
save holds every action up to that prompt (the computer players' too), and the program said
where the game is and exited with ``128 + signal``.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gameshelf.core import interrupt
from gameshelf.core.store import Store
from gameshelf.games.muggins.match import GAME as MUGGINS
from gameshelf.games.muggins.match import Match as MugginsMatch
from gameshelf.games.showdown.match import GAME as SHOWDOWN
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.yatz.game import GAME as YATZ
from gameshelf.games.yatz.match import Match as YatzMatch
from tests.procs import default_signals

SIGNALS = [signal.SIGINT, signal.SIGTERM, signal.SIGHUP]


def _signals(fast: int) -> list[object]:
    """The three signals; all but ``fast`` marked slow (every one runs in ``make test-slow``)."""
    return [pytest.param(s, id=s.name, marks=() if s == fast else pytest.mark.slow)
            for s in SIGNALS]
#: a bound on waiting for the child (it is a hang guard, not a timing check)
PATIENCE = 120.0


class Child:
    """``python -m gameshelf ARGS`` with pipes, read as it goes."""

    def __init__(self, home: Path, *args: str) -> None:
        env = dict(os.environ, GAMESHELF_HOME=str(home), PYTHONUNBUFFERED="1",
                   PYTHONPATH=os.pathsep.join(sys.path))
        self.proc = subprocess.Popen([sys.executable, "-m", "gameshelf", *args],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, env=env,
                                     preexec_fn=default_signals)
        self.out = b""

    def send(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line.encode() + b"\n")
        self.proc.stdin.flush()

    def wait_for(self, text: str, count: int) -> None:
        """Read stdout until ``text`` has appeared ``count`` times."""
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        end = time.monotonic() + PATIENCE
        while self.out.decode(errors="replace").count(text) < count:
            left = end - time.monotonic()
            if left <= 0 or self.proc.poll() is not None and not select.select(
                    [fd], [], [], 0)[0]:
                self.proc.kill()
                raise AssertionError(f"never saw {text!r} x{count}:\n{self.out.decode()}")
            if select.select([fd], [], [], min(left, 1.0))[0]:
                chunk = os.read(fd, 65536)
                if not chunk and self.proc.poll() is not None:
                    continue
                self.out += chunk

    def stop(self, sig: int) -> tuple[int, str, str]:
        self.proc.send_signal(sig)
        out, err = self.proc.communicate(timeout=PATIENCE)
        return self.proc.returncode, (self.out + out).decode(), err.decode()


def _saved(game: str, name: str) -> tuple[str, ...]:
    with Store() as store:
        return store.load_save(game, name).actions


@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: signal.Signals(s).name)
def test_yatz_prompt_keeps_the_turn_in_progress(sig: int, _gameshelf_home: Path) -> None:
    """Before the fix Yatz saved only after a scored turn: a stop mid-turn lost the rolls,
    and a stop before the first score lost the whole game."""
    child = Child(_gameshelf_home, "yatz", "play", "-p", "Ann,greedy", "--seed", "7",
                  "--name", "mid")
    child.wait_for("Ann> ", 1)
    child.send("roll")
    child.wait_for("Ann> ", 2)
    child.send("score x1 chance")   # then Greedy plays a whole turn
    child.wait_for("Ann> ", 3)
    child.send("roll")
    child.send("hold 1 2")
    child.wait_for("Ann> ", 5)
    code, out, _err = child.stop(sig)
    assert code == 128 + sig
    assert "Stopped; saved as 'mid'" in out
    match = YatzMatch.from_record(_stored_record(YATZ, "mid"))
    st = match.state
    assert match.seat.name == "Ann" and st.turns_taken(0) == 1 and st.turns_taken(1) == 1
    assert st.roll_number() == 1 and st.dice          # the roll of the turn in progress
    assert match.actions[-1] == "hold 1 2"             # and the hold after it


def test_yatz_stop_before_the_first_score_keeps_the_game(_gameshelf_home: Path) -> None:
    child = Child(_gameshelf_home, "yatz", "play", "-p", "Ann", "--seed", "8")
    child.wait_for("Ann> ", 1)
    child.send("roll")
    child.wait_for("Ann> ", 2)
    code, out, _ = child.stop(signal.SIGINT)
    assert code == 130 and "saved as 'game-8'" in out
    assert _saved(YATZ, "game-8")[0] == "roll"


def _stored_record(game: str, name: str):  # type: ignore[no-untyped-def]
    with Store() as store:
        return store.load_save(game, name)


@pytest.mark.parametrize("sig", _signals(signal.SIGTERM))
def test_muggins_text_prompt_keeps_the_game(sig: int, _gameshelf_home: Path) -> None:
    child = Child(_gameshelf_home, "muggins", "play", "--text", "--seed", "3", "--level",
                  "easy")
    child.wait_for("your move> ", 1)
    (name,) = _save_names(MUGGINS)
    before = MugginsMatch.from_record(_stored_record(MUGGINS, name))
    move = before.state.legal_actions()[0]
    child.send(str(move))
    child.wait_for("your move> ", 2)
    code, out, _err = child.stop(sig)
    assert code == 128 + sig
    assert "Stopped; saved" in out
    after = MugginsMatch.from_record(_stored_record(MUGGINS, name))
    assert after.actions[:len(before.actions) + 1] == [*before.actions, str(move)]
    assert after.state.current_player() == 0        # saved at the prompt: the person to act


@pytest.mark.parametrize("sig", _signals(signal.SIGHUP))
def test_showdown_text_prompt_keeps_the_game(sig: int, _gameshelf_home: Path) -> None:
    """Before the fix the computer's moves after a person's move were not saved."""
    child = Child(_gameshelf_home, "showdown", "play", "--text", "-p", "Zed,cpu", "--seed",
                  "3")
    child.wait_for(")> ", 1)   # the prompt: "Zed: offer which card...? (offer P07)> "
    before = ShowdownMatch.from_record(_stored_record(SHOWDOWN, "game-3"))
    move = before.state.legal_actions()[0]
    child.send(str(move))
    child.wait_for(")> ", 2)
    code, out, _err = child.stop(sig)
    assert code == 128 + sig
    assert "Stopped; saved as 'game-3'" in out
    after = ShowdownMatch.from_record(_stored_record(SHOWDOWN, "game-3"))
    assert after.actions[:len(before.actions) + 1] == [*before.actions, str(move)]
    assert after.human_to_act()                     # the computers' moves are saved too


def _save_names(game: str) -> list[str]:
    with Store() as store:
        return sorted(store.save_names(game))


def test_shielded_holds_a_signal_until_the_block_ends() -> None:
    """The move and its save are never cut apart: the stop comes after both."""
    done: list[str] = []
    with interrupt.handled():
        with pytest.raises(interrupt.Stopped) as stop:
            with interrupt.shielded():
                os.kill(os.getpid(), signal.SIGTERM)
                done.append("move")
                done.append("save")
        assert stop.value.exit_code == 128 + signal.SIGTERM
    assert done == ["move", "save"]


def test_ignored_signals_stay_ignored() -> None:
    old = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        with interrupt.handled():
            assert signal.getsignal(signal.SIGHUP) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGHUP, old)
