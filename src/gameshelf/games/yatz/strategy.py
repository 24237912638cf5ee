"""Decisions for the triple game (three columns x1, x2, x3) on plain data.

Given the three columns (filled boxes, upper total, points so far), the dice and the rolls
left, :class:`Strategy` gives the best dice to hold, the best box, and the expected final
score of every option, for hints and for the computer player. The method is explained in
``docs/yatz-strategy.md``. In short: the whole current turn is solved exactly (every keep of
every roll, every box of every column, Wild Yatz under the triple-game condition of R-YZ-4),
and the state reached after the turn is valued from the exact single-column tables of
:mod:`gameshelf.games.yatz.solver` (:func:`triple_value_tables`, discounted, plus a learned
correction), or, with ``lookahead``, by solving the next turn(s) the same way from every
state the turn can reach.

The plan of a turn depends only on the turn-start state, so it is computed once per turn
(about a tenth of a millisecond alone, a few milliseconds with one turn of lookahead, up to
about 0.2 s with two) and every decision of that turn is a table look-up.
"""

from __future__ import annotations

import itertools
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources

import numpy as np

from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import load_toml
from gameshelf.games.yatz import dice as D
from gameshelf.games.yatz import solver
from gameshelf.games.yatz.scoring import (
    DICE,
    UPPER_BONUS_THRESHOLD,
    YATZ_RULES,
    Box,
    RuleSet,
    check_dice,
)
from gameshelf.games.yatz.turn_kernels import (
    NFEATURES,
    FloatArray,
    IntArray,
    _buffers,
    _features,
    _lookahead,
    _plan,
)

MULTIPLIERS = (1, 2, 3)
#: The most turns a :class:`Strategy` may look ahead (two take up to a few tenths of a
#: second a turn; three would take minutes).
MAX_LOOKAHEAD = 2
COLUMNS = len(MULTIPLIERS)
ROLLS_PER_TURN = 3
FULL, YATZ_BIT = solver.FULL, solver.YATZ_BIT

#: Per column (x1, x2, x3): the factor on a box's opportunity cost (the change of the
#: column's solved value when the box is filled). Tuned by self-play; see the docs.
DISCOUNT = (0.95, 0.90, 0.95)

#: The learned correction shipped with the package, made by
#: ``benchmarks/yatz_fit_correction.py``.
CORRECTION_FILE = "correction.toml"
#: The fitted estimate of a final score (the hint's figure), made by
#: ``benchmarks/yatz_fit_estimate.py``.
ESTIMATE_FILE = "estimate.toml"


@dataclass(frozen=True)
class Correction:
    """A learned correction of the triple-state value (see ``docs/yatz-strategy.md``).

    Attributes:
        rules: the rule set's name it was fitted for.
        discount: per column, the factor on opportunity costs it was fitted with.
        weights: :data:`NFEATURES` weights of the state features.
        note: how it was made (script, seeds, games, shrink factor).
    """

    rules: str
    discount: tuple[float, ...]
    weights: tuple[float, ...]
    note: str = ""


def load_correction(text: str | None = None) -> Correction:
    """Parse a correction file (default: the one shipped in the package).

    Raises:
        BadInputError: the file is not a correction for the current feature set.
    """
    if text is None:
        text = resources.files("gameshelf.games.yatz").joinpath(CORRECTION_FILE).read_text("utf-8")

    def numbers(key: str, n: int, low: float, high: float) -> tuple[float, ...]:
        xs = data[key]
        if (not isinstance(xs, list) or len(xs) != n
                or not all(isinstance(x, int | float) and not isinstance(x, bool)
                           and low <= x <= high for x in xs)):
            raise BadInputError(f"bad Yatz correction file: {key!r} must be a list of {n} "
                                f"numbers from {low:g} to {high:g}")
        return tuple(float(x) for x in xs)

    try:
        data = load_toml(text, "bad Yatz correction file", BadInputError)
        rules, note = data["rules"], data.get("note", "")
        if not isinstance(rules, str) or not isinstance(note, str):
            raise BadInputError("bad Yatz correction file: 'rules' and 'note' must be text")
        return Correction(rules, numbers("discount", COLUMNS, 0.01, 10.0),
                          numbers("weights", NFEATURES, -1e4, 1e4), note)
    except KeyError as e:
        raise BadInputError(f"bad Yatz correction file: the field {e} is missing") from e


