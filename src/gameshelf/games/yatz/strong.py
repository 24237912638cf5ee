"""The strong computer player (registered as ``strong``), hints and the post-game review,
all built on :mod:`gameshelf.games.yatz.strategy`."""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from gameshelf.core.chance import Chance
from gameshelf.core.text import count
from gameshelf.games.yatz import making, solver
from gameshelf.games.yatz.game import (
    COLUMNS,
    HOLDS,
    ROLL,
    SCORES,
    Action,
    Dice,
    Hold,
    Roll,
    Score,
    YatzState,
)
from gameshelf.games.yatz.scoring import RuleSet
from gameshelf.games.yatz.strategy import (
    Advice,
    ColumnState,
    Estimate,
    Option,
    Strategy,
    hold_mask,
    load_correction,
    load_estimate,
)

#: Option costs below this (points) are treated as ties: not reported as mistakes.
COST_EPSILON = 0.005

#: Turns the strong player looks ahead past the current one (see docs/yatz-strategy.md: the
#: next turn solved for every state this turn can reach, about 3 ms a turn, gained 4.5-7
#: points in paired self-play).
STRONG_LOOKAHEAD = 1
#: With this many boxes open or fewer (over the three columns), the strong player looks one
#: more turn ahead (docs/yatz-strategy.md: +1.4-1.9 points in paired self-play; a turn plan
#: then takes up to about 0.3 s).
STRONG_ENDGAME = 12

_STRATEGIES: dict[str, Strategy] = {}
_LOCK = threading.Lock()
_ESTIMATE: list[Estimate] = []
_LOADING = making.LOADING   # read by the screens through making.tables_note


def strategy_for(rules: RuleSet, progress: solver.Progress | None = None) -> Strategy:
    """The shared :class:`Strategy` of a rule set (its table is solved or loaded once, also
    when several threads ask at the same time). ``progress(done, total)`` is called while
    a first use solves the table (turn-start states; the screens read how far through
    :func:`~gameshelf.games.yatz.making.tables_note`)."""
    st = _STRATEGIES.get(rules.name)
    if st is None:
        with _LOCK:
            st = _STRATEGIES.get(rules.name)
            if st is None:
                _LOADING[rules.name] = (0, 0)

                def told(done: int, total: int) -> None:
                    _LOADING[rules.name] = (done, total)
                    if progress is not None:
                        progress(done, total)
                try:
                    st = _STRATEGIES[rules.name] = _make_strategy(rules, told)
                finally:
                    del _LOADING[rules.name]
    return st


def ready(rules: RuleSet) -> bool:
    """True once the strategy of ``rules`` is made: a hint or a move then takes no wait."""
    return rules.name in _STRATEGIES


def _make_strategy(rules: RuleSet, progress: solver.Progress | None = None) -> Strategy:
    """The strong player's strategy: with the learned correction shipped in the package
    when it was fitted for ``rules`` (see docs/yatz-strategy.md), else without."""
    table = solver.column_table(rules, progress)
    corr = load_correction()
    if corr.rules != rules.name:
        return Strategy(rules, table, lookahead=STRONG_LOOKAHEAD, endgame=STRONG_ENDGAME)
    return Strategy(rules, table, lookahead=STRONG_LOOKAHEAD, endgame=STRONG_ENDGAME,
                    discount=corr.discount, weights=corr.weights)


def estimate_for(rules: RuleSet) -> Estimate | None:
    """The fitted estimate of the points to come shipped in the package
    (:class:`~gameshelf.games.yatz.strategy.Estimate`), None when it was fitted for other
    rules than ``rules``."""
    with _LOCK:
        if not _ESTIMATE:
            _ESTIMATE.append(load_estimate())
    return _ESTIMATE[0] if _ESTIMATE[0].rules == rules.name else None


