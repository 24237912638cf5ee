"""Mugsy, the computer opponent. Always fair: it decides from a seat's
:class:`~gameshelf.games.muggins.view.MugginsView` only.

Levels:
    ``easy``: takes the most points now (ties broken at random).
    ``normal``: points now, minus what the opponent is expected to score in reply (averaged
        over a few samples of the hidden tiles), plus a little for shedding heavy tiles.
    ``strong``: determinized Monte Carlo. It samples the hidden tiles many times (the
        opponent's hand consistent with what the opponent is known not to hold, the rest in
        the boneyard in random order), plays every candidate move in each sample followed by
        a fast greedy rollout to the end of the round, and picks the move with the best mean
        point difference (a large bonus for reaching the target first). Once the boneyard is
        empty every tile is known, and it plays the rest of the round by exact search
        instead (:mod:`~gameshelf.games.muggins.endgame`). Decisions with one legal move, or
        moves that lead to mirror-image boards, are not searched.
    ``even``: mixes ``strong`` play with careless play; the share of strong moves follows the
        person's recent results against ``even`` (more wins for the person: stronger Mugsy)
        and the score within the game, so the person wins about half the games.

All randomness comes from a :class:`~gameshelf.core.chance.Chance` the caller gives (derive it
from the match's generator by name), never from the match's own deals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import quote
from gameshelf.games.muggins.endgame import TARGET_BONUS as EXACT_TARGET_BONUS
from gameshelf.games.muggins.endgame import solvable, solve
from gameshelf.games.muggins.game import (
    OPENS,
    POINTS,
    Action,
    Play,
    Side,
    blocked_points,
    domino_points,
    end_value,
    reaches,
)
from gameshelf.games.muggins.tiles import ALL_TILES

if TYPE_CHECKING:
    from gameshelf.games.muggins.view import MugginsView

LEVELS = ("easy", "normal", "strong", "even")
#: The level a person is offered first, in the terminal (``play``, the level screen) and
#: in the page alike.
DEFAULT_LEVEL = "normal"

_PIPS = [t.pips for t in ALL_TILES]

#: Points a rollout credits for reaching the target first (on top of the point difference),
#: the exact endgame's own bonus.
TARGET_BONUS = float(EXACT_TARGET_BONUS)

#: A move in a rollout: (tile id, side: 0 left or 1 right, the open end it leaves as
#: (number, count), the points it scores).
_Move = tuple[int, int, tuple[int, int], int]


def parse_level(text: str) -> str:
    """Check a level name.

    Raises:
        BadInputError: not one of :data:`LEVELS`.
    """
    level = str(text).strip().lower()
    if level not in LEVELS:
        raise BadInputError(f"unknown Mugsy level {quote(text)}: choose one of "
                            f"{', '.join(LEVELS)}")
    return level


def _greedy(hand: Sequence[int], lft: int, lv: int, rgt: int, rv: int,
            rnd: float) -> _Move | None:
    """The greedy rollout move among tile ids ``hand`` on the ends ``lft`` and ``rgt``
    (counting ``lv`` and ``rv``): most points (the rules' :data:`OPENS` and :data:`POINTS`),
    then the heaviest tile; ``rnd`` in [0, 1) breaks exact ties. None when no tile fits."""
    best: _Move | None = None
    best_key = -1.0
    for t in hand:
        row = 10 * t
        opened = OPENS[row + lft]
        if opened is not None:
            p = POINTS[opened[1] + rv]
            key = p * 100 + _PIPS[t] + rnd * (t % 7) * 0.01
            if key > best_key:
                best_key, best = key, (t, 0, opened, p)
        opened = OPENS[row + rgt]
        if opened is not None:
            p = POINTS[lv + opened[1]]
            key = p * 100 + _PIPS[t] + rnd * (t % 5) * 0.01
            if key > best_key:
                best_key, best = key, (t, 1, opened, p)
    return best


def rollout(hands: list[list[int]], bone: list[int], lft: int, lv: int, rgt: int, rv: int,
            mover: int, passes: int, scores: list[int], target: int, me: int,
            rng: Chance) -> float:
    """Play the round out with greedy players by the rules (R-MG-3: draw until a tile fits
    and play it, else pass; the rules' scoring of plays, going out, a block and the target,
    R-MG-4..8); return ``me``'s point difference (plus :data:`TARGET_BONUS` when a player
    reaches the target). Changes its arguments."""
    gained = [0, 0]
    rand = rng.random
    while True:
        hand = hands[mover]
        mv = _greedy(hand, lft, lv, rgt, rv, rand())
        if mv is None:
            while bone:
                t = bone.pop()
                hand.append(t)
                if OPENS[10 * t + lft] is not None or OPENS[10 * t + rgt] is not None:
                    mv = _greedy((t,), lft, lv, rgt, rv, 0.0)
                    break
            if mv is None:
                passes += 1
                if passes >= 2:
                    win, points = blocked_points(sum(_PIPS[t] for t in hands[0]),
                                                 sum(_PIPS[t] for t in hands[1]))
                    if win is not None:
                        gained[win] += points
                    break
                mover ^= 1
                continue
        t, side, (end, count), p = mv
        hand.remove(t)
        if side == 0:
            lft, lv = end, count
        else:
            rgt, rv = end, count
        passes = 0
        gained[mover] += p
        if reaches(scores[mover] + gained[mover], target):
            break
        if not hand:
            gained[mover] += domino_points(sum(_PIPS[x] for x in hands[1 - mover]))
            break
        mover ^= 1
    diff = float(gained[me] - gained[1 - me])
    if reaches(scores[me] + gained[me], target):
        diff += TARGET_BONUS
    elif reaches(scores[1 - me] + gained[1 - me], target):
        diff -= TARGET_BONUS
    return diff


def sample_hidden(view: MugginsView, rng: Chance) -> tuple[list[int], list[int]]:
    """One determinization: (opponent hand, boneyard in draw order) as tile ids, consistent
    with the view: the opponent gets ``opponent_count`` unseen tiles without the numbers it
    is known to lack."""
    unseen = sorted(t.index for t in view.unseen)
    void = view.opponent_void
    fit = [t for t in unseen if ALL_TILES[t].low not in void
           and ALL_TILES[t].high not in void]
    k = view.opponent_count
    if len(fit) < k:  # cannot happen with true information; stay safe
        fit = unseen
    opp = rng.sample(fit, k)
    chosen = set(opp)
    bone = [t for t in unseen if t not in chosen]
    return opp, rng.shuffled(bone)


def distinct_plays(view: MugginsView) -> list[Play]:
    """The legal plays less mirror images: when the two ends are alike
    (:meth:`~gameshelf.games.muggins.game.Chains.ends_alike`) a tile on the right leaves the
    game its play on the left does, mirrored, so only the left one is listed."""
    plays = [a for a in view.legal if isinstance(a, Play)]
    if view.ends_alike():
        return [p for p in plays if p.side is Side.LEFT]
    return plays


def as_listed(view: MugginsView, play: Play) -> Play:
    """``play`` as :func:`distinct_plays` lists it (its mirror image on the left when the
    ends are alike)."""
    return Play(play.tile, Side.LEFT) if view.ends_alike() else play


def _ends(view: MugginsView) -> tuple[int, int, int, int]:
    """The open numbers and what they count: (left, its count, right, its count)."""
    lft, rgt = view.ends()
    return lft, end_value(view.left), rgt, end_value(view.right)


def _opened(view: MugginsView, play: Play) -> tuple[int, int, int, int]:
    """The ends after ``play``, as :func:`_ends` gives them (R-MG-2, R-MG-4)."""
    lft, lv, rgt, rv = _ends(view)
    opened = OPENS[10 * play.tile.index + (lft if play.side is Side.LEFT else rgt)]
    assert opened is not None, f"{play} does not fit"
    return (*opened, rgt, rv) if play.side is Side.LEFT else (lft, lv, *opened)


@dataclass
class Mugsy:
    """A fair computer player.

    Args:
        level: ``easy``, ``normal``, ``strong`` or ``even``.
        rng: its own generator (derive it from the match's by name).
        determinizations: samples of the hidden tiles per decision (``strong``).
        results: for ``even``: the person's recent outcomes against ``even`` (``win``,
            ``loss``, ``draw``, newest first), as the store's ``recent_results`` gives them.
        seat: Mugsy's seat (1 by default).
        exact: ``strong`` (and the strong moves of ``even``) search the endgame exactly
            once the boneyard is empty; False samples there too (the player before the
            exact endgame, for comparisons).

    Raises:
        BadInputError: an unknown level.
    """

    level: str
    rng: Chance
    determinizations: int = 64
    results: Sequence[str] = ()
    seat: int = 1
    exact: bool = True

    def __post_init__(self) -> None:
        self.level = parse_level(self.level)

    def choose(self, view: MugginsView) -> Action:
        """The action to take in ``view`` (which must be Mugsy's turn).

        Raises:
            BadInputError: the view has no legal action (not Mugsy's turn).
        """
        if not view.legal:
            raise BadInputError("Mugsy is not to act")
        if len(view.legal) == 1:
            return view.legal[0]
        plays = distinct_plays(view)
        if len(plays) == 1:
            return plays[0]
        if self.level == "easy":
            return self._easy(view, plays)
        if self.level == "normal":
            return self._normal(view, plays)
        if self.level == "strong":
            return self._strong(view, plays, self.determinizations)
        share = even_share(self.results, view, self.seat)
        if self.rng.random() < share:
            return self._strong(view, plays, self.determinizations)
        return self._careless(view, plays)

    # ----- levels ------------------------------------------------------------------------
    def _easy(self, view: MugginsView, plays: list[Play]) -> Play:
        best = max(view.score_of(p) for p in plays)
        return self.rng.choice([p for p in plays if view.score_of(p) == best])

    def _careless(self, view: MugginsView, plays: list[Play]) -> Play:
        """Weak play for ``even``: a random tile half the time, else the most points."""
        if self.rng.random() < 0.5:
            return self.rng.choice(plays)
        return self._easy(view, plays)

    def _normal(self, view: MugginsView, plays: list[Play]) -> Play:
        samples = [sample_hidden(view, self.rng)[0] for _ in range(6)]
        best_score, best = -1e9, plays[0]
        for p in plays:
            nl, nlv, nr, nrv = _opened(view, p)
            now = POINTS[nlv + nrv]
            reply = 0.0
            for opp in samples:
                mv = _greedy(opp, nl, nlv, nr, nrv, 0.0)
                reply += mv[3] if mv is not None else 0.0
            score = now - reply / len(samples) + 0.1 * p.tile.pips
            if view.opponent_count and len(view.hand) == 1:
                score += 1000.0  # going out
            if score > best_score:
                best_score, best = score, p
        return best

    def _strong(self, view: MugginsView, plays: list[Play], n: int) -> Play:
        if self.exact and solvable(view):
            solution = solve(view, plays)
            if solution is not None:
                return plays[solution.best]
        wins, values = strong_values(view, plays, n, self.rng)
        if wins is not None:
            return plays[wins]
        totals = [sum(v) for v in values]
        best = max(range(len(plays)), key=lambda i: (totals[i], -i))
        return plays[best]


def strong_values(view: MugginsView, plays: Sequence[Play], n: int,
                  rng: Chance) -> tuple[int | None, list[list[float]]]:
    """Strong Mugsy's evaluation of ``plays`` from ``view`` only: in ``n`` samples of the
    hidden tiles (:func:`sample_hidden`), each play and a greedy :func:`rollout` to the end
    of the round.

    Returns:
        ``(wins, values)``: ``wins`` the index of the first play found to reach the target
        at once (it wins the game, R-MG-8: the search stops), else None; ``values[i]``
        play ``i``'s value in each sample: its points now plus the rollout's point
        difference (:data:`TARGET_BONUS` for reaching the target).
    """
    me = view.seat
    hand = [t.index for t in view.hand]
    opened = [_opened(view, p) for p in plays]
    values: list[list[float]] = [[] for _ in plays]
    for _ in range(n):
        opp, bone = sample_hidden(view, rng)
        seed_rng = rng.randint(0, 2**31)
        for i, p in enumerate(plays):
            t = p.tile.index
            nl, nlv, nr, nrv = opened[i]
            pts = POINTS[nlv + nrv]
            my = [x for x in hand if x != t]
            scores = list(view.scores)
            scores[me] += pts
            if reaches(scores[me], view.target):
                return i, values  # reaching the target wins at once (R-MG-8)
            value: float
            if not my:
                gain = domino_points(sum(_PIPS[x] for x in opp))
                value = pts + gain
                if reaches(scores[me] + gain, view.target):
                    return i, values
            else:
                hands = [my, list(opp)] if me == 0 else [list(opp), my]
                value = pts + rollout(hands, list(bone), nl, nlv, nr, nrv, 1 - me, 0,
                                      scores, view.target, me, Chance(seed_rng))
            values[i].append(value)
    return None, values


def even_strength(results: Sequence[str]) -> float:
    """The base share of strong moves for ``even`` from the person's recent outcomes
    (newest first, at most 20 used): 0.5 with no history, up when the person wins more
    than half, down when less. Clamped to [0.05, 1]."""
    recent = [r for r in list(results)[:20] if r in ("win", "loss", "draw")]
    if not recent:
        return 0.5
    rate = sum(1.0 if r == "win" else 0.5 if r == "draw" else 0.0 for r in recent) / len(recent)
    weight = len(recent) / 20.0
    return max(0.05, min(1.0, 0.5 + 2.0 * weight * (rate - 0.5)))


def even_share(results: Sequence[str], view: MugginsView, seat: int) -> float:
    """The share of strong moves for this decision: :func:`even_strength` moved by the
    score within the game (Mugsy ahead by a tenth of the target: weaker; behind: stronger)."""
    base = even_strength(results)
    lead = (view.scores[seat] - view.scores[1 - seat]) / max(1, view.target)
    return max(0.0, min(1.0, base - 2.0 * lead))

