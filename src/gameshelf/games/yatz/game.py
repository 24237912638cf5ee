"""The Yatz game: triple Yahtzee for 1 to 9 players, with explicit chance nodes for the dice.

Rules (``rules/yatz.txt`` with rulings R-YZ-1 to R-YZ-6): each player has three columns
(x1, x2, x3) of 13 boxes, so 39 turns (R-YZ-1). A turn is a roll of all five dice, then up to
two more rolls of the dice not held; the player may score after any roll and must after the
third, filling exactly one empty box, zero allowed (R-YZ-2). Boxes score as in
:mod:`gameshelf.games.yatz.scoring` (R-YZ-3). Wild Yatz (R-YZ-4): when the five of a kind's face has
its upper box filled in all three columns and all three Yatz boxes are filled, the roll scores
at full value in every lower box of every column. A column's upper total of 63 or more earns
35, doubled or tripled with the column (R-YZ-5); the scorecard has 20 rows (R-YZ-6).

The state follows OpenSpiel's shape (:mod:`gameshelf.core.state`): ``current_player()`` is a
seat, :data:`~gameshelf.core.state.CHANCE` after a ``roll`` (the driver draws the dice from
its seeded :class:`~gameshelf.core.chance.Chance` and applies a :class:`Dice` outcome), or
:data:`~gameshelf.core.state.TERMINAL`. Actions and their text forms:

* ``roll``: roll the dice not held (all five at the start of a turn);
* ``hold 1 3 5``: hold exactly the dice at those positions (1-5), release the others;
  ``hold`` alone releases all;
* ``score x2 full-house``: fill a box of a column;
* ``dice 3 4 1`` (chance): the faces the rolled dice came up, in position order.

The state is a plain mutable object made to be read by computer players and solvers without
copying: per seat and column a bit mask of filled boxes (``filled``), the boxes' points
(``boxes``), each column's upper total (``upper``); the dice, the holds, the rolls left and
whether Wild Yatz holds (:meth:`YatzState.wild`).

Example:
    >>> s = YatzState(1)
    >>> s.apply_action(parse_action("roll"))
    >>> s.current_player() == CHANCE
    True
    >>> s.apply_action(parse_action("dice 6 6 6 2 3"))
    >>> s.apply_action(parse_action("hold 1 2 3"))
    >>> s.apply_action(parse_action("score x3 three-kind"))
    >>> s.grand_total(0)
    69
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from math import factorial

from gameshelf.core.errors import BadInputError, IllegalMoveError
from gameshelf.core.inputs import is_ascii_digits, quote, whole_number
from gameshelf.core.state import CHANCE, TERMINAL
from gameshelf.games.yatz.scoring import (
    DICE,
    FACES,
    YATZ_RULES,
    Box,
    RuleSet,
    score,
    upper_bonus,
)

#: The game's key in records and the store.
GAME = "yatz"
#: Version of these rules; a record written by another version is refused.
RULES_VERSION = 1
#: Players per game (R-YZ-1).
MIN_PLAYERS, MAX_PLAYERS = 1, 9
#: Columns per player and their multipliers (x1, x2, x3).
COLUMNS = 3
MULTIPLIERS = (1, 2, 3)
#: Boxes per column and turns per player (R-YZ-1).
BOXES = 13
TURNS_PER_PLAYER = COLUMNS * BOXES
#: Rolls per turn (R-YZ-2).
ROLLS_PER_TURN = 3
#: Actions of one turn at most, in a record: three rolls each with its dice, a hold
#: between rolls (a match keeps only the last of several holds in a row), and the score.
ACTIONS_PER_TURN = 2 * ROLLS_PER_TURN + (ROLLS_PER_TURN - 1) + 1
#: Actions one undo adds to a turn at most (:meth:`gameshelf.games.yatz.match.Match.undo`, one a
#: turn): the box taken back, the ``undo`` itself, and a hold the undo splits in two.
UNDO_ACTIONS = 3


def max_actions(players: int) -> int:
    """The most actions a record of a ``players``-seat game can hold (R-YZ-1, R-YZ-2):
    39 turns a seat of at most :data:`ACTIONS_PER_TURN` actions, plus
    :data:`UNDO_ACTIONS` for the one undo a turn allows."""
    return players * TURNS_PER_PLAYER * (ACTIONS_PER_TURN + UNDO_ACTIONS)
#: Highest possible game (R-YZ-6).
MAX_GAME = 2250
UPPER_BOXES = tuple(Box)[:6]
LOWER_BOXES = tuple(Box)[6:]
ALL_HELD = (1 << DICE) - 1


# ----- actions ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Roll:
    """Roll the dice not held (all five on the first roll of a turn). Text: ``roll``."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True)
