"""The how-to line reads each open end with its article: "an 8", "a 5"."""

from __future__ import annotations

from gameshelf.core.text import a_number


def test_every_end_of_a_double_nine_chain_has_its_article() -> None:
    assert [a_number(n) for n in range(10)] == [
        "a 0", "a 1", "a 2", "a 3", "a 4", "a 5", "a 6", "a 7", "an 8", "a 9"]
    assert [a_number(n) for n in (11, 18, 80, 100, 11_000, 18_000_000, 1_100)] == [
        "an 11", "an 18", "an 80", "a 100", "an 11000", "an 18000000", "a 1100"]
