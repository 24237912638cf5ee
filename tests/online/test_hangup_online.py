"""Online play ends with its terminal: ``gameshelf online join`` at the text prompt and on
the game screen, on a pseudo-terminal that is then closed (with the hang-up, and under
``nohup`` where only the dead terminal tells), ends within a hang guard, and the other
person (at a prompt of their own) is told the connection dropped, not that the seat left
the room (a prompt under ``nohup`` reads the end of input, ``quit``, but cannot write its
farewell on the dead terminal: the program stops on that fault, without leaving)."""

from __future__ import annotations

import signal
from pathlib import Path

import pytest

from tests.online.test_prompt_waiting import Client
from tests.ptys import HungTerminal
from tests.server.helpers import Running

HANGUP = 128 + signal.SIGHUP


@pytest.mark.parametrize("tui", [False, True], ids=["prompt", "screen"])
@pytest.mark.parametrize("nohup", [False, True], ids=["hangup", "nohup"])
def test_an_online_game_ends_with_its_terminal_and_the_other_is_told(
        tui: bool, nohup: bool, server: Running, tmp_path: Path) -> None:
    bob = Client(["online", "create", "yatz", "--seats", "me,?", "--name", "Bob",
                  "--server", server.url], tmp_path / "bob")
    term: HungTerminal | None = None
    try:
        code = bob.expect(r"Room ([A-Z0-9]+) on ")[0].group(1)
        term = HungTerminal(["online", "join", code, "--name", "Ann", "--server", server.url]
                            + (["--tui"] if tui else []), tmp_path / "ann", nohup=nohup)
        shown = "Ones" if tui else "waiting for Bob"      # the card, or the prompt's wait
        term.wait_for(lambda: term.seen(shown), "showed the game")
        bob.expect(r"Bob> ")
        term.hang_up()
        ann_code = term.ended()
        quit_by_eof = nohup and not tui
        # The screen ends as a hang-up always; the prompt under nohup reads the end of
        # input (quit) and cannot write its farewell on the dead terminal (exit 2).
        assert ann_code == (2 if quit_by_eof else HANGUP)
        bob.expect(r"Ann's connection dropped\.")     # not "left the room": nobody quit
        bob.type("quit")
        assert bob.proc.wait(30) == 0
    finally:
        bob.close()
        if term is not None:
            term.close()
