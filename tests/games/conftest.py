"""The test games, registered for a test by one line each and forgotten after it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gameshelf.core.gamedef import GameDef
from gameshelf.games import REGISTRY


@pytest.fixture
def pig() -> Iterator[GameDef]:
    """Pig, a game of the registry for the test's length."""
    REGISTRY.add("pig", "tests.games.pig")
    try:
        yield REGISTRY.get("pig")
    finally:
        REGISTRY.remove("pig")
