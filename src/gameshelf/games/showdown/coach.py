"""The Pinball Showdown coach: a hint for the seat to act and a review of a game. Pure.

Both judge a decision by the search player's own evaluation
(:class:`~gameshelf.games.showdown.players.SearchPlayer`) of its candidates, in worlds
sampled from the seat's view only and played to the end of the turn: the estimated final
margin over the best opponent, in points, and the share of worlds in which that margin is
in the seat's favour (an estimate made at the turn's end, not a chance of winning the
game). The sampling generator is seeded from the view
(:func:`view_chance`), so a hint never changes when only hidden cards change, and a review
judges a move as a hint with as many samples does.

Example:
    >>> from gameshelf.games.showdown.match import Match, parse_players
    >>> m = Match(parse_players("Ann,cpu"), seed=5)
    >>> m.run_until_human()
    >>> h = hint(m.state.view(0), m.state.legal_actions(), samples=4)
    >>> h.best.action in m.state.legal_actions()
    True
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from gameshelf.core.chance import Chance
from gameshelf.core.errors import GameshelfError
from gameshelf.core.estimate import standard_error, wilson
from gameshelf.core.records import GameRecord
from gameshelf.core.state import CHANCE
from gameshelf.core.text import count, literal
from gameshelf.games.showdown.actions import (
    Action,
    Bid,
    Buy,
    Deal,
    Done,
    Flip,
    Offer,
    Reveal,
    Speed,
    Take,
    card_text,
    parse_action,
)
from gameshelf.games.showdown.game import new_game
from gameshelf.games.showdown.match import Match
from gameshelf.games.showdown.players import SearchPlayer
from gameshelf.games.showdown.table import PlayerView

#: Sampled worlds per hint (the search player itself uses 8 in play).
SAMPLES = 32
#: Sampled worlds per decision in a review (a game has dozens of decisions).
REVIEW_SAMPLES = 16
#: A review lists a decision only when it cost more than this many points of margin...
MIN_COST = 100.0
#: ...and more than this many spreads (standard errors): less is the estimate's noise (the
#: samples' values have long tails, so a normal 2.5 would flag about 1 strong move in 100).
NOISE_SPREADS = 3.5


def view_chance(view: PlayerView) -> Chance:
    """A generator seeded from what ``view`` shows (never a hidden card): the same view gets
    the same samples, so the same hint."""
    digest = hashlib.sha256(repr(view).encode()).digest()
    return Chance(int.from_bytes(digest[:6], "big"))


def action_words(view: PlayerView, action: Action) -> str:
    """An action in words, card names shown literally: ``bid 2 tokens on P07 Spinner
    1,000``, ``speed up by 1``, ``done (use no more control tokens)``..."""
    cards = view.cards

    def card(c: int) -> str:
        k = cards[c]
        return literal(f"{card_text(c)} {k.device} {k.points:,}")

    if isinstance(action, Offer):
        return f"offer {card(action.card)}"
    if isinstance(action, Bid):
        return f"bid {count(action.tokens, 'token')} on {card(action.card)}"
    if isinstance(action, Take):
        return f"take {card(action.card)}"
    if isinstance(action, Buy):
        return f"buy {card(action.card)} from the discard pile"
    if isinstance(action, Speed):
        return f"speed up by {action.n}"
    if isinstance(action, Flip):
        return (f"flip {count(action.n, 'returned token')} to speed" if action.n
                else "flip no token (keep them as control)")
    if isinstance(action, Done):
        return "done (use no more control tokens)"
    return literal(str(action))


@dataclass(frozen=True)
class Option:
    """One action and its estimate.

    Attributes:
        words: the action in words (:func:`action_words`).
        margin: the estimated final margin over the best opponent (points).
        margin_spread: standard error of ``margin`` minus the best option's (paired
            samples); of its own margin for the best option.
        win: the share of samples (0 to 1) with an estimated final margin > 0.
        win_spread: the standard error of ``win``.
    """

    action: Action
    words: str
    margin: float
    margin_spread: float
    win: float
    win_spread: float


@dataclass(frozen=True)
class Hint:
    """The coach's advice for one decision.

    Attributes:
        options: the options, best first (the search player's order).
        samples: sampled worlds behind each estimate (0: one option, nothing estimated).
    """

    seat: int
    options: tuple[Option, ...]
    samples: int

    @property
    def best(self) -> Option:
        return self.options[0]

    def sentence(self) -> str:
        """The advice in one sentence: ``Bid 2 tokens on P07 Spinner 1,000: ahead in 20 of
        the 32 sampled worlds on the estimated final margin (45-77% of such worlds); about
        +340 points of margin over done (± 120).`` (:func:`ahead_words`)."""
        best = self.best
        head = best.words[0].upper() + best.words[1:]
        if len(self.options) == 1 or not self.samples:
            return f"{head}: the only choice."
        second = self.options[1]
        return (f"{head}: {ahead_words(best.win, self.samples)}; about "
                f"{best.margin - second.margin:+,.0f} points of margin over {second.words} "
                f"(± {second.margin_spread:,.0f}).")

    def lines(self, top: int = 8) -> list[str]:
        """The sentence, then a table of the options (cells two spaces apart, a header
        first): in how many worlds each is ahead, its margin, the difference to the best
        with its spread, the option."""
        out = [self.sentence()]
        if len(self.options) < 2 or not self.samples:
            return out
        best = self.best.margin
        out.append(f"Estimates from {count(self.samples, 'sampled world')} (ahead: in how "
                   "many of them the final margin is yours; margin: final points over the "
                   "best opponent; ± the spread):")
        out.append(f"  {'ahead':>7}  {'margin':>7}  {'vs best':>14}  option")
        for o in self.options[:top]:
            diff = ("best" if o is self.best else
                    f"{o.margin - best:+,.0f} ±\u00a0{o.margin_spread:,.0f}")   # (± kept with it)
            out.append(f"  {wins_of(o.win, self.samples):>7}  {o.margin:+7,.0f}  {diff:>14}  "
                       f"{o.words}")
        if len(self.options) > top:
            out.append(f"  … and {count(len(self.options) - top, 'other option')}")
        return out


def wins_of(win: float, samples: int) -> str:
    """``win`` (a share of ``samples`` worlds) as a count: ``20/32``."""
    return f"{round(win * samples)}/{samples}"


def chance_range(win: float, samples: int) -> str:
    """The 95% Wilson interval of the share of worlds ahead, from ``win`` (a share of
    ``samples`` worlds): ``45-77%``."""
    lo, hi = wilson(round(win * samples), samples)
    return f"{lo * 100:.0f}-{hi:.0%}"


def ahead_words(win: float, samples: int) -> str:
    """``ahead in 20 of the 32 sampled worlds on the estimated final margin (45-77% of such
    worlds)``; ``ahead in every one of ... (89% or more of such worlds)``; ``ahead in none
    of ... (11% or less of such worlds)``: the worlds are played to the end
    of the turn and the final margin estimated there, so this is the share of worlds like
    them where the option leads on that estimate (Wilson's 95% interval), not a chance of
    winning the game; never a bare 100% or 0%, which no sample count makes sure."""
    wins = round(win * samples)
    lo, hi = wilson(wins, samples)
    worlds = f"the {count(samples, 'sampled world')}"
    on = "on the estimated final margin"
    if wins == samples:
        return f"ahead in every one of {worlds} {on} ({lo:.0%} or more of such worlds)"
    if wins == 0:
        return f"ahead in none of {worlds} {on} ({hi:.0%} or less of such worlds)"
    return f"ahead in {wins} of {worlds} {on} ({chance_range(win, samples)} of such worlds)"


def hint(view: PlayerView, legal: Sequence[Action], samples: int = SAMPLES,
         chance: Chance | None = None, also: Sequence[Action] = ()) -> Hint:
    """The coach's advice for ``view``'s seat, which must be to act.

    Args:
        legal: the seat's legal actions now.
        samples: worlds sampled (the search player uses 8 in play).
        chance: the sampling generator; default :func:`view_chance`. Given a search
            player's generator and its number of samples, the best option is its move.
        also: legal actions to estimate besides the search player's candidates (a review
            adds the move made); they never change the others' estimates nor the order
            among them.

    Raises:
        GameshelfError: no legal action (the seat is not to act).
    """
    if not legal:
        raise GameshelfError("a hint is for the player to act")
    search = SearchPlayer(view_chance(view) if chance is None else chance, samples=samples)
    cands = search.candidates(view, legal)
    extra = [a for a in also if a not in cands]
    if len(cands) == 1 and not extra:
        return Hint(view.seat, (Option(cands[0], action_words(view, cands[0]), 0.0, 0.0,
                                       0.0, 0.0),), 0)
    acts = cands + extra
    values = search.values(view, acts)
    totals = [sum(v) for v in values]
    # the search player's order: the greatest total, its first candidate on a tie
    order = sorted(range(len(acts)), key=lambda i: (-totals[i], i != 0, i))
    top = values[order[0]]
    out = []
    for i in order:
        vals = values[i]
        diffs = vals if i == order[0] else [a - b for a, b in zip(top, vals, strict=True)]
        win = sum(1 for v in vals if v > 0) / len(vals)
        out.append(Option(acts[i], action_words(view, acts[i]), totals[i] / len(vals),
                          standard_error(diffs), win, math.sqrt(win * (1 - win) / len(vals))))
    return Hint(view.seat, tuple(out), samples)


# ----- the review --------------------------------------------------------------------------
@dataclass(frozen=True)
class Mistake:
    """A decision that cost margin by the coach's estimate.

    Attributes:
        seat: the seat that decided.
        name: that seat's name (raw; :meth:`describe` shows it literally).
        turn: the turn (1-10).
        best: the better option.
        cost: estimated points of final margin lost (best's margin minus chosen's).
        spread: the standard error of ``cost``.
    """

    seat: int
    name: str
    turn: int
    chosen: Option
    best: Option
    cost: float
    spread: float
    samples: int = REVIEW_SAMPLES

    def describe(self, name: bool = False) -> str:
        """``turn 3: bid 1 token on P07 ...; better done (...) (about -420 points of margin
        ± 90; ahead in 6/16 of the sampled worlds against 8/16)`` (the seat's name first when
        ``name``)."""
        who = f"{literal(self.name)}, " if name else ""
        return (f"{who}turn {self.turn}: {self.chosen.words}; better {self.best.words} "
                f"(about {-self.cost:,.0f} points of margin ± {self.spread:,.0f}; ahead in "
                f"{wins_of(self.chosen.win, self.samples)} of the sampled worlds against "
                f"{wins_of(self.best.win, self.samples)})")


@dataclass
class Review:
    """The coach's review of some seats' decisions in a game.

    Attributes:
        names: every seat's name.
        decisions: decisions with a choice reviewed.
        mistakes: those that cost more than the estimate's noise, worst first.
        samples: sampled worlds behind each estimate.
    """

    seats: tuple[int, ...]
    names: tuple[str, ...]
    decisions: int = 0
    mistakes: list[Mistake] = field(default_factory=list)
    samples: int = SAMPLES

    def lines(self) -> list[str]:
        """A heading line, then one line per costly decision, worst first."""
        est = f"estimates from {count(self.samples, 'sampled world')}"
        if not self.decisions:
            return ["No decision with a choice to review."]
        if not self.mistakes:
            return [f"No costly decision in {count(self.decisions, 'decision')}: none cost "
                    f"more than the estimate's noise ({est})."]
        several = len(self.seats) > 1
        out = [f"{len(self.mistakes)} of {count(self.decisions, 'decision')} with a choice "
               "cost points of final margin (your points over the best opponent's at the end) "
               f"beyond the estimate's noise ({est}), worst first:"]
        out += [f"  {m.describe(name=several)}" for m in self.mistakes]
        return out


def costly(cost: float, spread: float) -> bool:
    """Whether ``cost`` (points of margin) is beyond the estimate's noise: more than
    :data:`MIN_COST` and more than :data:`NOISE_SPREADS` spreads."""
    return cost > MIN_COST and cost > NOISE_SPREADS * spread


def review(record: GameRecord, seats: Sequence[int] | None = None,
           samples: int = REVIEW_SAMPLES) -> Review:
    """Review the decisions of ``seats`` (default: the people's, or every seat when no
    person played) in a Pinball Showdown record, finished or not.

    Raises:
        RecordError: not a Pinball Showdown record that replays (see
            :meth:`~gameshelf.games.showdown.match.Match.from_record`).
    """
    match = Match.from_record(record)
    if seats is None:
        people = [i for i, s in enumerate(match.seats) if s.is_human]
        seats = people or list(range(len(match.seats)))
    names = tuple(s.name for s in match.seats)
    rev = Review(tuple(seats), names, samples=samples)
    state = new_game(match.deck, len(match.seats), keep_log=False)
    for text in match.actions:
        action = parse_action(text)
        seat = state.current_player()
        if seat != CHANCE and seat in rev.seats and not isinstance(action, Deal | Reveal):
            view = state.view(seat)
            legal = state.legal_actions()
            h = hint(view, legal, samples, also=(action,))
            if h.samples:
                rev.decisions += 1
                chosen = next(o for o in h.options if o.action == action)
                best = h.best
                cost = best.margin - chosen.margin
                if chosen is not best and costly(cost, chosen.margin_spread):
                    rev.mistakes.append(Mistake(seat, names[seat], view.turn, chosen, best,
                                                cost, chosen.margin_spread, h.samples))
        state.apply_action(action)
    rev.mistakes.sort(key=lambda m: (-m.cost, m.turn, m.seat))
    return rev
