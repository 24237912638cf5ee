"""A finished game's end, the same for every game and every place it is played.

What a game's end writes (:meth:`gameshelf.core.store.Store.finish_game`, one transaction)
is computed here only, for a game played at this keyboard (its session's
:class:`~gameshelf.session.base.SaveSlot`) and in a server room alike: the record in the
history with every seat's name, kind, computer level, points and outcome (``win`` for the
single winner, ``draw`` for winners who share it, ``loss`` for the others; none in a
solitaire game); a top-20 row for each seat the game ranks there; and, in games that keep
results, each person's result by points against every other seat (a computer seat named as
the game names its level: ``mugsy-strong``). A game gives only what is its own, through its
``end`` part (:class:`EndRules`) read from its match driver; the seats are the caller's.

Example:
    >>> from gameshelf.core.records import GameRecord
    >>> class Race:
    ...     points = [30, 12]
    ...     def record(self): return GameRecord("race", 1, {}, 7, ())
    >>> rules = EndRules(seats=lambda m: [EndSeat.here("Ann"), EndSeat.here("Cpu", "fast")],
    ...                  points=lambda m: m.points, top=lambda m, seat: {"laps": 3})
    >>> end = ending(rules, Race())
    >>> [(e.name, e.score, e.detail) for e in end.scores]
    [('Ann', 30, {'laps': 3}), ('Cpu', 12, {'laps': 3})]
    >>> [(p.name, p.kind, p.level, p.outcome) for p in end.history.players]
    [('Ann', 'person', None, 'win'), ('Cpu', 'computer', 'fast', 'loss')]
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gameshelf.core.records import GameRecord
from gameshelf.core.store import (
    HistoryEntry,
    HistoryPlayer,
    ResultEntry,
    SaveHandle,
    ScoreEntry,
    Store,
)
from gameshelf.games import REGISTRY


@dataclass(frozen=True)
class EndSeat:
    """A seat at the game's end: its name, ``kind`` (``person``, ``computer``, ``remote``)
    and a computer seat's level in the game's own words (None for a person)."""

    name: str
    kind: str = "person"
    level: str | None = None

    @classmethod
    def here(cls, name: str, level: str | None = None) -> EndSeat:
        """A seat at this keyboard: a person, or the computer at ``level``."""
        return cls(name, "person" if level is None else "computer", level)


@dataclass(frozen=True)
class EndRules:
    """What one game says of its end (its ``end`` part), each read from its match driver
    (``match``: whatever the game's session and server adapter drive, e.g. its ``Match``).

    Attributes:
        seats: the match's own seats (a game played here; a room gives its own).
        points: each seat's final points, in seat order.
        winners: the seats that win (several share a draw); default: the highest points.
        top: the detail of ``seat``'s top-20 row (``top(match, seat_index)``); None: the
            game keeps no top-20 table.
        top_people: True when only people (not computer seats) enter the top 20.
        versus: the detail of every result row; None: the game keeps no results.
        opponent: a computer seat's name as an opponent in the results, from its level.
        record: the match's game record.
        noun: what one game of it is called, singular (``round`` for Dollar's round of
            bills): the tables of its games count them so (``3 finished rounds``).
        top_noun: what one row of its top 20 is, singular (``bill``: Dollar's table holds
            every bill; ``game`` where each seat's game is a row): the table's words
            (``the best 3 bills``).
    """

    seats: Callable[[Any], Sequence[EndSeat]]
    points: Callable[[Any], Sequence[int]]
    winners: Callable[[Any], Collection[int]] | None = None
    top: Callable[[Any, int], dict[str, Any]] | None = None
    top_people: bool = False
    versus: Callable[[Any], dict[str, Any]] | None = None
    opponent: Callable[[str], str] = lambda level: level
    record: Callable[[Any], GameRecord] = lambda match: match.record()
    noun: str = "game"
    top_noun: str = "game"


@dataclass(frozen=True)
class Ending:
    """Everything a finished game writes: its ``scores`` (top-20 rows), ``results`` and
    ``history`` (None: nothing kept but the game marked finished), for ``game``."""

    game: str
    scores: Sequence[ScoreEntry] = ()
    results: Sequence[ResultEntry] = ()
    history: HistoryEntry | None = None

    def write(self, store: Store, *, save: SaveHandle | None = None,
              key: str | None = None) -> list[int] | None:
        """Write it all, ``save`` removed and ``key`` marked finished, in one transaction,
        once (:meth:`~gameshelf.core.store.Store.finish_game`: its returns and errors)."""
        return store.finish_game(self.game, save=save, key=key, scores=self.scores,
                                 results=self.results, history=self.history)


def outcomes(points: Sequence[int], winners: Collection[int] | None = None
             ) -> list[str | None]:
    """Each seat's outcome for the history: ``win`` for the single winner, ``draw`` for
    winners who share it, ``loss`` for the others; a solitaire game has none (``[None]``).
    ``winners`` default to the seats with the highest points.

    Example:
        >>> outcomes([300, 280]), outcomes([5, 5, 1]), outcomes([250]), outcomes([4, 4], [1])
        (['win', 'loss'], ['draw', 'draw', 'loss'], [None], ['loss', 'win'])
    """
    if len(points) < 2:
        return [None] * len(points)
    if winners is None:
        winners = [i for i, p in enumerate(points) if p == max(points)]
    won = "win" if len(winners) == 1 else "draw"
    return [won if i in winners else "loss" for i in range(len(points))]


def rules_of(game: str) -> EndRules:
    """The ``end`` part of the registered game ``game`` (UnknownGameError: none)."""
    rules: EndRules = REGISTRY.get(game).load("end")
    return rules


def ending(rules: EndRules, match: Any, seats: Sequence[EndSeat] | None = None, *,
           source: str = "local", detail: Mapping[str, Any] | None = None) -> Ending:
    """The end of the finished ``match`` (the game's match driver) under ``rules``.

    Args:
        rules: the game's ``end`` part.
        match: the finished match.
        seats: the seats in order (default: the match's own, ``rules.seats``).
        source: where it was played (``local``, ``online``; the history's ``source``).
        detail: added to every score and result row's detail (``{"online": "ABCD"}``).

    Returns:
        The top-20 rows in seat order, each person's results against every other seat in
        seat order, and the history entry.
    """
    seats = list(rules.seats(match) if seats is None else seats)
    record = rules.record(match)
    points = list(rules.points(match))
    extra = dict(detail or {})
    scores = [] if rules.top is None else [
        ScoreEntry(s.name, points[i], record.seed, detail={**rules.top(match, i), **extra})
        for i, s in enumerate(seats) if not (rules.top_people and s.kind == "computer")]
    results = [] if rules.versus is None else [
        ResultEntry(s.name, rules.opponent(o.level or "") if o.kind == "computer" else o.name,
                    "win" if points[i] > points[j] else
                    "loss" if points[i] < points[j] else "draw", record.seed,
                    {**rules.versus(match), **extra})
        for i, s in enumerate(seats) if s.kind != "computer"
        for j, o in enumerate(seats) if j != i]
    said = outcomes(points, None if rules.winners is None else rules.winners(match))
    history = HistoryEntry(record, [HistoryPlayer(s.name, s.kind, s.level, points[i], said[i])
                                    for i, s in enumerate(seats)], source=source)
    return Ending(record.game, scores, results, history)