def dump_correction(corr: Correction) -> str:
    """The TOML text of ``corr`` (read back by :func:`load_correction`)."""
    def arr(xs: Sequence[float]) -> str:
        return "[\n" + "".join(f"  {x!r},\n" for x in xs) + "]"
    note = corr.note.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")
    return (f'rules = "{corr.rules}"\nnote = "{note}"\n'
            f"discount = {arr(corr.discount)}\nweights = {arr(corr.weights)}\n")

@dataclass(frozen=True)
class Estimate:
    """A fitted estimate of the points a triple card still goes on to score under the strong
    player's play, at a turn start (see ``docs/yatz-strategy.md``, section 3): the
    discounted sum of column values, plus ``level · features``, plus ``gain`` times the
    fraction of the game's 39 turns left (what the strong player's lookahead adds).

    Attributes:
        rules: the rule set's name it was fitted for.
        level: :data:`NFEATURES` weights of the state features (points).
        gain: points per whole game of turns left (points).
        note: how it was made (script, seeds, games).
    """

    rules: str
    level: tuple[float, ...]
    gain: float
    note: str = ""


def load_estimate(text: str | None = None) -> Estimate:
    """Parse an estimate file (default: the one shipped in the package).

    Raises:
        BadInputError: the file is not an estimate for the current feature set.
    """
    if text is None:
        text = resources.files("gameshelf.games.yatz").joinpath(ESTIMATE_FILE).read_text("utf-8")
    try:
        data = load_toml(text, "bad Yatz estimate file", BadInputError)
        rules, note, level, gain = data["rules"], data.get("note", ""), data["level"], data["gain"]
    except KeyError as e:
        raise BadInputError(f"bad Yatz estimate file: the field {e} is missing") from e
    if not isinstance(rules, str) or not isinstance(note, str):
        raise BadInputError("bad Yatz estimate file: 'rules' and 'note' must be text")
    numbers = level if isinstance(level, list) else []
    if (len(numbers) != NFEATURES or not all(
            isinstance(x, int | float) and not isinstance(x, bool) and abs(x) <= 1e4
            for x in [*numbers, gain])):
        raise BadInputError(f"bad Yatz estimate file: 'level' must be {NFEATURES} numbers "
                            "and 'gain' one, each from -10000 to 10000")
    return Estimate(rules, tuple(float(x) for x in numbers), float(gain), note)


def dump_estimate(est: Estimate) -> str:
    """The TOML text of ``est`` (read back by :func:`load_estimate`)."""
    note = est.note.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")
    level = "[\n" + "".join(f"  {x!r},\n" for x in est.level) + "]"
    return (f'rules = "{est.rules}"\nnote = "{note}"\ngain = {est.gain!r}\n'
            f"level = {level}\n")


@dataclass(frozen=True)
class ColumnState:
    """One column as plain data.

    Attributes:
        mask: 13-bit set of filled boxes (bit ``Box.X``).
        upper: upper total so far (any value; only "63 or more" matters, R-YZ-5).
        points: points scored so far in the column, bonus included, before the multiplier.
    """

    mask: int
    upper: int = 0
    points: int = 0

    def is_open(self, box: Box) -> bool:
        """True when ``box`` is still empty."""
        return not self.mask >> int(box) & 1


def wild_faces(masks: Sequence[int]) -> tuple[bool, ...]:
    """For faces 1-6: does Wild Yatz (R-YZ-4) hold for five of that face? All three Yatz boxes
    must be filled (50 or 0) and the face's upper box filled in all three columns."""
    yatz_all = all(m & YATZ_BIT for m in masks)
    return tuple(yatz_all and all(m >> f & 1 for m in masks) for f in range(6))


def hold_mask(dice: Sequence[int], keep: Sequence[int], held: int = 0) -> int:
    """Positions (bit mask) holding the faces ``keep`` among ``dice``, preferring dice that
    are already held (``held``), so that an unchanged choice keeps the same mask."""
    want = list(keep)
    mask = 0
    for prefer_held in (True, False):
        for p, d in enumerate(dice):
            if mask >> p & 1 or bool(held >> p & 1) != prefer_held:
                continue
            if d in want:
                want.remove(d)
                mask |= 1 << p
    return mask


