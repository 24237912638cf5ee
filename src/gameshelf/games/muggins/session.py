"""A person's game of Muggins against Mugsy: the match, Mugsy, the save and the game's end.

The one layer under both front ends (the prompt loop of ``gameshelf muggins play --text`` and
the Muggins screen). Every write goes through the store's operations
(:class:`~gameshelf.session.base.SaveSlot`):

- a new game claims its own save at the start (:meth:`Session.new`): ``game-<number>``, else
  ``game-<number>-2``... chosen in the transaction that writes it (or exactly ``name``,
  refused when taken), so any number of unfinished games are kept side by side, and a store
  that cannot be written is said before the first move;
- a saved game is taken over to play on (:meth:`Session.resume`, the newest by default): a
  second session on the same save is told at its next write instead of overwriting it;
- after every action, chance and Mugsy's included, the save is updated through this
  session's handle (inside :func:`~gameshelf.core.interrupt.shielded`, so a stop never falls
  between a move and its save); a failed autosave keeps the game in memory and says so;
- the end writes the result (win/loss against ``mugsy-LEVEL``) AND removes the save in one
  transaction, once (:meth:`Session.finish`). When that cannot be written (a read-only or
  full store), the save keeps the finished game where the store allows, and resuming it
  writes the result then.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gameshelf.core import interrupt
from gameshelf.core.errors import (
    BadInputError,
    GameshelfError,
    RecordError,
    SaveLostError,
    StoreError,
)
from gameshelf.core.records import GameRecord
from gameshelf.core.store import SaveRow
from gameshelf.core.text import with_level
from gameshelf.games.muggins.game import Action, Take
from gameshelf.games.muggins.match import GAME, MUGSY, PERSON, Match
from gameshelf.games.muggins.mugsy import Mugsy, parse_level
from gameshelf.games.muggins.options import MugginsOptions
from gameshelf.session.base import SavedGame, SaveLost, SaveSlot, game_saves, open_store
from gameshelf.session.ending import EndRules, EndSeat, ending

__all__ = ["ENDING", "MUGSY", "PERSON", "Session", "describe",
           "result_counts", "save_name", "saves"]

#: The end of a Muggins game (its ``end`` part): the higher points win (R-MG-8); no top 20,
#: but each person's result against the other seat, Mugsy named ``mugsy-LEVEL``, with both
#: seats' points and the target. Here the person is ``you`` against ``Mugsy``.
ENDING = EndRules(
    seats=lambda m: [EndSeat.here("you"), EndSeat.here(
        MugginsOptions.computer_name(1), parse_level(str(m.options.get("level", "normal"))))],
    points=lambda m: m.state.scores,
    versus=lambda m: {"scores": list(m.state.scores), "target": m.state.target},
    opponent=lambda level: f"mugsy-{level}")


def save_name(seed: int) -> str:
    """The default save name of game number ``seed``: ``game-<number>``."""
    return f"game-{seed}"


def saves() -> list[SaveRow]:
    """Every saved Muggins game, newest first (:func:`~gameshelf.session.base.game_saves`)."""
    return game_saves(GAME)


def describe(record: GameRecord) -> tuple[bool, str]:
    """What a listing says of an intact Muggins save, by replaying it: ``(finished, "Mugsy
    (strong) · game 7 · you 45, Mugsy 30 of 500 · round 2")`` (the shape of
    :data:`gameshelf.tui.saves.Describe`).

    Raises:
        RecordError: the record does not replay (a listing marks it damaged).
    """
    s = Session.from_record(record)
    st = s.match.state
    return st.is_terminal(), (f"{with_level('Mugsy', s.level)} · game {s.match.seed} · you "
                              f"{st.scores[0]}, Mugsy {st.scores[1]} of {st.target} · round "
                              f"{st.round_no}")


def result_counts() -> dict[str, dict[str, int]]:
    """Games won and lost: ``{"mugsy-LEVEL": {"win": n, "loss": n, "draw": n}}``.

    Raises:
        StoreError: the store cannot be read.
    """
    with open_store() as store:
        return store.result_counts(GAME)


@dataclass
class Session(SavedGame):
    """One game of the person (seat 0) against Mugsy (seat 1) and its save.

    Attributes:
        match: the match (state, chance, actions).
        level: Mugsy's level.
        slot: the save in the store.
        base: the save name a first write claims (``game-<number>`` by default).
    """

    match: Match
    level: str
    slot: SaveSlot = field(default_factory=lambda: SaveSlot(GAME))
    base: str = ""

    def __post_init__(self) -> None:
        if not self.base:
            self.base = save_name(self.match.seed)

    # ----- starting ----------------------------------------------------------------------
    @classmethod
    def new(cls, level: str, rules: MugginsOptions, seed: int,
            name: str | None = None) -> Session:
        """A new game, dealt and saved at once as ``name`` exactly or as ``game-<number>``
        (``game-<number>-2``... beside older saves), with the game's options ``rules`` (the
        target...) against Mugsy at ``level``. For ``even``, the person's last 20
        results against it go into the match's options (``history``): Mugsy's strength for
        the whole game comes from them, and a replay can check each of its moves.

        Raises:
            BadInputError: a bad level.
            StoreError: ``name`` is taken (by an intact or a damaged save), or the store
                cannot be written (read-only, full, foreign): said before any move.
        """
        lv = parse_level(level)
        options: dict[str, object] = {"level": lv, **rules.to_json()}
        errors: list[str] = []
        if lv == "even":
            try:
                with open_store() as store:
                    options["history"] = store.recent_results(GAME, f"mugsy-{lv}", 20)
            except GameshelfError as exc:
                errors.append(str(exc))
        s = cls(Match.new(seed, options=options), lv, base=name or "")
        s.slot.claim(s.base, s.match.record(), exact=name is not None)
        s.store_errors.extend(errors)
        return s

    @classmethod
    def from_record(cls, record: GameRecord) -> Session:
        """A session on a record, with no save yet (its first write claims one).

        Raises:
            RecordError: a damaged or foreign record (a level that is none too).
        """
        match = Match.from_record(record)
        try:
            level = parse_level(str(record.options.get("level", "normal")))
        except BadInputError as exc:
            raise RecordError(f"the record's level: {exc}") from exc
        return cls(match, level)

    @classmethod
    def resume(cls, name: str | None = None) -> Session:
        """Go on with the save ``name`` (default: the newest intact one). A game already over
        (its result could not be written before) gets its result written now
        (:attr:`finished` is then True).

        Raises:
            StoreError: no such save, or the store cannot be written.
            RecordError: the save is damaged or does not replay; the message names it
                (nothing changes).
        """
        slot = SaveSlot(GAME)
        name, _, s = slot.resume(name, lambda r, _n: cls.from_record(r))
        s.slot, s.base = slot, name
        if s.match.state.is_terminal():
            s.finish()
        return s

    # ----- playing -----------------------------------------------------------------------
    @property
    def store_errors(self) -> list[str]:
        """Store failures kept so far (autosave, the end), oldest first."""
        return self.slot.errors

    def mugsy(self) -> Mugsy:
        """Mugsy for the next decision (:meth:`Match.mugsy
        <gameshelf.games.muggins.match.Match.mugsy>`)."""
        return self.match.mugsy()

    def mugsy_action(self) -> Action:
        """Mugsy's choice in the current state (Mugsy must be to act)."""
        return self.match.mugsy_action()

    def apply(self, action: Action | str) -> list[Take]:
        """Apply an action (the person's or Mugsy's) and save, or write the end.

        Raises:
            IllegalMoveError / BadInputError: the action is refused; nothing changes.
        """
        with interrupt.shielded():  # no stop between the move and its save
            taken = self.match.apply(action)
            self.save()
        return taken

    def save(self) -> None:
        """Save the game now, or once it is over write its end; a store failure is kept in
        :attr:`store_errors` (never raised: the game goes on in memory)."""
        if self.match.state.is_terminal():
            try:
                self.finish()
            except SaveLostError:
                self.store_errors.append(SaveLost(self.slot.lost_note))
            except StoreError as exc:
                self.store_errors.append(str(exc))
            return
        self.slot.autosave(self.match.record(), base=self.base)

    # ----- the end -----------------------------------------------------------------------
    def finish(self) -> bool:
        """Write the end of the finished game: the result and the save removed, in one
        transaction, once. Returns True when it wrote the result now.

        Raises:
            RecordError: the game is not over.
            StoreError: the end could not be written (nothing was: the save, updated to the
                finished game when the store allows, writes it when resumed).
        """
        if not self.match.state.is_terminal():
            raise RecordError("the game is not over")
        return self.slot.finish(ending(ENDING, self.match),
                                keep=self.match.record()) is not None
