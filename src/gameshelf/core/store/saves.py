"""Saved games: a game in progress kept under a name, written only by the session that owns it.

Every name given here, to write or to look up, is taken in its one form
(:func:`~gameshelf.core.inputs.tidy_name`), so a name typed with blanks around it is found.

A new save is claimed (:meth:`Saves.claim_save`) or an existing one taken over
(:meth:`Saves.take_save`); either gives the :class:`SaveHandle` every later write goes
through, so a save taken over, deleted or finished elsewhere is a clear :class:`StoreError`,
never a silent overwrite. Only :meth:`Saves.replace_save` replaces a save by name, when the
person asked for it (``import --force``). A damaged save is listed, marked, and keeps its
name. A game's end removes its save in the transaction that records it
(:meth:`gameshelf.core.store.Store.finish_game`).
"""

from __future__ import annotations

import secrets
import sqlite3
from dataclasses import dataclass

from gameshelf.core.errors import SaveLostError, SaveNameTakenError, StoreError
from gameshelf.core.inputs import tidy_name
from gameshelf.core.records import GameRecord
from gameshelf.core.store.db import Database, as_text, now_iso
from gameshelf.games import REGISTRY


@dataclass(frozen=True)
class SaveRow:
    """One saved game, as listed.

    Attributes:
        record: the game record; None when the stored text is damaged.
        damaged: why the record cannot be read (None for an intact save). A damaged save
            still holds its name: no write takes it unasked.
    """

    id: int
    game: str
    name: str
    record: GameRecord | None
    created: str
    updated: str
    damaged: str | None = None


@dataclass(frozen=True)
class SaveHandle:
    """The right to write one save: given by :meth:`Saves.claim_save`,
    :meth:`Saves.take_save`, :meth:`Saves.update_save` and :meth:`Saves.replace_save`.

    Attributes:
        game: the game's key.
        name: the save's name.
        game_id: the id of the game saved there (kept across writes, renames and takeovers;
            the key that makes finishing idempotent).
        owner: this session's token; another session taking the save over changes it.
    """

    game: str
    name: str
    game_id: str
    owner: str


def new_token() -> str:
    """A fresh random id (32 hex digits): a save's owner, or a new game's id."""
    return secrets.token_hex(16)


