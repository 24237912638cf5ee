"""A game of Pinball Showdown under a front end: the match, its save and its end.

The one layer under both front ends (the prompt loop of ``gameshelf showdown play --text``
and the Showdown screen). Every write goes through the store's operations
(:class:`~gameshelf.session.base.SaveSlot`):

- a new game claims its own save at the start (:meth:`ShowdownSession.new`):
  ``game-<number>``, else ``game-<number>-2``... chosen in the transaction that writes it, so
  no other game's save, intact or damaged, is ever replaced; a store that cannot be written is
  said before the first move;
- a saved game is taken over to play on (:meth:`ShowdownSession.resume`, the newest intact
  one by default): a second session on the same save is told at its next write;
- after every action (chance, computer players and people) the save is updated through this
  session's handle; a failed autosave keeps the game in memory and says so;
- the end writes the people's scores (the ``showdown`` high-score table) AND removes the save
  in one transaction, once (:meth:`ShowdownSession.finish`); when that cannot be written, the
  save keeps the finished game where the store allows, marked :data:`END_PENDING`, and
  resuming it writes the end then. A finished save without the mark was left by the screen
  before this layer, which recorded the scores itself: resuming it removes the save and
  records nothing again.
"""

from __future__ import annotations

from dataclasses import replace

from gameshelf.core import interrupt
from gameshelf.core.errors import GameshelfError, RecordError, StoreError
from gameshelf.core.records import GameRecord
from gameshelf.core.store import SaveRow
from gameshelf.games.showdown.actions import Action
from gameshelf.games.showdown.match import GAME, Match, seat_names
from gameshelf.games.showdown.steps import MAX_TURNS
from gameshelf.session.base import SavedGame, SaveSlot, game_saves
from gameshelf.session.ending import EndRules, EndSeat, ending

#: The record option that marks a finished game whose end (the scores) this layer has not
#: written yet. The screen before the session layer recorded the scores at the end and left
#: the finished game saved without it; such a save's scores are never recorded again.
END_PENDING = "end_pending"

#: The end of a Showdown game (its ``end`` part): the winners are the state's (highest
#: total, then most tokens; still tied, a draw); the people's totals enter the top 20 with
#: the turns played (computer seats are not ranked).
ENDING = EndRules(
    seats=lambda m: [EndSeat.here(s.name, None if s.is_human else s.kind) for s in m.seats],
    points=lambda m: [m.state.score(s).total for s in range(len(m.seats))],
    winners=lambda m: m.state.winners(), top=lambda m, _seat: {"turns": m.state.turn},
    top_people=True)


def save_name(match: Match) -> str:
    """The default save name of a match: ``game-<number>``."""
    return f"game-{match.seed}"


def saves() -> list[SaveRow]:
    """Every saved Showdown game, newest first (:func:`~gameshelf.session.base.game_saves`)."""
    return game_saves(GAME)


def describe(record: GameRecord) -> tuple[bool, str]:
    """What a list of saves says of an intact Showdown save: ``(finished, "Ann, CPU 1 · game
    9 · turn 3/10")`` (the one description for the screens' saves list and ``showdown
    saves``).

    Raises:
        RecordError: the record does not replay (its seats named when they can be read).
    """
    try:
        match = Match.from_record(record)
    except GameshelfError as exc:
        raise RecordError(f"{seat_names(record)} · {exc}") from exc
    st = match.state
    return st.is_terminal(), (f"{', '.join(seat.name for seat in match.seats)} · game "
                              f"{match.seed} · turn {max(1, st.turn)}/{MAX_TURNS}")


class ShowdownSession(SavedGame):
    """One Showdown game and its save.

    Args:
        match: the match.
        slot: its save (default: none yet; the first write claims ``base``).
        base: the save name a first write claims (``game-<number>`` by default).

    Attributes:
        match: the match (seats, seeded chance, record).
        slot: the save in the store.
    """

    def __init__(self, match: Match, slot: SaveSlot | None = None, *,
                 base: str | None = None) -> None:
        self.match = match
        self.slot = slot if slot is not None else SaveSlot(GAME)
        self.base = base or save_name(match)
        #: True when :meth:`resume` found the game over and wrote its scores then; False
        #: for a finished save of the old screen, whose scores were recorded at its end.
        self.recorded_on_resume = False

    # ----- starting ----------------------------------------------------------------------
    @classmethod
    def new(cls, match: Match) -> ShowdownSession:
        """Start ``match``, saved at once as ``game-<number>`` (``game-<number>-2``... beside
        older saves, damaged ones included).

        Raises:
            StoreError: the store cannot be written (read-only, full, foreign): said before
                any move.
        """
        session = cls(match)
        session.slot.claim(session.base, session.record())
        return session

    @classmethod
    def resume(cls, name: str | None = None) -> ShowdownSession:
        """Go on with the save ``name`` (default: the newest intact one). A game already over
        (its end could not be written before) gets its end written now; one finished under
        the old screen (no :data:`END_PENDING` mark: its scores were recorded then) only has
        its save removed.

        Raises:
            StoreError: no such save, or the store cannot be written.
            RecordError: the save is damaged or does not replay (nothing changes).
        """
        slot = SaveSlot(GAME)
        name, record, match = slot.resume(name, lambda r, _n: Match.from_record(r))
        session = cls(match, slot, base=name)
        if match.state.is_terminal():
            if record.options.get(END_PENDING):
                session.recorded_on_resume = session.finish()
            else:  # left by the old screen, which recorded the scores: only the save goes
                slot.finish()
        return session

    # ----- playing -----------------------------------------------------------------------
    def play(self, text: str) -> Action:
        """A person's action (text), then the save (or the end).

        Raises:
            BadInputError / IllegalMoveError: refused; nothing changes.
        """
        with interrupt.shielded():  # no stop between the move and its save
            action = self.match.play(text)
            self.settle()
        return action

    def step(self) -> Action | None:
        """One chance event or computer action, then the save (or the end); None when a
        person is to act or the game is over."""
        action = self.match.step()
        if action is not None:
            with interrupt.shielded():
                self.settle()
        return action

    def settle(self) -> None:
        """Save the game after actions applied to :attr:`match` (or write its end once it is
        over); a store failure is kept in :attr:`errors`, never raised."""
        if self.match.state.is_terminal():
            try:
                self.finish()
            except StoreError as exc:
                self.errors.append(str(exc))
            return
        self.slot.autosave(self.record(), base=self.base)

    def record(self) -> GameRecord:
        """The match's record to save; a finished game's is marked :data:`END_PENDING`
        (its end is written when it is resumed)."""
        record = self.match.record()
        if self.match.state.is_terminal():
            record = replace(record, options={**record.options, END_PENDING: True})
        return record

    def save(self) -> str:
        """Save now (the ``save`` command); returns the save's name.

        Raises:
            StoreError: the save was taken over or deleted elsewhere, or the store cannot be
                written (the game is still in memory).
        """
        return self.slot.write(self.record(), base=self.base)

    # ----- the end -----------------------------------------------------------------------
    def finish(self) -> bool:
        """Write the end: the people's scores and the save removed, in one transaction, once.
        Returns True when it wrote them now.

        Raises:
            RecordError: the game is not over.
            StoreError: the end could not be written (nothing was: the save, updated to the
                finished game when the store allows, writes it when resumed).
        """
        if not self.match.state.is_terminal():
            raise RecordError("the game is not over")
        return self.slot.finish(ending(ENDING, self.match), keep=self.record()) is not None
