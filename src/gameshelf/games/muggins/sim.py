"""Computer-against-computer games (``gameshelf muggins sim``, the benchmarks). Pure: a
game's result depends only on its seed and the levels."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from gameshelf.core.chance import Chance
from gameshelf.core.estimate import wilson
from gameshelf.games.muggins.game import DEFAULT_TARGET, Action
from gameshelf.games.muggins.match import Match
from gameshelf.games.muggins.mugsy import Mugsy, parse_level
from gameshelf.games.muggins.view import MugginsView


@dataclass(frozen=True)
class SimResult:
    """One finished computer game.

    Attributes:
        seed: the game number.
        levels: the level in each seat (seat 0 leads the first round).
        scores: final scores (points).
        winner: winning seat.
        rounds: rounds played.
    """

    seed: int
    levels: tuple[str, str]
    scores: tuple[int, int]
    winner: int
    rounds: int


def play_game(seed: int, levels: Sequence[str], target: int = DEFAULT_TARGET,
              on_decision: Callable[[int, MugginsView, Callable[[], Action]], Action]
              | None = None, results: Sequence[str] = ()) -> SimResult:
    """Play one game between two Mugsy levels.

    Args:
        seed: the game number (deals and each Mugsy's generator derive from it).
        levels: the level of seat 0 and of seat 1.
        target: the target score.
        on_decision: optional hook ``(seat, view, decide) -> action`` wrapped around every
            decision that has a choice (for timing).
        results: outcomes given to ``even`` players.

    Raises:
        BadInputError: an unknown level or a bad target.
    """
    lv = (parse_level(levels[0]), parse_level(levels[1]))
    match = Match.new(seed, target=target)
    base = Chance(seed)
    bots = [Mugsy(lv[s], base.derive(f"mugsy/{s}"), results=results, seat=s) for s in (0, 1)]
    state = match.state
    while not state.is_terminal():
        seat = state.current_player()
        view = MugginsView.of(state, seat)
        bot = bots[seat]

        def decide(bot: Mugsy = bot, view: MugginsView = view) -> Action:
            return bot.choose(view)

        if on_decision is not None and len(view.legal) > 1:
            action = on_decision(seat, view, decide)
        else:
            action = decide()
        match.apply(action)
    assert state.winner is not None
    return SimResult(seed, lv, (state.scores[0], state.scores[1]), state.winner,
                     len(state.rounds))


@dataclass(frozen=True)
class Tally:
    """Win counts of a series between level ``a`` and level ``b`` (seats alternate)."""

    a: str
    b: str
    games: int
    wins_a: int
    wins_b: int

    @property
    def rate_a(self) -> float:
        """Share of games won by ``a``."""
        return self.wins_a / self.games if self.games else 0.0

    def interval_a(self) -> tuple[float, float]:
        """The 95% Wilson interval of :attr:`rate_a`."""
        return wilson(self.wins_a, self.games)


def series_levels(i: int, a: str, b: str) -> tuple[str, str]:
    """Seat assignment of game ``i`` of a series: ``a`` leads the even games, ``b`` the odd.

    Example:
        >>> series_levels(0, "strong", "easy"), series_levels(1, "strong", "easy")
        (('strong', 'easy'), ('easy', 'strong'))
    """
    return (a, b) if i % 2 == 0 else (b, a)


def play_series_game(first: int, a: str, b: str, target: int, i: int) -> SimResult:
    """Game ``i`` of a series between ``a`` and ``b``: seed ``first + i``, the seats of
    :func:`series_levels`; top-level with the game last, so that any worker process can
    play it through ``functools.partial`` with the same result.

    Raises:
        BadInputError: an unknown level or a bad target.
    """
    return play_game(first + i, series_levels(i, a, b), target=target)


def tally(a: str, b: str, results: Sequence[SimResult]) -> Tally:
    """Count the wins of ``a`` and ``b`` (by seat, so a level against itself works)."""
    wins_a = sum(1 for i, r in enumerate(results) if r.winner == (0 if i % 2 == 0 else 1))
    return Tally(a, b, len(results), wins_a, len(results) - wins_a)
