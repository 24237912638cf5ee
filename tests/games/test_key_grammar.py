"""One grammar of game keys (:data:`gameshelf.core.gamedef.KEY`): every key the registry
takes, every parser of game names reads back, and every key it refuses no parser takes."""

from __future__ import annotations

import pytest

from gameshelf.core.errors import BadInputError
from gameshelf.core.gamedef import KEY, GameDef, GameDefError, Registry
from gameshelf.games import REGISTRY
from gameshelf.rl.games import parse_game, spec_games


def test_every_registered_key_is_of_the_grammar_and_parses(pig: GameDef) -> None:
    assert "pig" in spec_games()
    for key in REGISTRY.keys():
        assert KEY.fullmatch(key), key
    for key in spec_games():
        assert parse_game(key) == (key, {})
        assert parse_game(f"gameshelf_{key}(target=30)") == (key, {"target": 30})


@pytest.mark.parametrize("key", ["pi-g", "pi_g", "Pig", "9pig", "p" * 21])
def test_a_key_the_registry_refuses_no_parser_takes(key: str) -> None:
    with pytest.raises(GameDefError, match="a game key is a lowercase word"):
        Registry().add(key, "x")
    with pytest.raises(BadInputError, match="not a game|no game"):
        parse_game(key)


def test_the_example_in_a_parse_error_is_a_registered_game() -> None:
    with pytest.raises(BadInputError) as refused:
        parse_game("pi-g")
    first = spec_games()[0]
    assert f"write it as {first} or {first}(name=value)" in str(refused.value)
