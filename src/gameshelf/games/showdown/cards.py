"""Pinball Showdown cards and the deck file (R-PS-1, R-PS-2, R-PS-8).

The rulebook describes the cards but does not list them, so the game ships the project's own
deck (R-PS-1) as ``deck.toml`` in this package. A deck file holds 54 Playfield cards and 12
Combination cards; :func:`parse_deck` validates it and names the card, the field and the
problem in every error.

A Playfield card (R-PS-2) has a device, points, a minimum speed (the speed requirement), an
optional maximum speed (the Kick-out Hole: 5) and an effect of N circles: green (+N speed),
red (-N speed), blue (speed set to N) or none. Eight cards are Drop Targets worth 1,000.

What the rulebook fixes for a named card is not left to the deck file: a deck that says
otherwise is refused, naming the entry and the rule. A Drop Target is worth 1,000 and a deck
has eight; a Kick-out Hole's maximum speed is 5 (a deck may leave it out) and its speed
requirement at most 5; the Short Hop and Ramp combinations include the Short Ramp. Other
spellings of these names (``kick-out hole``, ``Kickout Hole``) are read as the rulebook's.

Example:
    >>> deck = default_deck()
    >>> len(deck.playfield), len(deck.combinations)
    (54, 12)
    >>> deck.playfield[0].id
    'P01'
"""

from __future__ import annotations

import functools
import unicodedata
from collections.abc import Collection
from dataclasses import dataclass
from enum import Enum
from importlib import resources
from typing import Any

from gameshelf.core.errors import DeckError
from gameshelf.core.inputs import MAX_DATA_FILE_BYTES, check_name, load_toml, quote

#: Playfield cards in a deck (R-PS-2).
PLAYFIELD_CARDS = 54
#: Combination cards in a deck.
COMBINATION_CARDS = 12
#: Drop Target cards in a deck and their points (R-PS-2).
DROP_TARGETS = 8
DROP_TARGET_POINTS = 1000
DROP_TARGET = "Drop Target"
KICKOUT_HOLE = "Kick-out Hole"
SHORT_RAMP = "Short Ramp"
#: The rulebook fixes the Kick-out Hole's maximum speed: "The Kick-out Hole is discarded and
#: not scored, if your speed is more than 5 when you claim it" (R-PS-2, R-PS-5).
KICKOUT_MAX_SPEED = 5


def _spelling_key(name: str) -> str:
    """``name`` without case, spaces or punctuation: ``Kick-out Hole`` and ``kickout hole``
    are the same device, and so are its full-width and other compatibility forms (NFKC)."""
    return "".join(ch for ch in unicodedata.normalize("NFKC", name).casefold() if ch.isalnum())


#: The devices whose rules the rulebook fixes, by spelling key: a deck's other spellings of
#: them are read as the rulebook's, so its rules always apply.
NAMED_DEVICES = {_spelling_key(d): d for d in (DROP_TARGET, KICKOUT_HOLE, SHORT_RAMP)}
#: The Combination cards the rulebook names, by spelling key, and the device it says
#: completes them: "a Short Ramp ... could be used to complete both the Short Hop and Ramp
#: combinations" (the project's deck calls the Ramp combination "Ramp Combo").
NAMED_COMBINATIONS = {"shorthop": SHORT_RAMP, "ramp": SHORT_RAMP, "rampcombo": SHORT_RAMP}


def device_name(text: str) -> str:
    """The device ``text`` names, in the rulebook's spelling when the rulebook names it
    (``drop target`` -> ``Drop Target``); other names unchanged."""
    return NAMED_DEVICES.get(_spelling_key(text), text)


class Effect(Enum):
    """The colour of a card's circles (R-PS-2)."""

    NONE = "none"
    GREEN = "green"
    RED = "red"
    BLUE = "blue"


_SYMBOL = {Effect.NONE: "", Effect.GREEN: "+", Effect.RED: "-", Effect.BLUE: "="}


