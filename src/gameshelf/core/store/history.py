"""The history of finished games: each kept whole as its game record, with its seats and
final scores (:class:`HistoryEntry`), listed newest first (:meth:`History.finished_records`).

A game enters the history once, with its end (:meth:`gameshelf.core.store.Store.finish_game`)
or as a finished game with no save here (:meth:`gameshelf.core.store.Store.add_finished_record`):
its id is marked in the ``finished`` table. A damaged row is listed, marked, never hidden.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gameshelf.core.codec import CodecError, decode, encode
from gameshelf.core.errors import StoreError
from gameshelf.core.inputs import tidy_name
from gameshelf.core.records import GameRecord
from gameshelf.core.safeload import read_json
from gameshelf.core.store.db import Database, as_text
from gameshelf.core.store.scores import OUTCOMES

#: The kinds of seat a finished game's history names (:class:`HistoryPlayer`).
SEAT_KINDS = ("person", "computer", "remote")
#: Where a finished game came from (:class:`HistoryEntry`).
SOURCES = ("local", "import", "online")


def record_key(record: GameRecord) -> str:
    """The id of a game made from its record's content (32 hex digits of SHA-256 over its
    JSON): the same game is the same key however often it is imported or sent."""
    return hashlib.sha256(record.to_json(indent=None).encode()).hexdigest()[:32]


@dataclass(frozen=True)
class HistoryPlayer:
    """One seat of a finished game, as its history keeps it.

    Attributes:
        kind: ``person`` (playing here), ``computer`` or ``remote`` (a person elsewhere,
            online).
        level: the computer player's level or kind; None for a person.
        score: the final score in the game's unit, None when the game has none.
        outcome: ``win``, ``loss`` or ``draw`` for this seat; None when not said.
    """

    name: str
    kind: str = "person"
    level: str | None = None
    score: int | None = None
    outcome: str | None = None

    def to_json(self) -> dict[str, Any]:
        """The seat as a JSON-ready dict."""
        return encode(self)

    @classmethod
    def from_json(cls, value: object) -> HistoryPlayer | None:
        """A seat read back (its ``kind`` given, one of :data:`SEAT_KINDS`); None when the
        stored value is damaged."""
        try:
            seat = decode(cls, value)
        except CodecError:
            return None
        given = isinstance(value, dict) and "kind" in value
        return seat if given and seat.kind in SEAT_KINDS and seat.outcome in (None, *OUTCOMES) \
            else None


@dataclass(frozen=True)
class HistoryEntry:
    """A finished game to keep in the history
    (:meth:`~gameshelf.core.store.Store.finish_game`,
    :meth:`~gameshelf.core.store.Store.add_finished_record`).

    Attributes:
        players: every seat in seat order, with its kind, level and final score.
        source: ``local`` (played here), ``import`` (a record file) or ``online``.
        finished: when the game ended (ISO 8601, UTC); None: now.
    """

    record: GameRecord
    players: Sequence[HistoryPlayer] = ()
    source: str = "local"
    finished: str | None = None


@dataclass(frozen=True)
class HistoryRow:
    """One finished game, as listed (:meth:`History.finished_records`).

    Attributes:
        key: the game's id (a save's ``game_id``, or :func:`record_key` of an imported one).
        finished: when it ended (ISO 8601 text).
        players: the seats (a damaged seat is left out, and the row marked damaged).
        record: the game record; None when the stored text is damaged.
        damaged: why the row cannot be read whole (None for an intact one).
    """

    id: int
    game: str
    key: str
    finished: str
    source: str
    players: tuple[HistoryPlayer, ...]
    record: GameRecord | None
    damaged: str | None = None


def history_row(row: Sequence[Any], *, with_record: bool = True) -> HistoryRow:
    """A stored history row read back; damage is marked, never raised."""
    rid, game, key, finished, source, players_text, record_text = row
    damaged: str | None = None
    players: list[HistoryPlayer] = []
    try:
        values = read_json(players_text) if isinstance(players_text, (str, bytes)) else None
    except ValueError:
        values = None
    if not isinstance(values, list):
        damaged = "its players cannot be read"
    else:
        for v in values:
            p = HistoryPlayer.from_json(v)
            if p is None:
                damaged = "a player cannot be read"
            else:
                players.append(p)
    record: GameRecord | None = None
    if with_record:
        try:
            record = GameRecord.from_json(record_text, game=as_text(game))
        except Exception as exc:  # a damaged row is listed, marked, never hidden
            damaged = damaged or (str(exc) or type(exc).__name__)
    return HistoryRow(int(rid), as_text(game), as_text(key), as_text(finished),
                      as_text(source), tuple(players), record, damaged)


def check_history(game: str, entry: HistoryEntry) -> None:
    """Refuse a history entry that cannot be kept as a ``game`` game.

    Raises:
        StoreError: a record of another game, a source or seat kind that is none, another
            outcome.
    """
    if entry.record.game != game:
        raise StoreError(f"a {entry.record.game} record cannot be kept as a {game} game")
    if entry.source not in SOURCES:
        raise StoreError(f"source must be one of {', '.join(SOURCES)}, "
                         f"got {entry.source!r}")
    for p in entry.players:
        if p.kind not in SEAT_KINDS or p.outcome not in (None, *OUTCOMES):
            raise StoreError(f"a seat of kind {p.kind!r} and outcome {p.outcome!r} "
                             "cannot be kept")


def history_values(game: str, key: str, entry: HistoryEntry, date: str) -> tuple[str, ...]:
    """The values of a ``history`` row (game, key, finished, source, players, record), as
    every store writes them; ``date`` is the end's time unless the entry says."""
    return (game, key, entry.finished or date, entry.source,
            json.dumps([p.to_json() for p in entry.players], sort_keys=True),
            entry.record.to_json(indent=None))


