"""Computer players, the registry, the sim statistics, the text views, the State contract."""

from __future__ import annotations

import math

import pytest

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError, IllegalMoveError
from gameshelf.core.state import GameState
from gameshelf.games.yatz import players
from gameshelf.games.yatz.game import YatzState
from gameshelf.games.yatz.match import Match, Seat, parse_seats
from gameshelf.games.yatz.sim import SoloResult, play_solo, summarize
from gameshelf.games.yatz.text import card_text, ranking_text, totals_text


def test_state_follows_the_state_contract() -> None:
    assert isinstance(YatzState(3), GameState)


def test_registry_adds_a_player_in_one_line_and_it_becomes_the_default(
        monkeypatch: pytest.MonkeyPatch) -> None:
    class Strong(players.GreedyPlayer):
        name = "strong"

    monkeypatch.delitem(players.PLAYERS, "strong")  # the real one is registered: take it out
    assert players.default_player() == "greedy"
    monkeypatch.setitem(players.PLAYERS, "strong", Strong)  # the one line
    assert players.default_player() == "strong"
    assert players.make_player("cpu").name == "strong"
    assert [s.player for s in parse_seats("Ann,cpu")] == ["human", "strong"]
    assert play_solo("cpu", 3).total == play_solo("greedy", 3).total


def test_unknown_player_is_refused() -> None:
    with pytest.raises(BadInputError, match="greedy"):
        players.make_player("wizard")


@pytest.mark.parametrize("name", sorted(players.PLAYERS))
def test_players_choose_only_legal_actions(name: str) -> None:
    p = players.make_player(name)
    m = Match([Seat("", name)], seed=17)
    rng = Chance(1)
    while not m.is_over():
        a = p.choose(m.state, rng)
        assert a in m.state.legal_actions()
        m.act(a)


def test_players_see_their_own_generator_not_the_dice() -> None:
    """The dice depend on the game number only; a computer's choices come from its seat's
    derived generator, so the same seed replays the same game."""
    a = Match([Seat("", "casual")], seed=5)
    b = Match([Seat("", "casual")], seed=5)
    a.play_computers()
    b.play_computers()
    assert a.actions == b.actions


def test_computer_action_refused_on_a_person_turn() -> None:
    m = Match([Seat("Ann")], seed=1)
    with pytest.raises(IllegalMoveError):
        m.computer_action()
    with pytest.raises(BadInputError, match="rolled, not chosen"):
        m.act("dice 6 6 6 6 6")


def test_summarize_statistics() -> None:
    results = [SoloResult(i, t, (t > 15, False, True)) for i, t in enumerate((10, 20, 30))]
    s = summarize(results)
    assert s["mean"] == 20 and s["sd"] == 10 and math.isclose(s["stderr"], 10 / math.sqrt(3))
    assert (s["min"], s["max"]) == (10, 30)
    assert s["percentiles"]["50"] == 20 and s["percentiles"]["25"] == 15
    assert s["bonus_rate"] == {"x1": 2 / 3, "x2": 0, "x3": 1}
    with pytest.raises(ValueError):
        summarize([])


def test_text_views() -> None:
    m = Match([Seat("Ann"), Seat("", "greedy")], seed=2)
    m.act("roll")
    card = card_text(m.state, 0)
    assert card.count("\n") >= 20 and "Grand total" in card and "(" in card
    assert "> Ann" in totals_text(m)
    m.act("score x1 chance")
    m.play_computers()
    assert "CPU 1 (greedy)" in totals_text(m)
    finished = Match([Seat("", "greedy"), Seat("", "casual")], seed=2)
    finished.play_computers()
    text = ranking_text(finished, {0})
    assert text.startswith(" 1.") and "new high score" in text