@dataclass(frozen=True)
class PlayfieldCard:
    """One Playfield card.

    Attributes:
        id: ``P01`` ... ``P54``, in deck-file order.
        device: the pinball part, e.g. ``Spinner``.
        points: points scored (doubled in the 2X pile).
        min_speed: the speed requirement, in speed tokens.
        max_speed: a higher speed discards the card unscored (R-PS-5), or None.
        effect: the circles' colour.
        circles: the number of circles (0 when the effect is none).
    """

    id: str
    device: str
    points: int
    min_speed: int
    max_speed: int | None
    effect: Effect
    circles: int

    @property
    def effect_text(self) -> str:
        """The effect as text: ``+2``, ``-1``, ``=4`` or ``none``."""
        if self.effect is Effect.NONE or self.circles == 0:
            return "none"
        return f"{_SYMBOL[self.effect]}{self.circles}"

    @property
    def speed_range(self) -> str:
        """The speed requirement as text: ``3+``, or ``0-5`` with a maximum."""
        if self.max_speed is not None:
            return f"{self.min_speed}-{self.max_speed}"
        return f"{self.min_speed}+"

    def signature(self) -> tuple[str, int, int, int | None, Effect, int]:
        """Everything but the id: two cards with equal signatures play the same."""
        return (self.device, self.points, self.min_speed, self.max_speed, self.effect,
                self.circles)

    def __str__(self) -> str:
        return (f"{self.id} {self.device} {self.points:,} (speed {self.speed_range}, "
                f"{self.effect_text})")


@dataclass(frozen=True)
class CombinationCard:
    """One Combination card: two different devices and a bonus (never doubled).

    Attributes:
        id: ``C01`` ... ``C12``, in deck-file order.
        devices: the two devices a player must have in their scoring piles.
        bonus: bonus points.
    """

    id: str
    name: str
    devices: tuple[str, str]
    bonus: int

    def __str__(self) -> str:
        return f"{self.id} {self.name}: {self.devices[0]} + {self.devices[1]} = {self.bonus:,}"


@dataclass(frozen=True)
class Deck:
    """A validated deck.

    Attributes:
        reconstruction: True for the project's own reconstruction (R-PS-1).
        playfield: the 54 Playfield cards, index = position in this tuple.
        combinations: the 12 Combination cards.
    """

    name: str
    reconstruction: bool
    playfield: tuple[PlayfieldCard, ...]
    combinations: tuple[CombinationCard, ...]


#: The longest text of a deck file (a device, a Combination's name, the deck's name).
MAX_DECK_TEXT = 40
_PLAYFIELD_FIELDS = {"device", "points", "min_speed", "max_speed", "effect", "circles", "count"}
_COMBO_FIELDS = {"name", "devices", "bonus"}


def _whole(where: str, entry: dict[str, Any], key: str, low: int, high: int) -> int:
    if key not in entry:
        raise DeckError(f"{where}: field {key!r} is missing")
    value = entry[key]
    if not isinstance(value, int) or isinstance(value, bool):
        raise DeckError(f"{where}: field {key!r} must be a whole number, got {value!r}")
    if not low <= value <= high:
        raise DeckError(f"{where}: field {key!r} must be between {low} and {high}, "
                        f"got {value}")
    return value


def _text(where: str, entry: dict[str, Any], key: str) -> str:
    if key not in entry:
        raise DeckError(f"{where}: field {key!r} is missing")
    value = entry[key]
    if not isinstance(value, str) or not value.strip():
        raise DeckError(f"{where}: field {key!r} must be non-empty text, got {quote(value)}")
    # a deck's texts are labels in a data file, not names people pick: checked as stored
    # names are (controls and format characters refused), so a saved game's deck loads
    return check_name(value, f"{where}: field {key!r}", max_len=MAX_DECK_TEXT, error=DeckError,
                      stored=True)


