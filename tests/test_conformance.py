"""Conformance over every turn-based game (after PettingZoo's API test).

Each game's state follows the contract in :mod:`gameshelf.core.state`: who acts, legal
actions, apply, terminal, returns. Here every game plays random legal games to the end and
checks that: the contract holds at each step, each action's text form parses back, an
action not listed as legal is refused with ``IllegalMoveError``, and the same seed gives the
same game (determinism).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from gameshelf.core.chance import Chance
from gameshelf.core.errors import GameshelfError, IllegalMoveError
from gameshelf.core.state import CHANCE, TERMINAL
from gameshelf.games.muggins import game as mg
from gameshelf.games.showdown import actions as sd_actions
from gameshelf.games.showdown import cards as sd_cards
from gameshelf.games.showdown import game as sd
from gameshelf.games.yatz import game as yz


@dataclass(frozen=True)
class Spec:
    name: str
    players: int
    new: Callable[[], Any]
    chance: Callable[[Any, Chance], Any]
    parse: Callable[[str], Any]
    max_steps: int


def _listed_chance(state: Any, chance: Chance) -> Any:
    outcomes = state.chance_outcomes()
    assert outcomes, "a chance node lists its outcomes"
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9, "chance probabilities sum to 1"
    return chance.choice([o for o, _ in outcomes])


SPECS = [
    Spec("yatz-1", 1, lambda: yz.YatzState(1), _listed_chance, yz.parse_action, 2_000),
    Spec("yatz-3", 3, lambda: yz.YatzState(3), _listed_chance, yz.parse_action, 6_000),
    Spec("muggins", 2, lambda: mg.MugginsState(target=150), _listed_chance,
         mg.parse_action, 20_000),
    Spec("showdown-2", 2, lambda: sd.new_game(sd_cards.default_deck(), 2),
         lambda s, c: s.sample_chance(c), sd_actions.parse_action, 5_000),
    Spec("showdown-4", 4, lambda: sd.new_game(sd_cards.default_deck(), 4),
         lambda s, c: s.sample_chance(c), sd_actions.parse_action, 10_000),
]


def play(spec: Spec, seed: int, *, probe_illegal: bool = False) -> tuple[list[str], list[float]]:
    """Play one random legal game; return the action texts and the returns."""
    state = spec.new()
    chance = Chance(seed)
    picks = chance.derive("picks")
    texts: list[str] = []
    for _ in range(spec.max_steps):
        player = state.current_player()
        if player == TERMINAL:
            assert state.is_terminal()
            assert not state.legal_actions()
            returns = list(state.returns())
            assert len(returns) == spec.players
            return texts, returns
        assert not state.is_terminal()
        if player == CHANCE:
            action = spec.chance(state, chance)
        else:
            assert 0 <= player < spec.players
            legal = state.legal_actions()
            assert legal, "a player to act has a legal action"
            assert len({str(a) for a in legal}) == len(legal), "legal actions are distinct"
            action = picks.choice(legal)
            if probe_illegal:
                _probe_illegal(spec, state, legal)
        text = str(action)
        assert spec.parse(text) == action, f"{text!r} parses back"
        state.apply_action(action)
        texts.append(text)
    raise AssertionError(f"{spec.name}: no end after {spec.max_steps} steps")


def _probe_illegal(spec: Spec, state: Any, legal: list[Any]) -> None:
    """Any action text not among the legal ones is refused and the state is left as it was."""
    legal_texts = {str(a) for a in legal}
    candidates = ["roll", "hold 1 2", "score x1 chance", "score x3 yatz", "draw", "pass",
                  "9-9 L", "0-5 R", "done", "speed 1", "buy 1"]
    for text in candidates:
        if text in legal_texts:
            continue
        try:
            action = spec.parse(text)
        except GameshelfError:
            continue
        before = repr(state.legal_actions())
        with pytest.raises(IllegalMoveError):
            state.apply_action(action)
        assert repr(state.legal_actions()) == before
        return


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_random_games_follow_the_contract(spec: Spec) -> None:
    for seed in (1, 2):
        texts, returns = play(spec, seed, probe_illegal=seed == 1)
        assert texts
        assert all(r >= 0 for r in returns) or spec.name.startswith("showdown")


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.name)
def test_same_seed_same_game(spec: Spec) -> None:
    assert play(spec, 77) == play(spec, 77)
    assert play(spec, 77)[0] != play(spec, 78)[0]
