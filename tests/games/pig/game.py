"""Pig with two dice: the rules engine (pure: no I/O; chance is an explicit node).

Rules:

- P-1 Two players take turns, the first seat first. A turn is a run of rolls of two dice.
- P-2 A roll without a 1 adds the two dice to the turn total; the player then rolls again
  or holds.
- P-3 A single 1 ends the turn and its total is lost; two 1s (snake eyes) end it and the
  player's whole score is lost too (back to 0).
- P-4 Holding banks the turn total into the score and ends the turn. A turn starts with a
  roll (holding nothing is no move), and a player whose score and turn total reach the
  target must hold.
- P-5 The first to reach the target (100) wins. After :data:`MAX_TURNS` turns the game ends
  anyway: the higher score wins, equal scores draw (so a game has a length bound).

Example:
    >>> st = PigState()
    >>> st.apply_action(Roll()); st.current_player() == CHANCE
    True
    >>> st.apply_action(parse_action("dice 3 5")); st.turn_total, st.legal_actions()
    (8, [Roll(), Hold()])
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from gameshelf.core.errors import BadInputError, IllegalMoveError
from gameshelf.core.state import CHANCE, TERMINAL

#: The rules' version, kept in every record.
RULES_VERSION = 1
#: Points that win (P-5), and the range a game may set.
TARGET, MIN_TARGET, MAX_TARGET = 100, 10, 1000
#: Turns after which the game ends anyway (P-5).
MAX_TURNS = 200


@dataclass(frozen=True)
class Roll:
    """Roll the two dice (P-2)."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Hold:
    """Bank the turn total (P-4)."""

    def __str__(self) -> str:
        return "hold"


@dataclass(frozen=True)
class Dice:
    """The chance outcome of a roll: the two dice, in the order rolled (``dice 3 5``)."""

    a: int
    b: int

    def __str__(self) -> str:
        return f"dice {self.a} {self.b}"

    @property
    def ones(self) -> int:
        """How many of the two dice show a 1 (P-3)."""
        return (self.a == 1) + (self.b == 1)


Action = Roll | Hold | Dice
#: Every outcome of a roll, each with probability 1/36.
ALL_DICE = tuple(Dice(a, b) for a in range(1, 7) for b in range(1, 7))


def parse_action(text: str) -> Action:
    """An action from its text form: ``roll``, ``hold``, ``dice A B`` (``r``/``h`` too).

    Raises:
        BadInputError: not an action of Pig.
    """
    words = text.lower().split()
    if words in (["roll"], ["r"]):
        return Roll()
    if words in (["hold"], ["h"]):
        return Hold()
    if len(words) == 3 and words[0] == "dice" and all(w in "123456" and len(w) == 1
                                                      for w in words[1:]):
        return Dice(int(words[1]), int(words[2]))
    raise BadInputError(f"not a move of Pig: {text.strip()[:40]!r} (roll or hold)")


def max_actions(target: int) -> int:
    """The most actions a game to ``target`` can have: a roll that keeps the turn adds at
    least 4 (P-2), so a turn holds at most ``ceil(target / 4)`` such rolls (then it must
    hold, P-4) and each roll is two actions (the roll and its dice)."""
    return MAX_TURNS * (2 * math.ceil(target / 4) + 1)


@dataclass(frozen=True)
class Event:
    """What one action did, as every seat sees it (Pig hides nothing).

    Attributes:
        seat: who acted (the roller, for dice).
        kind: ``roll`` (kept: ``points`` added), ``one`` (turn total ``points`` lost),
            ``snake`` (score ``points`` lost too) or ``hold`` (``points`` banked).
        dice: the dice rolled (None for a hold).
        total: the turn total after a kept roll; the score after a hold or snake eyes.
    """

    seat: int
    kind: str
    dice: Dice | None
    points: int
    total: int


