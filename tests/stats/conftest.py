"""One store of seeded finished games of every game, built once for the statistics tests
(played through the sessions, as the front ends play them) and copied into each test's own
data folder."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.stats import games


@pytest.fixture(scope="package")
def built_store(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    home = tmp_path_factory.mktemp("stats-store")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GAMESHELF_HOME", str(home))
        for seed in (1, 2, 3):
            games.yatz(seed)
        games.yatz(4, "casual")
        for seed in (1, 2, 3):
            games.muggins(seed)
        games.muggins(4, "normal")
        games.showdown(1)
        games.showdown(2)
        games.showdown(3, "Ann,Bob,random")
        games.dollar(1)
        games.dollar(2, (("Cy", "L00000000B", "2012"),))
    yield home / "gameshelf.db"


@pytest.fixture
def store_of_games(built_store: Path, _gameshelf_home: Path) -> Path:
    """The built store, copied into this test's data folder; returns its path."""
    _gameshelf_home.mkdir(parents=True, exist_ok=True)
    path = _gameshelf_home / "gameshelf.db"
    shutil.copy(built_store, path)
    return path
