"""Pig in words: what each action did (the log, the replay, the server's log lines) and
the table as the prompt shows it. Pure: no I/O.

Example:
    >>> from tests.games.pig.game import Dice
    >>> event_words(Event(0, "roll", Dice(3, 5), 8, 8), ["Ann", "Hog"])
    'Ann rolls 3 5: 8 this turn'
    >>> event_words(Event(1, "snake", Dice(1, 1), 30, 0), ["You", "Hog"])
    'Hog rolls snake eyes: loses all 30 points'
"""

from __future__ import annotations

from collections.abc import Sequence

from gameshelf.core.text import count, said, verb_for
from tests.games.pig.game import Event


def event_words(ev: Event, names: Sequence[str]) -> str:
    """One event as a line of the log (the dice shown as rolled)."""
    who = names[ev.seat]
    dice = f"{ev.dice.a} {ev.dice.b}" if ev.dice is not None else ""
    if ev.kind == "hold":
        return f"{said(who, 'holds')} {count(ev.points, 'point')}: {ev.total} in all"
    if ev.kind == "snake":
        return (f"{said(who, 'rolls')} snake eyes: {verb_for(who, 'loses')} all "
                f"{count(ev.points, 'point')}")
    if ev.kind == "one":
        return f"{said(who, 'rolls')} {dice}: a 1, the turn's {count(ev.points, 'point')} lost"
    return f"{said(who, 'rolls')} {dice}: {ev.total} this turn"


def table_line(names: Sequence[str], scores: Sequence[int], turn_total: int, seat: int,
               target: int) -> str:
    """The table in one line: ``Ann 34 · Hog 57 (to 100) · Ann: 12 this turn``."""
    board = " · ".join(f"{n} {s}" for n, s in zip(names, scores, strict=True))
    return f"{board} (to {target}) · {names[seat]}: {turn_total} this turn"
