"""One game server per test module, on a free loopback port, in this process."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.helpers import Running, running


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    home = tmp_path_factory.mktemp("server-home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GAMESHELF_HOME", str(home))
        with running(Path(home) / "server.db", rate=10_000.0, burst=10_000.0,
                     guesses=100_000.0, rooms=100_000.0) as srv:
            yield srv
