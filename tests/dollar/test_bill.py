"""Bills, districts and series years (R-DP-1, R-DP-2, R-DP-3)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameshelf.core.errors import BadInputError
from gameshelf.games.dollar.bill import (
    DISTRICTS,
    Bill,
    Series,
    district_name,
    parse_bill,
    parse_district,
    parse_series,
    resolve_district,
)
from tests.examples import examples


@pytest.mark.parametrize(
    ("text", "serial", "prefix", "suffix", "district"),
    [
        ("L12345678A", "12345678", "L", "A", 12),
        ("L 12345678 *", "12345678", "L", "*", 12),
        ("L12345678★", "12345678", "L", "*", 12),
        ("l-12345678-a", "12345678", "L", "A", 12),
        ("  B 00000001 Y ", "00000001", "B", "Y", 2),
        ("ML12345678A", "12345678", "ML", "A", 12),
        ("MA 12345678 ★", "12345678", "MA", "*", 1),
        ("12345678", "12345678", "", "", None),
    ],
)
def test_r_dp_1_accepted_forms(text: str, serial: str, prefix: str, suffix: str,
                               district: int | None) -> None:
    """R-DP-1: prefix letter(s), 8 digits, suffix letter or star; spaces/dashes between parts,
    any case; with two prefix letters the second is the district letter."""
    bill = parse_bill(text)
    assert (bill.serial, bill.prefix, bill.suffix, bill.district) == (serial, prefix, suffix,
                                                                     district)
    assert bill.star == (suffix == "*")


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("", "empty"),
        ("1234567", "exactly 8 digits"),
        ("123456789", "exactly 8 digits"),
        ("L1234567A", "exactly 8 digits"),
        ("L123456789A", "exactly 8 digits"),
        ("M12345678A", "A to L"),
        ("LM12345678A", "A to L"),
        ("L12345678", "no suffix"),
        ("L1234-5678A", "between the parts"),
        ("L12345678AB", "cannot read"),
        ("ABC12345678A", "cannot read"),
        ("L１２３４５６７８A", "cannot read"),
        ("hello", "cannot read"),
    ],
)
def test_r_dp_1_malformed_bills_name_the_problem(text: str, fragment: str) -> None:
    """R-DP-1: a serial is exactly 8 digits; anything else is refused with a clear message."""
    with pytest.raises(BadInputError, match=fragment):
        parse_bill(text)


@given(st.text(alphabet="0123456789", min_size=8, max_size=8),
       st.sampled_from([""] + [f"{a}{b}" for a in ("", "M", "Z") for b in "ABCDEFGHIJKL"]),
       st.sampled_from(["A", "Y", "*"]))
@settings(max_examples=examples(200), deadline=None)
def test_r_dp_1_text_form_round_trips(digits: str, prefix: str, suffix: str) -> None:
    """R-DP-1: every bill's text form parses back to the same bill."""
    bill = Bill(digits, prefix, suffix if prefix else "")
    assert parse_bill(str(bill)) == bill


def test_r_dp_2_letters_map_to_districts() -> None:
    """R-DP-2: A=1 Boston ... L=12 San Francisco; the number can be given instead."""
    assert [parse_bill(f"{DISTRICTS[n][0]}12345678A").district for n in range(1, 13)] == list(
        range(1, 13))
    assert district_name(1) == "1 (A, Boston)"
    assert district_name(12) == "12 (L, San Francisco)"
    assert parse_district("7") == parse_district("g") == parse_district(7) == 7


@pytest.mark.parametrize("bad", ["0", "13", "M", "twelve", "", "-1"])
def test_r_dp_2_bad_district(bad: str) -> None:
    """R-DP-2: a district is 1..12 or a letter A..L."""
    with pytest.raises(BadInputError, match="district"):
        parse_district(bad)


def test_r_dp_2_letter_and_number_must_agree() -> None:
    """R-DP-2: bill letter and --district that disagree are an error, not a guess."""
    assert resolve_district(parse_bill("L12345678A"), None) == 12
    assert resolve_district(parse_bill("L12345678A"), 12) == 12
    assert resolve_district(parse_bill("12345678"), "3") == 3
    with pytest.raises(BadInputError, match="district 12, but district 3"):
        resolve_district(parse_bill("L12345678A"), 3)
    with pytest.raises(BadInputError, match="need a district"):
        resolve_district(parse_bill("12345678"), None)


@pytest.mark.parametrize(
    ("text", "series"),
    [
        ("2017", Series(2017)),
        ("2017A", Series(2017, "A")),
        ("2017 a", Series(2017, "A")),
        ("SERIES 2017 A", Series(2017, "A")),
        ("series 1902", Series(1902)),
        ("1000", Series(1000)),
        ("2999", Series(2999)),
    ],
)
def test_r_dp_3_series_forms(text: str, series: Series) -> None:
    """R-DP-3: four digits with an optional letter; 1000..2999; only the last digit counts."""
    assert parse_series(text) == series
    assert parse_series(str(series)) == series
    assert series.last_digit == series.year % 10


@pytest.mark.parametrize("bad", ["999", "3000", "0999", "17", "20170", "2017AB", "SERIES",
                                 "A2017", ""])
def test_r_dp_3_bad_series(bad: str) -> None:
    """R-DP-3: anything but a year 1000..2999 with an optional letter is refused."""
    with pytest.raises(BadInputError, match="series"):
        parse_series(bad)
