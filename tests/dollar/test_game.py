"""A round between 1 and 8 players: entries, random bills from the seed, winners."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError
from gameshelf.games.dollar.bill import Series, parse_bill
from gameshelf.games.dollar.game import MAX_PLAYERS, make_entry, random_bill, winners
from tests.examples import examples


def test_make_entry_scores_the_bill() -> None:
    """R-DP-10 through a round's entry."""
    e = make_entry("  Ann  ", "L 40000002 A", series="SERIES 1902")
    assert (e.name, str(e.bill), e.district, e.series, e.score) == (
        "Ann", "L40000002A", 12, Series(1902), 88_000_000)
    assert make_entry("Bob", "40000002", district="L").score == 87_000_000
    assert make_entry("Bob", "40000002", district=12, series="").result.match is None


@pytest.mark.parametrize(
    ("name", "bill", "district", "series", "fragment"),
    [
        ("", "L40000002A", None, None, "name"),
        ("Ann", "40000002", None, None, "district"),
        ("Ann", "L40000002A", 3, None, "disagree|district 12, but district 3"),
        ("Ann", "L40000002A", None, "190", "series"),
    ],
)
def test_make_entry_refuses_bad_input(name: str, bill: str, district: int | None,
                                      series: str | None, fragment: str) -> None:
    with pytest.raises(BadInputError, match=fragment):
        make_entry(name, bill, district, series)


def test_random_bills_follow_the_seed_and_parse_back() -> None:
    a, b = Chance(99), Chance(99)
    drawn = [random_bill(a) for _ in range(50)]
    assert drawn == [random_bill(b) for _ in range(50)]
    for bill, series in drawn:
        assert parse_bill(str(bill)) == bill
        assert bill.district is not None and 1 <= bill.district <= 12
        assert 2000 <= series.year <= 2029
    assert len({str(bill) for bill, _s in drawn}) == 50


def test_winners_share_equal_scores() -> None:
    ann = make_entry("Ann", "L40000002A", series="1902")
    bob = make_entry("Bob", "L40000002A", series="1902")
    cy = make_entry("Cy", "B12345678C")
    assert winners([cy]) == [0]
    assert winners([ann, cy]) == [0]
    assert winners([cy, ann, bob]) == [1, 2]
    with pytest.raises(BadInputError):
        winners([])


@given(st.integers(0, 2**40), st.integers(1, MAX_PLAYERS))
@settings(max_examples=examples(60), deadline=None)
def test_random_rounds_to_the_end(seed: int, players: int) -> None:
    """Any round: every player scores; the winners are exactly those with the best score."""
    chance = Chance(seed)
    entries = []
    for i in range(players):
        bill, series = random_bill(chance)
        entries.append(make_entry(f"P{i + 1}", bill, None, series))
    best = max(e.score for e in entries)
    wins = winners(entries)
    assert wins and all(entries[i].score == best for i in wins)
    assert all(e.score < best for i, e in enumerate(entries) if i not in wins)
    assert all(e.score % 1_000_000 == 0 and e.score >= 0 for e in entries)
