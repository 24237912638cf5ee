"""What every game's session shares: its save in the store (:class:`SaveSlot`).

A slot follows one game through the store's operations (:mod:`gameshelf.core.store`):

- at the start, :meth:`SaveSlot.check_writable` (a read-only store is told at once);
- :meth:`SaveSlot.claim` a new save (``game-5``, else ``game-5-2``... chosen inside the
  transaction that writes it; with ``exact`` a taken name is refused), or
  :meth:`SaveSlot.take` an existing one to play on;
- :meth:`SaveSlot.write` after a move (only while this session owns the save; "save as" a new
  name too), or :meth:`SaveSlot.autosave`, which keeps a failure (a locked, full or read-only
  store) as a message instead of raising: the game goes on in memory and the next write
  tries again, so a lock held by another program never ends a game or loses a turn;
- :meth:`SaveSlot.finish`: the game's end (:mod:`gameshelf.session.ending`: scores, results,
  the finished game kept in the history) written and the save removed in one transaction,
  once (finishing again writes nothing).

The store is opened through :func:`open_store` at each operation, so a session holds no
connection (nor lock) between moves.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TypeVar

from gameshelf.core import store as store_module
from gameshelf.core.errors import RecordError, SaveLostError, StoreError
from gameshelf.core.inputs import tidy_name
from gameshelf.core.records import GameRecord
from gameshelf.core.store import SaveHandle, SaveRow, Store, record_key
from gameshelf.core.text import error_line, quoted, resume_command
from gameshelf.games import REGISTRY
from gameshelf.session.ending import Ending

#: A game's match rebuilt from a record (its ``Match``).
M = TypeVar("M")

#: Seconds an autosave waits for another program's lock before it gives up for now (the game
#: goes on in memory; the next write tries again). Explicit saves and a game's end wait the
#: store's full ``wait``.
AUTOSAVE_WAIT = 5.0


def open_store(wait: float | None = None) -> Store:
    """The user's store. Looked up in :mod:`gameshelf.core.store` at each call, so a test can
    put a store that fails on command in its place.

    Args:
        wait: seconds to keep retrying while locked (default: the store's own, long wait).

    Raises:
        StoreError: the store cannot be opened or is not a gameshelf database.
    """
    if wait is None:
        return store_module.Store()
    return store_module.Store(wait=wait)


class SaveLost(str):
    """A failure kept in :attr:`SaveSlot.errors` that no later write mends: this session's
    save was taken over (resumed in another session), deleted or replaced there. Its text
    says so plainly; :func:`save_failure` shows it as it is."""


def lost_message(name: str | None, exc: Exception) -> SaveLost:
    """What the player is told once this session's save is lost to another session."""
    which = f"its save {quoted(name)}" if name else "its save"
    return SaveLost(f"this game is no longer saved here: {which} was resumed in another "
                    f"session, or deleted or replaced there ({error_line(exc)}). The game "
                    "goes on here unsaved")


def save_failure(error: str, *, retry: str = "the next move tries again",
                 save_as: str = "") -> str:
    """The one line every front end shows for a store failure kept by a session
    (:attr:`SaveSlot.errors`): a passing one (a lock, a full disk) says the game goes on and
    when saving is tried again (``retry``); a lost save (:class:`SaveLost`) says plainly that
    the game is no longer saved here, and what can be done: ``save_as``, the front end's
    way to save it under another name (``type 'save NAME'``), else that leaving does not
    save it.

    Example:
        >>> save_failure("the disk is full")
        'could not save: the disk is full (the game goes on; the next move tries again)'
    """
    if isinstance(error, SaveLost):
        what = (f"; to keep it, save it under another name ({save_as})" if save_as
                else "; leaving it does not save it (the other session's game is the "
                "saved one)")
        return f"{error}{what}."
    return f"could not save: {error_line(error)} (the game goes on; {retry})"


def end_not_recorded(slot: SaveSlot, game: str, what: str, why: str | Exception) -> str:
    """The one line every front end shows when a finished game's end (``what``: "the
    scores", "the result") could not be written, saying truly where the game is: kept whole
    in its save (with the command that records it once the store can be written), or, when
    moves could not be stored before the end, in a save that holds the game only up to the
    last move stored, or recorded by the session that took its save over.

    Example:
        >>> slot = SaveSlot("yatz")
        >>> end_not_recorded(slot, "yatz", "the scores", "disk full")  # no save at all
        'the scores could not be recorded (disk full); the game could not be saved'
    """
    head = f"{what} could not be recorded ({error_line(why)})"
    name = slot.name
    if slot.lost:
        return (f"{what} are not recorded here: this game's save was resumed in another "
                "session, which records them" if what.endswith("s") else
                f"{what} is not recorded here: this game's save was resumed in another "
                "session, which records it")
    if name is None:
        return f"{head}; the game could not be saved"
    if slot.unsaved:
        return (f"{head}; the save {quoted(name)} holds the game only up to the last move "
                "that could be stored")
    them = "them" if what.endswith("s") else "it"
    return (f"{head}; the game is kept as {quoted(name)}; once the store can be written, "
            f"this records {them}: {resume_command(game, name)}")


def game_saves(game: str) -> list[SaveRow]:
    """Every saved game of ``game``, newest first; damaged ones are listed with
    ``record=None`` (:meth:`~gameshelf.core.store.Store.list_saves`).

    Raises:
        StoreError: the store cannot be read.
    """
    with open_store() as store:
        return store.list_saves(game)


def damaged(name: str, exc: Exception) -> RecordError:
    """The error of a save that cannot be resumed: it names the save (quoted) and says it is
    damaged, then why (``the save 'mine' is damaged and cannot be resumed: not valid JSON``).
    A message that names the save already (another rules version) is kept as it is."""
    text = str(exc)
    if quoted(name) in text or repr(name) in text:
        return RecordError(text)
    return RecordError(f"the save {quoted(name)} is damaged and cannot be resumed: "
                       f"{error_line(text)}")


@dataclass
class SaveSlot:
    """One game's save, as a session keeps it.

    Attributes:
        game: the game's key (``yatz``...).
        handle: the save this session owns; None before the first successful write.
        key: what marks the game finished when it never got a save (a random token).
        errors: store failures not raised (autosave), oldest first, for the front end to show.
        unsaved: True while the game in memory is ahead of its save (a write failed).
        finished: True once the game's end was written (or found written).
        lost: True once the save was taken over, deleted or replaced by another session:
            no write goes to it any more (it is the other session's); the game goes on
            unsaved until saved under a new name (:meth:`write` with ``name``).
    """

    game: str
    handle: SaveHandle | None = None
    key: str = field(default_factory=lambda: secrets.token_hex(16))
    errors: list[str] = field(default_factory=list)
    unsaved: bool = False
    finished: bool = False
    lost: bool = False
    #: What the player is told of the lost save (:func:`lost_message`), once lost.
    lost_note: str = ""

    @property
    def name(self) -> str | None:
        """The save's name, None while there is none."""
        return self.handle.name if self.handle is not None else None

    @staticmethod
    def check_writable() -> None:
        """Raise StoreError when the store cannot be written (read-only, locked, foreign)."""
        with open_store() as store:
            store.check_writable()

    def claim(self, base: str, record: GameRecord, *, exact: bool = False) -> str:
        """Save a new game as ``base`` (or ``base-2``...; only ``base`` when ``exact``).

        Returns:
            The name it was saved as.

        Raises:
            StoreError: ``exact`` and the name is taken, or the write failed.
        """
        with open_store() as store:
            self.handle = store.claim_save(self.game, base, record, exact=exact)
        self.unsaved = False
        return self.handle.name

    def take(self, name: str) -> GameRecord:
        """Open the save ``name`` to play on (a session elsewhere playing it stops writing).

        Raises:
            StoreError: no such save; RecordError: it is damaged (nothing changes).
        """
        with open_store() as store:
            self.handle, record = store.take_save(self.game, name)
        return record

    def resume(self, name: str | None,
               replay: Callable[[GameRecord, str], M]) -> tuple[str, GameRecord, M]:
        """Take the save ``name`` (None: the newest one that replays) to play on, every game's
        resume: the record is read and replayed (``replay``) before the save is touched, then
        taken over; one written meanwhile by another session is replayed again.
        ``replay(record, name)`` raises RecordError for a record that does not replay.

        Returns:
            ``(name, record, match)``: the save's name, its record and what ``replay`` made.

        Raises:
            StoreError: no such save (``no saved TITLE game to resume; start one with
                'gameshelf KEY play'`` when there is none at all), or the store cannot be
                written.
            RecordError: the save is damaged or does not replay: the message names the save
                and says it is damaged (:func:`damaged`); nothing changes.
        """
        found: tuple[GameRecord, M] | None = None
        if name is not None:
            name = tidy_name(name)   # as the save was written
        if name is None:   # the newest save that replays; damaged ones are passed over
            with open_store() as store:
                rows = [r for r in store.list_saves(self.game) if r.record is not None]
            if not rows:
                raise StoreError(f"no saved {REGISTRY.title(self.game)} game to resume; "
                                 f"start one with 'gameshelf {self.game} play'")
            first: RecordError | None = None
            for row in rows:
                assert row.record is not None
                try:
                    found = row.record, replay(row.record, row.name)
                except RecordError as exc:
                    first = first or damaged(row.name, exc)
                    continue
                name = row.name
                break
            else:
                assert first is not None
                raise first
        assert name is not None
        try:
            if found is None:
                with open_store() as store:
                    record = store.load_save(self.game, name)
                match = replay(record, name)
            else:
                record, match = found
            taken = self.take(name)
            if taken != record:                  # written meanwhile by another session
                match, record = replay(taken, name), taken
        except RecordError as exc:
            raise damaged(name, exc) from exc
        return name, record, match

    def write(self, record: GameRecord, *, base: str | None = None,
              name: str | None = None, wait: float | None = None) -> str:
        """Write ``record`` to this session's save; the first write claims one (``name``
        exactly, else ``base``, ``base-2``...). With a save and ``name``: "save as" (rename).

        Returns:
            The save's name.

        Raises:
            StoreError: the name is taken, or the write failed; SaveLostError: the save was
                taken over or deleted elsewhere (then only a new ``name`` is written, as a
                new save). The game in memory is unchanged.
        """
        if self.lost:
            if name is None:
                raise SaveLostError(self.lost_note)
            self.handle = None            # "save as" a new save, the lost one left alone
        if self.handle is None:
            if name is None and base is None:
                raise StoreError("a new save needs a name")
            with open_store(wait) as store:
                self.handle = store.claim_save(self.game, name or base or "", record,
                                               exact=name is not None)
            self.unsaved = self.lost = False
            return self.handle.name
        try:
            with open_store(wait) as store:
                self.handle = store.update_save(self.handle, record, name=name)
        except SaveLostError as exc:
            self.lost, self.lost_note = True, lost_message(self.name, exc)
            raise
        self.unsaved = False
        return self.handle.name

    def autosave(self, record: GameRecord, *, base: str | None = None) -> bool:
        """:meth:`write`, keeping a failure in :attr:`errors` instead of raising.

        Returns:
            True when the record is stored.
        """
        if self.lost:              # said once; nothing is written to the other session's save
            self.unsaved = True
            return False
        try:
            self.write(record, base=base, wait=AUTOSAVE_WAIT)
        except SaveLostError:
            self.unsaved = True
            self.errors.append(SaveLost(self.lost_note))
            return False
        except StoreError as exc:
            self.unsaved = True
            self.errors.append(str(exc))
            return False
        return True

    def discard(self) -> None:
        """Remove this session's save (a game left before its first move). A save taken over
        elsewhere is left as it is; a failure is kept in :attr:`errors`."""
        if self.handle is None:
            return
        try:
            with open_store(AUTOSAVE_WAIT) as store:
                store.discard_save(self.handle)
        except StoreError as exc:
            self.errors.append(str(exc))
        self.handle = None

    def finish(self, end: Ending | None = None, *,
               keep: GameRecord | None = None) -> list[int] | None:
        """Write the game's ``end`` (:func:`gameshelf.session.ending.ending`; None: none,
        the game only marked finished) and remove the save, in one transaction, once. When
        it cannot be written, the save gets ``keep`` (the finished game's record) where the
        store allows, so that resuming it writes the end then.

        Returns:
            The score rows' ids; None when the end was already written.

        Raises:
            StoreError: the write failed (nothing written: the save is still there, and
                calling again later writes it), or the save was taken over elsewhere.
        """
        if self.finished:
            return None
        end = end or Ending(self.game)
        if (end.history is not None and self.handle is not None   # saved by an import:
                and self.handle.game_id == record_key(end.history.record)):  # its id is
            end = replace(end, history=replace(end.history, source="import"))  # its record's
        try:
            with open_store() as store:
                ids = end.write(store, save=self.handle,
                                key=None if self.handle else self.key)
        except StoreError as exc:
            if isinstance(exc, SaveLostError):
                self.lost, self.lost_note = True, lost_message(self.name, exc)
            if keep is not None and self.handle is not None:
                self.autosave(keep)
            raise
        self.finished, self.unsaved = True, False
        return ids


class SavedGame:
    """What every game's session says of its save, the same in every game: its name, the
    store failures kept, and whether the game's end is written. A session sets ``slot``
    (its :class:`SaveSlot`) and ``base`` (the name a first write claims)."""

    slot: SaveSlot
    base: str

    @property
    def name(self) -> str:
        """The save's name (the name a first save will try while there is none)."""
        return self.slot.name or self.base

    @property
    def errors(self) -> list[str]:
        """Store failures kept so far (autosave, the end), oldest first, for the front end
        to show."""
        return self.slot.errors

    @property
    def finished(self) -> bool:
        """True once the game's end is written (or was found written)."""
        return self.slot.finished

    def end_problem(self, what: str) -> str | None:
        """None once the game's end is written; else the line of :func:`end_not_recorded`
        (``what``: "the scores", "the result"), the last store failure kept its reason."""
        if self.finished:
            return None
        why = self.errors[-1] if self.errors else "the store failed"
        return end_not_recorded(self.slot, self.slot.game, what, why)