def insert_history(c: sqlite3.Connection, game: str, key: str, entry: HistoryEntry,
                   date: str) -> None:
    """Keep ``entry`` as the finished game ``key`` in the transaction ``c`` (once: a key
    kept already is left as it is); ``date`` is the end's time unless the entry says."""
    c.execute(
        "INSERT OR IGNORE INTO history (game, key, finished, source, players, record) "
        "VALUES (?,?,?,?,?,?)", history_values(game, key, entry, date))


#: The columns of ``history`` as :func:`history_row` reads them.
_COLUMNS = "id, game, key, finished, source, players, record"


class History(Database):
    """The finished games kept (the ``history`` table)."""

    def finished_records(self, game: str | None = None, *, player: str | None = None,
                         limit: int | None = None,
                         with_records: bool = True) -> list[HistoryRow]:
        """Finished games kept in the history, newest first (by the time each ended), of
        ``game`` (None: every game's), where a seat is named ``player`` (exactly), at most
        ``limit``; ``with_records`` False leaves :attr:`HistoryRow.record` None (quicker).

        Raises:
            StoreError: the store cannot be read.
        """
        where, params = ("WHERE game=?", (game,)) if game is not None else ("", ())
        rows = self._read(f"SELECT {_COLUMNS} FROM history {where} "
                          "ORDER BY finished DESC, id DESC", params)
        out: list[HistoryRow] = []
        for r in rows:
            row = history_row(r, with_record=with_records)
            if player is not None and all(tidy_name(p.name) != player for p in row.players):
                continue
            out.append(row)
            if limit is not None and len(out) >= limit:
                break
        return out

    def finished_record(self, row_id: int) -> HistoryRow:
        """The finished game kept as history row ``row_id`` (a damaged one marked).

        Raises:
            StoreError: no such row, or the store cannot be read.
        """
        rows = self._read(f"SELECT {_COLUMNS} FROM history WHERE id=?", (row_id,))
        if not rows:
            raise StoreError(f"no finished game is kept as number {row_id}")
        return history_row(rows[0])

    def prune_finished_records(self, game: str | None = None, *, keep: int | None = None,
                               before: str | None = None) -> list[HistoryRow]:
        """Remove old finished games of ``game`` (None: every game, ``keep`` counted per
        game) from the history in one transaction: those not among the newest ``keep``, and
        those that ended before ``before`` (ISO 8601 date or time, UTC). Their scores,
        results and high-score rows stay, and each game stays marked finished, so it is never
        counted again. Returns the rows removed (records not read), newest first.

        Raises:
            StoreError: neither ``keep`` nor ``before``, a negative ``keep``, or the write
                failed (nothing removed).
        """
        if keep is None and before is None:
            raise StoreError("say which finished games to remove: keep N, or before DATE")
        if keep is not None and keep < 0:
            raise StoreError(f"keep must be 0 or more, got {keep}")

        def run(c: sqlite3.Connection) -> list[HistoryRow]:
            where, params = ("WHERE game=?", (game,)) if game is not None else ("", ())
            rows = c.execute(f"SELECT {_COLUMNS} FROM history {where} "
                             "ORDER BY finished DESC, id DESC", params).fetchall()
            seen: dict[object, int] = {}
            gone = []
            for r in rows:
                seen[r[1]] = seen.get(r[1], 0) + 1
                old = keep is not None and seen[r[1]] > keep
                if old or (before is not None and as_text(r[3]) < before):
                    gone.append(r)
            for r in gone:
                c.execute("DELETE FROM history WHERE id=?", (r[0],))
            return [history_row(r, with_record=False) for r in gone]

        return self._write(run)
