"""Mugsy, the computer opponent. Always fair: it decides from a :class:`PlayerView` only.

Levels:
    ``easy``: takes the most points now (ties broken at random).
    ``normal``: points now, minus what the opponent is expected to score in reply (averaged
        over a few samples of the hidden tiles), plus a little for shedding heavy tiles.
    ``strong``: determinized Monte Carlo. It samples the hidden tiles many times (the
        opponent's hand consistent with what the opponent is known not to hold, the rest in
        the boneyard in random order), plays every candidate move in each sample followed by
        a fast greedy rollout to the end of the round, and picks the move with the best mean
        point difference (a large bonus for reaching the target first). Decisions with one
        legal move, or moves that lead to mirror-image boards, are not searched.
    ``even``: mixes ``strong`` play with careless play; the share of strong moves follows the
        person's recent results against ``even`` (more wins for the person: stronger Mugsy)
        and the score within the game, so the person wins about half the games.

All randomness comes from a :class:`~gameshelf.core.chance.Chance` the caller gives (derive it
from the match's generator by name), never from the match's own deals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import quote
from gameshelf.games.muggins.game import (
    DOMINO_BONUS,
    Action,
    Play,
    PlayerView,
    Side,
    play_points,
)
from gameshelf.games.muggins.tiles import ALL_TILES, round_to_five

LEVELS = ("easy", "normal", "strong", "even")

_LO = [t.low for t in ALL_TILES]
_HI = [t.high for t in ALL_TILES]
_PIPS = [t.pips for t in ALL_TILES]

#: Points a rollout credits for reaching the target first (on top of the point difference).
TARGET_BONUS = 150.0


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


def _after(t: int, side: int, lft: int, lv: int, rgt: int, rv: int) -> tuple[int, int, int, int]:
    """Ends after playing tile id ``t`` on ``side`` (0 left, 1 right): (l, lv, r, rv)."""
    a, b = _LO[t], _HI[t]
    if side == 0:
        ne = b if a == lft else a
        return ne, (2 * ne if a == b else ne), rgt, rv
    ne = b if a == rgt else a
    return lft, lv, ne, (2 * ne if a == b else ne)


def _moves(hand: Sequence[int], lft: int, rgt: int) -> list[tuple[int, int]]:
    out = []
    for t in hand:
        a, b = _LO[t], _HI[t]
        if a == lft or b == lft:
            out.append((t, 0))
        if a == rgt or b == rgt:
            out.append((t, 1))
    return out


def _greedy(hand: Sequence[int], lft: int, lv: int, rgt: int, rv: int,
            rnd: float) -> tuple[int, int, int] | None:
    """The greedy rollout move: most points, then the heaviest tile. ``rnd`` in [0, 1)
    breaks exact ties. Returns (tile, side, points) or None."""
    best: tuple[int, int, int] | None = None
    best_key = -1.0
    for t in hand:
        a, b = _LO[t], _HI[t]
        dbl = a == b
        if a == lft or b == lft:
            ne = b if a == lft else a
            tot = (2 * ne if dbl else ne) + rv
            p = tot if tot % 5 == 0 and tot > 0 else 0
            key = p * 100 + _PIPS[t] + rnd * (t % 7) * 0.01
            if key > best_key:
                best_key, best = key, (t, 0, p)
        if a == rgt or b == rgt:
            ne = b if a == rgt else a
            tot = lv + (2 * ne if dbl else ne)
            p = tot if tot % 5 == 0 and tot > 0 else 0
            key = p * 100 + _PIPS[t] + rnd * (t % 5) * 0.01
            if key > best_key:
                best_key, best = key, (t, 1, p)
    return best


def rollout(hands: list[list[int]], bone: list[int], lft: int, lv: int, rgt: int, rv: int,
            mover: int, passes: int, scores: list[int], target: int, me: int,
            rng: Chance) -> float:
    """Play the round out with greedy players; return ``me``'s point difference (plus
    :data:`TARGET_BONUS` when a player reaches the target). Changes its arguments."""
    gained = [0, 0]
    rand = rng.random
    while True:
        hand = hands[mover]
        mv = _greedy(hand, lft, lv, rgt, rv, rand())
        if mv is None:
            while bone:
                t = bone.pop()
                hand.append(t)
                if _LO[t] in (lft, rgt) or _HI[t] in (lft, rgt):
                    mv = _greedy((t,), lft, lv, rgt, rv, 0.0)
                    break
            if mv is None:
                passes += 1
                if passes >= 2:
                    p0 = sum(_PIPS[t] for t in hands[0])
                    p1 = sum(_PIPS[t] for t in hands[1])
                    if p0 < p1:
                        gained[0] += round_to_five(p1)
                    elif p1 < p0:
                        gained[1] += round_to_five(p0)
                    break
                mover ^= 1
                continue
        t, side, p = mv
        hand.remove(t)
        lft, lv, rgt, rv = _after(t, side, lft, lv, rgt, rv)
        passes = 0
        gained[mover] += p
        if scores[mover] + gained[mover] >= target:
            break
        if not hand:
            gained[mover] += DOMINO_BONUS + round_to_five(sum(_PIPS[x] for x in hands[1 - mover]))
            break
        mover ^= 1
    diff = float(gained[me] - gained[1 - me])
    if scores[me] + gained[me] >= target:
        diff += TARGET_BONUS
    elif scores[1 - me] + gained[1 - me] >= target:
        diff -= TARGET_BONUS
    return diff


def sample_hidden(view: PlayerView, rng: Chance) -> tuple[list[int], list[int]]:
    """One determinization: (opponent hand, boneyard in draw order) as tile ids, consistent
    with the view: the opponent gets ``opponent_count`` unseen tiles without the numbers it
    is known to lack."""
    unseen = sorted(t.index for t in view.unseen)
    void = view.opponent_void
    fit = [t for t in unseen if _LO[t] not in void and _HI[t] not in void]
    k = view.opponent_count
    if len(fit) < k:  # cannot happen with true information; stay safe
        fit = unseen
    opp = rng.sample(fit, k)
    chosen = set(opp)
    bone = [t for t in unseen if t not in chosen]
    return opp, rng.shuffled(bone)


def board_key(view: PlayerView, play: Play) -> tuple[int, tuple[tuple[int, int], ...]]:
    """What ``play`` leaves: the tile and the two open ends (number, count), in either order,
    so a play and its mirror image (the same tile giving the same ends) have one key."""
    lft, lv, rgt, rv = _ends(view)
    side = 0 if play.side is Side.LEFT else 1
    nl, nlv, nr, nrv = _after(play.tile.index, side, lft, lv, rgt, rv)
    return (play.tile.index, tuple(sorted(((nl, nlv), (nr, nrv)))))


def distinct_plays(view: PlayerView) -> list[Play]:
    """Legal plays, mirror images removed (same tile, both ends equal and same counts)."""
    out: list[Play] = []
    seen: set[tuple[int, tuple[tuple[int, int], ...]]] = set()
    for a in view.legal:
        if not isinstance(a, Play):
            continue
        key = board_key(view, a)
        if key in seen:
            continue
        seen.add(key)
        out.append(a)
    return out


def _ends(view: PlayerView) -> tuple[int, int, int, int]:
    lft, rgt = view.left_end, view.right_end
    return (lft, 2 * lft if view.left_double else lft, rgt,
            2 * rgt if view.right_double else rgt)


def points_now(view: PlayerView, play: Play) -> int:
    """The points ``play`` scores at once in ``view`` (the open ends' total when it is a
    multiple of five, R-MG-4), 0 otherwise."""
    lft, lv, rgt, rv = _ends(view)
    _, nlv, _, nrv = _after(play.tile.index, 0 if play.side is Side.LEFT else 1,
                            lft, lv, rgt, rv)
    return play_points(nlv + nrv)


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

    Raises:
        BadInputError: an unknown level.
    """

    level: str
    rng: Chance
    determinizations: int = 64
    results: Sequence[str] = ()
    seat: int = 1

    def __post_init__(self) -> None:
        self.level = parse_level(self.level)

    def choose(self, view: PlayerView) -> Action:
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
    def _easy(self, view: PlayerView, plays: list[Play]) -> Play:
        best = max(points_now(view, p) for p in plays)
        return self.rng.choice([p for p in plays if points_now(view, p) == best])

    def _careless(self, view: PlayerView, plays: list[Play]) -> Play:
        """Weak play for ``even``: a random tile half the time, else the most points."""
        if self.rng.random() < 0.5:
            return self.rng.choice(plays)
        return self._easy(view, plays)

    def _normal(self, view: PlayerView, plays: list[Play]) -> Play:
        samples = [sample_hidden(view, self.rng)[0] for _ in range(6)]
        lft, lv, rgt, rv = _ends(view)
        best_score, best = -1e9, plays[0]
        for p in plays:
            side = 0 if p.side is Side.LEFT else 1
            nl, nlv, nr, nrv = _after(p.tile.index, side, lft, lv, rgt, rv)
            now = play_points(nlv + nrv)
            reply = 0.0
            for opp in samples:
                mv = _greedy(opp, nl, nlv, nr, nrv, 0.0)
                reply += mv[2] if mv is not None else 0.0
            score = now - reply / len(samples) + 0.1 * p.tile.pips
            if view.opponent_count and len(view.hand) == 1:
                score += 1000.0  # going out
            if score > best_score:
                best_score, best = score, p
        return best

    def _strong(self, view: PlayerView, plays: list[Play], n: int) -> Play:
        wins, values = strong_values(view, plays, n, self.rng)
        if wins is not None:
            return plays[wins]
        totals = [sum(v) for v in values]
        best = max(range(len(plays)), key=lambda i: (totals[i], -i))
        return plays[best]


