"""The scorer: play a serial number like a pinball game, with a step-by-step trace.

Rules (``rules/one-dollar-pinball.txt`` with rulings R-DP-4 to R-DP-9). The player starts with
3 balls, 2 tilt warnings and no points (R-DP-4) and reads the digits left to right:

====  =============  ================================================================
0     Million Plus   last digit: 0 points; next digit d > 0: d million, then d is read
                     under its own rule; next digit 0: 10 million, that 0 is used up
                     (R-DP-5)
1     One Million    1 million
2     Double Score   the first 2 doubles the score; later 2s: 1 million each (R-DP-6)
3     Three Million  3 million
4     Jackpot        the first 4: the district number in millions; later 4s: 1 million
5     Extra Ball     one more ball
6     Tilt Warning   one warning used; with none left, a ball is lost and the warnings
                     reset to 2; losing the last ball is a tilt (R-DP-7)
7-9   Drain          a single one drains a ball; two equal in a row are a fantastic save;
                     three equal in a row are a SPECIAL worth 5 million (R-DP-8)
====  =============  ================================================================

The game ends when the digits run out or at once when the ball count reaches 0 (R-DP-4). Then
1 million per ball left, and 1 million more for a Match: the serial's last digit equals the
series year's last digit, even when the game ended early (R-DP-9).

The scorer works for serials of any length (at least one digit), which lets the tests check
the exact odds of :mod:`gameshelf.games.dollar.odds` against every short serial.

Example:
    >>> r = score_serial("40000002", district=12, series_digit=2)
    >>> r.score
    88000000
    >>> [s.rule.name for s in r.steps]
    ['JACKPOT', 'MILLION_PLUS_TEN', 'MILLION_PLUS_TEN', 'MILLION_PLUS_TEN', 'DOUBLE']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from gameshelf.core.errors import BadInputError

#: Points in one million (scores are whole points, R-DP-9).
MILLION = 1_000_000
START_BALLS = 3
START_TILT_WARNINGS = 2
SPECIAL_POINTS = 5 * MILLION


class Rule(Enum):
    """The rule that fired on a step of the trace; the value is its name on the display."""

    MILLION_PLUS_LAST = "Million Plus (last digit)"
    MILLION_PLUS = "Million Plus"
    MILLION_PLUS_TEN = "Million Plus 00"
    ONE_MILLION = "One Million"
    DOUBLE = "Double Score"
    LATER_TWO = "2: One Million"
    THREE_MILLION = "Three Million"
    JACKPOT = "Jackpot"
    LATER_FOUR = "4: One Million"
    EXTRA_BALL = "Extra Ball"
    TILT_WARNING = "Tilt Warning"
    TILT_BALL_LOST = "Tilt Warning: ball lost"
    TILT = "TILT"
    DRAIN = "Drain"
    SAVE = "Fantastic Save"
    SPECIAL = "SPECIAL"


#: What each rule's step says (:attr:`Step.note`): ``{m}`` its points in millions, ``{d}``
#: its first digit, ``{warnings}`` the tilt warnings left; a drain's note depends on the
#: balls left.
_NOTES = {
    Rule.MILLION_PLUS_LAST: "last digit: 0 points",
    Rule.MILLION_PLUS: "next digit {m}: {m} million, then {m} is read",
    Rule.MILLION_PLUS_TEN: "next digit 0: 10 million, that 0 used up",
    Rule.DOUBLE: "first 2: score doubled",
    Rule.JACKPOT: "first 4: jackpot of district {m}, {m} million",
    Rule.ONE_MILLION: "1 million",
    Rule.LATER_TWO: "later {d}: 1 million",
    Rule.LATER_FOUR: "later {d}: 1 million",
    Rule.THREE_MILLION: "3 million",
    Rule.EXTRA_BALL: "one more ball",
    Rule.TILT_WARNING: "{warnings} tilt warning left",
    Rule.TILT_BALL_LOST: "no warning left: ball lost, warnings reset to 2",
    Rule.TILT: "no warning left and the last ball lost: game over",
    Rule.SPECIAL: "three {d}s in a row: SPECIAL, 5 million",
    Rule.SAVE: "{d}{d}: fantastic save, no ball lost",
}


@dataclass(frozen=True)
class Step:
    """One line of the trace: what one digit (or a group used up with it) did.

    Attributes:
        position: 1-based position of the first digit of the step in the serial.
        digits: the digits used by the step: ``"4"``, ``"00"``, ``"77"``, ``"999"``.
        rule: the rule that fired.
        points: points won by the step (a Double's points are the score it added).
        score: the running score after the step, in points.
        balls: balls left after the step.
        tilt_warnings: tilt warnings left after the step.
    """

    position: int
    digits: str
    rule: Rule
    points: int
    score: int
    balls: int
    tilt_warnings: int

    @property
    def note(self) -> str:
        """A short explanation for people (``"next digit 7: 7 million, then 7 is read"``)."""
        if self.rule is Rule.DRAIN:
            return "drain: ball lost" if self.balls > 0 else "drain: last ball lost, game over"
        return _NOTES[self.rule].format(m=self.points // MILLION, d=self.digits[0],
                                        warnings=self.tilt_warnings)

    @property
    def positions(self) -> str:
        """``"3"`` or ``"3-4"``: the positions of the digits the step used."""
        last = self.position + len(self.digits) - 1
        return str(self.position) if last == self.position else f"{self.position}-{last}"


@dataclass(frozen=True)
class Result:
    """A scored serial.

    Attributes:
        serial: the digits scored.
        district: the jackpot in millions (the district number, R-DP-2).
        series_digit: the series year's last digit, or None when the match is not checked.
        steps: the trace, in reading order.
        play_score: points after the last step, before the end bonus.
        balls_left: balls left when the game ended (0 after a drain or tilt of the last ball).
        end_bonus: 1 million per ball left (R-DP-9).
        match: True/False, or None when not checked (no series).
        match_bonus: 1 million for a Match, else 0.
        score: the total in points.
        unread: the digits never read because the game ended early (R-DP-4).
    """

    serial: str
    district: int
    series_digit: int | None
    steps: tuple[Step, ...]
    play_score: int
    balls_left: int
    end_bonus: int
    match: bool | None
    match_bonus: int
    score: int
    unread: str

    @property
    def ended_early(self) -> bool:
        """True when the ball count reached 0 before the digits ran out."""
        return bool(self.unread) or self.balls_left == 0

    @property
    def millions(self) -> float:
        """The total in millions."""
        return self.score / MILLION


def _check(serial: str, district: int, series_digit: int | None) -> None:
    if not serial or not serial.isascii() or not serial.isdigit():
        raise BadInputError(f"a serial is one or more digits 0-9, got {serial!r}")
    if not 1 <= district <= 12:
        raise BadInputError(f"district must be 1 to 12, got {district}")
    if series_digit is not None and not 0 <= series_digit <= 9:
        raise BadInputError(f"the series digit must be 0 to 9, got {series_digit}")


def score_serial(serial: str, district: int, series_digit: int | None = None, *,
                 trace: bool = True) -> Result:
    """Score ``serial`` step by step (R-DP-4 to R-DP-9).

    Args:
        serial: the digits, any length of at least 1 (a bill has 8, R-DP-1).
        district: 1..12, the jackpot in millions (R-DP-2).
        series_digit: the last digit of the series year, or None to leave the Match unchecked.
        trace: False skips building the trace (``steps`` is empty); the score is the same.

    Returns:
        The :class:`Result` with its trace; ``score`` is in whole points.

    Raises:
        BadInputError: ``serial`` is empty or not all digits, or an argument is out of range.
    """
    _check(serial, district, series_digit)
    digits = [int(ch) for ch in serial]
    n = len(digits)
    score, balls, tilt = 0, START_BALLS, START_TILT_WARNINGS
    doubled = jackpot = False
    steps: list[Step] = []
    i = 0

    def add(pos: int, used: str, rule: Rule, points: int) -> None:
        if trace:
            steps.append(Step(pos + 1, used, rule, points, score, balls, tilt))

    while i < n and balls > 0:
        d = digits[i]
        if d == 0:
            if i == n - 1:
                add(i, "0", Rule.MILLION_PLUS_LAST, 0)
                i += 1
            elif digits[i + 1] == 0:
                score += 10 * MILLION
                add(i, "00", Rule.MILLION_PLUS_TEN, 10 * MILLION)
                i += 2
            else:
                score += digits[i + 1] * MILLION
                add(i, "0", Rule.MILLION_PLUS, digits[i + 1] * MILLION)
                i += 1
        elif d == 1:
            score += MILLION
            add(i, "1", Rule.ONE_MILLION, MILLION)
            i += 1
        elif d == 2:
            if not doubled:
                doubled = True
                score *= 2
                add(i, "2", Rule.DOUBLE, score // 2)
            else:
                score += MILLION
                add(i, "2", Rule.LATER_TWO, MILLION)
            i += 1
        elif d == 3:
            score += 3 * MILLION
            add(i, "3", Rule.THREE_MILLION, 3 * MILLION)
            i += 1
        elif d == 4:
            if not jackpot:
                jackpot = True
                score += district * MILLION
                add(i, "4", Rule.JACKPOT, district * MILLION)
            else:
                score += MILLION
                add(i, "4", Rule.LATER_FOUR, MILLION)
            i += 1
        elif d == 5:
            balls += 1
            add(i, "5", Rule.EXTRA_BALL, 0)
            i += 1
        elif d == 6:
            tilt -= 1
            if tilt > 0:
                add(i, "6", Rule.TILT_WARNING, 0)
            else:
                balls -= 1
                tilt = START_TILT_WARNINGS
                add(i, "6", Rule.TILT_BALL_LOST if balls > 0 else Rule.TILT, 0)
            i += 1
        else:  # 7, 8, 9
            run = 1
            while run < 3 and i + run < n and digits[i + run] == d:
                run += 1
            if run == 3:
                score += SPECIAL_POINTS
                add(i, serial[i:i + 3], Rule.SPECIAL, SPECIAL_POINTS)
            elif run == 2:
                add(i, serial[i:i + 2], Rule.SAVE, 0)
            else:
                balls -= 1
                add(i, serial[i], Rule.DRAIN, 0)
            i += run

    end_bonus = balls * MILLION
    match = None if series_digit is None else digits[-1] == series_digit
    match_bonus = MILLION if match else 0
    return Result(
        serial=serial,
        district=district,
        series_digit=series_digit,
        steps=tuple(steps),
        play_score=score,
        balls_left=balls,
        end_bonus=end_bonus,
        match=match,
        match_bonus=match_bonus,
        score=score + end_bonus + match_bonus,
        unread=serial[i:],
    )
