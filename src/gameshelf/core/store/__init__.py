"""The store: one SQLite database in the user data folder.

Holds saved games (game records: :mod:`~gameshelf.core.store.saves`), high-score tables and
results for statistics (:mod:`~gameshelf.core.store.scores`), the history of finished games
(each kept whole as its game record, with its seats and final scores:
:mod:`~gameshelf.core.store.history`) and a few settings
(:mod:`~gameshelf.core.store.settings`), in tables whose schema and migration are
:mod:`~gameshelf.core.store.schema`'s. The folder is ``platformdirs.user_data_dir("gameshelf")``
unless the environment variable ``GAMESHELF_HOME`` names another one (tests always use a
temporary folder).

:class:`Store` is the one entry point: it opens and checks the file
(:class:`~gameshelf.core.store.db.Database`: a file that is not ours is refused and left as
it was; an older store is migrated in one transaction) and offers every kind's reads and
writes, each write one ``BEGIN IMMEDIATE`` transaction, so a failure (a full disk, a kill, a
read-only file) leaves the stored data as it was. A game's end writes every kind at once:

- :meth:`Store.finish_game`: its scores and results written, its record kept in the history
  AND its save removed in one transaction, idempotently (the game's id is remembered in the
  ``finished`` table, so finishing twice writes nothing the second time).
- :meth:`Store.add_finished_record`: a finished game that has no save here (an imported
  record, an online game from a server) kept in the history, once (its id made from the
  record's content unless given).

Example:
    >>> import tempfile, pathlib
    >>> from gameshelf.core.records import GameRecord
    >>> s = Store(pathlib.Path(tempfile.mkdtemp()) / "t.db")
    >>> s.finish_game("dollar", scores=[ScoreEntry("Ann", 88_000_000, detail={"bill": "x"})])
    [1]
    >>> [row.name for row in s.top_scores("dollar")]
    ['Ann']
    >>> h = s.claim_save("yatz", "game-5", GameRecord("yatz", 1, {}, 5, ()))
    >>> s.claim_save("yatz", "game-5", GameRecord("yatz", 1, {}, 5, ())).name
    'game-5-2'
    >>> s.finish_game("yatz", save=h, scores=[ScoreEntry("Ann", 200, seed=5)])
    [2]
    >>> s.finish_game("yatz", save=h, scores=[ScoreEntry("Ann", 200, seed=5)]) is None
    True
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from gameshelf.core.errors import SaveLostError
from gameshelf.core.store.db import cache_dir, data_dir, now_iso
from gameshelf.core.store.history import (
    SEAT_KINDS,
    SOURCES,
    History,
    HistoryEntry,
    HistoryPlayer,
    HistoryRow,
    check_history,
    insert_history,
    record_key,
)
from gameshelf.core.store.saves import SaveHandle, SaveRow, Saves
from gameshelf.core.store.schema import SCHEMA_VERSION
from gameshelf.core.store.scores import (
    ResultEntry,
    ScoreEntry,
    ScoreRow,
    Scores,
    insert_result,
    insert_score,
)
from gameshelf.core.store.settings import Settings


class Store(Saves, Scores, History, Settings):
    """The SQLite store: saves, scores and results, the history, settings; opened as
    :class:`~gameshelf.core.store.db.Database` is (``path``, ``timeout``, ``wait``; a file
    that is not ours, or newer, raises StoreError and is left as it was)."""

    def finish_game(self, game: str, *, save: SaveHandle | None = None,
                    key: str | None = None, scores: Sequence[ScoreEntry] = (),
                    results: Sequence[ResultEntry] = (),
                    history: HistoryEntry | None = None) -> list[int] | None:
        """Everything a game's end writes, in ONE transaction: the scores, the results, the
        game's record kept in the history (``history``), the game marked finished (``key``,
        default ``save.game_id``; with neither, :func:`record_key` of the history's record)
        and its save removed.

        Idempotent: a game already finished (here or in another session) writes nothing.
        A save deleted elsewhere still gets its scores (the game was played to the end).

        Returns:
            The new score rows' ids in the order given; None when the game was already
            finished (nothing written).

        Raises:
            StoreError: the save was taken over by another session, an outcome is not
                ``win``/``loss``/``draw``, or the write failed (then nothing is written: the
                save is still there to finish later).
        """
        if key is None and save is not None:
            key = save.game_id
        if key is None and history is not None:
            key = record_key(history.record)
        if history is not None:
            check_history(game, history)

        def run(c: sqlite3.Connection) -> list[int] | None:
            if key is not None and c.execute("SELECT 1 FROM finished WHERE game=? AND key=?",
                                             (game, key)).fetchone():
                return None
            if save is not None:
                row = c.execute("SELECT owner, name FROM saves WHERE game=? AND game_id=?",
                                (game, save.game_id)).fetchone()
                if row is not None and row[0] != save.owner:
                    raise SaveLostError(f"the save {row[1]!r} was taken over by another "
                                        f"session; its end is recorded there, not here")
            date = now_iso()
            ids = [insert_score(c, game, e, date) for e in scores]
            for r in results:
                insert_result(c, game, r)
            if key is not None:
                c.execute("INSERT INTO finished (game, key, date) VALUES (?,?,?)",
                          (game, key, date))
                if history is not None:
                    insert_history(c, game, key, history, date)
            if save is not None:
                c.execute("DELETE FROM saves WHERE game=? AND game_id=?",
                          (game, save.game_id))
            return ids

        return self._write(run)

    def is_finished(self, game: str, key: str) -> bool:
        """True when the game ``key`` (a save's ``game_id``) was finished."""
        return bool(self._read("SELECT 1 FROM finished WHERE game=? AND key=?", (game, key)))

    def add_finished_record(self, entry: HistoryEntry, *, key: str | None = None,
                            scores: Sequence[ScoreEntry] = (),
                            results: Sequence[ResultEntry] = ()) -> bool:
        """Keep a finished game that has no save here (an imported record, an online game
        ended on a server) in the history, with its scores and results if given, in one
        transaction, once: the game's ``key`` (default :func:`record_key` of the record,
        so the same record sent or imported twice counts once) is marked finished.

        Returns:
            True when it was kept now; False when that game was finished already.

        Raises:
            StoreError: a seat kind, outcome or source that is none, or the write failed
                (nothing written).
        """
        return self.finish_game(entry.record.game, key=key or record_key(entry.record),
                                scores=scores, results=results, history=entry) is not None


__all__ = ["SCHEMA_VERSION", "SEAT_KINDS", "SOURCES", "HistoryEntry", "HistoryPlayer",
           "HistoryRow", "ResultEntry", "SaveHandle", "SaveRow", "ScoreEntry", "ScoreRow",
           "Store", "cache_dir", "data_dir", "now_iso", "record_key"]
