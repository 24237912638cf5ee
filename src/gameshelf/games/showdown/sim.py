"""Headless Pinball Showdown games between computer players (``gameshelf showdown sim``).

Game ``g`` of a run with first seed ``S`` uses seed ``S + g``, and its seats are taken by the
kinds rotated ``g`` places (seat ``s`` is played by kind ``(s + g) % n``), so every game of a
run can be played on its own, on any process, with the same result.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from gameshelf.core.chance import Chance
from gameshelf.games.showdown.cards import Deck, default_deck
from gameshelf.games.showdown.game import new_game
from gameshelf.games.showdown.players import make_player, play_match


@dataclass(frozen=True)
class SimGame:
    """One finished game, by kind (the order of the run's ``kinds``, not by seat).

    Attributes:
        points: each kind's final score (points).
        wins: each kind's share of the win (1, a tie's 1/k, or 0).
        turns: the turn the game ended on (1 to 10).
        drain: True when it ended by a drain.
    """

    points: tuple[int, ...]
    wins: tuple[float, ...]
    turns: int
    drain: bool


def play_sim_game(first: int, kinds: Sequence[str], deck: Deck | None, g: int) -> SimGame:
    """Play game ``g`` of a run (seed ``first + g``, seats rotated ``g`` places) to the end
    with the player ``kinds`` (2 to 4 of :data:`~gameshelf.games.showdown.players.PLAYER_KINDS`)
    on ``deck`` (None: the shipped deck).

    Raises:
        BadInputError: an unknown player kind.
    """
    n = len(kinds)
    chance = Chance(first + g)
    rot = g % n
    order = [(i + rot) % n for i in range(n)]  # seat s is played by kind order[s]
    players = [make_player(kinds[order[s]], chance.derive(f"seat-{s}")) for s in range(n)]
    state = play_match(new_game(deck or default_deck(), n, keep_log=False), players, chance)
    winners = state.winners()
    points, wins = [0] * n, [0.0] * n
    for s in range(n):
        points[order[s]] = state.score(s).total
        if s in winners:
            wins[order[s]] = 1.0 / len(winners)
    return SimGame(tuple(points), tuple(wins), state.turn, state.end_reason == "drain")
