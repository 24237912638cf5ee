"""Computer players for Yatz, registered by name.

A player is any object with a ``name`` and ``choose(state, rng) -> action`` returning one of
``state.legal_actions()``. It reads the :class:`~gameshelf.games.yatz.game.YatzState` (everything
in it is public information: the cards, the dice, the holds, the rolls left) and never
changes it; its only randomness is ``rng``, a generator the driver derives for it, so a
player never sees or moves the dice's generator.

:data:`PLAYERS` maps a name to a factory. Registering a player is one line in the dict; the
default computer seat (:func:`default_player`) is ``strong`` once such a player is
registered, else ``greedy``.

Example:
    >>> from gameshelf.core.chance import Chance
    >>> from gameshelf.games.yatz.game import YatzState
    >>> p = make_player("greedy")
    >>> str(p.choose(YatzState(1), Chance(1)))
    'roll'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError
from gameshelf.core.seats import COMPUTER_WORDS
from gameshelf.games.yatz.game import (
    ALL_HELD,
    BOXES,
    COLUMNS,
    HOLDS,
    MULTIPLIERS,
    ROLL,
    SCORES,
    Action,
    YatzState,
)
from gameshelf.games.yatz.scoring import Box


class Player(Protocol):
    """What the drivers need of a computer player."""

    name: str

    def choose(self, state: YatzState, rng: Chance) -> Action:
        """One of ``state.legal_actions()`` for the seat on turn."""
        ...


#: Rough average points of each box under good single-column play: what a box is "worth"
#: before it is filled. Scoring ``points - PAR[box]`` above par is good, below is a loss.
PAR = (2.1, 5.3, 8.6, 12.2, 15.7, 19.2, 21.7, 13.1, 22.6, 29.5, 32.7, 16.9, 22.0)


def _open(state: YatzState, box: Box) -> bool:
    """True when ``box`` is empty in some column of the seat on turn."""
    f = state.filled[state.seat]
    return any(not f[c] >> box & 1 for c in range(COLUMNS))


def _best_score(state: YatzState) -> tuple[float, int, Box]:
    """The empty box with the best ``mult * (points - PAR[box])``: (value, column, box)."""
    pts = state.box_points()
    f = state.filled[state.seat]
    best: tuple[float, int, Box] | None = None
    for c in range(COLUMNS):
        m = MULTIPLIERS[c]
        for b in range(BOXES):
            if f[c] >> b & 1:
                continue
            v = m * (pts[b] - PAR[b])
            if b <= Box.SIXES and state.upper[state.seat][c] < 63:
                # An upper box at three of its face or more keeps the bonus in reach.
                v += m * 0.3 * (pts[b] - 3 * (b + 1))
            if best is None or v > best[0]:
                best = (v, c, Box(b))
    assert best is not None, "a player with dice always has an empty box"
    return best


def _straight_hold(dice: tuple[int, ...]) -> int:
    """A mask holding one die of each face of the longest run of consecutive faces."""
    faces = set(dice)
    best: set[int] = set()
    for lo in range(1, 7):
        run = set()
        f = lo
        while f in faces:
            run.add(f)
            f += 1
        if len(run) > len(best):
            best = run
    seen: set[int] = set()
    mask = 0
    for i, d in enumerate(dice):
        if d in best and d not in seen:
            seen.add(d)
            mask |= 1 << i
    return mask


def _run_length(dice: tuple[int, ...]) -> int:
    faces = set(dice)
    return max(sum(1 for f in range(lo, lo + 5) if f in faces and all(
        g in faces for g in range(lo, f))) for lo in range(1, 7))


def _keep_mask(dice: tuple[int, ...], run: int) -> int:
    """The dice to keep: a straight's when at least ``run`` faces run in a row (0: never)
    and no face shows three times or more, else every die of the most common face (the
    highest on a tie)."""
    counts = [dice.count(f) for f in range(7)]
    top = max(range(1, 7), key=lambda f: (counts[f], f))
    if run and counts[top] <= 2 and _run_length(dice) >= run:
        return _straight_hold(dice)
    return sum(1 << i for i, d in enumerate(dice) if d == top)


def _hold_action(state: YatzState, mask: int, col: int, box: Box) -> Action:
    """The action for wanting to hold ``mask``: score (``col``, ``box``) when all five dice
    would be held, roll when the holds are already right, else change the holds."""
    if mask == ALL_HELD:
        return SCORES[col][box]
    if mask == state.held:
        return ROLL
    return HOLDS[mask]


class GreedyPlayer:
    """Rolls for the most common face (or a straight), stands on a strong hand, and scores
    the box with the most points above its par, weighted by the column's multiplier."""

    name = "greedy"

    def choose(self, state: YatzState, rng: Chance) -> Action:
        """The greedy action (see the class docstring); ``rng`` is not used."""
        if not state.dice:
            return ROLL
        value, col, box = _best_score(state)
        if state.rolls_left == 0:
            return SCORES[col][box]
        pts = state.box_points()
        strong = ((pts[Box.YATZ] == 50 and _open(state, Box.YATZ))
                  or (pts[Box.LARGE_STRAIGHT] == 40 and _open(state, Box.LARGE_STRAIGHT))
                  or state.wild())
        if strong or value >= 12 * MULTIPLIERS[col]:
            return SCORES[col][box]
        straights = _open(state, Box.SMALL_STRAIGHT) or _open(state, Box.LARGE_STRAIGHT)
        return _hold_action(state, _keep_mask(state.dice, 3 if straights else 0), col, box)


