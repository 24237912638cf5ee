"""A person's game against Mugsy: the match, Mugsy, the autosave and the statistics.

Shared by the Muggins screen and the plain prompt loop of the command line. The match is
saved (as a game record) after every move under the name :data:`AUTOSAVE`, so a game can be
resumed at any moment; a finished game adds a result (win/loss against ``mugsy-LEVEL``) to
the store and removes the save.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gameshelf.core import interrupt
from gameshelf.core.errors import GameshelfError
from gameshelf.core.records import GameRecord
from gameshelf.core.store import Store
from gameshelf.muggins.game import Action, Take
from gameshelf.muggins.match import GAME, MUGSY, PERSON, Match
from gameshelf.muggins.mugsy import Mugsy, parse_level

#: The save kept up to date after every move.
AUTOSAVE = "current"
__all__ = ["AUTOSAVE", "MUGSY", "PERSON", "Session"]


@dataclass
class Session:
    """One game of the person (seat 0) against Mugsy (seat 1).

    Attributes:
        match: the match (state, chance, actions).
        level: Mugsy's level.
        finished: True once the result was stored.
    """

    match: Match
    level: str
    finished: bool = False
    store_errors: list[str] = field(default_factory=list)

    @classmethod
    def new(cls, level: str, target: int, seed: int) -> Session:
        """A new game (dealt, saved at once). For ``even``, the person's last 20 results
        against it go into the match's options (``history``): Mugsy's strength for the whole
        game comes from them, and a replay can check each of its moves."""
        lv = parse_level(level)
        options: dict[str, object] = {"level": lv}
        errors: list[str] = []
        if lv == "even":
            try:
                with Store() as store:
                    options["history"] = store.recent_results(GAME, f"mugsy-{lv}", 20)
            except GameshelfError as exc:
                errors.append(str(exc))
        s = cls(Match.new(seed, target=target, options=options), lv, store_errors=errors)
        s.save()
        return s

    @classmethod
    def from_record(cls, record: GameRecord) -> Session:
        """Continue a saved game.

        Raises:
            RecordError: a damaged or foreign record.
        """
        match = Match.from_record(record)
        level = parse_level(str(record.options.get("level", "normal")))
        return cls(match, level)

    @classmethod
    def resume(cls) -> Session:
        """Continue the autosaved game.

        Raises:
            StoreError: nothing saved.
        """
        with Store() as store:
            return cls.from_record(store.load_save(GAME, AUTOSAVE))

    @property
    def opponent(self) -> str:
        """The opponent's name in the statistics: ``mugsy-LEVEL``."""
        return f"mugsy-{self.level}"

    def mugsy(self) -> Mugsy:
        """Mugsy for the next decision (:meth:`Match.mugsy
        <gameshelf.muggins.match.Match.mugsy>`)."""
        return self.match.mugsy()

    def mugsy_action(self) -> Action:
        """Mugsy's choice in the current state (Mugsy must be to act)."""
        return self.match.mugsy_action()

    def apply(self, action: Action | str) -> list[Take]:
        """Apply an action (the person's or Mugsy's), save, and store the result at the end.

        Raises:
            IllegalMoveError / BadInputError: the action is refused; nothing changes.
        """
        with interrupt.shielded():  # no stop between the move and its save
            taken = self.match.apply(action)
            self.save()
        return taken

    def save(self) -> None:
        """Save the game (or, once over, store the result and drop the save)."""
        try:
            with Store() as store:
                state = self.match.state
                if state.is_terminal():
                    if not self.finished:
                        outcome = "win" if state.winner == PERSON else "loss"
                        store.add_result(GAME, "you", self.opponent, outcome,
                                         seed=self.match.seed,
                                         detail={"scores": list(state.scores),
                                                 "target": state.target})
                        self.finished = True
                    store.delete_save(GAME, AUTOSAVE)
                else:
                    store.save_game(AUTOSAVE, self.match.record())
        except GameshelfError as exc:
            self.store_errors.append(str(exc))
