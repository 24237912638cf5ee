"""When a finished game's end cannot be written, every front end says truly where the game is
(the breaker's re-run of issue 10 point 3): a Yatz game whose store filled up mid-game said
"The game is kept as 'g': 'gameshelf yatz resume g' records them", yet its save held only
the game up to turn 25, and resuming it recorded nothing. One helper,
``session.base.end_not_recorded``, used by the prompts and screens of Yatz, Muggins and
Showdown."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from gameshelf.core import store as store_module
from gameshelf.core.errors import StoreError
from gameshelf.core.store import Store
from gameshelf.games.yatz.game import Roll, Score
from gameshelf.games.yatz.match import Match, parse_seats
from gameshelf.games.yatz.prompt import _finish
from gameshelf.games.yatz.session import YatzSession
from gameshelf.session.base import SaveSlot, end_not_recorded


class FullFromNow(Store):
    """A store whose disk is full: every commit fails."""

    def _commit(self, conn: sqlite3.Connection) -> None:
        raise sqlite3.OperationalError("database or disk is full")


@contextmanager
def full_disk(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    with monkeypatch.context() as m:
        m.setattr(store_module, "Store", FullFromNow)
        yield


def _turn(session: YatzSession) -> None:
    """Roll once and fill the first legal box."""
    session.act(Roll())
    session.act(next(a for a in session.match.state.legal_actions() if isinstance(a, Score)))


def test_a_yatz_game_whose_store_filled_up_mid_game_says_its_save_is_behind(
        monkeypatch: pytest.MonkeyPatch) -> None:
    session = YatzSession.new(Match(parse_seats("Ann"), 9), "g")
    for _ in range(20):
        _turn(session)
    with full_disk(monkeypatch):
        while not session.match.is_over():
            _turn(session)
        with pytest.raises(StoreError) as err:
            _finish(session)
    text = str(err.value)
    assert "only up to the last move" in text and "'g'" in text
    assert "records them" not in text and "resume" not in text


@pytest.mark.parametrize(("what", "word"), [("the scores", "them"), ("the result", "it")])
def test_every_state_of_a_save_is_said_truly(what: str, word: str) -> None:
    from gameshelf.core.records import GameRecord

    slot = SaveSlot("yatz")
    assert end_not_recorded(slot, "yatz", what, "full").endswith("the game could not be saved")
    slot.claim("mine", GameRecord("yatz", 1, {}, 1, ()))
    assert end_not_recorded(slot, "yatz", what, "full").endswith(
        f"this records {word}: gameshelf yatz resume mine")
    slot.unsaved = True
    assert "only up to the last move" in end_not_recorded(slot, "yatz", what, "full")
    slot.lost = True
    assert "resumed in another session, which records" in end_not_recorded(
        slot, "yatz", what, "full")