class CasualPlayer:
    """Plays like a casual person: keeps the face it has most of, chases a straight when it
    sees four in a row, stops when the hand looks good, scores the most points it can see,
    filling x1 before x2 before x3, and now and then slips."""

    name = "casual"

    def choose(self, state: YatzState, rng: Chance) -> Action:
        """A person-like action; ``rng`` decides the slips."""
        if not state.dice:
            return ROLL
        pts = state.box_points()
        f = state.filled[state.seat]
        options = [(pts[b] - (0.5 * c) + (3 if b <= Box.SIXES and pts[b] >= 3 * (b + 1)
                                          else 0), c, Box(b))
                   for c in range(COLUMNS) for b in range(BOXES) if not f[c] >> b & 1]
        if rng.random() < 0.1:
            pick = rng.choice(options)
        else:
            pick = max(options, key=lambda o: (o[0], -o[1]))
        _, col, box = pick
        if state.rolls_left == 0:
            return SCORES[col][box]
        if pts[box] >= 25 and box >= Box.FULL_HOUSE or pts[box] >= 24 and rng.random() < 0.5:
            return SCORES[col][box]
        return _hold_action(state, _keep_mask(state.dice, 4), col, box)


def _strong_player() -> Player:
    """The exact-solver player (:class:`gameshelf.games.yatz.strong.StrongPlayer`). Imported on
    first use, so commands that never seat it do not load numba and the solver."""
    # start-up: numba and the solver load only when the strong player is seated
    from gameshelf.games.yatz.strong import StrongPlayer

    return StrongPlayer()


def _winner_player() -> Player:
    """The player that plays to win (:class:`gameshelf.games.yatz.winner.WinnerPlayer`),
    imported on first use as the strong player is."""
    # start-up: numba and the solver load only when the winner is seated
    from gameshelf.games.yatz.winner import WinnerPlayer

    return WinnerPlayer()


#: Computer players by name. Add one with one line: ``"name": Factory,``.
PLAYERS: dict[str, Callable[[], Player]] = {
    "strong": _strong_player,
    "winner": _winner_player,
    "greedy": GreedyPlayer,
    "casual": CasualPlayer,
}


def default_player() -> str:
    """The default computer seat: ``strong`` when registered, else ``greedy``."""
    return "strong" if "strong" in PLAYERS else "greedy"


def make_player(name: str) -> Player:
    """A new player of the registered ``name`` (``cpu`` means :func:`default_player`).

    Raises:
        BadInputError: no player of that name.
    """
    key = name.strip().lower()
    if key in COMPUTER_WORDS:
        key = default_player()
    try:
        return PLAYERS[key]()
    except KeyError:
        raise BadInputError(f"no computer player named {name!r}; players are "
                            + ", ".join(PLAYERS)) from None
