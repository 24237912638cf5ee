"""Bills: serial numbers, Federal Reserve districts and series years.

A $1 note's serial number is a prefix letter, 8 digits and a suffix letter or a star
(R-DP-1). The prefix letter names the Federal Reserve district that issued the note (A=1
Boston ... L=12 San Francisco); its number is printed four times in the corners of the note,
and those four "black numbers" are the jackpot of One Dollar Pinball (R-DP-2). The series year
printed on the face (``SERIES 2017 A``) decides the Match (R-DP-3).

Example:
    >>> b = parse_bill("L 40000002 A")
    >>> (b.serial, b.district, str(b))
    ('40000002', 12, 'L40000002A')
    >>> parse_bill(str(b)) == b
    True
    >>> parse_series("SERIES 2017 A")
    Series(year=2017, letter='A')
    >>> resolve_district(parse_bill("40000002"), 12)
    12
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import is_ascii_digits, quote, whole_number

#: Digits in a serial number (R-DP-1).
SERIAL_DIGITS = 8

#: Federal Reserve districts: number -> (letter, bank city). Letters A..L are districts 1..12.
DISTRICTS: dict[int, tuple[str, str]] = {
    1: ("A", "Boston"),
    2: ("B", "New York"),
    3: ("C", "Philadelphia"),
    4: ("D", "Cleveland"),
    5: ("E", "Richmond"),
    6: ("F", "Atlanta"),
    7: ("G", "Chicago"),
    8: ("H", "St. Louis"),
    9: ("I", "Minneapolis"),
    10: ("J", "Kansas City"),
    11: ("K", "Dallas"),
    12: ("L", "San Francisco"),
}

#: Series years accepted (R-DP-3): the rules' own example uses 1902.
MIN_SERIES_YEAR = 1000
MAX_SERIES_YEAR = 2999

_STARS = "*★☆"
_SEP = r"[\s\-]*"
_BILL_RE = re.compile(
    rf"^(?P<prefix>[A-Z]{{1,2}}){_SEP}(?P<digits>[0-9]+){_SEP}(?P<suffix>[A-Z]|[{_STARS}])?$"
)
_SERIES_RE = re.compile(r"^(?:SERIES\s*)?(?P<year>[0-9]+)\s*(?P<letter>[A-Z])?$")


def _ascii_only(text: str, what: str, allowed: str = "") -> None:
    """Refuse characters outside ASCII (but ``allowed``): upper-casing would read ``ı`` as
    ``I`` and ``ﬁ`` as ``FI``, and other scripts' digits and blanks are no part of a bill."""
    for ch in text:
        if not ch.isascii() and ch not in allowed:
            raise BadInputError(f"cannot read the {what} {quote(text)}: the character "
                                f"{ch!r} (U+{ord(ch):04X}) is not allowed; use the letters "
                                f"A-Z, the digits 0-9, blanks and dashes"
                                + (", and a star" if allowed else ""))


def district_name(district: int) -> str:
    """``"12 (L, San Francisco)"``: the district as people read it."""
    letter, city = DISTRICTS[district]
    return f"{district} ({letter}, {city})"


def district_of_letter(letter: str) -> int:
    """The district number of a prefix letter (R-DP-2).

    Raises:
        BadInputError: ``letter`` is not one of A..L.
    """
    up = letter.strip().upper() if letter.isascii() else ""
    for number, (let, _city) in DISTRICTS.items():
        if let == up:
            return number
    raise BadInputError(f"district letter must be A to L (A=1 Boston ... L=12 San Francisco), "
                        f"got {quote(letter)}")


def parse_district(text: str | int) -> int:
    """Parse a district given as a number 1..12 or a letter A..L (R-DP-2).

    Raises:
        BadInputError: anything else.
    """
    s = str(text).strip()
    if is_ascii_digits(s):
        n = whole_number(s, "district")
        if 1 <= n <= 12:
            return n
        raise BadInputError(f"district must be 1 to 12 (or a letter A to L), got {n}")
    if len(s) == 1 and s.isascii() and s.isalpha():
        return district_of_letter(s)
    raise BadInputError(f"district must be 1 to 12 (or a letter A to L), got {quote(s)}")


@dataclass(frozen=True)
class Series:
    """A series year as printed on the note (R-DP-3): ``2017`` or ``2017A``.

    Attributes:
        year: 1000..2999.
        letter: the revision letter after the year, upper case, or None.
    """

    year: int
    letter: str | None = None

    @property
    def last_digit(self) -> int:
        """The digit the Match compares with the serial's last digit (R-DP-9)."""
        return self.year % 10

    def __str__(self) -> str:
        return f"{self.year}{self.letter or ''}"


