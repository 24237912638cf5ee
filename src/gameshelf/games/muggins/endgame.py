"""The exact endgame of a Muggins round: once the boneyard is empty, every tile is known.

With no tile left to draw, the tiles a seat cannot see are exactly the other rack (the view's
``unseen``), nobody draws again and nothing is left to chance: the rest of the round is a
game of perfect information between two known racks (R-MG-3: play if a tile fits, else pass;
two passes in a row block the round). :func:`solve` searches it exactly.

The value searched is the point difference to the end of the round for the seat to act: every
play's score (R-MG-4), the going-out points (25 plus the other rack's pips rounded to 5,
R-MG-5) or a blocked round's points (R-MG-6). When a seat could reach the game's target
before the round ends, the game ends there (R-MG-8): then reaching the target first is worth
:data:`TARGET_BONUS` more (strong Mugsy's rollouts give the same bonus), and the search stops
at that play. Searching with the scores makes the positions of one round many more, so they
enter the search only when the target is within reach of the points the round can still give
(:func:`target_in_reach`).

The search is a negamax with alpha-beta bounds over positions keyed by both racks, the two
open ends (what each counts; left and right are interchangeable), the passes in a row, and,
only with the target in reach, both scores (a transposition table). A play that fits both
chains when the ends are alike is searched once (the boards are mirror images).

A boneyard that is not empty is never searched: even when the other rack is known (the numbers
it lacks may leave only as many unseen tiles as it holds), the order of the tiles drawn is
chance, so the rest of the round is not a game of perfect information.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gameshelf.games.muggins.game import (
    DOMINO_BONUS,
    OPENS,
    POINTS,
    Play,
    Side,
    end_value,
    reaches,
)
from gameshelf.games.muggins.tiles import ALL_TILES, MAX_PIPS, round_to_five

if TYPE_CHECKING:
    from gameshelf.games.muggins.view import MugginsView

#: Points for reaching the target first (R-MG-8), on top of the point difference; strong
#: Mugsy's rollouts use it too.
TARGET_BONUS = 150
#: Positions searched for one decision before the search gives up (``None``): a bound on
#: the time a decision takes (each position costs a few microseconds). Most endgames of real
#: games need far fewer; the largest (about 20 tiles and more in the two racks) may need more
#: (docs/muggins-strategy.md).
NODE_LIMIT = 25_000

#: The most one play scores (R-MG-4).
_MAX_PLAY = 30

_PIPS = tuple(t.pips for t in ALL_TILES)
#: ``_HAS[n]``: the tiles (as bits of their ids) with a half showing ``n``.
_HAS = tuple(sum(1 << i for i, t in enumerate(ALL_TILES) if t.has(n))
             for n in range(MAX_PIPS + 1))
_INF = 1 << 30
_EXACT, _LOWER, _UPPER = 0, 1, 2


class _OutOfNodes(Exception):
    """The search passed its node limit."""


def solvable(view: MugginsView) -> bool:
    """True when every tile is known to ``view``'s seat: the boneyard is empty, so the unseen
    tiles are the other rack (R-MG-3: nobody draws again)."""
    return view.boneyard_count == 0 and len(view.unseen) == view.opponent_count


def mask(tiles: Iterable[int]) -> int:
    """Tile ids as bits (bit ``i`` for :attr:`~gameshelf.games.muggins.tiles.Tile.index`
    ``i``)."""
    out = 0
    for t in tiles:
        out |= 1 << t
    return out


def _pips(bits: int) -> int:
    total = 0
    while bits:
        low = bits & -bits
        total += _PIPS[low.bit_length() - 1]
        bits ^= low
    return total


def target_in_reach(mine: int, theirs: int, scores: tuple[int, int], target: int) -> bool:
    """Whether either score could reach ``target`` in what is left of the round: at most
    30 points a play (R-MG-4) for each tile left, plus 25 and every pip left for going out
    or a block (R-MG-5, R-MG-6). ``mine``/``theirs``: the racks as bits."""
    tiles = (mine | theirs).bit_count()
    most = tiles * _MAX_PLAY + DOMINO_BONUS + round_to_five(_pips(mine | theirs))
    return reaches(max(scores) + most, target)


@dataclass
class Solver:
    """Exact search of one round's end with both racks known.

    Args:
        target: the game's target (R-MG-8) when it is in reach (:func:`target_in_reach`),
            else None: the value is then the point difference alone.
        node_limit: positions searched before :class:`_OutOfNodes` ends the search.

    Its transposition table maps a position's key to ``(bound kind, value)``; a table kept
    from one decision to the next of a round found too few positions again to pay for its
    memory (docs/muggins-strategy.md), so each decision has its own.
    """

    target: int | None = None
    node_limit: int = NODE_LIMIT

    def __post_init__(self) -> None:
        self.table: dict[tuple[int, ...], tuple[int, int]] = {}
        self.nodes = 0

    def value(self, me: int, opp: int, lft: int, lv: int, rgt: int, rv: int, passes: int,
              s_me: int = 0, s_opp: int = 0, alpha: int = -_INF, beta: int = _INF) -> int:
        """The seat to act's point difference to the round's end (plus or minus
        :data:`TARGET_BONUS` when a seat reaches the target first), both playing their
        best: ``me`` and ``opp`` the racks as bits, the open ends ``lft``/``rgt`` counting
        ``lv``/``rv`` (R-MG-4), ``passes`` in a row so far (0 or 1), the scores ``s_me``/
        ``s_opp`` (points; read only with a target). With ``alpha``/``beta`` the result is
        exact only inside that window (a bound outside it).

        Raises:
            _OutOfNodes: more than ``node_limit`` positions searched.
        """
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise _OutOfNodes
        e1, e2 = lft * 20 + lv, rgt * 20 + rv
        target = self.target
        if e1 > e2:
            e1, e2 = e2, e1
        key = ((me, opp, e1, e2, passes, s_me, s_opp, target) if target is not None
               else (me, opp, e1, e2, passes))
        hit = self.table.get(key)
        if hit is not None:
            flag, v = hit
            if flag == _EXACT:
                return v
            if flag == _LOWER:
                if v >= beta:
                    return v
                alpha = max(alpha, v)
            elif v <= alpha:
                return v
            else:
                beta = min(beta, v)
        start_alpha = alpha
        fits = me & (_HAS[lft] | _HAS[rgt])
        if not fits:
            if passes:
                # blocked (R-MG-6): the lower pip total scores the other's, rounded
                mp, op = _pips(me), _pips(opp)
                if mp == op:
                    best = 0
                else:
                    best = round_to_five(op) if mp < op else -round_to_five(mp)
                    if target is not None:
                        if mp < op and reaches(s_me + best, target):
                            best += TARGET_BONUS
                        elif mp > op and reaches(s_opp - best, target):
                            best -= TARGET_BONUS
            else:
                best = -self.value(opp, me, lft, lv, rgt, rv, 1, s_opp, s_me, -beta, -alpha)
        else:
            best = -_INF
            alike = lft == rgt and lv == rv
            for t, side, n, c, pts in _ordered(fits, lft, lv, rgt, rv, alike):
                rest = me & ~(1 << t)
                v = pts
                if target is not None and reaches(s_me + pts, target):
                    v += TARGET_BONUS
                elif not rest:
                    gain = DOMINO_BONUS + round_to_five(_pips(opp))
                    v += gain
                    if target is not None and reaches(s_me + pts + gain, target):
                        v += TARGET_BONUS
                elif side == 0:
                    v -= self.value(opp, rest, n, c, rgt, rv, 0, s_opp, s_me + pts,
                                    pts - beta, pts - alpha)
                else:
                    v -= self.value(opp, rest, lft, lv, n, c, 0, s_opp, s_me + pts,
                                    pts - beta, pts - alpha)
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
        flag = _UPPER if best <= start_alpha else _LOWER if best >= beta else _EXACT
        self.table[key] = (flag, best)
        return best


def _ordered(fits: int, lft: int, lv: int, rgt: int, rv: int,
             alike: bool) -> list[tuple[int, int, int, int, int]]:
    """The plays of the tiles ``fits`` (bits) as ``(tile id, side 0 left / 1 right, the
    open number left, its count, points now)``, most points first, then the heaviest tile:
    good plays first make the bounds cut sooner. One side only when the ends are alike."""
    moves = []
    bits = fits
    while bits:
        low = bits & -bits
        t = low.bit_length() - 1
        bits ^= low
        row = 10 * t
        opened = OPENS[row + lft]
        if opened is not None:
            n, c = opened
            moves.append((POINTS[c + rv] * 100 + _PIPS[t], t, 0, n, c, POINTS[c + rv]))
        if not alike:
            opened = OPENS[row + rgt]
            if opened is not None:
                n, c = opened
                moves.append((POINTS[lv + c] * 100 + _PIPS[t], t, 1, n, c, POINTS[lv + c]))
    moves.sort(reverse=True)
    return [m[1:] for m in moves]


def _wins(rest: int, opp: int, s_me: int, pts: int, target: int | None) -> int | None:
    """The value of a play that wins the game by itself, None for any other: it reaches the
    target at once, or goes out (``rest`` empty) and reaches it with the going-out points
    (R-MG-5, R-MG-8)."""
    if target is None:
        return None
    if reaches(s_me + pts, target):
        return pts + TARGET_BONUS
    if not rest:
        gain = DOMINO_BONUS + round_to_five(_pips(opp))
        if reaches(s_me + pts + gain, target):
            return pts + gain + TARGET_BONUS
    return None


@dataclass(frozen=True)
class Solution:
    """Exact values of plays in a known endgame.

    Attributes:
        values: each play's value, in the order given: its points now plus the point
            difference to the end of the round with both seats at their best (plus or minus
            :data:`TARGET_BONUS` for reaching the target first); None for a play not valued
            (only the best is sure when ``all_plays`` was False).
        best: index of the best play (the first of equal ones); when a play wins the game
            by itself, the first such play (only it is valued).
        wins: the best play wins the game by itself: it reaches the target at once, or goes
            out and reaches it with the going-out points (R-MG-8).
        nodes: positions searched.
    """

    values: tuple[int | None, ...]
    best: int
    wins: bool
    nodes: int


def solve(view: MugginsView, plays: Sequence[Play], all_plays: bool = False,
          node_limit: int = NODE_LIMIT) -> Solution | None:
    """Search the rest of the round exactly for ``view``'s seat, which must be to act with
    the boneyard empty (:func:`solvable`), choosing among ``plays``.

    Args:
        view: the seat's view.
        plays: the plays to value (legal in ``view``).
        all_plays: value every play exactly (the coach); else only the best is exact and
            the others may be None (Mugsy's choice).
        node_limit: positions searched at most.

    Returns:
        The :class:`Solution`, or None when the search passed ``node_limit`` positions.

    Raises:
        ValueError: the view is not a known endgame (the boneyard is not empty).
    """
    if not solvable(view):
        raise ValueError("the endgame is exact only with the boneyard empty")
    me = mask(t.index for t in view.hand)
    opp = mask(t.index for t in view.unseen)
    seat = view.seat
    s_me, s_opp = view.scores[seat], view.scores[1 - seat]
    target = (view.target if target_in_reach(me, opp, view.scores, view.target) else None)
    solver = Solver(target, node_limit)
    lft, rgt = view.ends()
    lv, rv = end_value(view.left), end_value(view.right)
    moves = []
    for i, p in enumerate(plays):
        opened = OPENS[10 * p.tile.index + (lft if p.side is Side.LEFT else rgt)]
        if opened is None:
            raise ValueError(f"{p} does not fit")
        n, c = opened
        pts = POINTS[c + rv] if p.side is Side.LEFT else POINTS[lv + c]
        rest = me & ~(1 << p.tile.index)
        won = _wins(rest, opp, s_me, pts, target)
        if won is not None:   # the game is won with this play: nothing to search (R-MG-8)
            return Solution((*([None] * i), won, *([None] * (len(plays) - i - 1))), i,
                            True, 0)
        moves.append((pts, rest, (n, c, rgt, rv) if p.side is Side.LEFT else (lft, lv, n, c)))
    values: list[int | None] = []
    best, best_value = 0, -_INF
    try:
        for i, (pts, rest, ends) in enumerate(moves):
            if not rest:
                v = pts + DOMINO_BONUS + round_to_five(_pips(opp))
            else:
                # Mugsy needs only to know whether a play beats the best so far
                low = -_INF if all_plays else best_value
                v = pts - solver.value(opp, rest, *ends, 0, s_opp, s_me + pts,
                                       -_INF, pts - low)
            if v > best_value:
                best, best_value = i, v
                values.append(v)
            else:
                values.append(v if all_plays else None)
    except _OutOfNodes:
        return None
    return Solution(tuple(values), best, False, solver.nodes)