class Hold:
    """Hold exactly the dice at ``positions`` (1-5) and release the others.

    Text: ``hold 1 3 5``; ``hold`` alone releases every die.
    """

    positions: tuple[int, ...] = ()

    @property
    def mask(self) -> int:
        """The held positions as a bit mask (bit 0 = die 1)."""
        return sum(1 << (p - 1) for p in set(self.positions))

    def __str__(self) -> str:
        return " ".join(["hold", *map(str, self.positions)])


@dataclass(frozen=True)
class Score:
    """Fill ``box`` of column ``column`` (0, 1, 2 for x1, x2, x3). Text: ``score x2 full-house``."""

    column: int
    box: Box

    def __str__(self) -> str:
        return f"score x{self.column + 1} {self.box.text}"


@dataclass(frozen=True)
class Dice:
    """Chance outcome: the faces (1-6) the rolled dice came up, in position order.

    Text: ``dice 3 4 1``.
    """

    faces: tuple[int, ...]

    def __str__(self) -> str:
        return " ".join(["dice", *map(str, self.faces)])


Action = Roll | Hold | Score | Dice


@dataclass(frozen=True)
class Undo:
    """Take back the box just filled: a match's action, not the state's (the state has no
    memory of the moment before a fill); see :meth:`gameshelf.games.yatz.match.Match.undo` for
    the rule. Text: ``undo``."""

    def __str__(self) -> str:
        return "undo"


UNDO = Undo()

ROLL = Roll()
#: ``HOLDS[mask]`` is the hold action for that bit mask of positions.
HOLDS: tuple[Hold, ...] = tuple(
    Hold(tuple(p + 1 for p in range(DICE) if m >> p & 1)) for m in range(1 << DICE))
#: ``SCORES[column][box]`` is the score action for that box.
SCORES: tuple[tuple[Score, ...], ...] = tuple(
    tuple(Score(c, b) for b in Box) for c in range(COLUMNS))


def parse_column(text: str) -> int:
    """Parse a column: ``x1``/``x2``/``x3`` or ``1``/``2``/``3``; returns 0, 1 or 2.

    Raises:
        BadInputError: not a column.
    """
    t = text.strip().lower().lstrip("x")
    if t not in ("1", "2", "3"):
        raise BadInputError(f"no column named {quote(text)}; columns are x1, x2, x3")
    return int(t) - 1


def _parse_positions(words: Sequence[str], what: str) -> tuple[int, ...]:
    out: list[int] = []
    for w in words:
        for ch in w.replace(",", " ").split():
            if not is_ascii_digits(ch):
                raise BadInputError(f"{what}: {quote(ch)} is not a number")
            out.append(whole_number(ch, what))
    return tuple(out)


