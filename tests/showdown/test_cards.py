"""Deck file validation (R-PS-1, R-PS-2): errors name the card, the field and the problem."""

from __future__ import annotations

import pytest

from gameshelf.core.errors import DeckError
from gameshelf.showdown.cards import default_deck_text, parse_deck

BASE = default_deck_text()


def _edit(old: str, new: str, count: int = 1) -> str:
    assert old in BASE
    return BASE.replace(old, new, count)


@pytest.mark.parametrize(("text", "message"), [
    ("this is = = not toml", "not a valid TOML"),
    (_edit('effect = "green"\ncircles = 1\ncount = 4', 'effect = "purple"\ncircles = 1\n'
           'count = 4'), r"entry 3 \(Standup Target\): field 'effect' must be none, green"),
    (_edit("points = 700", 'points = "lots"'),
     r"Standup Target\): field 'points' must be a whole number"),
    (_edit("points = 700\n", ""), r"Standup Target\): field 'points' is missing"),
    (_edit("points = 500", "points = -5"), r"Slingshot\): field 'points' must be between"),
    (_edit("count = 5", "count = 6"), "55 Playfield cards"),
    (_edit("count = 5", "count = 4"), "53 Playfield cards"),
    (_edit("points = 1000", "points = 900"), r"field 'points': a Drop Target is worth 1000"),
    (_edit('device = "Standup Target"', 'device = "Drop Target"'),
     r"Drop Target\): field 'points': a Drop Target is worth"),
    (_edit('devices = ["Short Ramp", "Slingshot"]', 'devices = ["Short Ramp", "Short Ramp"]'),
     r"Short Hop\): field 'devices' must name two different devices"),
    (_edit('devices = ["Short Ramp", "Slingshot"]', 'devices = ["Short Ramp", "Flux Capacitor"]'),
     r"Short Hop\): field 'devices': no Playfield card is a 'Flux Capacitor'"),
    (_edit('devices = ["Short Ramp", "Slingshot"]', 'devices = ["Short Ramp"]'),
     r"Short Hop\): field 'devices' must name exactly two"),
    (_edit("bonus = 2500", "bonus = 0"), r"Short Hop\): field 'bonus' must be between"),
    (_edit("max_speed = 5", "max_speed = -1"), r"Kick-out Hole\): field 'max_speed'"),
    (_edit("circles = 4\ncount = 2", "circles = 0\ncount = 2"),
     r"Kick-out Hole\): field 'circles' must be between 1"),
    (_edit("circles = 0\ncount = 4", "circles = 0\ncolour = 3\ncount = 4"),
     r"Drop Target\): unknown field 'colour'"),
    (_edit('name = "Around the World"', 'name = "Short Hop"'), "the name is used twice"),
])
def test_deck_errors_name_card_field_and_problem(text: str, message: str) -> None:
    with pytest.raises(DeckError, match=message):
        parse_deck(text)


def test_drop_targets_must_number_eight() -> None:
    text = _edit('device = "Standup Target"\npoints = 700',
                 'device = "Drop Target"\npoints = 1000')
    with pytest.raises(DeckError, match="12 Drop Target cards"):
        parse_deck(text)


def test_combinations_must_number_twelve() -> None:
    cut = BASE[:BASE.rindex("[[combination]]")]
    with pytest.raises(DeckError, match="11 Combination cards"):
        parse_deck(cut)


def test_missing_sections() -> None:
    with pytest.raises(DeckError, match="playfield"):
        parse_deck('[deck]\nname = "x"\n')


def test_another_deck_loads_and_is_not_marked_as_ours() -> None:
    """R-PS-1: a player can load another deck file."""
    other = _edit('name = "gameshelf reconstruction"\nreconstruction = true',
                  'name = "house deck"')
    deck = parse_deck(other)
    assert deck.name == "house deck" and not deck.reconstruction
    assert len(deck.playfield) == 54
