"""Computer players: legal choices, only a player's view, deterministic per seed."""

from __future__ import annotations

import pytest

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError
from gameshelf.games.showdown.game import new_game
from gameshelf.games.showdown.players import (
    HeuristicPlayer,
    RandomPlayer,
    SearchPlayer,
    card_value,
    make_player,
    play_match,
)
from tests.showdown.helpers import DECK, card, deal


@pytest.mark.parametrize("kinds", [("random", "heuristic"), ("heuristic", "search"),
                                   ("search", "random", "heuristic", "heuristic")])
def test_players_play_legal_games_to_the_end(kinds: tuple[str, ...]) -> None:
    chance = Chance(11)
    players = [make_player(k, chance.derive(f"p{i}")) for i, k in enumerate(kinds)]
    state = play_match(new_game(DECK, len(kinds)), players, chance)
    assert state.is_terminal() and state.winners()


def test_same_seed_same_game() -> None:
    def run() -> list[str]:
        chance = Chance(5)
        players = [SearchPlayer(chance.derive("a"), samples=2), HeuristicPlayer()]
        return [str(a) for a in play_match(new_game(DECK, 2), players, chance).history]
    assert run() == run()


def test_players_get_only_a_view() -> None:
    """A player is handed a PlayerView: it holds its own hand and never another's."""
    seen: list[object] = []

    class Spy(RandomPlayer):
        def choose(self, view, legal):  # type: ignore[no-untyped-def]
            seen.append(view)
            assert not hasattr(view, "hands") and not hasattr(view, "draw_pile")
            return super().choose(view, legal)

    chance = Chance(2)
    play_match(new_game(DECK, 3), [Spy(chance), Spy(chance), Spy(chance)], chance)
    assert seen


def test_heuristic_takes_the_card_it_can_score() -> None:
    state = deal(2, hands=[[card("Bash Toy")], [card("Pop Bumper")]], top=[card("Spinner")])
    view = state.view(0)
    assert card_value(view, 0, card("Spinner")) > card_value(view, 0, card("Bash Toy"))


def test_unknown_player_kind() -> None:
    with pytest.raises(BadInputError, match="unknown player kind"):
        make_player("genius", Chance(1))