def columns_of(state: YatzState, seat: int | None = None) -> list[ColumnState]:
    """The three columns of ``seat`` (default: on turn) as plain data."""
    s = state.seat if seat is None else seat
    return [ColumnState(state.filled[s][c], state.upper[s][c], state.column_total(s, c))
            for c in range(COLUMNS)]


def advise(state: YatzState, strategy: Strategy | None = None) -> Advice:
    """The strategy's advice for the seat on turn (the state must show dice)."""
    st = strategy or strategy_for(state.rules)
    return st.advise(columns_of(state), state.dice, state.rolls_left)


class StrongPlayer:
    """The strongest player: every decision by :class:`~gameshelf.games.yatz.strategy.Strategy`:
    an exact solve of the current turn over all three columns, looking
    :data:`STRONG_LOOKAHEAD` turn ahead (one more in the end game, :data:`STRONG_ENDGAME`),
    the state reached valued with the solved single-column tables, opportunity costs
    discounted per column, plus the learned correction shipped in the package for the Yatz
    rules."""

    name = "strong"

    def __init__(self, strategy: Strategy | None = None) -> None:
        self._strategy = strategy

    def preparer(self, state: YatzState) -> Callable[[], object]:
        """A function that solves the current turn's plan ahead of the decisions (for a
        screen to run in a thread while it waits): it captures the columns now, so later
        changes of ``state`` do not touch it. The decisions of the turn are then look-ups."""
        columns = columns_of(state)
        rules = state.rules
        return lambda: (self._strategy or strategy_for(rules)).plan(columns)

    def choose(self, state: YatzState, rng: Chance) -> Action:
        """The best action for the seat on turn; ``rng`` is not used."""
        if not state.dice:
            return ROLL
        st = self._strategy or strategy_for(state.rules)
        hold, col, box = st.decide(columns_of(state), state.dice, state.rolls_left)
        if hold is None:
            return SCORES[col][box]
        mask = hold_mask(state.dice, hold, state.held)
        return ROLL if mask == state.held else HOLDS[mask]


# ----- hints and the review -------------------------------------------------------------


@dataclass(frozen=True)
class Hint:
    """What the hint key shows.

    Attributes:
        best: the best option now (hold and roll, or score).
        best_hold: the best hold-and-roll option (None with no roll left).
        best_box: the best box to score now.
        options: the top options, best first, each with its expected final score.
        fitted: True when each option's ``expected`` is this seat's expected final score
            under the strong player's play from here (points, comparable with its mean of
            about 1,700 a game); False when it is the plan's own value, right in its
            differences only (rules without a fitted estimate).
    """

    best: Option
    best_hold: Option | None
    best_box: Option
    options: tuple[Option, ...]
    dice: tuple[int, ...] = ()
    held: int = 0
    fitted: bool = False

    @property
    def meaning(self) -> str:
        """What the expected figures are, in a few words after the best option's figure."""
        if self.fitted:
            return "if the strong player plays on from here"
        return "(from one column's tables: compare the options)"

    def describe(self, option: Option) -> str:
        """``option`` as text naming the faces kept and the dice by position (as the ``hold``
        action takes them)."""
        return option.describe(self.dice, self.held)

    def lines(self, top: int = 6) -> list[str]:
        """Text lines: the best choice, then a table (cells two spaces apart, a header
        first) of the options with their expected final score and the difference to the
        best."""
        b = self.best.expected
        d = self.describe
        out = [f"Best: {d(self.best)}", f"Expected final score {b:,.1f} {self.meaning}"]
        if self.best_hold is not None and self.best_hold is not self.best:
            out.append(f"Best roll: {d(self.best_hold)}  "
                       f"({self.best_hold.expected:,.1f}, {self.best_hold.expected - b:+.1f})")
        if self.best_box is not self.best:
            out.append(f"Best box: {d(self.best_box)}  "
                       f"({self.best_box.expected:,.1f}, {self.best_box.expected - b:+.1f})")
        out.append(f"  {'expected':>9}  {'vs best':>7}  option")
        for o in self.options[:top]:
            diff = "best" if o is self.best else f"{o.expected - b:+.1f}"
            out.append(f"  {o.expected:9,.1f}  {diff:>7}  {d(o)}")
        return out