def _entry_place(kind: str, n: int, entry: object, label: str,
                 fields: Collection[str]) -> str:
    """Where deck entry ``n`` of ``kind`` is, for error messages (``playfield entry 3
    (Bumper)``), after checking it is a table with only known ``fields``.

    Raises:
        DeckError: not a table, or a field it does not know.
    """
    where = f"{kind} entry {n}"
    if not isinstance(entry, dict):
        raise DeckError(f"{where}: expected a table of fields")
    label_text = entry.get(label)
    if isinstance(label_text, str) and label_text.strip() and label_text.isprintable():
        where = f"{kind} entry {n} ({' '.join(label_text.split())[:MAX_DECK_TEXT]})"
    unknown = sorted(set(entry) - set(fields))
    if unknown:
        raise DeckError(f"{where}: unknown field {unknown[0]!r}")
    return where


def _playfield(entries: object) -> tuple[PlayfieldCard, ...]:
    if not isinstance(entries, list) or not entries:
        raise DeckError("deck: the [[playfield]] cards are missing")
    cards: list[PlayfieldCard] = []
    for n, entry in enumerate(entries, start=1):
        where = _entry_place("playfield", n, entry, "device", _PLAYFIELD_FIELDS)
        device = device_name(_text(where, entry, "device"))
        points = _whole(where, entry, "points", 1, 1_000_000)
        min_speed = _whole(where, entry, "min_speed", 0, 80)
        max_speed: int | None = None
        if "max_speed" in entry:
            max_speed = _whole(where, entry, "max_speed", min_speed, 80)
        if device == KICKOUT_HOLE:
            max_speed = _kickout_max_speed(where, min_speed, max_speed)
        effect_name = _text(where, entry, "effect").lower()
        try:
            effect = Effect(effect_name)
        except ValueError:
            raise DeckError(f"{where}: field 'effect' must be none, green, red or blue, "
                            f"got {entry['effect']!r}") from None
        if effect is Effect.NONE:
            circles = _whole(where, entry, "circles", 0, 0) if "circles" in entry else 0
        else:
            circles = _whole(where, entry, "circles", 1, 20)
        count = _whole(where, entry, "count", 1, PLAYFIELD_CARDS) if "count" in entry else 1
        if device == DROP_TARGET and points != DROP_TARGET_POINTS:
            raise DeckError(f"{where}: field 'points': a Drop Target is worth "
                            f"{DROP_TARGET_POINTS}, got {points}")
        for _ in range(count):
            cards.append(PlayfieldCard(f"P{len(cards) + 1:02d}", device, points, min_speed,
                                       max_speed, effect, circles))
    if len(cards) != PLAYFIELD_CARDS:
        raise DeckError(f"deck: {len(cards)} Playfield cards (counting 'count'); a deck has "
                        f"exactly {PLAYFIELD_CARDS}")
    drops = sum(1 for c in cards if c.device == DROP_TARGET)
    if drops != DROP_TARGETS:
        raise DeckError(f"deck: {drops} Drop Target cards; a deck has exactly "
                        f"{DROP_TARGETS}")
    return tuple(cards)


def _kickout_max_speed(where: str, min_speed: int, max_speed: int | None) -> int:
    """The Kick-out Hole's maximum speed, which the rulebook fixes at 5: a deck may leave it
    out (it is then 5) but not say another.

    Raises:
        DeckError: another maximum, or a speed requirement above 5 (never met).
    """
    rule = (f"the rulebook discards a Kick-out Hole claimed at a speed above "
            f"{KICKOUT_MAX_SPEED}, unscored")
    if max_speed is not None and max_speed != KICKOUT_MAX_SPEED:
        raise DeckError(f"{where}: field 'max_speed' must be {KICKOUT_MAX_SPEED}: {rule}; "
                        f"got {max_speed}")
    if min_speed > KICKOUT_MAX_SPEED:
        raise DeckError(f"{where}: field 'min_speed' must be at most {KICKOUT_MAX_SPEED}: "
                        f"{rule}, so speed {min_speed} could never score it")
    return KICKOUT_MAX_SPEED