class Saves(Database):
    """The saves of every game (the ``saves`` table; a game's id stays marked in ``finished``
    once it ended)."""

    @staticmethod
    def _taken(c: sqlite3.Connection, game: str, name: str) -> bool:
        return c.execute("SELECT 1 FROM saves WHERE game=? AND tidy_name(name)=?",
                         (game, name)).fetchone() is not None

    def claim_save(self, game: str, base: str, record: GameRecord, *,
                   exact: bool = False, game_id: str | None = None) -> SaveHandle:
        """Save a new game under a name no save of ``game`` has (damaged saves included),
        chosen in the transaction that writes it: ``base``, else ``base-2``, ``base-3``...

        With ``exact``, ``base`` or nothing. ``game_id`` (default: a new random one): an
        imported finished game has one made from its record, so it is recorded once.

        Raises:
            SaveNameTakenError: ``exact`` and a save named ``base`` exists (it is left as
                it is).
            StoreError: ``record`` is not of ``game``; the game ``game_id`` is saved or
                was finished already; or the write failed.
        """
        if record.game != game:
            raise StoreError(f"a {record.game} record cannot be saved as a {game} game")
        text = record.to_json(indent=None)
        base = tidy_name(base)

        def run(c: sqlite3.Connection) -> SaveHandle:
            if game_id is not None:
                self._check_new_game(c, game, game_id)
            name, k = base, 1
            while self._taken(c, game, name):
                if exact:
                    raise SaveNameTakenError(f"a saved {REGISTRY.title(game)} game named "
                                             f"{name!r} exists; it is left as it is")
                k += 1
                name = f"{base}-{k}"
            handle = SaveHandle(game, name, game_id or new_token(), new_token())
            stamp = now_iso()
            c.execute("INSERT INTO saves (game, name, record, created, updated, owner, "
                      "game_id) VALUES (?,?,?,?,?,?,?)",
                      (game, name, text, stamp, stamp, handle.owner, handle.game_id))
            return handle

        return self._write(run)

    @staticmethod
    def _check_new_game(c: sqlite3.Connection, game: str, game_id: str) -> None:
        """Refuse to save the game ``game_id`` again: it is saved, or was finished."""
        row = c.execute("SELECT name FROM saves WHERE game_id=?", (game_id,)).fetchone()
        if row is not None:
            raise StoreError(f"this game is saved already, as {as_text(row[0])!r}; it "
                             "is left as it is")
        if c.execute("SELECT 1 FROM finished WHERE game=? AND key=?",
                     (game, game_id)).fetchone():
            raise StoreError("this finished game was imported before and its scores are "
                             "recorded; they are not recorded twice")

    def take_save(self, game: str, name: str) -> tuple[SaveHandle, GameRecord]:
        """Open the save ``name`` to play on: its owner changes to this session, so a session
        elsewhere still playing it can no longer write it (it is told so).

        Raises:
            StoreError: no such save, or the write failed.
            RecordError: the stored record is damaged (nothing is changed).
        """
        name = tidy_name(name)

        def run(c: sqlite3.Connection) -> tuple[SaveHandle, GameRecord]:
            row = c.execute("SELECT record, game_id FROM saves WHERE game=? "
                            "AND tidy_name(name)=?", (game, name)).fetchone()
            if row is None:
                raise StoreError(f"no saved {REGISTRY.title(game)} game named {name!r}")
            record = GameRecord.from_json(row[0], game=game)
            handle = SaveHandle(game, name, row[1], new_token())
            c.execute("UPDATE saves SET owner=? WHERE game_id=?", (handle.owner, row[1]))
            return handle, record

        return self._write(run)

    def _owned(self, c: sqlite3.Connection, handle: SaveHandle) -> bool:
        """True when ``handle`` still owns its save; else StoreError saying what happened,
        or False when the game was finished (by this or another session)."""
        row = c.execute("SELECT owner, name FROM saves WHERE game=? AND game_id=?",
                        (handle.game, handle.game_id)).fetchone()
        if row is not None and row[0] == handle.owner:
            return True
        if row is not None:
            raise SaveLostError(f"the save {row[1]!r} was taken over by another session "
                                f"(resumed elsewhere); this session no longer writes it")
        if c.execute("SELECT 1 FROM finished WHERE game=? AND key=?",
                     (handle.game, handle.game_id)).fetchone():
            return False
        raise SaveLostError(f"the save {handle.name!r} was deleted or replaced elsewhere; "
                            f"this session no longer writes it")

    def update_save(self, handle: SaveHandle, record: GameRecord, *,
                    name: str | None = None) -> SaveHandle:
        """Write ``record`` into the save ``handle`` owns, optionally renaming it ("save as"
        ``name``: refused when another save, damaged or not, has that name).

        Returns:
            The handle to use from now on (a new name, same owner).

        Raises:
            SaveNameTakenError: ``name`` is another save's.
            StoreError: the save was taken over, deleted or finished elsewhere, or the write
                failed. Nothing is written then.
        """
        if record.game != handle.game:
            raise StoreError(f"a {record.game} record cannot be saved as a "
                             f"{handle.game} game")
        text = record.to_json(indent=None)
        name = None if name is None else tidy_name(name)
        new = handle if name is None or name == handle.name else SaveHandle(
            handle.game, name, handle.game_id, handle.owner)

        def run(c: sqlite3.Connection) -> SaveHandle:
            if not self._owned(c, handle):
                raise StoreError(f"the game saved as {handle.name!r} is already finished")
            if new.name != handle.name and self._taken(c, handle.game, new.name):
                raise SaveNameTakenError(f"a saved {REGISTRY.title(handle.game)} game named "
                                         f"{new.name!r} exists; it is left as it is")
            c.execute("UPDATE saves SET record=?, updated=?, name=? WHERE game_id=?",
                      (text, now_iso(), new.name, handle.game_id))
            return new

        return self._write(run)

    def replace_save(self, name: str, record: GameRecord, *,
                     game_id: str | None = None) -> SaveHandle:
        """Save ``record`` as ``name``, replacing a save of that name (intact or damaged):
        only for a replacement the person asked for (``--force``). A session playing the
        replaced save is told at its next write.

        Raises:
            StoreError: the write failed.
        """
        text = record.to_json(indent=None)
        name = tidy_name(name)
        handle = SaveHandle(record.game, name, game_id or new_token(), new_token())

        def run(c: sqlite3.Connection) -> SaveHandle:
            if game_id is not None:
                old = c.execute("SELECT game_id FROM saves WHERE game=? "
                                "AND tidy_name(name)=?", (record.game, name)).fetchone()
                if old is None or old[0] != game_id:
                    self._check_new_game(c, record.game, game_id)
            stamp = now_iso()
            # a save of this name written in another form (before names were composed)
            # takes this one, so it is the one replaced
            c.execute("UPDATE saves SET name=? WHERE game=? AND tidy_name(name)=? AND name<>?",
                      (name, record.game, name, name))
            c.execute(
                "INSERT INTO saves (game, name, record, created, updated, owner, game_id) "
                "VALUES (?,?,?,?,?,?,?) ON CONFLICT (game, name) DO UPDATE SET "
                "record=excluded.record, updated=excluded.updated, owner=excluded.owner, "
                "game_id=excluded.game_id",
                (record.game, name, text, stamp, stamp, handle.owner, handle.game_id))
            return handle

        return self._write(run)

    def list_saves(self, game: str) -> list[SaveRow]:
        """Every saved game of ``game``, newest first; a damaged one is listed with
        ``record=None`` and ``damaged`` saying why."""
        rows = self._read(
            "SELECT id, game, name, record, created, updated FROM saves WHERE game=? "
            "ORDER BY updated DESC, id DESC", (game,))
        out = []
        for rid, g, name, text, created, updated in rows:
            try:
                rec: GameRecord | None = GameRecord.from_json(text, game=game)
                damaged = None
            except Exception as exc:  # a damaged row is listed, marked, never hidden
                rec, damaged = None, str(exc) or type(exc).__name__
            fields = {"name": name, "created": created, "updated": updated}
            wrong = [k for k, v in fields.items() if not isinstance(v, str)]
            if wrong:  # a field that is not text (a BLOB, a number) is damage too
                rec, damaged = None, f"the save's {', '.join(wrong)} is not text"
            out.append(SaveRow(rid, g, as_text(name), rec, as_text(created),
                               as_text(updated), damaged))
        return out

    def save_names(self, game: str) -> set[str]:
        """The names of every save of ``game``, damaged ones included."""
        return {row[0] for row in self._read("SELECT name FROM saves WHERE game=?", (game,))}

    def load_save(self, game: str, name: str) -> GameRecord:
        """The record saved as ``name``.

        Raises:
            StoreError: no such save.
            RecordError: the stored record is damaged.
        """
        name = tidy_name(name)
        rows = self._read("SELECT record FROM saves WHERE game=? AND tidy_name(name)=?",
                          (game, name))
        if not rows:
            raise StoreError(f"no saved {REGISTRY.title(game)} game named {name!r}")
        return GameRecord.from_json(rows[0][0], game=game)

    def discard_save(self, handle: SaveHandle) -> bool:
        """Delete the save ``handle`` owns (a game left before its first move); True when
        deleted, False when it is no longer this session's (then it is left as it is)."""
        def run(c: sqlite3.Connection) -> bool:
            cur = c.execute("DELETE FROM saves WHERE game=? AND game_id=? AND owner=?",
                            (handle.game, handle.game_id, handle.owner))
            return cur.rowcount > 0

        return self._write(run)

    def delete_save(self, game: str, name: str) -> bool:
        """Delete a save; True when one was deleted."""
        def run(c: sqlite3.Connection) -> bool:
            cur = c.execute("DELETE FROM saves WHERE game=? AND tidy_name(name)=?",
                            (game, tidy_name(name)))
            return cur.rowcount > 0

        return self._write(run)
