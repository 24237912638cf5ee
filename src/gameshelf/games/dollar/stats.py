"""One Dollar Pinball statistics: every bill played, with its exact percentile in
the exact distribution of its district (:func:`gameshelf.games.dollar.odds.distribution`: every
one of the district's 10^8 serials, the Match counted when the bill's series was given).

Pure: rows in, figures out; each bill is scored again from the round's record.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gameshelf.core.errors import GameshelfError
from gameshelf.core.store import HistoryRow, Store
from gameshelf.core.text import count, when
from gameshelf.games.dollar.game import make_entry
from gameshelf.games.dollar.odds import Distribution, distribution
from gameshelf.stats.text import left_out, name_cell, none_yet, percent


@dataclass(frozen=True)
class BillStat:
    """One bill played.

    Attributes:
        finished: when its round was played (ISO 8601).
        name: the player.
        bill: the bill as entered (``L40000002A``).
        district: 1..12.
        series: the series, or None when the Match was not checked.
        score: its score, in points.
        below: serials of the district that score strictly less.
        total: serials in the distribution (10^8).
    """

    finished: str
    name: str
    bill: str
    district: int
    series: str | None
    score: int
    below: int
    total: int
    series_digit: int | None

    @property
    def percentile(self) -> float:
        """The share of the district's serials scoring strictly less, in percent."""
        return 100.0 * self.below / self.total

    def distribution(self) -> Distribution:
        """The exact distribution the bill is placed in (cached by the odds module)."""
        return distribution(self.district, self.series_digit)

    def to_json(self) -> dict[str, Any]:
        """As a JSON-ready dict."""
        return {"finished": self.finished, "name": self.name, "bill": self.bill,
                "district": self.district, "series": self.series, "score": self.score,
                "percentile": self.percentile, "serials_scoring_less": self.below,
                "serials_total": self.total,
                "percentile_scope": "district serials, match counted"
                if self.series is not None else "district serials, match not checked"}


@dataclass(frozen=True)
class DollarStats:
    """Every bill played, newest round first.

    Attributes:
        bills: the bills, newest round first, in seat order within a round.
        rounds: rounds counted.
        damaged: rows damaged or whose bills cannot be scored again (left out).
    """

    bills: tuple[BillStat, ...]
    rounds: int
    damaged: int

    def to_json(self) -> dict[str, Any]:
        """As a JSON-ready dict."""
        return {"game": "dollar", "rounds": self.rounds, "damaged": self.damaged,
                "bills": [b.to_json() for b in self.bills]}

    def lines(self) -> list[str]:
        """As text lines (the command line's table): the bills played, newest first:
        player, bill, district, series, score and the exact percentile in its district's
        distribution."""
        if not self.bills:
            return none_yet("One Dollar Pinball round", self.damaged)
        out = [f"One Dollar Pinball: {count(len(self.bills), 'bill')} in "
               f"{count(self.rounds, 'round')} kept.", *left_out(self.damaged), "",
               f"{'played':<10} {'player':<12} {'bill':<12} {'dist':>4} {'series':<6} "
               f"{'score':>13} {'percentile':>11}"]
        for b in self.bills:
            out.append(f"{when(b.finished)[:10]:<10} {name_cell(b.name, 12)} "
                       f"{name_cell(b.bill, 12)} {b.district:>4} "
                       f"{name_cell(b.series or '-', 6)} {b.score:>13,} "
                       f"{percent(b.below, b.total):>11}")
        out += ["", "percentile: the share of the district's 100,000,000 serials that score "
                "less", "(the Match counted when the series is given)."]
        return out


def _bills(row: HistoryRow) -> list[BillStat]:
    assert row.record is not None
    players = row.record.options.get("players")
    if not isinstance(players, list) or not players:
        raise GameshelfError("the round's bills are damaged")
    out = []
    for p in players:
        if not isinstance(p, dict):
            raise GameshelfError("the round's bills are damaged")
        e = make_entry(str(p.get("name")), str(p.get("bill")), p.get("district"),
                       p.get("series"), stored=True)
        digit = None if e.series is None else e.series.last_digit
        dist = distribution(e.district, digit)
        out.append(BillStat(row.finished, e.name, str(e.bill), e.district,
                            None if e.series is None else str(e.series), e.score,
                            dist.count_below(e.score), dist.total, digit))
    return out


def dollar_stats(rows: Sequence[HistoryRow], player: str | None = None) -> DollarStats:
    """The bills of the One Dollar Pinball rounds in ``rows``, newest round first.

    Args:
        player: only this player's bills.
    """
    bills: list[BillStat] = []
    rounds = damaged = 0
    for row in sorted(rows, key=lambda r: (r.finished, r.id), reverse=True):
        if row.record is None or row.damaged:
            damaged += 1
            continue
        try:
            got = _bills(row)
        except GameshelfError:
            damaged += 1
            continue
        got = [b for b in got if player is None or b.name == player]
        if got:
            rounds += 1
            bills.extend(got)
    return DollarStats(tuple(bills), rounds, damaged)


def game_stats(store: Store, player: str | None = None) -> DollarStats:
    """The statistics of the finished games kept in ``store`` (``player``: only the games
    with a seat of that name and, where a game has several players, only that seat's
    figures).

    Raises:
        StoreError: the store cannot be read.
    """
    return dollar_stats(store.finished_records("dollar", player=player), player)

