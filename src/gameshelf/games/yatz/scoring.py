"""Yatz scoring: the 13 boxes, what five dice score in each, and rule sets.

Rules (``rules/yatz.txt`` with rulings R-YZ-3, R-YZ-4, R-YZ-5): the upper boxes count that
face; 3 and 4 of a kind score the sum of all five dice; Full House 25; Small Straight 30 (any
four consecutive faces, duplicates allowed); Large Straight 40; Yatz 50; Chance the sum. Five
of a kind is always a Full House, a 3 of a kind and a 4 of a kind (R-YZ-3). Under Wild Yatz
(R-YZ-4) five of a kind also scores 30 as a Small Straight and 40 as a Large Straight. An
upper total of 63 or more earns a 35 bonus in that column (R-YZ-5).

The rule set ``classic-no-bonus`` is the classic game as the published solvers play it: a full
house needs exactly three of one face and two of another, no Yahtzee bonus and no joker.

Example:
    >>> score((1, 2, 3, 3, 4), Box.SMALL_STRAIGHT)
    30
    >>> score((6, 6, 6, 6, 6), Box.FULL_HOUSE)
    25
    >>> score((6, 6, 6, 6, 6), Box.LARGE_STRAIGHT, wild=True)
    40
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import IntEnum

from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import quote

DICE = 5
FACES = 6
UPPER_BONUS_THRESHOLD = 63
UPPER_BONUS = 35
FULL_HOUSE_POINTS = 25
SMALL_STRAIGHT_POINTS = 30
LARGE_STRAIGHT_POINTS = 40
YATZ_POINTS = 50


class Box(IntEnum):
    """The 13 scoring boxes of a column, in scorecard order (rows 1-6 and 10-16)."""

    ONES = 0
    TWOS = 1
    THREES = 2
    FOURS = 3
    FIVES = 4
    SIXES = 5
    THREE_KIND = 6
    FOUR_KIND = 7
    FULL_HOUSE = 8
    SMALL_STRAIGHT = 9
    LARGE_STRAIGHT = 10
    YATZ = 11
    CHANCE = 12

    @property
    def text(self) -> str:
        """The box's text form (``full-house``), used in actions."""
        return self.name.lower().replace("_", "-")

    @property
    def label(self) -> str:
        """The scorecard label (``Full House``)."""
        return _LABEL[self]

    @property
    def is_upper(self) -> bool:
        """True for the six face boxes."""
        return self <= Box.SIXES

    @classmethod
    def parse(cls, text: str) -> Box:
        """Parse a box name: ``full-house``, ``fullhouse``, ``fh``, ``6s``, ``sixes``...

        Raises:
            BadInputError: no box has that name.
        """
        key = text.strip().lower().replace("_", "-").replace(" ", "-")
        box = (_ALIASES.get(key) or _ALIASES.get(key.replace("-", ""))) if key.isascii() else None
        if box is None:
            raise BadInputError(f"no box named {quote(text)}; boxes are "
                                + ", ".join(b.text for b in cls))
        return box


_LABEL = {
    Box.ONES: "Ones", Box.TWOS: "Twos", Box.THREES: "Threes", Box.FOURS: "Fours",
    Box.FIVES: "Fives", Box.SIXES: "Sixes", Box.THREE_KIND: "3 of a Kind",
    Box.FOUR_KIND: "4 of a Kind", Box.FULL_HOUSE: "Full House",
    Box.SMALL_STRAIGHT: "Sm. Straight", Box.LARGE_STRAIGHT: "Lg. Straight",
    Box.YATZ: "Yatz", Box.CHANCE: "Chance",
}
_ALIASES: dict[str, Box] = {}
for _b in Box:
    _ALIASES[_b.text] = _b
    _ALIASES[_b.text.replace("-", "")] = _b
    _ALIASES[_b.name.lower()] = _b
for _i, _b in enumerate(list(Box)[:6], start=1):
    _ALIASES[str(_i)] = _b
    _ALIASES[f"{_i}s"] = _b