def _combinations(entries: object, devices: set[str]) -> tuple[CombinationCard, ...]:
    if not isinstance(entries, list) or not entries:
        raise DeckError("deck: the [[combination]] cards are missing")
    combos: list[CombinationCard] = []
    names: set[str] = set()
    for n, entry in enumerate(entries, start=1):
        where = _entry_place("combination", n, entry, "name", _COMBO_FIELDS)
        name = _text(where, entry, "name")
        if name.lower() in names:
            raise DeckError(f"{where}: field 'name': the name is used twice")
        names.add(name.lower())
        pair = entry.get("devices")
        if (not isinstance(pair, list) or len(pair) != 2
                or not all(isinstance(d, str) and d.strip() for d in pair)):
            raise DeckError(f"{where}: field 'devices' must name exactly two devices, "
                            f"got {pair!r}")
        a, b = (device_name(" ".join(d.split())) for d in pair)
        if a == b:
            raise DeckError(f"{where}: field 'devices' must name two different devices, "
                            f"got {a!r} twice")
        for d in (a, b):
            if d not in devices:
                raise DeckError(f"{where}: field 'devices': no Playfield card is a {d!r}")
        needed = NAMED_COMBINATIONS.get(_spelling_key(name))
        if needed is not None and needed not in (a, b):
            raise DeckError(f"{where}: field 'devices' must include the {needed}: the "
                            f"rulebook's example completes both the Short Hop and the Ramp "
                            f"combinations with a {needed}; got {a!r} and {b!r}")
        bonus = _whole(where, entry, "bonus", 1, 1_000_000)
        combos.append(CombinationCard(f"C{len(combos) + 1:02d}", name, (a, b), bonus))
    if len(combos) != COMBINATION_CARDS:
        raise DeckError(f"deck: {len(combos)} Combination cards; a deck has exactly "
                        f"{COMBINATION_CARDS}")
    return tuple(combos)


def parse_deck(text: str, source: str = "deck") -> Deck:
    """Parse and validate a deck file's TOML text.

    Args:
        source: a name for the file in error messages.

    Raises:
        DeckError: not TOML, or a card with a missing, mistyped or out-of-range field; the
            message names the card, the field and the problem.
    """
    if len(text) > MAX_DATA_FILE_BYTES:
        raise DeckError(f"{source}: not a deck file (larger than {MAX_DATA_FILE_BYTES:,} "
                        f"characters)")
    data = load_toml(text, source, DeckError)
    meta = data.get("deck", {})
    if not isinstance(meta, dict):
        raise DeckError(f"{source}: [deck] must be a table")
    name = meta.get("name", source)
    if not isinstance(name, str) or not name.strip():
        raise DeckError(f"{source}: [deck] field 'name' must be non-empty text")
    name = check_name(name, f"{source}: [deck] field 'name'", max_len=MAX_DECK_TEXT,
                      error=DeckError, stored=True)
    reconstruction = meta.get("reconstruction", False)
    if not isinstance(reconstruction, bool):
        raise DeckError(f"{source}: [deck] field 'reconstruction' must be true or false")
    unknown = sorted(set(data) - {"deck", "playfield", "combination"})
    if unknown:
        raise DeckError(f"{source}: unknown section {unknown[0]!r}")
    playfield = _playfield(data.get("playfield"))
    combos = _combinations(data.get("combination"), {c.device for c in playfield})
    return Deck(name.strip(), reconstruction, playfield, combos)


def default_deck_text() -> str:
    """The text of the deck shipped with the package (package data, R-PS-1)."""
    return resources.files("gameshelf.games.showdown").joinpath("deck.toml").read_text("utf-8")


@functools.cache
def default_deck() -> Deck:
    """The project's reconstructed deck (R-PS-1), validated once and cached."""
    return parse_deck(default_deck_text(), "deck.toml")
