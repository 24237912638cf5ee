"""The two tables of the One Dollar Pinball screen: the players of the round (their bills
and, once played, their scores and places) and the best bills ever kept."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widgets import DataTable

from gameshelf.core.store import ScoreRow
from gameshelf.core.text import when
from gameshelf.games.dollar.game import Entry, ranks
from gameshelf.tui.widgets import plain


class PlayersTable(DataTable[Text | str]):
    """The round's players (see :meth:`show`); the highlighted row is the one Delete
    removes."""

    def show(self, entries: Sequence[Entry], phase: str, playing: int, wide: bool) -> None:
        """In seat order with a ``seat`` column while bills are entered and played (the
        scores of the bills played so far); after the game (``phase`` ``done``), best first
        with a ``place`` column (equal scores share a place, the winners marked ★).
        ``wide``: with the series column."""
        done = phase == "done" and bool(entries)
        self.clear(columns=True)
        columns = [("place" if done else "seat", 5), ("name", 10 if wide else 9),
                   ("score", 10), ("bill", 11)]
        if wide:
            columns.append(("series", 6))
        for label, width in columns:
            self.add_column(label, width=width)
        places = ranks(entries) if done else list(range(1, len(entries) + 1))
        order = sorted(range(len(entries)), key=lambda i: places[i]) if done else \
            list(range(len(entries)))
        for i in order:
            e = entries[i]
            shown = done or (phase == "playing" and i < playing)
            score = Text(f"{e.score:,}" if shown else "", justify="right")
            mark = f"{places[i]} ★" if done and places[i] == 1 else str(places[i])
            cells: list[Text | str] = [mark, plain(e.name), score, plain(e.bill)]
            if wide:
                cells.append(plain(e.series or "-"))
            self.add_row(*cells, key=str(i))


class BestTable(DataTable[Text | str]):
    """The best bills ever kept, highest first."""

    def show(self, rows: Sequence[ScoreRow] | None, wide: bool) -> None:
        """``rows`` (None: the store could not be read, the table stays empty); ``wide``:
        with the date column (the day only: the table has no room for the time)."""
        self.clear(columns=True)
        columns = [("name", 10), ("score", 10), ("bill", 11)] + [("date", 10)] * wide
        for label, width in columns:
            self.add_column(label, width=width)
        for r in rows or ():
            cells: list[Text | str] = [plain(r.name), plain(f"{r.score:,}", justify="right"),
                                       plain(r.detail.get("bill", "?"))]
            self.add_row(*(cells + [plain(when(r.date)[:10])] * wide))
