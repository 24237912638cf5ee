"""Which games the research adapters offer, by name.

Each game's spec lives in its own module here (``games/yatz/rl.py``, ``games/muggins/rl.py``,
``games/showdown/rl/``) as a class named ``Spec``; this table names them so that the adapters and
the conformance tests walk every game without importing one by hand.
"""

from __future__ import annotations

import re
from typing import Any

from gameshelf.core.errors import BadInputError
from gameshelf.core.gamedef import KEY
from gameshelf.games import REGISTRY
from gameshelf.rl.spec import GameSpec


def spec_games() -> tuple[str, ...]:
    """The keys of the games that offer a research spec, in the registry's order."""
    return tuple(g.key for g in REGISTRY.with_part("rl"))


def spec_class(game: str) -> type[GameSpec[object]]:
    """The ``Spec`` class of ``game`` (one of :func:`spec_games`).

    Raises:
        KeyError: for a name not in :func:`spec_games`.
    """
    if game not in spec_games():
        raise KeyError(game)
    cls: type[GameSpec[object]] = REGISTRY.get(game).load("rl")
    return cls


_GAME_TEXT = re.compile(rf"(?:gameshelf_)?({KEY.pattern})(?:\((.*)\))?")
_PARAM_TEXT = re.compile(r"\s*(\w+)\s*=\s*([^,=]+?)\s*")


def parse_game(text: str) -> tuple[str, dict[str, Any]]:
    """A game and its parameters from OpenSpiel's notation: ``yatz``, ``yatz(players=3)``,
    ``gameshelf_muggins(target=50)``; the game's name is a key of
    :data:`gameshelf.core.gamedef.KEY`'s shape.

    Values are read as whole numbers, then decimals, then ``true``/``false``, else kept as
    text; the spec checks them. Returns ``("yatz", {"players": 3})``.

    Raises:
        BadInputError: for malformed text, a parameter given twice, or a game not in
            :func:`spec_games`.
    """
    whole = _GAME_TEXT.fullmatch(text.strip())
    if whole is None:
        first = next(iter(spec_games()), "game")
        raise BadInputError(f"not a game: {text!r} (write it as {first} or {first}(name=value))")
    game, inside = whole.group(1), whole.group(2)
    if game not in spec_games():
        raise BadInputError(f"no game {game!r}; the games are {', '.join(spec_games())}")
    params: dict[str, Any] = {}
    for item in inside.split(",") if inside and inside.strip() else []:
        pair = _PARAM_TEXT.fullmatch(item)
        if pair is None:
            raise BadInputError(f"not a parameter: {item.strip()!r} (write it as name=value)")
        if pair.group(1) in params:
            raise BadInputError(f"parameter {pair.group(1)} given twice in {text.strip()!r}")
        params[pair.group(1)] = _value(pair.group(2))
    return game, params


def _value(text: str) -> int | float | bool | str:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    return text