_ALIASES.update({"3k": Box.THREE_KIND, "4k": Box.FOUR_KIND, "fh": Box.FULL_HOUSE,
                 "ss": Box.SMALL_STRAIGHT, "ls": Box.LARGE_STRAIGHT, "yahtzee": Box.YATZ,
                 "3ofakind": Box.THREE_KIND, "4ofakind": Box.FOUR_KIND, "c": Box.CHANCE,
                 "smallstraight": Box.SMALL_STRAIGHT, "largestraight": Box.LARGE_STRAIGHT})


@dataclass(frozen=True)
class RuleSet:
    """Options that tell one Yahtzee variant from another.

    Attributes:
        name: the rule set's key (``yatz``, ``classic-no-bonus``).
        five_kind_is_full_house: five of a kind scores 25 as a Full House (R-YZ-3).
        wild_yatz: the Wild Yatz rule exists (R-YZ-4).
        upper_bonus: points for an upper total of 63 or more (R-YZ-5).
    """

    name: str
    five_kind_is_full_house: bool
    wild_yatz: bool
    upper_bonus: int = UPPER_BONUS


YATZ_RULES = RuleSet("yatz", five_kind_is_full_house=True, wild_yatz=True)
CLASSIC_NO_BONUS = RuleSet("classic-no-bonus", five_kind_is_full_house=False, wild_yatz=False)
RULE_SETS = {r.name: r for r in (YATZ_RULES, CLASSIC_NO_BONUS)}


def rule_set(name: str) -> RuleSet:
    """The rule set called ``name``.

    Raises:
        BadInputError: no such rule set.
    """
    try:
        return RULE_SETS[name]
    except KeyError:
        raise BadInputError(f"no rule set named {name!r}; known: "
                            + ", ".join(RULE_SETS)) from None


def check_dice(dice: Sequence[int]) -> tuple[int, ...]:
    """Return ``dice`` as a tuple after checking it is five faces 1-6.

    Raises:
        BadInputError: not five dice, or a face outside 1-6.
    """
    t = tuple(int(d) for d in dice)
    if len(t) != DICE or any(not 1 <= d <= FACES for d in t):
        raise BadInputError(f"dice must be five faces from 1 to 6, got {list(dice)}")
    return t


def score(dice: Sequence[int], box: Box, rules: RuleSet = YATZ_RULES, *,
          wild: bool = False) -> int:
    """Points (0 or more) that ``dice`` score in ``box``.

    Args:
        dice: five faces 1-6, in any order.
        box: the box.
        rules: the rule set (default: Yatz as the 1991 program played it).
        wild: the Wild Yatz condition holds for this roll (R-YZ-4): five of a kind then also
            scores the straights at full value. Ignored when ``rules.wild_yatz`` is False or
            the dice are not five of a kind.

    Raises:
        BadInputError: ``dice`` is not five faces 1-6.
    """
    dice = check_dice(dice)
    counts = Counter(dice)
    total = sum(dice)
    most = max(counts.values())
    five = most == DICE
    joker = five and wild and rules.wild_yatz
    if box.is_upper:
        face = int(box) + 1
        return face * counts[face]
    if box is Box.THREE_KIND:
        return total if most >= 3 else 0
    if box is Box.FOUR_KIND:
        return total if most >= 4 else 0
    if box is Box.FULL_HOUSE:
        full = sorted(counts.values()) == [2, 3]
        if full or (five and (rules.five_kind_is_full_house or joker)):
            return FULL_HOUSE_POINTS
        return 0
    if box is Box.SMALL_STRAIGHT:
        faces = set(dice)
        run = any({s, s + 1, s + 2, s + 3} <= faces for s in (1, 2, 3))
        return SMALL_STRAIGHT_POINTS if run or joker else 0
    if box is Box.LARGE_STRAIGHT:
        faces = set(dice)
        run = faces in ({1, 2, 3, 4, 5}, {2, 3, 4, 5, 6})
        return LARGE_STRAIGHT_POINTS if run or joker else 0
    if box is Box.YATZ:
        return YATZ_POINTS if five else 0
    return total  # CHANCE


def upper_bonus(upper_total: int, rules: RuleSet = YATZ_RULES) -> int:
    """The upper bonus (points) for a column whose upper boxes total ``upper_total`` (R-YZ-5)."""
    return rules.upper_bonus if upper_total >= UPPER_BONUS_THRESHOLD else 0