def hint(state: YatzState, strategy: Strategy | None = None) -> Hint:
    """The hint for the seat on turn: best hold, best box, and the expected final score of
    each option against the best one. The state must show dice (after the first roll).

    Each option's figure is the seat's points so far plus the fitted estimate of the points
    to come from this turn's start under the strong player's play
    (:meth:`~gameshelf.games.yatz.strategy.Strategy.to_come`), plus what the option gains or
    loses against the turn's expected value by the strategy's own reckoning; so the
    differences between options are the strategy's, and the level is that of real play
    (about 1,700 from the first roll). Without a fitted estimate for the rules, the figures
    are the strategy's own (``Hint.fitted`` False)."""
    st = strategy or strategy_for(state.rules)
    cols = columns_of(state)
    a = st.advise(cols, state.dice, state.rolls_left)
    est = estimate_for(state.rules)
    if est is None:
        return Hint(a.best, a.best_hold, a.best_box, a.options, tuple(state.dice), state.held)
    shift = st.to_come(cols, est) - st.plan(cols).turn

    def moved(o: Option) -> Option:
        return replace(o, expected=o.expected + shift)

    options = tuple(moved(o) for o in a.options)
    where = {id(o): n for o, n in zip(a.options, options, strict=True)}
    hold = None if a.best_hold is None else where[id(a.best_hold)]
    return Hint(options[0], hold, where.get(id(a.best_box), moved(a.best_box)), options,
                tuple(state.dice), state.held, fitted=True)


@dataclass(frozen=True)
class Mistake:
    """One decision that cost expected points.

    Attributes:
        seat: the player's seat.
        turn: the player's turn number (1-39).
        roll: which roll of the turn the dice showed (1-3).
        dice: the dice then.
        chosen: the option the player took.
        best: the best option.
        cost: expected points lost (best minus chosen).
    """

    seat: int
    turn: int
    roll: int
    dice: tuple[int, ...]
    chosen: Option
    best: Option
    cost: float

    def describe(self, cost: bool = True) -> str:
        """One line: ``turn 7, roll 2 [3 3 4 5 6]: keep the 3 3, roll the other three;
        best: keep the 3 4 5 6, roll the other one (-4.2)`` (the cost left out when
        ``cost`` is False)."""
        dice = " ".join(map(str, self.dice))
        tail = f" (-{points_lost(self.cost)})" if cost else ""
        return (f"turn {self.turn}, roll {self.roll} [{dice}]: {self.chosen.describe()}; "
                f"best: {self.best.describe()}{tail}")


def points_lost(cost: float) -> str:
    """``cost`` (expected points, > :data:`COST_EPSILON`) as a review writes it: one
    decimal, two below 0.05 (never ``0.0`` for a cost that was counted): ``4.2``, ``0.03``."""
    return f"{cost:.1f}" if cost >= 0.05 else f"{cost:.2f}"


def _chosen(advice: Advice, state: YatzState, action: Action) -> Option | None:
    """The option ``action`` takes, or None when it is only a step of one (a hold
    followed by its roll is judged at the roll)."""
    if isinstance(action, Score):
        return next(o for o in advice.options
                    if o.column == action.column and o.box == action.box)
    if isinstance(action, Roll):
        keep = tuple(sorted(d for p, d in enumerate(state.dice) if state.held >> p & 1))
        if len(keep) == len(state.dice):
            return None
        return next(o for o in advice.options if o.hold == keep)
    return None


