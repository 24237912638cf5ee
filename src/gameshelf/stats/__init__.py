"""Statistics of finished games, computed from the games kept in the store's history.

Pure: every function here takes the history's rows (:class:`~gameshelf.core.store.HistoryRow`,
read by the front end) and returns values; nothing is read or written. A game's figures that
its seats' final scores do not hold are found by replaying its record through the game's
rules engine, without the checks a resume makes (a kept record was checked when it was
played). A row that is damaged, or whose record does not replay, is counted in ``damaged``
and left out of the figures. Each game's figures are its ``stats`` part.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from gameshelf.core.errors import RecordError
from gameshelf.core.records import GameRecord
from gameshelf.core.store import HistoryPlayer, HistoryRow


class _Final(Protocol):
    def is_terminal(self) -> bool: ...


S = TypeVar("S", bound=_Final)


class Replayed(list[tuple[HistoryRow, S]]):
    """The rows whose records replay to a finished game, oldest first, each with its final
    state; :attr:`damaged` counts the rows left out."""

    damaged: int = 0


def replayed(rows: Sequence[HistoryRow], final_state: Callable[[GameRecord], S],
             seats: Callable[[HistoryRow, S], bool] = lambda row, state: True,
             ) -> Replayed[S]:
    """The finished games of ``rows``, oldest first (by finish time, then id), each with the
    state its record replays to, through the game's ``final_state``.

    A row is left out and counted in ``damaged`` when it is damaged, holds no record, its
    record does not replay (``final_state`` raises :class:`RecordError`), the game did not
    reach its end, or ``seats(row, state)`` says its players do not fit the state.
    """
    out: Replayed[S] = Replayed()
    for row in sorted(rows, key=lambda r: (r.finished, r.id)):
        state = _final(row, final_state)
        if state is None or not state.is_terminal() or not seats(row, state):
            out.damaged += 1
        else:
            out.append((row, state))
    return out


def _final(row: HistoryRow, final_state: Callable[[GameRecord], S]) -> S | None:
    if row.record is None or row.damaged:
        return None
    try:
        return final_state(row.record)
    except RecordError:
        return None


@dataclass(frozen=True)
class Spread:
    """A list of final scores summed up (the game's unit: points): ``games`` scores, their
    ``mean`` (0.0 for none), ``best`` and ``worst`` (None for none), ``stdev`` the sample
    standard deviation (0.0 for fewer than 2)."""

    games: int
    mean: float
    best: int | None
    worst: int | None
    stdev: float

    def to_json(self) -> dict[str, object]:
        """As a JSON-ready dict (mean and stdev to 0.01)."""
        return {"games": self.games, "mean": round(self.mean, 2), "best": self.best,
                "worst": self.worst, "stdev": round(self.stdev, 2)}


def spread(values: Sequence[int]) -> Spread:
    """Games, mean, best, worst and standard deviation of ``values``.

    Example:
        >>> spread([300, 100, 200])
        Spread(games=3, mean=200.0, best=300, worst=100, stdev=100.0)
    """
    if not values:
        return Spread(0, 0.0, None, None, 0.0)
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return Spread(len(values), statistics.fmean(values), max(values), min(values), sd)


@dataclass(frozen=True)
class Streaks:
    """Runs of wins and losses in the order the games ended.

    Attributes:
        longest_win: the most games won in a row.
        longest_loss: the most games lost in a row.
        current: the run the last game is part of: ``("win", 3)``; ``("", 0)`` for no games.
    """

    longest_win: int
    longest_loss: int
    current: tuple[str, int]

    def to_json(self) -> dict[str, object]:
        """As a JSON-ready dict."""
        return {"longest_win": self.longest_win, "longest_loss": self.longest_loss,
                "current": {"outcome": self.current[0], "games": self.current[1]}}


def streaks(outcomes: Sequence[str | None]) -> Streaks:
    """The streaks of ``outcomes`` (``win``/``loss``/``draw``, oldest first); a draw or no
    outcome ends a run.

    Example:
        >>> streaks(["win", "win", "loss", "win", "win", "win", "loss"])
        Streaks(longest_win=3, longest_loss=1, current=('loss', 1))
    """
    best = {"win": 0, "loss": 0}
    kind, run = "", 0
    for o in outcomes:
        o = o or ""
        kind, run = (kind, run + 1) if o == kind else (o, 1)
        if kind in best:
            best[kind] = max(best[kind], run)
    return Streaks(best["win"], best["loss"], (kind, run))


#: How a computer seat's label starts (``cpu (strong)``).
CPU = "cpu ("


def is_computer(label: str) -> bool:
    """True for a computer level's label (:func:`seat_label`)."""
    return label.startswith(CPU)


def seat_label(p: HistoryPlayer) -> str:
    """How the statistics group a seat: a person (here or online) by name, a computer by
    its level: ``Ann``, ``cpu (strong)``."""
    if p.kind == "computer":
        return f"{CPU}{p.level or '?'})"
    return p.name


def rate(part: int, whole: int) -> float:
    """``part`` of ``whole`` in percent (0.0 when ``whole`` is 0)."""
    return 100.0 * part / whole if whole else 0.0
