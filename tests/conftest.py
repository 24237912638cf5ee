"""Shared fixtures: every test runs with its own empty GAMESHELF_HOME, and module- or
session-scoped fixtures (solved tables) with a session-wide one, so no test ever writes into
the user's data or cache folder."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

from tests.examples import SLOW

# Property tests: a short run in ``make test``, the full counts with ``--hypothesis-profile
# slow`` (``make test-slow``); see tests/examples.py.
settings.register_profile("suite", max_examples=25)
settings.register_profile(SLOW, max_examples=100)
settings.load_profile("suite")


@pytest.fixture(autouse=True, scope="session")
def _session_home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Set before any module-scoped fixture runs (higher scopes are set up first)."""
    home = tmp_path_factory.mktemp("gameshelf-session-home")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("GAMESHELF_HOME", str(home))
        yield home


@pytest.fixture(autouse=True)
def _gameshelf_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "gameshelf-home"
    monkeypatch.setenv("GAMESHELF_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def _no_child_left(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Every child process a test starts ends with the test, passed or failed; one still
    running at the end is killed (its session too) and named in a warning. Servers a
    module- or session-scoped fixture starts are started before this and not touched."""
    import subprocess
    import warnings

    from tests.procs import LeftChildren

    children = LeftChildren()
    original = subprocess.Popen.__init__

    def recording(self: subprocess.Popen[object], *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)  # type: ignore[arg-type]
        children.started.append(self)

    monkeypatch.setattr(subprocess.Popen, "__init__", recording)
    yield
    monkeypatch.undo()
    for left in children.end_all():
        warnings.warn(f"a child process outlived its test and was killed: {left}",
                      stacklevel=1)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under ``--dist loadgroup`` (``make test``) the tests of a module that share a costly
    module-scoped fixture (a server process, a Ray cluster, computed positions) run on one
    worker,
    so the fixture is set up once, not once per worker. Runs before xdist reads the groups."""
    for item in items:
        info = getattr(item, "_fixtureinfo", None)
        if info is None or item.get_closest_marker("xdist_group"):
            continue
        if any(d.scope == "module" for defs in info.name2fixturedefs.values() for d in defs):
            item.add_marker(pytest.mark.xdist_group(item.module.__name__))


def pytest_collection_finish(session: pytest.Session) -> None:
    """Everything collection made (every test module, the libraries they import, the
    parametrized cases) lives to the end of the run: moved out of the garbage collector's
    generations, so its full collections do not walk it again and again during the tests.
    The youngest generation is collected after 100,000 new objects, not 700: a Textual
    screen test makes millions, and at the default the collector took a third of their CPU
    (tests/tui/test_habits.py with tests/yatz/test_layout.py: 91 s of CPU, 32 s of it
    collecting, against 68 s and 9 s; tests/cpu_meter.py measures it). Nothing a test
    checks depends on when garbage is collected."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(100_000, 50, 100)


def pytest_configure(config: pytest.Config) -> None:
    """``GAMESHELF_CPU_LOG=PREFIX`` writes each test's CPU to PREFIX.<worker>.tsv
    (tests/cpu_meter.py)."""
    from tests import cpu_meter

    cpu_meter.register(config)
