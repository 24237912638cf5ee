"""Online play ends with its terminal: ``gameshelf online create`` at the text prompt and on
the game screen, on a pseudo-terminal that is then closed (with the hang-up, and under
``nohup`` where only the dead terminal tells), ends within a hang guard; the server keeps
the seat."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from tests.ptys import HungTerminal
from tests.server.helpers import Running

HANGUP = 128 + signal.SIGHUP


@pytest.mark.parametrize("tui", [False, True], ids=["prompt", "screen"])
@pytest.mark.parametrize("nohup", [False, True], ids=["hangup", "nohup"])
def test_an_online_game_ends_with_its_terminal(
        tui: bool, nohup: bool, server: Running, tmp_path: Path) -> None:
    args = ["online", "create", "yatz", "--seats", "me,cpu", "--name", "Ann", "--server",
            server.url] + (["--tui"] if tui else [])
    term = HungTerminal(args, tmp_path / "ann", nohup=nohup)
    try:
        shown = "Ones" if tui else "Ann> "           # the card, or the prompt's question
        term.wait_for(lambda: term.seen(shown), "showed the game")
        term.hang_up()
        code = term.ended()
    finally:
        term.close()
    # The screen ends as a hang-up always; the prompt under nohup reads the end of input
    # (quit) and cannot write its farewell on the dead terminal (exit 2).
    assert code == (2 if nohup and not tui else HANGUP)
