"""Every program that reads a terminal ends with its terminal: the terminal app (the menu, a
game's screen, a replay) and the text prompt, on a pseudo-terminal that is their controlling
terminal and is then closed (as tmux ``kill-session`` or a closed window does). Closed with
the hang-up the kernel sends, and with SIGHUP ignored (``nohup``: only the dead terminal's
reads, ``EIO`` or the end of input, tell): each ends within a hang guard (no time is
asserted) with ``128 + SIGHUP``, and a game in progress is saved intact (it loads).

Two menus whose tmux sessions were closed under ``nohup``-like conditions used to spin at
about half a core each for as long as nobody killed them: Textual's input thread reads an
ended terminal in a busy loop (:mod:`gameshelf.tui.terminal`).
"""

from __future__ import annotations

import signal
import time
from pathlib import Path

import pytest

from gameshelf.core.store import Store
from gameshelf.games.showdown.match import GAME as SHOWDOWN
from gameshelf.games.yatz.match import GAME as YATZ
from gameshelf.games.yatz.match import Match as YatzMatch
from tests.ptys import PATIENCE, HungTerminal

HANGUP = 128 + signal.SIGHUP
#: Both ways a terminal dies: with the hang-up signal, and with it ignored (``nohup``).
WAYS = pytest.mark.parametrize("nohup", [False, True], ids=["hangup", "nohup"])


def _saved(game: str, name: str, more_than: int = -1) -> tuple[str, ...] | None:
    """The actions saved as ``name`` once they are more than ``more_than``, else None."""
    with Store() as store:
        if name in store.save_names(game):
            actions = store.load_save(game, name).actions
            if len(actions) > more_than:
                return actions
    return None


def _wait_saved(game: str, name: str, more_than: int = -1) -> tuple[str, ...]:
    end = time.monotonic() + PATIENCE
    while (actions := _saved(game, name, more_than)) is None:
        if time.monotonic() > end:      # a hang guard
            raise AssertionError(f"the save {name!r} never grew past {more_than}")
        time.sleep(0.1)
    return actions


def _ends_with_its_terminal(term: HungTerminal) -> None:
    term.hang_up()
    assert term.ended() == HANGUP


@WAYS
def test_the_menu_ends_with_its_terminal(nohup: bool, _gameshelf_home: Path) -> None:
    term = HungTerminal([], _gameshelf_home, nohup=nohup)
    try:
        term.wait_for(lambda: term.seen("Play online"), "drew the menu")
        _ends_with_its_terminal(term)
    finally:
        term.close()


@WAYS
def test_a_game_screen_and_its_replay_end_with_their_terminal_the_game_kept(
        nohup: bool, _gameshelf_home: Path) -> None:
    term = HungTerminal(["showdown", "play", "-p", "Ann,cpu", "--seed", "3"], _gameshelf_home,
                        nohup=nohup)
    try:
        first = _wait_saved(SHOWDOWN, "game-3")
        term.type("\r")                                  # offer the first card of the hand
        played = _wait_saved(SHOWDOWN, "game-3", len(first))
        _ends_with_its_terminal(term)
    finally:
        term.close()
    kept = _saved(SHOWDOWN, "game-3")
    assert kept is not None and kept[:len(played)] == played
    term = HungTerminal(["showdown", "replay", "game-3"], _gameshelf_home, nohup=nohup)
    try:
        term.wait_for(lambda: term.seen("Replay") or term.seen("replay"), "drew the replay")
        _ends_with_its_terminal(term)
    finally:
        term.close()


@WAYS
def test_the_prompt_ends_with_its_terminal_the_game_kept(
        nohup: bool, _gameshelf_home: Path) -> None:
    term = HungTerminal(["yatz", "play", "-p", "Ann,cpu", "--seed", "5"], _gameshelf_home,
                        nohup=nohup)
    try:
        term.wait_for(lambda: term.seen("Ann> "), "asked Ann")
        term.type("roll\r")
        term.wait_for(lambda: term.seen("roll 1 of 3"), "rolled")
        played = _wait_saved(YATZ, "game-5", 0)
        term.hang_up()
        code = term.ended()
    finally:
        term.close()
    # With the hang-up the signal ends it; under nohup the end of input is ``quit``,
    # whose farewell cannot be written on the dead terminal (exit 2, nothing lost).
    assert code == (2 if nohup else HANGUP)
    with Store() as store:
        record = store.load_save(YATZ, "game-5")
    assert record.actions[:len(played)] == played
    YatzMatch.from_record(record)                        # the save loads
