"""The computer player that plays to win (registered as ``winner``).

It keeps the strong player's exact solve of the current turn (every keep of every roll,
every box of the three columns, R-YZ-1 to R-YZ-5) but judges each way the turn can end by
the chance of finishing first, not by the points: a turn's end with expected final total
``x`` (the strong player's own value of the state reached, set to the level of real play
by the fitted estimate, :meth:`~gameshelf.games.yatz.strategy.Strategy.to_come`) is worth

``U(x) = P(X > Y_j for every rival j)``, ``X ~ N(x, s(t)²)``, ``Y_j ~ N(mu_j, s(t_j)²)``,

where ``mu_j`` is rival j's points so far plus the estimate of its points to come, ``t``
and ``t_j`` are the turns still to play after this one (this seat) and from now (rival j),
and ``s`` is the spread of a final score around that estimate, fitted by self-play
(:data:`SPREAD_FILE`). With no turn left a score is exact (``s(0) = 0``), so this seat's
last turn is judged on the true final totals; ties count half a win. ``U`` rises with
``x``, so every roll still goes to the strong player's box; what changes is which dice to
hold and when to stop rolling: far behind, the player takes the long shot that can still
win (an x3 Yatz); far ahead, the sure points. Where every choice is worth the same chance
(the win certain or out of reach) it plays as ``strong``, and in solitaire it is ``strong``.
The method and its measured strength are in ``docs/yatz-strategy.md``.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources

import numba
import numpy as np

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import load_toml
from gameshelf.games.yatz import dice as D
from gameshelf.games.yatz import solver
from gameshelf.games.yatz.game import COLUMNS, HOLDS, ROLL, SCORES, Action, YatzState
from gameshelf.games.yatz.scoring import Box
from gameshelf.games.yatz.strategy import (
    ColumnState,
    Strategy,
    TurnPlan,
    best_choice,
    hold_mask,
)
from gameshelf.games.yatz.strong import StrongPlayer, columns_of, estimate_for, strategy_for
from gameshelf.games.yatz.turn_kernels import FloatArray

#: The fitted spread of final scores (``s`` by turns left), made by
#: ``benchmarks/yatz_fit_spread.py``.
SPREAD_FILE = "spread.toml"
#: Turns a player plays in a whole game (39 boxes, R-YZ-1).
TURNS = COLUMNS * 13
#: What one expected point is worth beside the chance of winning (a hundred-thousandth of a
#: win): choices of the same chance, as when the win is certain or out of reach, are decided
#: by the strong player's points; 30 points tip a choice only when it costs under 0.03 % of
#: a win.
POINT = 1e-5
#: Quadrature of this seat's own final score (Gauss-Hermite, probabilists' weight).
_NODES, _WEIGHTS = np.polynomial.hermite_e.hermegauss(32)
_WEIGHTS = _WEIGHTS / math.sqrt(2.0 * math.pi)


@dataclass(frozen=True)
class Spread:
    """How far a final score lands from its estimate (points), by turns still to play.

    Attributes:
        rules: the rule set's name it was fitted for.
        sd: 40 standard deviations (points), ``sd[t]`` with ``t`` turns (0-39) still to play
            from a turn start; ``sd[0]`` is 0 (the score is then final).
        note: how it was made (script, seeds, games).
    """

    rules: str
    sd: tuple[float, ...]
    note: str = ""


def load_spread(text: str | None = None) -> Spread:
    """Parse a spread file (default: the one shipped in the package).

    Raises:
        BadInputError: not a spread file: 40 numbers from 0 to 1,000, the first 0.
    """
    if text is None:
        text = resources.files("gameshelf.games.yatz").joinpath(SPREAD_FILE).read_text("utf-8")
    data = load_toml(text, "bad Yatz spread file", BadInputError)
    rules, note, sd = data.get("rules"), data.get("note", ""), data.get("sd")
    if not isinstance(rules, str) or not isinstance(note, str):
        raise BadInputError("bad Yatz spread file: 'rules' and 'note' must be text")
    if (not isinstance(sd, list) or len(sd) != TURNS + 1 or not all(
            isinstance(x, int | float) and not isinstance(x, bool) and 0 <= x <= 1000
            for x in sd) or sd[0] != 0):
        raise BadInputError(f"bad Yatz spread file: 'sd' must be {TURNS + 1} numbers from 0 "
                            "to 1000, the first 0")
    return Spread(rules, tuple(float(x) for x in sd), note)


def dump_spread(spread: Spread) -> str:
    """The TOML text of ``spread`` (read back by :func:`load_spread`)."""
    note = spread.note.replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")
    sd = "[\n" + "".join(f"  {x:.3f},\n" for x in spread.sd) + "]"
    return f'rules = "{spread.rules}"\nnote = "{note}"\nsd = {sd}\n'


@numba.njit(cache=True, nogil=True)
def _win_chance(x: FloatArray, s_me: float, mus: FloatArray, sds: FloatArray,
                nodes: FloatArray, weights: FloatArray,
                out: FloatArray) -> None:  # pragma: no cover - compiled
    """``out[i] = U(x[i])``: the chance that ``X ~ N(x[i], s_me²)`` beats every rival
    ``Y_j ~ N(mus[j], sds[j]²)`` (independent; a rival with ``sds[j] == 0`` has a final
    score, a tie with it counts half)."""
    exact = s_me <= 0.0
    for i in range(x.shape[0]):
        total = 0.0
        for q in range(1 if exact else nodes.shape[0]):
            me = x[i] if exact else x[i] + s_me * nodes[q]
            p = 1.0
            for j in range(mus.shape[0]):
                if sds[j] > 0.0:
                    p *= 0.5 * math.erfc(-(me - mus[j]) / (sds[j] * math.sqrt(2.0)))
                else:
                    d = me - mus[j]
                    p *= 1.0 if d > 0.25 else 0.5 if d > -0.25 else 0.0
            total += p if exact else weights[q] * p
        out[i] = total


def win_chance(x: Sequence[float] | FloatArray, s_me: float,
               rivals: Sequence[tuple[float, float]]) -> FloatArray:
    """The chance of finishing first with an expected final total of each ``x`` (points):
    this seat's final ``~ N(x, s_me²)``, each rival's ``~ N(mu, sd²)`` given as ``(mu,
    sd)``; a final score (sd 0) tied counts half a win (ties shared). Shape of ``x``."""
    xs = np.ascontiguousarray(x, dtype=np.float64)
    out = np.empty_like(xs)
    mus = np.array([m for m, _ in rivals], dtype=np.float64)
    sds = np.array([s for _, s in rivals], dtype=np.float64)
    _win_chance(xs, float(s_me), mus, sds, _NODES, _WEIGHTS, out)
    return out


@dataclass(frozen=True)
class WinPlan:
    """One turn solved for the chance of winning (arrays indexed by keep, as
    :class:`~gameshelf.games.yatz.strategy.TurnPlan`).

    Attributes:
        plan: the strong player's plan of the turn (its boxes and point values).
        final: chance of winning when the turn ends on each roll (scored in its best box),
            plus :data:`POINT` times the strong player's value of it (points).
        ev0: the same when holding each keep with one roll left.
        ev1: the same with two rolls left.
        turn: the same from the turn's start.
    """

    plan: TurnPlan
    final: FloatArray
    ev0: FloatArray
    ev1: FloatArray
    turn: float


def expected_final(strategy: Strategy, columns: Sequence[ColumnState]) -> float:
    """A seat's expected final total at a turn start (points): its points so far plus the
    fitted estimate of the points to come under strong play (the strategy's own value when
    no estimate was fitted for the rules)."""
    now = sum((c + 1) * col.points for c, col in enumerate(columns))
    if all(col.mask == solver.FULL for col in columns):
        return float(now)
    est = estimate_for(strategy.rules)
    come = strategy.plan(columns).turn if est is None else strategy.to_come(columns, est)
    return now + come


def open_boxes(columns: Sequence[ColumnState]) -> int:
    """Boxes still empty over the three columns (the turns the seat has still to play)."""
    return TURNS - sum(col.mask.bit_count() for col in columns)


def win_plan(strategy: Strategy, spread: Spread, columns: Sequence[ColumnState],
             rivals: Sequence[Sequence[ColumnState]]) -> WinPlan:
    """Solve the turn from ``columns`` for this seat's chance of finishing first against
    ``rivals`` (every other seat's columns, at their turn starts).

    Raises:
        BadInputError: the seat's card is full, or no rival is given.
    """
    if not rivals:
        raise BadInputError("a chance of winning needs at least one rival")
    plan = strategy.plan(columns)
    start = expected_final(strategy, columns) - plan.turn + plan.base
    me = spread.sd[open_boxes(columns) - 1]
    odds = [(expected_final(strategy, r), spread.sd[open_boxes(r)]) for r in rivals]
    first = D.ROLL_FIRST
    final = np.zeros(D.NKEEPS)
    final[first:] = (win_chance(start + plan.final[first:], me, odds)
                     + POINT * plan.final[first:])
    ev0, ev1, mx = np.empty(D.NKEEPS), np.empty(D.NKEEPS), np.empty(D.NKEEPS + 1)
    mx[-1] = -np.inf
    solver._expect(final, ev0, D.KEEP_ADD, first)
    solver._best_sub(ev0, mx, D.REMOVE_SENTINEL)
    solver._expect(mx, ev1, D.KEEP_ADD, first)
    solver._best_sub(ev1, mx, D.REMOVE_SENTINEL)
    turn = float(np.dot(D.ROLL_PROB[first:], mx[first:D.NKEEPS]))
    return WinPlan(plan, final, ev0, ev1, turn)


def decide(wp: WinPlan, dice: Sequence[int],
           rolls_left: int) -> tuple[tuple[int, ...] | None, int, Box]:
    """The choice with the best chance of winning (plus :data:`POINT` per expected point):
    ``(hold, column, box)`` as :meth:`~gameshelf.games.yatz.strategy.Strategy.decide`
    (``hold`` None to score now in the strong player's box); on a tie, scoring wins."""
    return best_choice(wp.plan.final_box, wp.final, wp.ev1, wp.ev0, dice, rolls_left)


class WinnerPlayer:
    """Plays to finish first (ties shared) from every seat's card: the strong player's turn
    solve with each turn's end judged by the chance of winning (see the module docstring);
    as ``strong`` in solitaire."""

    name = "winner"

    def __init__(self, strategy: Strategy | None = None, spread: Spread | None = None) -> None:
        self._strategy = strategy
        self._spread = spread
        self._strong = StrongPlayer(strategy)
        self._plans: OrderedDict[tuple[object, ...], WinPlan] = OrderedDict()

    def _spread_for(self, strategy: Strategy) -> Spread | None:
        if self._spread is None:
            self._spread = load_spread()
        return self._spread if self._spread.rules == strategy.rules.name else None

    def plan_for(self, state: YatzState) -> WinPlan | None:
        """The turn's plan for the seat on turn (cached per turn start and every seat's
        card); None in solitaire or without a fitted spread for the rules (then it plays as
        ``strong``)."""
        if state.players < 2:
            return None
        st = self._strategy or strategy_for(state.rules)
        spread = self._spread_for(st)
        if spread is None:
            return None
        cards = [tuple(columns_of(state, s)) for s in range(state.players)]
        key = (state.seat, *cards)
        wp = self._plans.get(key)
        if wp is None:
            rivals = [c for s, c in enumerate(cards) if s != state.seat]
            wp = self._plans[key] = win_plan(st, spread, cards[state.seat], rivals)
            if len(self._plans) > 64:
                self._plans.popitem(last=False)
        return wp

    def preparer(self, state: YatzState) -> Callable[[], object]:
        """A function that solves the turn's plan ahead of the decisions (for a screen to run
        in a thread): it captures the state now, so later changes do not touch it."""
        snapshot = state.clone()
        return lambda: self.plan_for(snapshot)

    def choose(self, state: YatzState, rng: Chance) -> Action:
        """The action with the best chance of winning for the seat on turn; ``rng`` is not
        used."""
        if not state.dice:
            return ROLL
        wp = self.plan_for(state)
        if wp is None:
            return self._strong.choose(state, rng)
        hold, col, box = decide(wp, state.dice, state.rolls_left)
        if hold is None:
            return SCORES[col][box]
        mask = hold_mask(state.dice, hold, state.held)
        return ROLL if mask == state.held else HOLDS[mask]
