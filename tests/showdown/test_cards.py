"""Deck file validation (R-PS-1, R-PS-2): errors name the card, the field and the problem."""

from __future__ import annotations

import pytest

from gameshelf.core.errors import DeckError
from gameshelf.games.showdown.actions import Take
from gameshelf.games.showdown.cards import default_deck, default_deck_text, parse_deck
from tests.showdown.helpers import deal, done_all, offer_all

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


# ----- what the rulebook fixes for a named card (issue 17, section 2) --------------------------
KICKOUT = 'device = "Kick-out Hole"\npoints = 3000\nmin_speed = 0\nmax_speed = 5\n'


#: (deck text, the error it must give): one case per named-card rule of the rulebook.
NAMED_RULE_CASES = [
    # Kick-out Hole: "discarded and not scored, if your speed is more than 5"
    (_edit(KICKOUT, KICKOUT.replace("max_speed = 5", "max_speed = 9")),
     r"playfield entry 7 \(Kick-out Hole\): field 'max_speed' must be 5: the rulebook "
     r"discards a Kick-out Hole claimed at a speed above 5.*got 9"),
    (_edit(KICKOUT, KICKOUT.replace("max_speed = 5", "max_speed = 0")),
     r"Kick-out Hole\): field 'max_speed' must be 5"),
    (_edit(KICKOUT, KICKOUT.replace("device = \"Kick-out Hole\"", "device = \"kickout HOLE\"")
           .replace("max_speed = 5", "max_speed = 7")),
     r"\(kickout HOLE\): field 'max_speed' must be 5"),
    # a full-width spelling is the same device (NFKC), so its rule still holds
    (_edit(KICKOUT, KICKOUT.replace("device = \"Kick-out Hole\"",
                                    "device = \"Ｋｉｃｋ－ｏｕｔ Ｈｏｌｅ\"")
           .replace("max_speed = 5", "max_speed = 9")),
     r"field 'max_speed' must be 5"),
    (_edit(KICKOUT, KICKOUT.replace("min_speed = 0\nmax_speed = 5", "min_speed = 6")),
     r"Kick-out Hole\): field 'min_speed' must be at most 5.*speed 6 could never score it"),
    # Drop Target: "Each Drop target card is worth 1000 points", eight of them
    (_edit("points = 1000", "points = 1500"),
     r"playfield entry 1 \(Drop Target\): field 'points': a Drop Target is worth 1000"),
    (_edit('device = "Drop Target"\npoints = 1000\nmin_speed = 1\neffect = "none"',
           'device = "drop-target"\npoints = 900\nmin_speed = 1\neffect = "none"'),
     r"\(drop-target\): field 'points': a Drop Target is worth 1000"),
    # "a Short Ramp ... could be used to complete both the Short Hop and Ramp combinations"
    (_edit('devices = ["Short Ramp", "Slingshot"]', 'devices = ["Pop Bumper", "Slingshot"]'),
     r"combination entry 1 \(Short Hop\): field 'devices' must include the Short Ramp: the "
     r"rulebook's example"),
    (_edit('devices = ["Short Ramp", "Long Ramp"]', 'devices = ["Spinner", "Long Ramp"]'),
     r"combination entry 2 \(Ramp Combo\): field 'devices' must include the Short Ramp"),
]


@pytest.mark.parametrize(("text", "message"), NAMED_RULE_CASES)
def test_a_deck_contradicting_a_named_card_rule_is_refused(text: str, message: str) -> None:
    """Issue 17: a rule the rulebook fixes for a named card is not the deck file's to change;
    the error names the entry and the rule."""
    with pytest.raises(DeckError, match=message):
        parse_deck(text)


def test_named_devices_get_the_rulebooks_rules_whatever_the_spelling() -> None:
    """A Kick-out Hole without a maximum gets the rulebook's 5; other spellings of the named
    devices are read as the rulebook's, so Drop Target sets and combinations still count."""
    text = (_edit(KICKOUT, KICKOUT.replace("max_speed = 5\n", "")
                  .replace('"Kick-out Hole"', '"kick-out  hole"'))
            .replace('device = "Drop Target"', 'device = "drop target"'))
    deck = parse_deck(text)
    kicks = [c for c in deck.playfield if c.device == "Kick-out Hole"]
    assert len(kicks) == 2 and {c.max_speed for c in kicks} == {5}
    assert sum(c.device == "Drop Target" for c in deck.playfield) == 8
    assert parse_deck(BASE.replace('"Kick-out Hole", "Pop Bumper"', '"KICK-OUT HOLE", '
                                   '"Pop Bumper"')).combinations == default_deck().combinations


def test_r_ps_5_the_engine_discards_a_kickout_hole_above_five_whatever_the_deck_says() -> None:
    """Issue 17: a deck whose Kick-out Hole gives no maximum speed still has the rulebook's:
    claimed at speed 8 it is discarded and not scored."""
    deck = parse_deck(_edit(KICKOUT, KICKOUT.replace("max_speed = 5\n", "")))
    kick = next(i for i, c in enumerate(deck.playfield) if c.device == "Kick-out Hole")
    pop = next(i for i, c in enumerate(deck.playfield) if c.device == "Pop Bumper")
    state = deal(2, hands=[[kick], [pop]], deck=deck)
    state.speed[0], state.control[0] = 8, 12
    offer_all(state, [kick, pop])
    done_all(state)
    state.apply_action(Take(kick))
    claim = state.claims[0]
    assert claim is not None and not claim.completed and "above 5" in claim.reason
    state.apply_action(Take(pop))
    assert kick in state.discard and kick not in state.piles[0] + state.piles2x[0]
    assert (state.speed[0], state.control[0]) == (8, 12)  # no other cost (R-PS-5)
