"""The shared save slot of every session: claim, write, autosave failures kept, finish once."""

from __future__ import annotations

import pytest

from gameshelf.core.errors import StoreError
from gameshelf.core.records import GameRecord
from gameshelf.core.store import ScoreEntry, Store
from gameshelf.session.base import SaveSlot
from gameshelf.session.ending import Ending
from tests.faults import faulty_store

REC = GameRecord("yatz", 1, {}, 5, ("roll",))


def test_slot_claims_writes_renames_and_finishes_once() -> None:
    slot = SaveSlot("yatz")
    assert slot.write(REC, base="game-5") == "game-5"
    other = SaveSlot("yatz")
    assert other.write(REC, base="game-5") == "game-5-2"
    with pytest.raises(StoreError, match="exists"):
        SaveSlot("yatz").write(REC, name="game-5")
    assert slot.write(REC.with_action("hold 1"), name="mine") == "mine"
    assert slot.finish(Ending("yatz", [ScoreEntry("Ann", 5)]))
    assert slot.finish(Ending("yatz", [ScoreEntry("Ann", 5)])) is None
    with Store() as s:
        assert s.save_names("yatz") == {"game-5-2"} and len(s.top_scores("yatz")) == 1


def test_autosave_keeps_a_failure_and_the_next_write_catches_up(
        monkeypatch: pytest.MonkeyPatch) -> None:
    with faulty_store(monkeypatch) as faulty:
        slot = SaveSlot("yatz")
        slot.write(REC, base="game-5")
        faulty.arm(1, "fail")
        assert not slot.autosave(REC.with_action("hold 1")) and slot.unsaved
        assert "disk I/O error" in slot.errors[-1]
        assert slot.autosave(REC.with_action("hold 2")) and not slot.unsaved
    with Store() as s:
        assert s.load_save("yatz", "game-5").actions == ("roll", "hold 2")


def test_a_game_never_saved_still_finishes_once(monkeypatch: pytest.MonkeyPatch) -> None:
    with faulty_store(monkeypatch) as faulty:
        slot = SaveSlot("yatz")
        faulty.arm(1, "fail")
        with pytest.raises(StoreError):
            slot.finish(Ending("yatz", [ScoreEntry("Ann", 5)]))
        assert slot.finish(Ending("yatz", [ScoreEntry("Ann", 5)]))
        assert slot.finish(Ending("yatz", [ScoreEntry("Ann", 5)])) is None
    with Store() as s:
        assert len(s.top_scores("yatz")) == 1