def parse_action(text: str) -> Action:
    """Parse an action's text form (``roll``, ``hold 1 3 5``, ``score x2 fh``, ``dice 3 4``).

    Box names accept the aliases of :meth:`Box.parse`; dice positions may also be run
    together (``hold 135``).

    Raises:
        BadInputError: the text is not an action.
    """
    words = text.strip().lower().split()
    if not words:
        raise BadInputError("empty action; actions are roll, hold 1 3 5, score x2 full-house")
    head, rest = words[0], words[1:]
    if head in ("roll", "r"):
        if rest:
            raise BadInputError("roll takes nothing after it; hold dice first with hold 1 3 5")
        return ROLL
    if head in ("hold", "h", "keep"):
        digits: list[int] = []
        for w in rest:
            if w in ("none", "-"):
                continue
            for ch in w.replace(",", ""):
                if ch not in "12345":
                    raise BadInputError(f"hold: dice are numbered 1 to 5, got {quote(w)}")
                digits.append(int(ch))
        if len(set(digits)) != len(digits):
            raise BadInputError(f"hold: a die is named twice in {quote(text.strip())}")
        return HOLDS[sum(1 << (d - 1) for d in digits)]
    if head in ("score", "s"):
        if len(rest) < 2:
            raise BadInputError("score needs a column and a box, e.g. score x2 full-house")
        column = parse_column(rest[0])
        return SCORES[column][Box.parse("-".join(rest[1:]))]
    if head == "dice":
        faces = _parse_positions(rest, "dice")
        if not 1 <= len(faces) <= DICE or any(not 1 <= f <= FACES for f in faces):
            raise BadInputError(f"dice: one to five faces from 1 to 6, got {quote(text.strip())}")
        return Dice(faces)
    raise BadInputError(f"unknown action {quote(text.strip())}; actions are roll, hold 1 3 5, "
                        "score x2 full-house")


# ----- precomputed tables ----------------------------------------------------------------

def _build_tables() -> tuple[dict[tuple[int, ...], tuple[int, ...]],
                             dict[tuple[int, ...], tuple[int, ...]]]:
    plain: dict[tuple[int, ...], tuple[int, ...]] = {}
    wild: dict[tuple[int, ...], tuple[int, ...]] = {}
    for key in itertools.combinations_with_replacement(range(1, FACES + 1), DICE):
        p = tuple(score(key, b, YATZ_RULES) for b in Box)
        w = tuple(score(key, b, YATZ_RULES, wild=True) for b in Box)
        for perm in set(itertools.permutations(key)):
            plain[perm] = p
            wild[perm] = w
    return plain, wild


#: ``SCORE_TABLE[dice][box]``: points of five dice (any order) in each box, Yatz rules.
#: ``WILD_TABLE``: the same when Wild Yatz holds (R-YZ-4).
SCORE_TABLE, WILD_TABLE = _build_tables()


def _multinomial_outcomes(k: int) -> tuple[tuple[tuple[int, ...], float], ...]:
    out = []
    for combo in itertools.combinations_with_replacement(range(1, FACES + 1), k):
        ways = factorial(k)
        for f in set(combo):
            ways //= factorial(combo.count(f))
        out.append((combo, ways / FACES ** k))
    return tuple(out)


#: ``ROLL_OUTCOMES[k]``: each multiset of ``k`` rolled faces (sorted) with its probability.
ROLL_OUTCOMES = tuple(_multinomial_outcomes(k) for k in range(DICE + 1))


# ----- the state -------------------------------------------------------------------------