class Reviewer:
    """Follows a game action by action and notes every decision that cost expected points.

    Args:
        seats: the seats to review (default every seat).
        strategy: the strategy to judge by (default the rule set's shared one).
    """

    def __init__(self, seats: Sequence[int] | None = None,
                 strategy: Strategy | None = None) -> None:
        self.seats = None if seats is None else set(seats)
        self.strategy = strategy
        self.mistakes: list[Mistake] = []
        self.decisions = 0
        #: decisions judged, by seat
        self.decided: dict[int, int] = {}

    def before(self, state: YatzState, action: Action) -> None:
        """Judge ``action`` (call before applying it to ``state``)."""
        if isinstance(action, Dice | Hold) or not state.dice:
            return
        seat = state.seat
        if self.seats is not None and seat not in self.seats:
            return
        st = self.strategy or strategy_for(state.rules)
        advice = st.advise(columns_of(state), state.dice, state.rolls_left)
        chosen = _chosen(advice, state, action)
        if chosen is None:
            return
        self.decisions += 1
        self.decided[seat] = self.decided.get(seat, 0) + 1
        cost = advice.cost(chosen)
        if cost > COST_EPSILON:
            self.mistakes.append(Mistake(seat, state.turns_taken(seat) + 1,
                                         state.roll_number(), state.dice, chosen, advice.best,
                                         cost))

    @property
    def total_cost(self) -> float:
        """Sum of the expected points lost."""
        return sum(m.cost for m in self.mistakes)


@dataclass(frozen=True)
class ReviewLine:
    """One line of a review as every front end shows it (:func:`review_lines`).

    Attributes:
        text: the line (names as given: the caller makes them safe to show).
        cost: a costly decision's expected points lost; None for a summary line.
        good: the line says every decision matched the strong player's.
    """

    text: str
    cost: float | None = None
    good: bool = False


def review_lines(rev: Reviewer, names: Mapping[int, str]) -> list[ReviewLine]:
    """The review as lines: each costly decision (by seat, then turn), then a total per
    player; or one line saying there was nothing costly or nothing to review.

    Args:
        rev: a finished review (:func:`review`).
        names: the reviewed seats' names, by seat (the seat is named only when several
            seats are reviewed).
    """
    if not rev.decisions:
        return [ReviewLine("No decisions of a person to review.")]
    if not rev.mistakes:
        return [ReviewLine(f"No costly choice in {count(rev.decisions, 'decision')}: every "
                           "one matched the strong player's.", good=True)]
    out = []
    for m in sorted(rev.mistakes, key=lambda m: (m.seat, m.turn, m.roll)):
        who = f"{names.get(m.seat, f'seat {m.seat + 1}')}: " if len(names) > 1 else ""
        # (indented, two spaces between the cost and the words: the page draws a table;
        # the cost is the line's first 9 characters, the terminal's review colours them)
        out.append(ReviewLine(f" {'-' + points_lost(m.cost):>6}  {who}"
                              f"{m.describe(cost=False)}", m.cost))
    out.append(ReviewLine(""))
    for seat in sorted({m.seat for m in rev.mistakes}):
        mine = [m for m in rev.mistakes if m.seat == seat]
        decided = rev.decided.get(seat, rev.decisions)
        out.append(ReviewLine(
            f"{names.get(seat, f'seat {seat + 1}')}: {len(mine)} of "
            f"{count(decided, 'choice')} (holds and boxes) cost expected points, "
            f"{points_lost(sum(m.cost for m in mine))} expected points in all"))
    return out


def review(actions: Sequence[Action], players: int, rules: RuleSet,
           seats: Sequence[int] | None = None, strategy: Strategy | None = None) -> Reviewer:
    """Replay ``actions`` (a game's actions, dice outcomes included) from the start and
    review the decisions of ``seats`` (default all).

    Raises:
        IllegalMoveError: the actions are not a legal game.
    """
    state = YatzState(players, rules)
    rev = Reviewer(seats, strategy)
    for a in actions:
        rev.before(state, a)
        state.apply_action(a)
    return rev