@dataclass(frozen=True)
class Option:
    """One choice at a decision point.

    Attributes:
        hold: the dice held before rolling again (sorted), or None for scoring now.
        column: 0-2 (x1, x2, x3) when scoring now, else None.
        box: the box when scoring now, else None.
        expected: expected final score (all three columns, multiplied) after this choice.
        points: points (multiplied, with any upper bonus earned) scored now; 0 for a hold.
    """

    hold: tuple[int, ...] | None
    column: int | None
    box: Box | None
    expected: float
    points: int = 0

    @property
    def is_score(self) -> bool:
        """True for scoring now, False for rolling again."""
        return self.hold is None

    def describe(self, dice: Sequence[int] = (), held: int = 0) -> str:
        """Human text: ``keep the 5 5, roll the other three`` / ``score x2 Full House (25;
        50 with x2)`` (the box's points as on the card, then as they count with the
        multiplier).

        ``self.hold`` names faces ("the 5 5", values). Given the ``dice`` on the table (and
        the ``held`` bit mask), the text also names the dice by position ("dice 1 4", the
        numbers the ``hold`` action and the hold keys take), never a bare number that could
        be either: ``keep the 5 5 (dice 1 4), roll dice 2 3 5`` (at most 43 characters, so a
        hint's table stands whole at 80 columns), preferring dice already held.
        """
        if self.hold is None:
            assert self.column is not None and self.box is not None
            mult = MULTIPLIERS[self.column]
            text = f"score x{mult} {self.box.label} ({self.points // mult}"
            return text + (f"; {self.points} with x{mult})" if mult > 1 else ")")
        if not self.hold:
            return "roll all five"
        faces = "the " + " ".join(map(str, self.hold))
        if len(dice) != 5:
            others = ("one", "two", "three", "four")[4 - len(self.hold)]
            return f"keep {faces}, roll the other {others}"
        mask = hold_mask(dice, self.hold, held)
        kept = [str(p + 1) for p in range(len(dice)) if mask >> p & 1]
        rolled = [str(p + 1) for p in range(len(dice)) if not mask >> p & 1]
        return f"keep {faces} ({_dice_named(kept)}), roll {_dice_named(rolled)}"


def _dice_named(positions: list[str]) -> str:
    """``die 3`` / ``dice 1 4 5``: dice named by their positions 1-5."""
    return ("die " if len(positions) == 1 else "dice ") + " ".join(positions)


@dataclass(frozen=True)
class Advice:
    """The result of :meth:`Strategy.advise`.

    Attributes:
        options: every distinct choice, best first (ties keep scoring before rolling).
        best_box: the best box to score now (column, box) with its option, whether or not
            rolling again is better.
    """

    options: tuple[Option, ...]
    best_box: Option

    @property
    def best(self) -> Option:
        """The best choice."""
        return self.options[0]

    @property
    def best_hold(self) -> Option | None:
        """The best hold-and-roll option, None when no roll is left."""
        return next((o for o in self.options if o.hold is not None), None)

    def cost(self, option: Option) -> float:
        """Expected points lost by ``option`` against the best (0 or more)."""
        return max(0.0, self.best.expected - option.expected)


@dataclass(frozen=True)
class TurnPlan:
    """The solved current turn (arrays indexed by keep, see :mod:`gameshelf.games.yatz.dice`).

    Attributes:
        base: value of the turn-start state by the column tables
            (:func:`triple_value_tables`): expected points to come.
        turn: expected points to come when this turn is played by the plan.
        final: value (relative to ``base``) of ending the turn on each roll.
        final_box: best box of each roll, as column * 13 + box.
        ev0: value of holding each keep with one roll left (then scoring).
        ev1: value of holding each keep with two rolls left.
        gain_up: (3, 6, 6) value (relative to ``base``) of scoring n dice of upper box b in
            column c (``gain_up[c, b, n]``), points and bonus included.
        gain_low: (3, 13) value (relative to ``base``) of filling lower box b of column c,
            apart from the points scored.
    """

    base: float
    turn: float
    final: FloatArray
    final_box: IntArray
    ev0: FloatArray
    ev1: FloatArray
    gain_up: FloatArray
    gain_low: FloatArray


