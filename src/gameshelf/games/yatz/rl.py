"""Triple Yatz (1 to 9 players) as a :class:`~gameshelf.rl.spec.GameSpec`.

The spec sits over :class:`~gameshelf.games.yatz.game.YatzState` (rules R-YZ-1 to R-YZ-6 there) and
adds only stable ids, observations and returns. Parameter: ``players`` (1 to 9, default 2).

Player action ids (70, :data:`NUM_ACTIONS`); an id means the same move in every state:

======== ===================================================================================
id       move
======== ===================================================================================
0        ``roll all``: roll all five dice again
1..30    ``hold 1 3, roll``: hold the dice at the positions of bit mask ``id`` (bit 0 =
         die 1), then roll the others; the engine's ``hold`` and ``roll`` in one move
31..69   ``score x2 full-house``: fill box ``b`` of column ``c``, ``id = 31 + 13 c + b``
         (``b`` in :class:`~gameshelf.games.yatz.scoring.Box` order, ones .. chance)
======== ===================================================================================

Holding and rolling are one move because the engine lets a player change the holds any number
of times before a roll: as separate moves a game would have no bounded length. Holding all
five dice and rolling is no move (mask 31 is not an id); with all five dice wanted, score.
The turn's first roll is no move either, as the rules leave no choice there (R-YZ-2): the
spec makes it itself, so a new game, and the state after each score, is a chance node (the
first roll's dice), and every player node is a real decision. A turn is thus at most six
actions: the dice, two hold-and-rolls with their dice, the score.

Chance outcome ids (461, :data:`NUM_CHANCE_OUTCOMES`): the multiset of faces the rolled dice
show, sorted, numbered over every multiset of 1, 2, 3, 4 then 5 dice
(:data:`CHANCE_FACES`). A roll of ``k`` dice offers the ``C(k+5, 5)`` multisets of ``k``
dice with their multinomial probabilities (the engine's ``ROLL_OUTCOMES``); the faces go to
the rolled positions in position order, as the engine's ``dice`` action does.

Returns: with one player, the grand total (points, 0 to 2,250, R-YZ-6). With two or more,
the game's result, zero-sum: ``(seats beaten - seats beaten by) / (players - 1)``, so +1 for
a win, -1 for a loss and 0 for a draw in two-player games; with more seats, +1 for beating
everyone, -1 for being beaten by everyone. 0.0 for every seat before the end. The same
values in every adapter (OpenSpiel returns, PettingZoo's final rewards).

Yatz is a game of perfect information: every seat sees every card, the dice and the holds,
and :meth:`Spec.resample` is a clone. The state is Markov (what is left to decide depends
only on the cards, dice, holds and rolls left, never on how they came about), so the
information-state string is the observation string.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from gameshelf.core.errors import BadInputError, IllegalMoveError
from gameshelf.games.yatz.game import (
    ALL_HELD,
    BOXES,
    COLUMNS,
    HOLDS,
    MAX_GAME,
    MAX_PLAYERS,
    MIN_PLAYERS,
    ROLL,
    ROLL_OUTCOMES,
    ROLLS_PER_TURN,
    SCORES,
    TURNS_PER_PLAYER,
    Action,
    Dice,
    Hold,
    Roll,
    Score,
    YatzState,
    parse_action,
)
from gameshelf.games.yatz.scoring import DICE, FACES, Box
from gameshelf.rl.spec import CHANCE, TERMINAL, GameSpec, SpecInfo

#: Hold-and-roll ids are the hold masks ``0 .. HOLD_ROLL_ACTIONS-1`` (all held is no roll).
HOLD_ROLL_ACTIONS = ALL_HELD
#: The first score id; ``SCORE_BASE + 13 * column + box``.
SCORE_BASE = HOLD_ROLL_ACTIONS
#: Player action ids are ``0 .. NUM_ACTIONS-1``.
NUM_ACTIONS = SCORE_BASE + COLUMNS * BOXES

#: ``CHANCE_FACES[id]``: the sorted faces of chance outcome ``id`` (1 to 5 dice).
CHANCE_FACES: tuple[tuple[int, ...], ...] = tuple(
    combo for k in range(1, DICE + 1)
    for combo in itertools.combinations_with_replacement(range(1, FACES + 1), k))
#: Chance outcome id of each sorted multiset of faces.
CHANCE_ID: dict[tuple[int, ...], int] = {f: i for i, f in enumerate(CHANCE_FACES)}
#: Chance outcome ids are ``0 .. NUM_CHANCE_OUTCOMES-1``.
NUM_CHANCE_OUTCOMES = len(CHANCE_FACES)
#: ``ROLL_CHANCE[k]``: the ``(id, probability)`` pairs of a roll of ``k`` dice, ids ascending.
ROLL_CHANCE: tuple[tuple[tuple[int, float], ...], ...] = tuple(
    tuple(sorted((CHANCE_ID[f], p) for f, p in ROLL_OUTCOMES[k])) if k else ()
    for k in range(DICE + 1))
_CHANCE_DICE = tuple(Dice(f) for f in CHANCE_FACES)

#: Player and chance actions of one turn at most: the first roll's dice, two
#: hold-and-rolls with their dice, the score (R-YZ-2).
ACTIONS_PER_TURN = 2 * ROLLS_PER_TURN

#: Highest upper total of a column (five sixes, fives, ... ones: 105 points) and highest
#: column total before its multiplier (upper 105 + bonus 35 + lower 235), for scaling.
_MAX_UPPER = 5 * sum(range(1, FACES + 1))
_MAX_COLUMN = 375
#: Per seat in the tensor: 39 filled flags, 3 upper totals, 3 column totals, the grand total.
_SEAT_FEATURES = COLUMNS * BOXES + 2 * COLUMNS + 1
#: Dice one-hot (5 x 6), held flags (5), roll number one-hot (0-3), rolling flag.
_TURN_FEATURES = DICE * FACES + DICE + (ROLLS_PER_TURN + 1) + 1

_ALL_HOLD_ROLLS = list(range(HOLD_ROLL_ACTIONS))


def score_id(column: int, box: Box | int) -> int:
    """The action id of filling ``box`` in ``column`` (0, 1, 2 for x1, x2, x3)."""
    return SCORE_BASE + BOXES * column + int(box)


def action_text(action: int) -> str:
    """A player action id as text: ``roll all``, ``hold 1 3, roll``, ``score x2 full-house``.

    Raises:
        BadInputError: ``action`` is not a player action id.
    """
    if not 0 <= action < NUM_ACTIONS:
        raise BadInputError(f"no Yatz action id {action}; ids are 0 to {NUM_ACTIONS - 1}")
    if action == 0:
        return "roll all"
    if action < SCORE_BASE:
        return f"{HOLDS[action]}, roll"
    return str(SCORES[(action - SCORE_BASE) // BOXES][(action - SCORE_BASE) % BOXES])


def action_id(text: str) -> int:
    """The player action id of :func:`action_text`'s text (``parse(str(x)) == x``).

    Also accepts the engine's ``roll`` for ``roll all`` and ``hold 1 3 roll`` without the
    comma; box and column names as the engine's ``score`` accepts them.

    Raises:
        BadInputError: the text is no player move of this spec.
    """
    words = text.replace(",", " ").lower().split()
    if words in (["roll"], ["roll", "all"]):
        return 0
    if len(words) >= 2 and words[0] in ("hold", "h", "keep") and words[-1] == "roll":
        hold = parse_action(" ".join(words[:-1]))
        assert isinstance(hold, Hold)
        mask = hold.mask
        if mask == ALL_HELD:
            raise BadInputError("holding all five dice leaves none to roll: score a box")
        return mask
    act = parse_action(text)
    if not isinstance(act, Score):
        raise BadInputError(f"not a Yatz move: {text.strip()!r}; moves are roll all, "
                            "hold 1 3, roll and score x2 full-house")
    return score_id(act.column, act.box)


def move_id(state: YatzState, action: Action) -> int:
    """The id of the move an engine action starts, for a player that chooses engine actions
    (:mod:`gameshelf.games.yatz.players`) to play through the spec.

    ``roll`` keeps the current holds; ``hold`` is taken as that hold and a roll (a player
    holds dice only to roll the others); ``score`` is its box.

    Raises:
        IllegalMoveError: a ``dice`` outcome, a ``hold`` of all five or an action that is
            not legal now.
    """
    if isinstance(action, Score):
        return score_id(action.column, action.box)
    if isinstance(action, Roll | Hold) and not state.rolling and not state.is_terminal():
        mask = action.mask if isinstance(action, Hold) else state.held
        if state.dice and state.rolls_left > 0 and mask != ALL_HELD:
            return mask
    raise IllegalMoveError(f"{action} is no Yatz move here")


class Spec(GameSpec[YatzState]):
    """Triple Yatz for the research adapters: see the module docstring for the ids and the
    returns.

    Args:
        params: ``{"players": n}`` with ``n`` from 1 to 9 (default 2).

    Raises:
        BadInputError: an unknown parameter or a player count out of 1 to 9.
    """

    #: Solitaire triple Yatz in Gymnasium (:mod:`gameshelf.rl.gym`); a step's reward is the
    #: points it adds to the grand total (R-YZ-6), so an episode's add up to the final total.
    GYM_ID = "gameshelf/TripleYatz-v0"

    def solitaire_points(self, state: YatzState) -> float:
        """The grand total of seat 0 so far (points, 0 to 2,250)."""
        return float(state.grand_total(0))

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(params)
        n = self.params["players"]
        if isinstance(n, bool) or not isinstance(n, int) or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise BadInputError(f"Yatz is for 1 to 9 players, got {n!r}")

    @classmethod
    def info(cls) -> SpecInfo:
        """Bounds over every player count: returns lie in -1 (a loss) to 2,250 (the highest
        solitaire game); a game is at most 7 actions a turn, 39 turns a seat, 9 seats."""
        return SpecInfo(
            short_name="gameshelf_yatz",
            long_name="gameshelf Triple Yatz",
            min_players=MIN_PLAYERS,
            max_players=MAX_PLAYERS,
            num_distinct_actions=NUM_ACTIONS,
            max_chance_outcomes=NUM_CHANCE_OUTCOMES,
            min_utility=-1.0,
            max_utility=float(MAX_GAME),
            utility_sum=None,
            max_game_length=MAX_PLAYERS * TURNS_PER_PLAYER * ACTIONS_PER_TURN,
            perfect_information=True,
            parameters={"players": 2},
        )

    def initial(self) -> YatzState:
        """A new game: seat 0's first roll, waiting for its dice (a chance node)."""
        state = YatzState(self.players)
        state.apply_action(ROLL)
        return state

    def current_player(self, state: YatzState) -> int:
        """The seat to act, :data:`CHANCE` while dice roll, :data:`TERMINAL` at the end."""
        if state.is_terminal():
            return TERMINAL
        return CHANCE if state.rolling else state.seat

    def legal_actions(self, state: YatzState) -> list[int]:
        """With rolls left every hold-and-roll (0-30), then a score id for each empty box of
        the seat's columns; empty at chance nodes and the end."""
        if state.rolling or state.is_terminal() or not state.dice:
            return []
        filled = state.filled[state.seat]
        out = _ALL_HOLD_ROLLS[:] if state.rolls_left > 0 else []
        for c in range(COLUMNS):
            f = filled[c]
            base = SCORE_BASE + BOXES * c
            out.extend(base + b for b in range(BOXES) if not f >> b & 1)
        return out

    def chance_outcomes(self, state: YatzState) -> list[tuple[int, float]]:
        """Each multiset of faces the rolled dice can show, with its probability."""
        if not state.is_chance_node():
            return []
        return list(ROLL_CHANCE[state.rolled_count()])

    def apply(self, state: YatzState, action: int) -> None:
        """Play a player action id, or a chance outcome id while dice roll.

        Raises:
            IllegalMoveError: ``action`` is not legal here (the state is left unchanged).
        """
        if state.is_chance_node():
            if not 0 <= action < NUM_CHANCE_OUTCOMES:
                raise IllegalMoveError(f"no chance outcome id {action} in Yatz")
            dice = _CHANCE_DICE[action]
            if len(dice.faces) != state.rolled_count():
                raise IllegalMoveError(f"this roll throws {state.rolled_count()} dice; outcome "
                                       f"{action} is {len(dice.faces)} dice")
            state.apply_action(dice)
            return
        if state.is_terminal():
            raise IllegalMoveError("the game is over")
        if not 0 <= action < NUM_ACTIONS:
            raise IllegalMoveError(f"no Yatz action id {action}; ids are 0 to {NUM_ACTIONS - 1}")
        if not state.dice:
            raise IllegalMoveError("the turn's first roll comes first")
        if action >= SCORE_BASE:
            s = action - SCORE_BASE
            state.apply_action(SCORES[s // BOXES][s % BOXES])
            if not state.is_terminal():
                state.apply_action(ROLL)  # the next turn's first roll: no choice (R-YZ-2)
            return
        if state.rolls_left <= 0:
            raise IllegalMoveError("no rolls left this turn: score a box")
        if action != state.held:
            state.apply_action(HOLDS[action])
        state.apply_action(ROLL)

    def clone(self, state: YatzState) -> YatzState:
        """An independent copy."""
        return state.clone()

    def returns(self, state: YatzState) -> list[float]:
        """The grand total with one player; else each seat's zero-sum result in -1 to 1
        (module docstring); all 0.0 before the end."""
        n = state.players
        if not state.is_terminal():
            return [0.0] * n
        totals = [state.grand_total(s) for s in range(n)]
        if n == 1:
            return [float(totals[0])]
        return [sum((t > u) - (t < u) for u in totals) / (n - 1) for t in totals]

    def action_to_string(self, player: int, action: int) -> str:
        """``roll all``, ``hold 1 3, roll``, ``score x2 full-house``; chance: ``dice 2 2 5``.

        Raises:
            BadInputError: no action or outcome of that id.
        """
        if player == CHANCE:
            if not 0 <= action < NUM_CHANCE_OUTCOMES:
                raise BadInputError(f"no chance outcome id {action} in Yatz")
            return str(_CHANCE_DICE[action])
        return action_text(action)

    def observation_shape(self) -> tuple[int, ...]:
        """``(40 + 47 * players,)``: 40 turn features, then 46 card features and one
        whose-turn flag a seat (134 floats for two players)."""
        return (_TURN_FEATURES + self.players * (_SEAT_FEATURES + 1),)

    def observation_bounds(self) -> tuple[float, float]:
        """``(0.0, 1.0)``: flags, one-hots and totals over their highest values (below)."""
        return (0.0, 1.0)

    def observation_tensor(self, state: YatzState, player: int) -> npt.NDArray[np.float32]:
        """What every seat sees, from ``player``'s side, as ``float32`` in 0..1.

        Layout: the dice one-hot (5 positions x 6 faces, zero before the first roll's
        dice), the held flags (5), the roll number one-hot (0 to 3), 1 while the dice roll;
        then each seat's card, ``player`` first and the others in turn order: 39 filled
        flags (column by column, boxes in order), the three upper totals over 105, the three
        column totals over 375, the grand total over 2,250; then whose turn it is, one flag a
        seat in the same order (all 0 at the end).
        """
        player = self.seat(player)
        n = state.players
        out = np.zeros(self.observation_shape(), dtype=np.float32)
        for p, d in enumerate(state.dice):
            out[p * FACES + d - 1] = 1.0
        i = DICE * FACES
        for p in range(DICE):
            if state.held >> p & 1:
                out[i + p] = 1.0
        i += DICE
        out[i + state.roll_number()] = 1.0
        i += ROLLS_PER_TURN + 1
        out[i] = 1.0 if state.is_chance_node() else 0.0
        i += 1
        for k in range(n):
            s = (player + k) % n
            for c in range(COLUMNS):
                f = state.filled[s][c]
                for b in range(BOXES):
                    if f >> b & 1:
                        out[i + c * BOXES + b] = 1.0
            i += COLUMNS * BOXES
            for c in range(COLUMNS):
                out[i + c] = state.upper[s][c] / _MAX_UPPER
                out[i + COLUMNS + c] = state.column_total(s, c) / _MAX_COLUMN
            i += 2 * COLUMNS
            out[i] = state.grand_total(s) / MAX_GAME
            i += 1
        if not state.is_terminal():
            out[i + (state.seat - player) % n] = 1.0
        return out

    def observation_string(self, state: YatzState, player: int) -> str:
        """The whole table as text (the same for every seat: nothing is hidden).

        One line for the turn (``turn of seat 1, roll 2 of 3, dice 3 [4] 5 6 6`` with held
        dice in brackets, or ``game over``), then a line a seat: its grand total and its
        three columns' boxes (points, ``.`` for an empty box) with the upper totals.
        """
        player = self.seat(player)
        lines = [_turn_line(state)]
        for s in range(state.players):
            cols = []
            for c in range(COLUMNS):
                boxes = " ".join("." if v is None else str(v) for v in state.boxes[s][c])
                cols.append(f"x{c + 1}[{boxes} | up {state.upper[s][c]}]")
            lines.append(f"seat {s + 1}: {state.grand_total(s)}  " + "  ".join(cols))
        return "\n".join(lines)

    def information_state_string(self, state: YatzState, player: int) -> str:
        """The observation string: perfect information and a Markov state (module
        docstring)."""
        return self.observation_string(state, player)

    def resample(self, state: YatzState, player: int, rng: random.Random) -> YatzState:
        """A clone: nothing is hidden in Yatz."""
        player = self.seat(player)
        return state.clone()


def _turn_line(state: YatzState) -> str:
    if state.is_terminal():
        return "game over"
    dice = " ".join(f"[{d}]" if state.held >> i & 1 else str(d)
                    for i, d in enumerate(state.dice)) or "not rolled"
    rolling = ", dice rolling" if state.rolling else ""
    return (f"turn of seat {state.seat + 1}, roll {state.roll_number()} of {ROLLS_PER_TURN}, "
            f"dice {dice}{rolling}")

