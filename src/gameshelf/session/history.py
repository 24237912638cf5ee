"""The history of finished games under the front ends: read it, sum it up, prune it.

Both front ends come here; the figures themselves are each game's ``stats`` part, over the
shared :mod:`gameshelf.stats` helpers.
"""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from typing import Any

from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import tidy_name
from gameshelf.core.store import HistoryRow
from gameshelf.core.text import quoted
from gameshelf.games import REGISTRY
from gameshelf.session.base import open_store

#: A game's statistics: the value its ``stats`` part computes (each game its own kind).
Stats = Any


def finished(game: str, *, player: str | None = None,
             limit: int | None = None) -> list[HistoryRow]:
    """The finished games of ``game`` kept in the history, newest first.

    Raises:
        StoreError: the store cannot be read.
    """
    with open_store() as store:
        return store.finished_records(game, player=None if player is None else tidy_name(player),
                                      limit=limit)


def game_stats(game: str, player: str | None = None) -> Stats:
    """The statistics of ``game`` (``player``: only the games with a seat of that name and,
    where a game has several players, only that seat's figures).

    Raises:
        StoreError: the store cannot be read.
    """
    compute = REGISTRY.get(game).load("stats")
    with open_store() as store:   # a player's name in the form the history keeps it
        return compute(store, None if player is None else tidy_name(player))


_BEFORE = re.compile(r"\d{4}-\d{2}-\d{2}"
                     r"(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:\d{2})?)?")


def parse_before(text: str) -> str:
    """A ``--before`` date or time as the store's UTC ISO text: ``2026-03-01`` (midnight
    UTC) or ``2026-03-01T12:00`` (also ``2026-03-01 12:00:30``; UTC unless it names its
    offset, ``Z`` or ``+01:00``). Only these calendar forms: no week dates (``2026-W01-1``),
    no ordinal or compact dates, which read as some other day than meant.

    Raises:
        BadInputError: not a date in one of these forms, or not a real day or time.
    """
    shown = text.strip()
    try:
        if not _BEFORE.fullmatch(shown):
            raise ValueError(shown)
        if len(shown) == 10:
            when = datetime.combine(date.fromisoformat(shown), datetime.min.time(), UTC)
        else:
            when = datetime.fromisoformat(shown.replace("Z", "+00:00"))
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        when = when.astimezone(UTC)
    except (ValueError, OverflowError):
        raise BadInputError(f"--before: not a date such as 2026-03-01 or 2026-03-01T12:00, "
                            f"got {quoted(text)}") from None
    return when.replace(microsecond=0).isoformat()


def prune(game: str, *, keep: int | None = None, before: str | None = None
          ) -> list[HistoryRow]:
    """Remove old finished games of ``game`` from the history (see
    :meth:`~gameshelf.core.store.Store.prune_finished_records`); returns those removed.

    Raises:
        StoreError: neither given, or the write failed (nothing removed).
    """
    with open_store() as store:
        return store.prune_finished_records(game, keep=keep, before=before)