def strong_values(view: PlayerView, plays: Sequence[Play], n: int,
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
    lft, lv, rgt, rv = _ends(view)
    hand = [t.index for t in view.hand]
    values: list[list[float]] = [[] for _ in plays]
    for _ in range(n):
        opp, bone = sample_hidden(view, rng)
        seed_rng = rng.randint(0, 2**31)
        for i, p in enumerate(plays):
            side = 0 if p.side is Side.LEFT else 1
            t = p.tile.index
            nl, nlv, nr, nrv = _after(t, side, lft, lv, rgt, rv)
            pts = play_points(nlv + nrv)
            my = [x for x in hand if x != t]
            scores = list(view.scores)
            scores[me] += pts
            if scores[me] >= view.target:
                return i, values  # reaching the target wins at once (R-MG-8)
            value: float
            if not my:
                gain = DOMINO_BONUS + round_to_five(sum(_PIPS[x] for x in opp))
                value = pts + gain
                if scores[me] + gain >= view.target:
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


def even_share(results: Sequence[str], view: PlayerView, seat: int) -> float:
    """The share of strong moves for this decision: :func:`even_strength` moved by the
    score within the game (Mugsy ahead by a tenth of the target: weaker; behind: stronger)."""
    base = even_strength(results)
    lead = (view.scores[seat] - view.scores[1 - seat]) / max(1, view.target)
    return max(0.0, min(1.0, base - 2.0 * lead))

