"""The actions of a round of One Dollar Pinball played at a table of seats (a game server's
room), as text that parses back.

A seat's one action enters its bill: ``bill L40000002A series 1902`` (the serial as printed,
R-DP-1, its prefix letter naming the district, R-DP-2; the series optional, R-DP-3: without
it the Match is not counted), or ``draw``: a bill drawn at random from the round's seed, as
a computer seat does (written down as the ``bill ...`` it drew). Pure: no I/O.

Example:
    >>> str(parse_action("BILL l 40000002 a Series 1902"))
    'bill L40000002A series 1902'
    >>> parse_action(str(parse_action("bill L40000002A"))) == parse_action("bill L40000002A")
    True
    >>> parse_action("draw")
    Draw()
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import quote
from gameshelf.games.dollar.bill import Bill, Series, parse_bill, parse_series

_BILL = re.compile(r"^bill(?:\s+(?P<bill>.*?))??(?:\s+series\s+(?P<series>\S.*?))?$",
                   re.IGNORECASE | re.DOTALL)
#: The keyword typed again after ``series``: only the bill's own printed ``SERIES`` (capitals,
#: R-DP-3: ``SERIES 2017 A`` as on the note) may follow the keyword.
_TWICE = re.compile(r"^(?!SERIES\b)(?i:series)\b")


@dataclass(frozen=True)
class EnterBill:
    """A seat enters its bill (R-DP-1 to R-DP-3).

    Attributes:
        bill: the bill, with its prefix letter (the district, R-DP-2).
        series: its series, or None: the Match is then not counted (R-DP-9).
    """

    bill: Bill
    series: Series | None = None

    def __str__(self) -> str:
        return f"bill {self.bill}" + ("" if self.series is None else f" series {self.series}")


@dataclass(frozen=True)
class Draw:
    """A seat asks for a bill drawn at random from the round's seed."""

    def __str__(self) -> str:
        return "draw"


Action = EnterBill | Draw


def parse_action(text: str) -> Action:
    """Read an action: ``bill SERIAL [series YEAR]`` or ``draw``.

    Raises:
        BadInputError: not one of these; a serial the rules do not read (R-DP-1: 8 digits
            between a prefix letter and a suffix letter or star), 8 bare digits (a table
            takes the bill's letters: the prefix letter is its district, R-DP-2), or a
            series that is not a year (R-DP-3), said in the rules' words; the keyword
            typed twice (``series series 2017``: only the bill's printed ``SERIES``, in
            capitals, may follow it).
    """
    said = " ".join(str(text).split())
    if said.lower() == "draw":
        return Draw()
    found = _BILL.match(said)
    if found is None:
        raise BadInputError(f"cannot read the action {quote(said)}: enter a bill as "
                            "'bill L12345678A series 2017', or 'draw'")
    bill = parse_bill(found["bill"] or "")
    if bill.district is None:
        raise BadInputError(f"give the serial {quote(bill.serial)} with its letters, like "
                            f"L{bill.serial}A: the prefix letter is the bill's Federal Reserve "
                            "district, whose number is the jackpot")
    said_series = found["series"]
    if said_series is not None and _TWICE.match(said_series):
        raise BadInputError(f"the word 'series' is given twice in {quote(said)}: enter the "
                            "bill as 'bill L12345678A series 2017' (or 'series SERIES 2017', "
                            "the year as printed on the bill)")
    series = None if said_series is None else parse_series(said_series)
    return EnterBill(bill, series)