@dataclass
class PigState:
    """A game of Pig (OpenSpiel's state contract, :mod:`gameshelf.core.state`).

    Attributes:
        target: the points that win.
        scores: each seat's banked score.
        turn_total: the points of the turn under way.
        seat: whose turn it is.
        rolling: True while the dice are in the air (chance acts).
        turns: the turns ended so far.
        events: what every action did, oldest first.
    """

    target: int = TARGET
    scores: list[int] = field(default_factory=lambda: [0, 0])
    turn_total: int = 0
    seat: int = 0
    rolling: bool = False
    turns: int = 0
    events: list[Event] = field(default_factory=list)

    def __post_init__(self) -> None:
        if isinstance(self.target, bool) or not isinstance(self.target, int) \
                or not MIN_TARGET <= self.target <= MAX_TARGET:
            raise BadInputError(f"the target must be {MIN_TARGET} to {MAX_TARGET} points, "
                                f"got {self.target!r}")

    def clone(self) -> PigState:
        """An independent copy."""
        return PigState(self.target, list(self.scores), self.turn_total, self.seat,
                        self.rolling, self.turns, list(self.events))

    def is_terminal(self) -> bool:
        """True once a score reached the target or the turns ran out (P-5)."""
        return max(self.scores) >= self.target or self.turns >= MAX_TURNS

    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` while the dice roll, :data:`TERMINAL` at the end."""
        if self.is_terminal():
            return TERMINAL
        return CHANCE if self.rolling else self.seat

    def chance_outcomes(self) -> list[tuple[Dice, float]]:
        """The dice a roll may show, each with its probability (empty when not rolling)."""
        return [(d, 1 / 36) for d in ALL_DICE] if self.rolling and not self.is_terminal() \
            else []

    def legal_actions(self) -> list[Action]:
        """The seat's moves (P-4), or the dice at a chance node; none at the end."""
        if self.is_terminal():
            return []
        if self.rolling:
            return list(ALL_DICE)
        if self.scores[self.seat] + self.turn_total >= self.target:
            return [Hold()]
        return [Roll()] if self.turn_total == 0 else [Roll(), Hold()]

    def apply_action(self, action: Action) -> None:
        """Apply ``action`` (a move, or the dice at a chance node).

        Raises:
            IllegalMoveError: it is not legal now; nothing changes.
        """
        if action not in self.legal_actions():
            raise IllegalMoveError(self._why_not(action))
        seat = self.seat
        if isinstance(action, Roll):
            self.rolling = True
        elif isinstance(action, Hold):
            self.scores[seat] += self.turn_total
            self.events.append(Event(seat, "hold", None, self.turn_total, self.scores[seat]))
            self._end_turn()
        else:
            self.rolling = False
            if action.ones == 2:
                lost = self.scores[seat] + self.turn_total
                self.scores[seat] = 0
                self.events.append(Event(seat, "snake", action, lost, 0))
                self._end_turn()
            elif action.ones == 1:
                self.events.append(Event(seat, "one", action, self.turn_total,
                                         self.scores[seat]))
                self._end_turn()
            else:
                self.turn_total += action.a + action.b
                self.events.append(Event(seat, "roll", action, action.a + action.b,
                                         self.turn_total))

    def _end_turn(self) -> None:
        self.turn_total = 0
        self.turns += 1
        self.seat = 1 - self.seat

    def _why_not(self, action: Action) -> str:
        if self.is_terminal():
            return "the game is over"
        if self.rolling:
            return "the dice are rolling: only their outcome comes next"
        if isinstance(action, Dice):
            return "the dice are rolled by the game, not chosen: roll"
        if isinstance(action, Roll):
            return "you have reached the target: hold"
        return "a turn starts with a roll: there is nothing to hold yet"

    @property
    def winner(self) -> int | None:
        """The winning seat once the game is over (None: not over, or a draw)."""
        if not self.is_terminal() or self.scores[0] == self.scores[1]:
            return None
        return 0 if self.scores[0] > self.scores[1] else 1

    def returns(self) -> list[float]:
        """Each seat's score (points)."""
        return [float(s) for s in self.scores]


__all__ = ["ALL_DICE", "CHANCE", "MAX_TURNS", "RULES_VERSION", "TARGET", "TERMINAL",
           "Action", "Dice", "Event", "Hold", "PigState", "Roll", "max_actions",
           "parse_action"]