def parse_series(text: str | int) -> Series:
    """Parse a series year: ``2017``, ``2017A``, ``2017 a``, ``SERIES 2017 A`` (R-DP-3).

    Raises:
        BadInputError: not four digits (with an optional letter), or outside 1000..2999.
    """
    _ascii_only(str(text), "series")
    s = " ".join(str(text).upper().split())
    m = _SERIES_RE.match(s)
    if m is None or len(m["year"]) != 4:
        raise BadInputError(f"series must be a 4-digit year with an optional letter "
                            f"(2017, 2017A, SERIES 2017 A), got {quote(text)}")
    year = int(m["year"])
    if not MIN_SERIES_YEAR <= year <= MAX_SERIES_YEAR:
        raise BadInputError(f"series year must be between {MIN_SERIES_YEAR} and "
                            f"{MAX_SERIES_YEAR}, got {year}")
    return Series(year, m["letter"])


@dataclass(frozen=True)
class Bill:
    """A bill's serial number as printed, or 8 bare digits.

    Attributes:
        serial: the 8 digits, as text (leading zeros kept).
        prefix: the prefix letter(s) as printed (``"L"`` or ``"ML"``), ``""`` for bare digits.
        suffix: the suffix letter, ``"*"`` for a star note, ``""`` for bare digits.
    """

    serial: str
    prefix: str = ""
    suffix: str = ""

    @property
    def district(self) -> int | None:
        """The district from the prefix letter (the last one of two, R-DP-1), or None."""
        return district_of_letter(self.prefix[-1]) if self.prefix else None

    @property
    def star(self) -> bool:
        """True for a star (replacement) note."""
        return self.suffix == "*"

    def __str__(self) -> str:
        return f"{self.prefix}{self.serial}{self.suffix}"


def parse_bill(text: str) -> Bill:
    """Parse a serial as printed on a bill, or 8 bare digits (R-DP-1).

    Accepted: ``L12345678A``, ``L 12345678 *``, ``l-12345678-a``, ``L12345678★``, ``ML12345678A``
    (two prefix letters: the second is the district letter), and ``12345678``.

    Raises:
        BadInputError: the text names what is wrong (not 8 digits, a prefix letter that is no
            district, a missing suffix, stray characters).
    """
    raw = str(text)
    _ascii_only(raw, "bill", allowed=_STARS)
    s = raw.strip().upper()
    if not s:
        raise BadInputError("the bill is empty: give a serial like L12345678A or 8 digits")
    if s.isascii() and s.isdigit():
        if len(s) != SERIAL_DIGITS:
            raise BadInputError(f"a serial has exactly {SERIAL_DIGITS} digits, "
                                f"got {len(s)} in {quote(raw.strip())}")
        return Bill(s)
    m = _BILL_RE.match(s)
    if m is None:
        raise BadInputError(f"cannot read the bill {quote(raw.strip())}: expected a prefix letter, "
                            f"8 digits and a suffix letter or star (spaces or dashes only "
                            f"between the parts), like L12345678A")
    digits = m["digits"]
    if len(digits) != SERIAL_DIGITS:
        raise BadInputError(f"a serial has exactly {SERIAL_DIGITS} digits, "
                            f"got {len(digits)} in {quote(raw.strip())}")
    prefix = m["prefix"]
    try:
        district_of_letter(prefix[-1])
    except BadInputError:
        raise BadInputError(f"the district letter of {quote(raw.strip())} is {prefix[-1]}, but "
                            f"district letters are A to L") from None
    suffix = m["suffix"]
    if suffix is None:
        raise BadInputError(f"the bill {quote(raw.strip())} has no suffix letter or star "
                            f"(write it like L12345678A, or give 8 bare digits)")
    if suffix in _STARS:
        suffix = "*"
    return Bill(digits, prefix, suffix)


def resolve_district(bill: Bill, district: int | str | None) -> int:
    """The district of ``bill``, checked against a district given apart (R-DP-2).

    Args:
        bill: the parsed bill.
        district: a district number (or letter) given apart, e.g. by ``--district``, or None.

    Raises:
        BadInputError: no district known (bare digits without one), or the bill's letter and
            the given district disagree.
    """
    given = None if district is None else parse_district(district)
    own = bill.district
    if own is not None and given is not None and own != given:
        raise BadInputError(f"the bill's letter {bill.prefix[-1]} is district {own}, "
                            f"but district {given} was given")
    if own is None and given is None:
        raise BadInputError("8 bare digits need a district (--district 1 to 12), or give the "
                            "serial with its letters, like L12345678A")
    result = own if own is not None else given
    assert result is not None
    return result
