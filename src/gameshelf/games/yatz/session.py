"""A Yatz game under a front end: the match, its save and its end (issue 10).

Both front ends (the prompt of ``gameshelf yatz`` and the Yatz screens) play through a
:class:`YatzSession`, so every Yatz write goes through the store's operations:

- a new game claims its save at the start (:meth:`YatzSession.new`): ``game-<number>``, else
  ``game-<number>-2``... chosen in the transaction that writes it, or exactly ``--name``
  (refused when taken, damaged saves included); a read-only store is said at once;
- a resumed game takes its save over (:meth:`YatzSession.resume`), so a second session on the
  same save is told instead of overwriting it;
- after every action (roll, hold, box, undo; the computers' too) the save is updated through this
  session's handle, the action and its save shielded from Ctrl-C, SIGTERM and SIGHUP
  (:func:`gameshelf.core.interrupt.shielded`); an autosave that fails, e.g. a lock held by
  another program past :data:`~gameshelf.session.base.AUTOSAVE_WAIT`, keeps the game in
  memory and says so; the next save catches up;
- "save NAME" renames this game's save to a free name (never another game's);
- the end writes every seat's score AND removes the save in one transaction, once
  (:meth:`YatzSession.finish`); a save whose game is over (the end could not be written)
  gets its scores written when resumed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gameshelf.core import interrupt
from gameshelf.core.errors import RecordError, StoreError
from gameshelf.core.records import GameRecord
from gameshelf.core.store import record_key
from gameshelf.games.yatz.game import GAME, RULES_VERSION, Action, Score, parse_action
from gameshelf.games.yatz.highscores import TOP
from gameshelf.games.yatz.match import Match
from gameshelf.session.base import SavedGame, SaveSlot, open_store
from gameshelf.session.ending import EndRules, EndSeat, ending


def save_name(match: Match) -> str:
    """The default save name of a match: ``game-<number>``."""
    return f"game-{match.seed}"


def _replay(record: GameRecord, name: str) -> Match:
    """The match of a saved record.

    Raises:
        RecordError: another rules version, or a record that does not replay.
    """
    if record.rules_version != RULES_VERSION:
        raise RecordError(f"the save {name!r} was written by Yatz rules version "
                          f"{record.rules_version}; this program plays version {RULES_VERSION}")
    return Match.from_record(record)


def _top(match: Match, seat: int) -> dict[str, Any]:
    """The detail of a seat's top-20 row (R-YZ-7): its player (``human``, ``greedy``...),
    the number of players, the rule set, and ``undos``, the boxes it took back."""
    return {"player": match.seats[seat].player, "players": len(match.seats),
            "rules": match.rules, "undos": match.undos[seat]}


#: The end of a Yatz game (its ``end`` part): every seat's total enters the top 20
#: (R-YZ-7); the best total wins (shared: a draw; solitaire: no outcome).
ENDING = EndRules(
    seats=lambda m: [EndSeat.here(s.name, None if s.is_human else s.player) for s in m.seats],
    points=lambda m: [m.state.grand_total(i) for i in range(len(m.seats))], top=_top)


class YatzSession(SavedGame):
    """One Yatz game and its save.

    Attributes:
        match: the match (seats, seeded dice, record).
        slot: the save in the store.
        base: the save name a first write claims (``game-<number>`` by default).
        top: after the end was written: ``{seat: score row id}`` of the seats that entered
            the top 20; None before.
        created: True when this session made the save (a new game).
    """

    def __init__(self, match: Match, slot: SaveSlot | None = None, *,
                 base: str | None = None) -> None:
        self.match = match
        self.slot = slot if slot is not None else SaveSlot(GAME)
        self.base = base or save_name(match)
        self.top: dict[int, int] | None = None
        self.created = False

    # ----- starting ----------------------------------------------------------------------
    @classmethod
    def new(cls, match: Match, name: str | None = None) -> YatzSession:
        """Start ``match``: its save is claimed now, as ``name`` exactly or as
        ``game-<number>`` (``game-<number>-2``... beside older saves).

        Raises:
            StoreError: ``name`` is taken (by an intact or a damaged save), or the store
                cannot be written (read-only, locked, foreign): said before any move.
        """
        session = cls(match, base=name)
        session.slot.claim(session.base, match.record(), exact=name is not None)
        session.created = True
        return session

    @classmethod
    def resume(cls, name: str | None = None) -> YatzSession:
        """Go on with the save ``name`` (default: the newest intact one). A game already
        over (its end not yet written) gets its end written now (see :attr:`top`).

        Raises:
            StoreError: no such save, or the store cannot be written.
            RecordError: the save is damaged or from other rules (nothing changes).
        """
        slot = SaveSlot(GAME)
        name, _, match = slot.resume(name, _replay)
        session = cls(match, slot, base=name)
        if match.is_over():
            session.finish()
        return session

    @staticmethod
    def import_match(match: Match, name: str | None = None, *, force: bool = False) -> str:
        """Store an imported (checked) match as ``name`` (default ``game-<number>``); only
        ``force`` replaces a save of that name. Returns the name.

        Raises:
            StoreError: the name is taken and not ``force``; a finished game saved already
                or recorded already (imported before); or the write failed.
        """
        name = name or save_name(match)
        record = match.record()
        # a finished game is the same game however often it is imported: its id is made
        # from its record, so its scores are recorded once (the store refuses it again)
        game_id = record_key(record) if match.is_over() else None
        with open_store() as store:
            if force:
                store.replace_save(name, record, game_id=game_id)
            else:
                store.claim_save(GAME, name, record, exact=True, game_id=game_id)
        return name

    # ----- playing -----------------------------------------------------------------------
    def act(self, action: Action | str, *, save: bool = True) -> None:
        """An action (a person's, or a computer's already chosen); the game is then saved
        (unless ``save`` is False), or its end written. A stop (Ctrl-C, SIGTERM, SIGHUP)
        never falls between the action and its save.

        Raises:
            IllegalMoveError / BadInputError: refused; nothing changes.
        """
        a = parse_action(action) if isinstance(action, str) else action
        with interrupt.shielded():
            self.match.act(a)
            self._after(save)

    def undo(self) -> Score:
        """Take back the box just filled (:meth:`Match.undo`, where the rule is), then save
        as :meth:`act`; returns the fill taken back.

        Raises:
            IllegalMoveError: no undo now; the message says why.
        """
        with interrupt.shielded():
            score = self.match.undo()
            self._after(True)
        return score

    def step_computer(self) -> Action:
        """One action of the computer on turn, then saved as :meth:`act`. The thinking is
        outside the shield: a stop there loses nothing."""
        action = self.match.computer_action()
        self.act(action)
        return action

    def run_computers(self, each: Callable[[int, Action], None] | None = None, *,
                      save_each: bool = True) -> None:
        """Play computer actions up to a person's turn or the end, calling
        ``each(seat, action)`` after each; saved after each (or, ``save_each=False``, once
        at the end of the run)."""
        played = False
        while self.match.is_computer_turn():
            seat = self.match.state.seat
            action = self.match.computer_action()
            self.act(action, save=save_each)
            played = True
            if each is not None:
                each(seat, action)
        if played and not save_each:
            self._after(True)

    def _after(self, save: bool) -> None:
        if self.match.is_over():
            try:
                self.finish()
            except StoreError as exc:
                self.slot.errors.append(str(exc))
        elif save:
            self.autosave()

    def autosave(self) -> bool:
        """Save the game now (short wait for a lock); False when it could not be (the
        message is in :attr:`errors`; the game in memory goes on)."""
        return self.slot.autosave(self.match.record(), base=self.base)

    def save(self, name: str | None = None) -> str:
        """Save now (waiting out a lock), as ``name`` when given ("save as": this game's
        save moves to that name). Returns the save's name.

        Raises:
            StoreError: ``name`` is another save's (it is left as it is), this save was
                taken over or deleted elsewhere, or the store cannot be written.
        """
        saved = self.slot.write(self.match.record(), base=self.base, name=name)
        self.created = False   # saved on purpose: leaving keeps it, even with no move yet
        return saved

    def leave(self) -> str | None:
        """Leaving before the end: a new game with no move drops its save, or makes none
        (returns None), unless the player saved it (:meth:`save`); otherwise the game is
        saved (returns its name).

        Raises:
            StoreError: the save failed (the game is still in memory).
        """
        if (self.created or self.slot.handle is None) and not self.match.record().actions:
            self.slot.discard()
            return None
        return self.save()

    # ----- the end -----------------------------------------------------------------------
    def finish(self) -> dict[int, int]:
        """Write the end of a finished game: every seat's score and the save removed, in one
        transaction, once. Returns :attr:`top`.

        Raises:
            ValueError: the game is not over.
            StoreError: the end could not be written (nothing was; the save, updated to the
                finished game when the store allows, records it when resumed).
        """
        if self.top is not None:
            return self.top
        if not self.match.is_over():
            raise ValueError("only finished games enter the high-score table")
        ids = self.slot.finish(ending(ENDING, self.match), keep=self.match.record())
        top: set[int] = set()
        if ids:
            try:
                with open_store() as store:
                    top = {row.id for row in store.top_scores(GAME, TOP)}
            except StoreError as exc:
                self.slot.errors.append(str(exc))
        self.top = {i: rid for i, rid in enumerate(ids or []) if rid in top}
        return self.top
