"""Shared fixtures: every test runs with its own empty GAMESHELF_HOME."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _gameshelf_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    home = tmp_path / "gameshelf-home"
    monkeypatch.setenv("GAMESHELF_HOME", str(home))
    return home
