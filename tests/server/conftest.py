"""One game server per test module, on a free loopback port, in this process; a real
PostgreSQL for the tests of its storage (:mod:`tests.server.postgres`)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.server.helpers import Running, running
from tests.server.postgres import Cluster, cluster


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    home = tmp_path_factory.mktemp("server-home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GAMESHELF_HOME", str(home))
        with running(Path(home) / "server.db", rate=10_000.0, burst=10_000.0,
                     guesses=100_000.0, rooms=100_000.0) as srv:
            yield srv


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    """One real PostgreSQL for the session (each xdist worker its own); skipped without
    the binaries unless GAMESHELF_REQUIRE_POSTGRES=1."""
    with cluster() as found:
        yield found


@pytest.fixture
def pg_url(pg_cluster: Cluster) -> str:
    """The URL of a new empty database of :func:`pg_cluster`, for one test."""
    return pg_cluster.create_db(f"gs_{next(_DATABASES)}")


_DATABASES = itertools.count(1)
