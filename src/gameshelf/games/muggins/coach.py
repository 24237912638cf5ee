"""The Muggins coach: a hint for the seat to act and a review of a finished game. Pure.

Both judge a position by strong Mugsy's own evaluation (:func:`~gameshelf.games.muggins.mugsy.
strong_values`), sampled from the seat's view only with a generator seeded from that view
(:func:`view_chance`): a hint never changes when only hidden tiles change, and a review
judges a move exactly as the hint did.

Figures are estimates: each comes with its spread, the standard error across the samples of
the difference to the best play (the samples are shared, so the difference is what is sure).
Once the boneyard is empty every tile is known: then the figures are exact, from strong
Mugsy's exact search of the rest of the round (:func:`~gameshelf.games.muggins.endgame.
solve`), and the hint says so.

Example:
    >>> from gameshelf.games.muggins.match import Match
    >>> m = Match.new(seed=3)
    >>> h = hint(MugginsView.of(m.state, m.state.current_player()), samples=8)
    >>> h.best is not None and h.sentence().startswith(str(h.best.play.tile))
    True
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from gameshelf.core.chance import Chance
from gameshelf.core.errors import GameshelfError
from gameshelf.core.estimate import standard_error
from gameshelf.core.records import GameRecord
from gameshelf.core.text import count
from gameshelf.games.muggins.endgame import solvable, solve
from gameshelf.games.muggins.game import Draw, MugginsState, Pass, Play, reaches
from gameshelf.games.muggins.match import PERSON, Match
from gameshelf.games.muggins.mugsy import as_listed, distinct_plays, strong_values
from gameshelf.games.muggins.view import MugginsView

#: Samples of the hidden tiles per hint (strong Mugsy's own number).
SAMPLES = 64
#: A review lists a move only when it cost more than this many points...
MIN_COST = 2.0
#: ...and more than this many spreads (standard errors): less is the estimate's noise (the
#: samples' values have long tails, so a normal 2.5 would flag about 1 strong move in 100).
NOISE_SPREADS = 3.5


def view_chance(view: MugginsView) -> Chance:
    """A generator seeded from what ``view`` shows (never a hidden tile): the same view gets
    the same samples, so the same hint."""
    key = "|".join(str(x) for x in (
        view.seat, sorted(t.index for t in view.hand), *view.ends(), *view.doubles(),
        view.boneyard_count, view.opponent_count,
        view.scores, view.target, sorted(t.index for t in view.unseen),
        sorted(view.opponent_void), view.passes))
    return Chance(int.from_bytes(hashlib.sha256(key.encode()).digest()[:6], "big"))


def _words(play: Play) -> str:
    return f"{play.tile} on the {play.side.word}"


@dataclass(frozen=True)
class Option:
    """One play and its estimate.

    Attributes:
        play: the tile and chain end.
        now: points it scores at once.
        value: the estimated points to the end of the round (now plus the expected point
            difference after it); None when not estimated (a play reaches the target).
        spread: the standard error of ``value`` minus the best play's (paired samples;
            for the best play, of its own value); 0 for an exact value.
        wins: it reaches the target: the game is won at once.
    """

    play: Play
    now: int
    value: float | None
    spread: float
    wins: bool = False

    @property
    def words(self) -> str:
        """``6-4 on the left``."""
        return _words(self.play)


@dataclass(frozen=True)
class Hint:
    """The coach's advice for one position.

    Attributes:
        options: the plays, best first (empty when no tile fits).
        forced: the only action when there is no choice of play (``draw``, ``pass``).
        samples: samples of the hidden tiles behind each estimate.
        exact: the values are exact (the boneyard is empty, every tile is known), not
            estimates.
    """

    seat: int
    options: tuple[Option, ...]
    forced: Draw | Pass | None
    samples: int
    target: int = 0
    exact: bool = False

    @property
    def best(self) -> Option | None:
        """The best play (None when no tile fits)."""
        return self.options[0] if self.options else None

    def sentence(self) -> str:
        """The advice in one sentence: ``6-4 on the left: 15 now; about +4 points over 5-5
        on the right (± 1.2)``, or with every tile known ``6-4 on the left: 15 now; exactly
        4 points more than 5-5 on the right (every tile is known).``"""
        if self.forced is not None:
            if isinstance(self.forced, Draw):
                return "No tile fits: draw from the boneyard."
            return "No tile fits and the boneyard is empty: pass."
        best = self.options[0]
        head = f"{best.words}: {best.now} now"
        if best.wins:
            return f"{head}, and it reaches {self.target}: the game is won."
        if len(self.options) == 1:
            return f"{head}; the only play."
        second = self.options[1]
        assert best.value is not None and second.value is not None
        gap = best.value - second.value
        if self.exact:
            if gap == 0:
                return f"{head}; exactly as good as {second.words} (every tile is known)."
            return (f"{head}; exactly {count(round(gap), 'point')} more than "
                    f"{second.words} (every tile is known).")
        return (f"{head}; about {gap:+.0f} {'point' if round(gap) in (1, -1) else 'points'} "
                f"over {second.words} (± {second.spread:.1f}).")

    def lines(self, top: int = 8) -> list[str]:
        """The sentence, then a table (cells two spaces apart, a header first) with one line
        per play: its points now, its estimated value and the difference to the best, with
        the spread (no spread for exact values), the play."""
        out = [self.sentence()]
        if not self.options or self.options[0].value is None:
            return out
        if self.exact:
            return out + self._table("Exact values: the boneyard is empty, every tile is known "
                                     "(points to the end of the round, both players at their "
                                     "best):", ".0f", top)
        return out + self._table(f"Estimates from {count(self.samples, 'sample')} of the "
                                 "hidden tiles (now: points at once; value: points to the end "
                                 "of the round; ± the spread):", ".1f", top)

    def _table(self, title: str, fmt: str, top: int) -> list[str]:
        """``title``, a header and one row per play (at most ``top``): points at once, its
        value and the difference to the best in the number format ``fmt``, with the spread
        beside it for estimates (the ± kept with its number by a non-breaking space)."""
        best = self.options[0].value
        assert best is not None
        width = 7 if self.exact else 12
        out = [title, f"  {'now':>4}  {'value':>7}  {'vs best':>{width}}  play"]
        for o in self.options[:top]:
            if o.value is None:
                continue
            diff = "best" if o is self.options[0] else f"{o.value - best:+{fmt}}"
            if not self.exact and o is not self.options[0]:
                diff += f" ±\u00a0{o.spread:.1f}"
            out.append(f"  {o.now:>4}  {o.value:7{fmt}}  {diff:>{width}}  {o.words}")
        if len(self.options) > top:
            out.append(f"  … and {count(len(self.options) - top, 'other play')}")
        return out


def _rate(view: MugginsView, plays: Sequence[Play], samples: int,
          chance: Chance) -> tuple[Option, ...]:
    """The plays with their estimates, best first (strong Mugsy's order: the greatest total
    value, the earlier play on a tie)."""
    wins, values = strong_values(view, plays, samples, chance)
    if wins is not None:
        first = Option(plays[wins], view.score_of(plays[wins]), None, 0.0, True)
        return (first, *(Option(p, view.score_of(p), None, 0.0)
                         for i, p in enumerate(plays) if i != wins))
    totals = [sum(v) for v in values]
    order = sorted(range(len(plays)), key=lambda i: (-totals[i], i))
    top = values[order[0]]
    out = []
    for i in order:
        diffs = top if i == order[0] else [a - b for a, b in zip(top, values[i], strict=True)]
        out.append(Option(plays[i], view.score_of(plays[i]), totals[i] / len(values[i]),
                          standard_error(diffs)))
    return tuple(out)


def _exact(view: MugginsView, plays: Sequence[Play]) -> tuple[Option, ...] | None:
    """The plays with their exact values, best first (strong Mugsy's order), when the
    boneyard is empty and the search stays within its bound; else None."""
    if not solvable(view):
        return None
    solution = solve(view, plays, all_plays=True)
    if solution is None:
        return None
    if solution.wins:
        w = solution.best
        return (Option(plays[w], view.score_of(plays[w]), None, 0.0, True),
                *(Option(p, view.score_of(p), None, 0.0) for i, p in enumerate(plays)
                  if i != w))
    values = [float(v) for v in solution.values if v is not None]
    order = sorted(range(len(plays)), key=lambda i: (-values[i], i))
    return tuple(Option(plays[i], view.score_of(plays[i]), values[i], 0.0) for i in order)


def hint(view: MugginsView, samples: int = SAMPLES, chance: Chance | None = None) -> Hint:
    """The coach's advice for ``view``'s seat, which must be to act: exact once the
    boneyard is empty (every tile known), else estimated from ``samples`` samples.

    Args:
        view: the seat's view (its legal actions listed).
        samples: samples of the hidden tiles (strong Mugsy uses :data:`SAMPLES`).
        chance: the sampling generator; default :func:`view_chance` (the same view, the
            same hint). Given strong Mugsy's generator, the best play is Mugsy's move.

    Raises:
        GameshelfError: the seat is not to act.
    """
    if not view.legal:
        raise GameshelfError("a hint is for the player to act")
    plays = distinct_plays(view)
    if not plays:
        only = view.legal[0]
        assert isinstance(only, Draw | Pass)
        return Hint(view.seat, (), only, samples, view.target)
    if len(plays) == 1:
        p = plays[0]
        return Hint(view.seat, (Option(p, view.score_of(p), None, 0.0,
                                       reaches(view.scores[view.seat] + view.score_of(p),
                                               view.target)),),
                    None, samples, view.target)
    exact = _exact(view, plays)
    if exact is not None:
        return Hint(view.seat, exact, None, samples, view.target, exact=True)
    rng = view_chance(view) if chance is None else chance
    return Hint(view.seat, _rate(view, plays, samples, rng), None, samples, view.target)


# ----- the review --------------------------------------------------------------------------
@dataclass(frozen=True)
class Mistake:
    """A play that cost points by the coach's estimate.

    Attributes:
        round_no: the round (from 1).
        move: the seat's play number in the game (from 1).
        scores: both scores before the play.
        ends: the open ends before the play (left, right).
        best: the better play.
        cost: estimated points lost (best's value minus chosen's); infinite when the
            better play won the game at once.
        spread: the standard error of ``cost``.
    """

    round_no: int
    move: int
    scores: tuple[int, int]
    ends: tuple[int, int]
    chosen: Option
    best: Option
    cost: float
    spread: float

    def describe(self) -> str:
        """``round 2, play 5 (ends 6 and 3): 5-5 on the right; better 6-4 on the left
        (about -4.2 points ± 1.1)``."""
        tail = ("it reaches the target and wins the game" if math.isinf(self.cost) else
                f"about {-self.cost:.1f} points ± {self.spread:.1f}")
        return (f"round {self.round_no}, play {self.move} (ends {self.ends[0]} and "
                f"{self.ends[1]}, score {self.scores[0]}-{self.scores[1]}): "
                f"{self.chosen.words}; better {self.best.words} ({tail})")


@dataclass
class Review:
    """The coach's review of one seat's plays in a game.

    Attributes:
        plays: the seat's plays (tiles laid) in the game, with or without a choice.
        decisions: those with a choice (more than one distinct play), each reviewed.
        mistakes: those that cost more than the estimate's noise, worst first.
        samples: samples behind each estimate.
    """

    seat: int
    decisions: int = 0
    mistakes: list[Mistake] = field(default_factory=list)
    samples: int = SAMPLES
    plays: int = 0

    @property
    def total_cost(self) -> float:
        """Estimated points lost in all (a missed win of the game not counted: it is the
        game, not points; see :attr:`missed_wins`)."""
        return sum(m.cost for m in self.mistakes if not math.isinf(m.cost))

    @property
    def missed_wins(self) -> int:
        """Plays made where another tile reached the target and won the game at once."""
        return sum(1 for m in self.mistakes if math.isinf(m.cost))

    def lines(self) -> list[str]:
        """A heading line saying what was measured (the seat's plays, those with a choice,
        what the costly ones lost: points, or the game itself), then one line per costly
        play, worst first."""
        plays = max(self.plays, self.decisions)
        est = f"estimates from {count(self.samples, 'sample')} of the hidden tiles"
        if not plays:
            return ["No tile played: nothing to review."]
        of = f"of your {count(plays, 'play')}" if plays > 1 else "your only play"
        if not self.decisions:
            return [f"Nothing to review: {of} {'none' if plays > 1 else 'it'} had a choice "
                    "(one tile, one way, fitted each time)."]
        chose = (f"{self.decisions} {of} had a choice of tile or end" if plays > 1 else
                 f"{of} had a choice of tile or end")
        if not self.mistakes:
            return [f"No costly play: {chose}, and none cost more than the estimate's noise "
                    f"({est})."]
        lost = []
        finite = len(self.mistakes) - self.missed_wins
        if finite:
            lost.append(f"{count(finite, 'play')} cost about {self.total_cost:.1f} points in "
                        "all (your expected lead at the end of the round)")
        if self.missed_wins:
            lost.append(f"{count(self.missed_wins, 'play')} missed a tile that reached the "
                        "target and won the game at once")
        return [f"{chose}; " + " and ".join(lost) + f" ({est}), worst first:",
                *(f"  {m.describe()}" for m in self.mistakes)]


def costly(cost: float, spread: float) -> bool:
    """Whether ``cost`` (points) is beyond the estimate's noise: more than :data:`MIN_COST`
    and more than :data:`NOISE_SPREADS` spreads."""
    return cost > MIN_COST and cost > NOISE_SPREADS * spread


def review(record: GameRecord, seat: int = PERSON, samples: int = SAMPLES) -> Review:
    """Review ``seat``'s plays in a game record (finished or not), each judged as its hint
    was (the same samples).

    Raises:
        RecordError: not a Muggins record that replays (see
            :meth:`~gameshelf.games.muggins.match.Match.from_record`).
    """
    Match.from_record(record)   # every action checked before any is judged
    match = Match.start(record)
    rev = Review(seat, samples=samples)
    moves = 0
    for action in match.replay(record.actions, check=False):
        state = match.state
        if state.current_player() == seat and isinstance(action, Play):
            moves += 1
            rev.plays = moves
            _judge(rev, state, MugginsView.of(state, seat), action, moves)
    rev.mistakes.sort(key=lambda m: (-m.cost, m.round_no, m.move))
    return rev


def _judge(rev: Review, state: MugginsState, view: MugginsView, action: Play,
           move: int) -> None:
    plays = distinct_plays(view)
    if len(plays) < 2:
        return
    rev.decisions += 1
    h = hint(view, rev.samples)
    listed = as_listed(view, action)
    chosen = next(o for o in h.options if o.play == listed)
    best = h.options[0]
    if chosen is best or chosen.wins:
        return
    if best.wins:  # a play that won the game at once was missed
        cost, spread = math.inf, 0.0
    else:
        assert best.value is not None and chosen.value is not None
        cost, spread = best.value - chosen.value, chosen.spread
        if not costly(cost, spread):
            return
    rev.mistakes.append(Mistake(state.round_no, move, (state.scores[0], state.scores[1]),
                                state.ends(), chosen, best, cost, spread))