class Strategy:
    """The strong player's brain for the triple game.

    Args:
        rules: the rule set (default Yatz).
        table: the single-column table to build on (default: solved or loaded from cache).
        lookahead: turns solved past the current one (0-2) before the state is valued; each
            turn of lookahead costs about 40-130 times the time of the turn alone.
        endgame: with this many boxes open or fewer (0-39, over the three columns), one more
            turn of lookahead (only with ``lookahead`` 0 or 1).
        discount: the factor on a box's opportunity cost, one per column (3) or per column
            and box (3, 13); positive.
        weights: the learned correction (:data:`NFEATURES` finite numbers; default none).

    Raises:
        BadInputError: any argument out of range.
    """

    def __init__(self, rules: RuleSet = YATZ_RULES, table: solver.ColumnTable | None = None,
                 *, lookahead: int = 0, endgame: int = 0,
                 discount: Sequence[float] = DISCOUNT,
                 weights: Sequence[float] | None = None):
        for name, value, top in (("lookahead", lookahead, MAX_LOOKAHEAD),
                                 ("endgame", endgame, COLUMNS * 13)):
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= top:
                raise BadInputError(f"{name}: a whole number from 0 to {top}, got {value!r}")
        if endgame and lookahead >= MAX_LOOKAHEAD:
            raise BadInputError(f"endgame needs lookahead below {MAX_LOOKAHEAD}")
        self.rules = rules
        self.table = table if table is not None else solver.column_table(rules)
        self.score, self.score_wild = D.score_tables(rules)
        self.colvals = triple_value_tables(self.table)
        self.lookahead = lookahead
        self.endgame = endgame
        try:
            factors = np.array(discount, dtype=np.float64)
        except (TypeError, ValueError):
            raise BadInputError("discount: positive factors, one per column (or per box)"
                                ) from None
        if np.asarray(discount).dtype == np.bool_:
            raise BadInputError("discount: numbers, not true/false")
        if factors.ndim == 1:
            factors = np.repeat(factors[:, None], 13, axis=1)
        if factors.shape != (COLUMNS, 13) or not np.all((factors > 0) & np.isfinite(factors)):
            raise BadInputError("discount: positive factors, one per column (or per box)")
        self.discount = factors
        try:
            w = np.zeros(NFEATURES) if weights is None else np.array(weights, dtype=np.float64)
        except (TypeError, ValueError):
            raise BadInputError(f"weights: {NFEATURES} finite numbers") from None
        if (w.shape != (NFEATURES,) or not np.all(np.isfinite(w))
                or (weights is not None and np.asarray(weights).dtype == np.bool_)):
            raise BadInputError(f"weights: {NFEATURES} finite numbers")
        self.weights = w
        self._plans: OrderedDict[tuple[int, ...], TurnPlan] = OrderedDict()
        #: by turns left: the undiscounted players that solve the rest of a game exactly
        self._exact: dict[int, Strategy] = {}

    # -- turn plans -----------------------------------------------------------------------

    def plan(self, columns: Sequence[ColumnState]) -> TurnPlan:
        """The solved turn for the turn-start state ``columns`` (cached)."""
        if len(columns) != COLUMNS:
            raise BadInputError(f"the triple game has {COLUMNS} columns, got {len(columns)}")
        key = (columns[0].mask, columns[1].mask, columns[2].mask,
               min(columns[0].upper, 63), min(columns[1].upper, 63), min(columns[2].upper, 63))
        plan = self._plans.get(key)
        if plan is not None:
            return plan
        if any(not 0 <= m <= FULL for m in key[:3]) or any(t < 0 for t in key[3:]):
            raise BadInputError("column masks must be 13-bit sets and upper totals >= 0")
        if all(m == FULL for m in key[:3]):
            raise BadInputError("every box is filled: the game is over")
        masks = np.array(key[:3], dtype=np.int64)
        ups = np.array(key[3:], dtype=np.int64)
        final, final_box, ev0, ev1, mx, gain_up, gain_low = _buffers(D.NKEEPS)
        turn = _plan(masks, ups, self.colvals, self.discount, self.weights, self.score,
                     self.score_wild, D.KEEP_COUNTS, D.ROLL_FACE, bool(self.rules.wild_yatz),
                     D.KEEP_ADD, D.REMOVE_SENTINEL,
                     D.ROLL_PROB, D.ROLL_FIRST, float(self.rules.upper_bonus),
                     self.lookahead_at(key[:3]), final, final_box, ev0, ev1, mx, gain_up,
                     gain_low)
        base = float(sum(self.colvals[c, masks[c], ups[c]] for c in range(COLUMNS)))
        plan = TurnPlan(base, base + float(turn), final, final_box, ev0, ev1, gain_up,
                        gain_low)
        self._plans[key] = plan
        if len(self._plans) > 256:
            self._plans.popitem(last=False)
        return plan

    def to_come(self, columns: Sequence[ColumnState], est: Estimate) -> float:
        """The points the card still goes on to score from the turn start ``columns`` under
        the strong player's play (points, multiplied, bonuses included): exact in the last
        :data:`MAX_LOOKAHEAD` + 1 turns (the rest of the game solved, undiscounted, with no
        correction), else fitted (:class:`Estimate`). The plan's own value
        (``plan(columns).turn``) ranks the options of a turn but is low in level (about
        1,480 from the first turn where strong play averages 1,702).

        Raises:
            BadInputError: ``columns`` is not three columns of 13-bit masks.
        """
        if len(columns) != COLUMNS or any(not 0 <= c.mask <= FULL for c in columns):
            raise BadInputError("the triple game has 3 columns of 13-bit masks")
        masks = np.array([c.mask for c in columns], dtype=np.int64)
        ups = np.array([min(max(c.upper, 0), 63) for c in columns], dtype=np.int64)
        left = COLUMNS * 13 - sum(int(m).bit_count() for m in masks)
        if not left:
            return 0.0
        if left <= MAX_LOOKAHEAD + 1:
            exact = self._exact.get(left)
            if exact is None:
                exact = self._exact[left] = Strategy(self.rules, self.table,
                                                     lookahead=left - 1, discount=(1, 1, 1))
            return exact.plan(columns).turn
        phi = np.empty(NFEATURES)
        _features(masks, ups, phi)
        base = sum(float(self.discount[c, 0] * self.colvals[c, masks[c], ups[c]])
                   for c in range(COLUMNS))
        return base + float(np.dot(est.level, phi)) + est.gain * left / (COLUMNS * 13)

    def lookahead_at(self, masks: Sequence[int]) -> int:
        """Turns looked ahead from a turn start with these column masks: ``lookahead``, one
        more when at most ``endgame`` boxes are open."""
        left = COLUMNS * 13 - sum(int(m).bit_count() for m in masks)
        return int(_lookahead(self.lookahead, self.endgame, left))

    # -- decisions --------------------------------------------------------------------------

    def _decision(self, columns: Sequence[ColumnState], dice: Sequence[int],
                  rolls_left: int) -> tuple[tuple[int, ...], TurnPlan]:
        """The checked dice and the turn plan of a decision point (see :meth:`decide`)."""
        checked = check_dice(dice)
        if not 0 <= rolls_left < ROLLS_PER_TURN:
            raise BadInputError(f"rolls left must be 0, 1 or 2, got {rolls_left}")
        return checked, self.plan(columns)

    def decide(self, columns: Sequence[ColumnState], dice: Sequence[int],
               rolls_left: int) -> tuple[tuple[int, ...] | None, int, Box]:
        """The best choice, fast: ``(hold, column, box)``. ``hold`` is the dice to hold
        before rolling again (sorted), or None to score now in ``(column, box)`` (the best
        box is given either way). Agrees with :meth:`advise`: on a tie, scoring wins.

        Raises:
            BadInputError: bad dice, rolls left outside 0-2, or a finished game.
        """
        dice, plan = self._decision(columns, dice, rolls_left)
        return best_choice(plan.final_box, plan.final, plan.ev1, plan.ev0, dice, rolls_left)

    def advise(self, columns: Sequence[ColumnState], dice: Sequence[int], rolls_left: int,
               *, scores: bool = True) -> Advice:
        """Every option at this decision with its expected final score, best first.

        Args:
            columns: the three columns at the start of this turn.
            dice: the five dice showing.
            rolls_left: rolls still allowed this turn (0, 1 or 2).
            scores: include every box as an option (else only the best box).

        Raises:
            BadInputError: bad dice, rolls left outside 0-2, or a finished game.
        """
        dice, plan = self._decision(columns, dice, rolls_left)
        now = sum(m * c.points for m, c in zip(MULTIPLIERS, columns, strict=True))
        start = now + plan.base
        options: list[Option] = []
        r = D.keep_index(dice)
        masks = [c.mask for c in columns]
        wild = wild_faces(masks)
        face = int(D.ROLL_FACE[r])
        is_wild = self.rules.wild_yatz and face > 0 and wild[face - 1]
        best_code = int(plan.final_box[r])
        for c, col in enumerate(columns):
            for box in Box:
                if not col.is_open(box):
                    continue
                if not scores and c * 13 + int(box) != best_code:
                    continue
                pts, value = self._score_value(plan, columns, c, box, r, is_wild)
                options.append(Option(None, c, box, start + value, pts))
        if rolls_left:
            ev = plan.ev1 if rolls_left == 2 else plan.ev0
            seen: set[int] = set()
            for n in range(DICE):
                for held in itertools.combinations(sorted(dice), n):
                    k = D.keep_index(held)
                    if k not in seen:
                        seen.add(k)
                        options.append(Option(held, None, None, start + float(ev[k])))
        options.sort(key=lambda o: (-o.expected, o.hold is not None))
        best_box = next(o for o in options
                        if o.hold is None and o.column is not None
                        and o.column * 13 + int(o.box or 0) == best_code)
        return Advice(tuple(options), best_box)

    def _score_value(self, plan: TurnPlan, columns: Sequence[ColumnState], c: int, box: Box,
                     r: int, is_wild: bool) -> tuple[int, float]:
        """(points now, value relative to the turn start) of scoring roll ``r`` in ``box``
        of column ``c``, read from the turn plan's box gains (so hints, the review and the
        player agree, with or without lookahead)."""
        col = columns[c]
        mult = MULTIPLIERS[c]
        t = min(col.upper, UPPER_BONUS_THRESHOLD)
        pts = int((self.score_wild if is_wild else self.score)[r, int(box)])
        if box.is_upper:
            extra = self.rules.upper_bonus if t < UPPER_BONUS_THRESHOLD <= t + pts else 0
            n = pts // (int(box) + 1)
            return mult * (pts + extra), float(plan.gain_up[c, int(box), n])
        return mult * pts, float(mult * pts + plan.gain_low[c, int(box)])