class YatzState:
    """A Yatz game in progress (mutable; :meth:`clone` copies it).

    Args:
        players: number of seats, 1 to 9 (R-YZ-1).
        rules: the rule set; default Yatz as the 1991 program played it.

    Attributes (read them freely, change them only through :meth:`apply_action`):
        players: number of seats.
        seat: the seat whose turn it is (0-based).
        filled: ``filled[seat][column]`` bit mask of filled boxes (bit ``b`` = ``Box(b)``).
        boxes: ``boxes[seat][column][box]`` points, or None while empty.
        upper: ``upper[seat][column]`` total of the column's upper boxes (points).
        lower: ``lower[seat][column]`` total of the column's lower boxes (points).
        dice: the five faces, position order; ``()`` before the turn's first roll.
        held: bit mask of held positions (bit 0 = die 1).
        rolls_left: rolls still allowed this turn (3 at the start, 0 after the third).
        rolling: True while a roll waits for its chance outcome.
        turns_done: turns completed in the whole game.

    Raises:
        BadInputError: ``players`` out of range.
    """

    __slots__ = ("players", "rules", "seat", "filled", "boxes", "upper", "lower", "dice",
                 "held", "rolls_left", "rolling", "turns_done")

    def __init__(self, players: int, rules: RuleSet = YATZ_RULES) -> None:
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise BadInputError(f"Yatz is for 1 to 9 players, got {players}")
        self.players = players
        self.rules = rules
        self.seat = 0
        self.filled = [[0] * COLUMNS for _ in range(players)]
        self.boxes: list[list[list[int | None]]] = [
            [[None] * BOXES for _ in range(COLUMNS)] for _ in range(players)]
        self.upper = [[0] * COLUMNS for _ in range(players)]
        self.lower = [[0] * COLUMNS for _ in range(players)]
        self.dice: tuple[int, ...] = ()
        self.held = 0
        self.rolls_left = ROLLS_PER_TURN
        self.rolling = False
        self.turns_done = 0

    # --- the State contract ---------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to act, :data:`CHANCE` while the dice roll, :data:`TERMINAL` at the end."""
        if self.is_terminal():
            return TERMINAL
        return CHANCE if self.rolling else self.seat

    def is_terminal(self) -> bool:
        """True once every player has filled all 39 boxes (R-YZ-1)."""
        return self.turns_done >= self.players * TURNS_PER_PLAYER

    def is_chance_node(self) -> bool:
        """True while a roll waits for its outcome."""
        return self.rolling and not self.is_terminal()

    def legal_actions(self) -> list[Action]:
        """The legal actions of the seat to act (R-YZ-2); empty at chance nodes and the end.

        Before the turn's first roll only ``roll``; then ``roll`` while rolls are left
        (``roll`` needs a die that is not held), every ``hold`` while rolls are left (a hold
        sets exactly which dice are held, so the current holds may be given again), and
        ``score`` for every empty box of the player's three columns. Exactly these actions
        are accepted by :meth:`apply_action`.
        """
        if self.rolling or self.is_terminal():
            return []
        if not self.dice:
            return [ROLL]
        out: list[Action] = []
        if self.rolls_left > 0:
            if self.held != ALL_HELD:
                out.append(ROLL)
            out.extend(HOLDS)
        out.extend(self.score_actions())
        return out

    def score_actions(self) -> list[Score]:
        """``score`` actions for every empty box of the seat on turn (needs dice)."""
        if not self.dice or self.rolling:
            return []
        filled = self.filled[self.seat]
        return [SCORES[c][b] for c in range(COLUMNS) for b in range(BOXES)
                if not filled[c] >> b & 1]

    def chance_outcomes(self) -> tuple[tuple[Dice, float], ...]:
        """At a chance node: each multiset of faces for the rolled dice, with its probability.

        The faces of an outcome go to the rolled positions in order; any order of the same
        faces is an equally valid outcome to apply.
        """
        if not self.is_chance_node():
            return ()
        return tuple((Dice(f), p) for f, p in ROLL_OUTCOMES[self.rolled_count()])

    def rolled_count(self) -> int:
        """How many dice the next roll throws (5 on the first roll, else the unheld ones)."""
        if not self.dice:
            return DICE
        return DICE - bin(self.held).count("1")

    def apply_action(self, action: Action) -> None:
        """Apply ``action`` for the seat on turn (or the chance outcome).

        Raises:
            IllegalMoveError: the action is not legal now; the message says why.
        """
        if self.is_terminal():
            raise IllegalMoveError("the game is over")
        if type(action) is Dice:
            self._apply_dice(action)
            return
        if self.rolling:
            raise IllegalMoveError("the dice are rolling: the roll's outcome comes next")
        if type(action) is Roll:
            if self.rolls_left <= 0:
                raise IllegalMoveError("no rolls left this turn: score a box")
            if self.dice and self.held == ALL_HELD:
                raise IllegalMoveError("all five dice are held: release some to roll")
            self.rolling = True
        elif type(action) is Hold:
            if not self.dice:
                raise IllegalMoveError("roll first: there are no dice to hold yet")
            if self.rolls_left <= 0:
                raise IllegalMoveError("no rolls left this turn: holding is pointless, "
                                       "score a box")
            self.held = action.mask
        elif type(action) is Score:
            self._apply_score(action)
        else:
            raise IllegalMoveError(f"not a Yatz action: {action!r}")

    def _apply_dice(self, action: Dice) -> None:
        if not self.rolling:
            raise IllegalMoveError("no roll is waiting for dice")
        k = self.rolled_count()
        faces = action.faces
        if len(faces) != k or any(not 1 <= f <= FACES for f in faces):
            raise IllegalMoveError(f"this roll throws {k} dice: need {k} faces from 1 to 6, "
                                   f"got {list(faces)}")
        if not self.dice:
            self.dice = tuple(faces)
            self.held = 0
        else:
            it = iter(faces)
            held = self.held
            self.dice = tuple(d if held >> p & 1 else next(it)
                              for p, d in enumerate(self.dice))
        self.rolls_left -= 1
        self.rolling = False

    def _apply_score(self, action: Score) -> None:
        if not self.dice:
            raise IllegalMoveError("roll first: a box is filled with dice you rolled")
        seat, col, box = self.seat, action.column, action.box
        if not 0 <= col < COLUMNS:
            raise IllegalMoveError(f"no column {col + 1}")
        if self.filled[seat][col] >> box & 1:
            raise IllegalMoveError(f"x{col + 1} {box.label} is already filled "
                                   f"({self.boxes[seat][col][box]})")
        self.fill(seat, col, box, self.points(box))
        self.turns_done += 1
        self.seat = (seat + 1) % self.players
        self.dice = ()
        self.held = 0
        self.rolls_left = ROLLS_PER_TURN

    def fill(self, seat: int, col: int, box: Box, points: int) -> None:
        """Write ``points`` in ``seat``'s empty box ``box`` of column ``col`` (0-based) and
        its column's running totals; nothing else (no turn passes): scoring a box does it,
        and a client setting a table up as a server sent it."""
        self.boxes[seat][col][box] = points
        self.filled[seat][col] |= 1 << box
        if box <= Box.SIXES:
            self.upper[seat][col] += points
        else:
            self.lower[seat][col] += points

    # --- reading the state ----------------------------------------------------------------
    def wild(self, seat: int | None = None) -> bool:
        """True when the current dice are a Wild Yatz for ``seat`` (R-YZ-4).

        Five of a kind, all three Yatz boxes filled (50 or 0) and that face's upper box
        filled in all three columns: the whole triple card is checked.
        """
        if not self.rules.wild_yatz:
            return False
        d = self.dice
        if not d or d[0] != d[1] or d[0] != d[2] or d[0] != d[3] or d[0] != d[4]:
            return False
        s = self.seat if seat is None else seat
        need = (1 << Box.YATZ) | (1 << (d[0] - 1))
        f = self.filled[s]
        return f[0] & need == need and f[1] & need == need and f[2] & need == need

    def points(self, box: Box) -> int:
        """What the current dice score in ``box`` for the seat on turn (Wild Yatz applied)."""
        return self.box_points()[box]

    def box_points(self) -> tuple[int, ...]:
        """The current dice's points in each of the 13 boxes (Wild Yatz applied)."""
        if not self.dice:
            return (0,) * BOXES
        if self.rules is YATZ_RULES:
            return (WILD_TABLE if self.wild() else SCORE_TABLE)[self.dice]
        w = self.wild()
        return tuple(score(self.dice, b, self.rules, wild=w) for b in Box)

    def roll_number(self) -> int:
        """Which roll of the turn the dice show (1-3), 0 before the first roll."""
        return ROLLS_PER_TURN - self.rolls_left if self.dice else 0

    def held_positions(self) -> tuple[int, ...]:
        """The held positions (1-5)."""
        return HOLDS[self.held].positions

    def bonus(self, seat: int, column: int) -> int:
        """The column's upper bonus (R-YZ-5): 35 when its upper total is 63 or more."""
        return upper_bonus(self.upper[seat][column], self.rules)

    def column_total(self, seat: int, column: int) -> int:
        """Row 18: upper total, bonus and lower total of the column (before its multiplier)."""
        return self.upper[seat][column] + self.bonus(seat, column) + self.lower[seat][column]

    def grand_total(self, seat: int) -> int:
        """Row 20: the sum of the three columns times 1, 2 and 3 (points)."""
        return sum(MULTIPLIERS[c] * self.column_total(seat, c) for c in range(COLUMNS))

    def turns_taken(self, seat: int) -> int:
        """Boxes filled by ``seat`` so far (0-39)."""
        return sum(bin(m).count("1") for m in self.filled[seat])

    def returns(self) -> list[float]:
        """Each seat's grand total (points)."""
        return [float(self.grand_total(s)) for s in range(self.players)]

    def clone(self) -> YatzState:
        """An independent copy."""
        c = YatzState.__new__(YatzState)
        c.players, c.rules, c.seat = self.players, self.rules, self.seat
        c.filled = [row[:] for row in self.filled]
        c.boxes = [[col[:] for col in seat] for seat in self.boxes]
        c.upper = [row[:] for row in self.upper]
        c.lower = [row[:] for row in self.lower]
        c.dice, c.held, c.rolls_left = self.dice, self.held, self.rolls_left
        c.rolling, c.turns_done = self.rolling, self.turns_done
        return c

    def restore(self, other: YatzState) -> None:
        """Become ``other`` (a :meth:`clone` taken earlier, handed over: not used again),
        keeping this object, so every reference to the state sees the change."""
        for name in self.__slots__:
            setattr(self, name, getattr(other, name))

    def __str__(self) -> str:
        if self.is_terminal():
            return "game over: " + ", ".join(str(self.grand_total(s))
                                             for s in range(self.players))
        dice = " ".join(f"[{d}]" if self.held >> i & 1 else f" {d} "
                        for i, d in enumerate(self.dice)) or "(not rolled)"
        return (f"seat {self.seat + 1}, roll {self.roll_number()} of 3, dice {dice}"
                + (" (rolling)" if self.rolling else ""))


