"""The Pig screen in replay mode (see :mod:`gameshelf.tui.replay`): the game's own screen
over a match rebuilt at the step shown (``Match.from_record`` of the record's first actions),
read-only."""

from __future__ import annotations

from typing import Any

from gameshelf.core.records import GameRecord
from gameshelf.session.replay import Replay
from gameshelf.tui.replay import REPLAY_BINDINGS, ReplayMode, start_record
from tests.games.pig.match import Match
from tests.games.pig.play import LocalPig
from tests.games.pig.session import Session
from tests.games.pig.tui.screen import PigScreen


class PigReplayScreen(ReplayMode, PigScreen):
    """The Pig table, read-only, at each step of a replay (Pig hides nothing)."""

    BINDINGS = [*REPLAY_BINDINGS]
    HIDDEN = "Pig hides nothing: every step shows the whole table, as every seat saw it."

    def __init__(self, replay: Replay[Any], *, exit_app: bool = False) -> None:
        super().__init__(LocalPig(Session.from_record(start_record(replay))),
                         exit_app=exit_app, pace=0)
        self.replay = replay

    def begin(self) -> None:
        self.show()

    def advance(self) -> None:   # type: ignore[override]  # nobody moves in a replay
        pass

    def show(self) -> None:
        assert isinstance(self.game, LocalPig)
        r = self.replay.record
        upto = GameRecord(r.game, r.rules_version, r.options, r.seed,
                          r.actions[:self.replay.applied(self.replay.position)])
        self.game.session.match = Match.from_record(upto)
        step = self.replay.step
        self.say(step.text if step is not None else "The start. →/n steps through the game.")

    def status(self) -> str:
        return self.banner().plain
