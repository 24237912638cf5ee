"""A game of Pig played here: its match, its save and its end.

The one layer under the prompt and the screen: a new game claims its save at the start
(``game-<number>``), every move is saved after it (a failure is kept and said, the game
goes on in memory), and the end keeps the finished game in the history and removes the save
in one transaction, once (:class:`~gameshelf.session.base.SaveSlot`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gameshelf.core import interrupt
from gameshelf.core.errors import StoreError
from gameshelf.core.records import GameRecord
from gameshelf.session.base import SavedGame, SaveSlot
from gameshelf.session.ending import EndRules, EndSeat, ending
from tests.games.pig.game import Action
from tests.games.pig.match import GAME, Match

#: The end of a game of Pig (its ``end`` part): the higher score wins; no top 20, no results.
ENDING = EndRules(
    seats=lambda m: [EndSeat.here(name, m.players[i] if m.is_computer(i) else None)
                     for i, name in enumerate(m.names)],
    points=lambda m: m.state.scores)


@dataclass
class Session(SavedGame):
    """One game here and its save.

    Attributes:
        match: the match.
        slot: its save.
        base: the name a first save claims (``game-<number>``).
    """

    match: Match
    slot: SaveSlot = field(default_factory=lambda: SaveSlot(GAME))
    base: str = ""

    def __post_init__(self) -> None:
        self.base = self.base or f"game-{self.match.seed}"

    @classmethod
    def new(cls, match: Match, name: str | None = None) -> Session:
        """A new game, saved at once (as ``name`` exactly, else ``game-<number>``...).

        Raises:
            StoreError: the store cannot be written, or ``name`` is taken.
        """
        s = cls(match, base=name or "")
        s.slot.claim(s.base, match.record(), exact=name is not None)
        return s

    @classmethod
    def resume(cls, name: str | None = None) -> Session:
        """Go on with the save ``name`` (the newest by default).

        Raises:
            StoreError: no such save; RecordError: it does not replay.
        """
        slot = SaveSlot(GAME)
        name, _, match = slot.resume(name, lambda r, _n: Match.from_record(r))
        s = cls(match, slot, name)
        s.save()
        return s

    @classmethod
    def from_record(cls, record: GameRecord) -> Session:
        """A session on a record with no save yet (a replay's start).

        Raises:
            RecordError: the record does not replay.
        """
        return cls(Match.from_record(record))

    def apply(self, action: Action | str) -> None:
        """A person's move, saved (or the end written) before this returns.

        Raises:
            BadInputError / IllegalMoveError: refused; nothing changes.
        """
        with interrupt.shielded():  # no stop between the move and its save
            self.match.apply(action)
            self.save()

    def save(self) -> None:
        """Save now, or write the end once the game is over; a failure is kept in
        :attr:`errors` (never raised: the game goes on in memory)."""
        if not self.match.state.is_terminal():
            self.slot.autosave(self.match.record(), base=self.base)
            return
        try:
            self.finish()
        except StoreError as exc:
            self.slot.errors.append(str(exc))

    def finish(self) -> None:
        """Write the end once: the history and the save removed, in one transaction.

        Raises:
            StoreError: it could not be written (the save keeps the game).
        """
        self.slot.finish(ending(ENDING, self.match))