# ----- the scorecard (R-YZ-6) --------------------------------------------------------------

@dataclass(frozen=True)
class Row:
    """One of the 20 scorecard rows: its number, label, and each column's value.

    ``values[c]`` is the points in column ``c`` (None for an empty box); ``box`` is the box
    for rows 1-6 and 10-16, else None. Row 20's value stands in column x1 only.
    """

    number: int
    label: str
    box: Box | None
    values: tuple[int | None, ...]


ROW_LABELS = ("Ones", "Twos", "Threes", "Fours", "Fives", "Sixes", "Upper total",
              "Bonus (63+)", "Upper + bonus", "3 of a Kind", "4 of a Kind", "Full House",
              "Sm. Straight", "Lg. Straight", "Yatz", "Chance", "Lower total",
              "Column total", "Times x1/x2/x3", "Grand total")


def scorecard(state: YatzState, seat: int) -> list[Row]:
    """The 20 rows of ``seat``'s card (R-YZ-6), in order."""
    boxes = state.boxes[seat]
    rows: list[Row] = []
    for b in UPPER_BOXES:
        rows.append(Row(b + 1, b.label, b, tuple(boxes[c][b] for c in range(COLUMNS))))
    cols = range(COLUMNS)
    rows.append(Row(7, ROW_LABELS[6], None, tuple(state.upper[seat][c] for c in cols)))
    rows.append(Row(8, ROW_LABELS[7], None, tuple(state.bonus(seat, c) for c in cols)))
    rows.append(Row(9, ROW_LABELS[8], None,
                    tuple(state.upper[seat][c] + state.bonus(seat, c) for c in cols)))
    for b in LOWER_BOXES:
        rows.append(Row(b + 4, b.label, b, tuple(boxes[c][b] for c in range(COLUMNS))))
    rows.append(Row(17, ROW_LABELS[16], None, tuple(state.lower[seat][c] for c in cols)))
    rows.append(Row(18, ROW_LABELS[17], None, tuple(state.column_total(seat, c)
                                                    for c in cols)))
    rows.append(Row(19, ROW_LABELS[18], None, tuple(MULTIPLIERS[c]
                                                    * state.column_total(seat, c)
                                                    for c in cols)))
    rows.append(Row(20, ROW_LABELS[19], None, (state.grand_total(seat), None, None)))
    return rows
