"""The examples in the Muggins docstrings run."""

from __future__ import annotations

import doctest
import importlib

import pytest


@pytest.mark.parametrize("name", ["tiles", "match", "sim"])
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(f"gameshelf.games.muggins.{name}")
    result = doctest.testmod(module)
    assert result.attempted > 0 and result.failed == 0
