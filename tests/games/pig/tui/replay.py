"""The Pig screen in replay mode (see :mod:`gameshelf.tui.replay`): the game's own screen
over a match rebuilt at the step shown (``Match.from_record`` of the record's first actions),
read-only."""

from __future__ import annotations

from typing import Any

from gameshelf.core.records import GameRecord
from gameshelf.session.replay import Replay
from gameshelf.tui.replay import REPLAY_BINDINGS, ReplayKeys
from tests.games.pig.match import Match
from tests.games.pig.play import LocalPig
from tests.games.pig.session import Session
from tests.games.pig.tui.screen import PigScreen

HIDDEN = "Pig hides nothing: every step shows the whole table, as every seat saw it."


def _upto(replay: Replay[Any], applied: int) -> GameRecord:
    r = replay.record
    return GameRecord(r.game, r.rules_version, r.options, r.seed, r.actions[:applied])


class PigReplayScreen(ReplayKeys, PigScreen):
    """The Pig table, read-only, at each step of a replay (Pig hides nothing)."""

    BINDINGS = [*REPLAY_BINDINGS]

    def __init__(self, replay: Replay[Any], *, exit_app: bool = False) -> None:
        super().__init__(LocalPig(Session.from_record(_upto(replay, replay.start))),
                         exit_app=exit_app, pace=0)
        self.replay = replay

    def shown_replay(self) -> Replay[Any]:
        return self.replay

    def replay_moved(self) -> None:
        self.show()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.replay_offers(action, parameters)

    def action_help(self) -> None:
        self.show_replay_help(HIDDEN)

    def keep_game(self) -> None:
        """Ctrl+Q: nothing to keep (a replay changes no game)."""

    def begin(self) -> None:
        self.show()

    def advance(self) -> None:   # type: ignore[override]  # nobody moves in a replay
        pass

    def show(self) -> None:
        assert isinstance(self.game, LocalPig)
        self.game.session.match = Match.from_record(
            _upto(self.replay, self.replay.applied(self.replay.position)))
        step = self.replay.step
        self.say(step.text if step is not None else "The start. →/n steps through the game.")

    def status(self) -> str:
        return self.banner().plain