def best_choice(final_box: IntArray, final: FloatArray, ev1: FloatArray, ev0: FloatArray,
                dice: Sequence[int], rolls_left: int
                ) -> tuple[tuple[int, ...] | None, int, Box]:
    """The choice a turn's solved values give at ``dice`` (sorted) with ``rolls_left``:
    ``(hold, column, box)``, ``hold`` None to score now in ``final_box``'s box (given
    either way). The arrays are indexed by keep (:mod:`gameshelf.games.yatz.dice`):
    ``final_box`` the best box code (column x 13 + box) of each roll, ``final`` its value,
    ``ev1``/``ev0`` a keep's value with two/one rolls left. On a tie, scoring wins."""
    r = D.keep_index(dice)
    code = int(final_box[r])
    col, box = code // 13, Box(code % 13)
    if rolls_left:
        ev = ev1 if rolls_left == 2 else ev0
        subs = D.ROLL_STRICT_SUBS[r]
        vals = ev[subs]
        i = int(np.argmax(vals))
        if vals[i] > final[r]:
            return D.keep_dice(int(subs[i])), col, box
    return None, col, box


def triple_value_tables(table: solver.ColumnTable) -> FloatArray:
    """(3, 8192, 64) float64: the value given to each column state in the triple game,
    multiplied by the column's multiplier; the value of a triple state is their sum
    (see ``docs/yatz-strategy.md``)."""
    values = np.nan_to_num(np.asarray(table.values), nan=0.0)
    return np.stack([m * values for m in MULTIPLIERS])
