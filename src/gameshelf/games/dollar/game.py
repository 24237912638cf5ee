"""A round of One Dollar Pinball between 1 and 8 players, as the screen plays it.

Each player brings a bill (or draws one at random from the round's seed, owned by the driver);
each serial is scored with :func:`gameshelf.games.dollar.scorer.score_serial`; the highest
score wins and equal scores share the win. Pure: no I/O, no generator of its own.

Example:
    >>> e = [make_entry("Ann", "L40000002A", series="1902"),
    ...      make_entry("Bob", "B12345678C", series="1902")]
    >>> [e[i].name for i in winners(e)]
    ['Ann']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import check_name
from gameshelf.core.seats import check_person_name
from gameshelf.games.dollar.bill import (
    DISTRICTS,
    SERIAL_DIGITS,
    Bill,
    Series,
    parse_bill,
    parse_series,
    resolve_district,
)
from gameshelf.games.dollar.scorer import Result, score_serial

#: The version of these rules; a record of another version is refused.
RULES_VERSION = 1
MIN_PLAYERS = 1
MAX_PLAYERS = 8
#: The longest player name (characters; the setup screen's field holds as many).
MAX_NAME_LENGTH = 24

#: Suffix letters of real notes (no O); a star marks a replacement note.
SUFFIX_LETTERS = "ABCDEFGHIJKLMNPQRSTUVWXY"
#: Series of $1 notes printed in recent decades, for random bills.
RANDOM_SERIES = ("2003A", "2006", "2009", "2013", "2017", "2017A", "2021")


@dataclass(frozen=True)
class Entry:
    """One player's bill, scored.

    Attributes:
        name: the player's name.
        bill: the bill as parsed.
        district: its district (1..12).
        series: its series, or None when the match is not checked.
        result: the scored serial with its trace.
    """

    name: str
    bill: Bill
    district: int
    series: Series | None
    result: Result

    @property
    def score(self) -> int:
        """The total in points."""
        return self.result.score


def make_entry(name: str, bill: str | Bill, district: int | str | None = None,
               series: str | Series | None = None, *, stored: bool = False) -> Entry:
    """Parse and score one player's bill. ``stored``: the name is a record's, checked as
    stored names are (:func:`~gameshelf.core.inputs.check_name`), so an old round loads.

    Raises:
        BadInputError: a malformed bill or series, a missing or disagreeing district, or an
            empty name, or a name with control characters or longer than
            :data:`MAX_NAME_LENGTH` characters.
    """
    name = check_person_name(check_name(name, "player name", max_len=MAX_NAME_LENGTH,
                                        stored=stored))
    if not name:
        raise BadInputError("a player needs a name")
    parsed = bill if isinstance(bill, Bill) else parse_bill(bill)
    dist = resolve_district(parsed, district)
    ser: Series | None
    if series is None or isinstance(series, Series):
        ser = series
    elif not series.strip():
        ser = None
    else:
        ser = parse_series(series)
    result = score_serial(parsed.serial, dist, None if ser is None else ser.last_digit)
    return Entry(name, parsed, dist, ser, result)


def random_bill(chance: Chance) -> tuple[Bill, Series]:
    """A random bill and series: any district, 8 digits, a suffix letter or (1 in 50) a star."""
    district = chance.randint(1, len(DISTRICTS))
    digits = "".join(str(chance.randint(0, 9)) for _ in range(SERIAL_DIGITS))
    suffix = "*" if chance.randint(1, 50) == 1 else chance.choice(SUFFIX_LETTERS)
    bill = Bill(digits, DISTRICTS[district][0], suffix)
    return bill, parse_series(chance.choice(RANDOM_SERIES))


def ranks(entries: Sequence[Entry]) -> list[int]:
    """Each player's place, 1 for the highest score; equal scores share a place and the next
    place skips the shared ones (scores 9, 9, 5 place 1, 1, 3).

    Example:
        >>> bills = (("A", "40000002"), ("B", "40000002"), ("C", "12345678"))
        >>> ranks([make_entry(name, bill, 12) for name, bill in bills])
        [1, 1, 3]
    """
    return [1 + sum(o.score > e.score for o in entries) for e in entries]


def winners(entries: Sequence[Entry]) -> list[int]:
    """Indices of the players with the highest score (equal scores share the win).

    Raises:
        BadInputError: no entries.
    """
    if not entries:
        raise BadInputError("nobody played")
    best = max(e.score for e in entries)
    return [i for i, e in enumerate(entries) if e.score == best]
