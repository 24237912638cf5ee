"""``--ray`` without Ray installed (the base install): one line naming the extra, exit 2,
for every sim (runs with or without Ray: the import is made to fail)."""

from __future__ import annotations

import sys

import pytest

from gameshelf.cli import main

SIMS = [["yatz", "sim", "--player", "greedy"], ["muggins", "sim"], ["showdown", "sim"]]


@pytest.mark.parametrize("sim", SIMS, ids=lambda s: s[0])
def test_ray_not_installed_says_how_to_install_it(sim: list[str], monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)    # import ray: ImportError
    with pytest.raises(SystemExit) as stop:
        main([*sim, "--games", "2", "--ray", "local"])
    out = capsys.readouterr()
    assert stop.value.code == 2 and out.out == ""
    assert out.err.strip().splitlines() == [
        "gameshelf: error: --ray needs Ray, which is not installed: "
        "pip install 'gameshelf[cluster]'"]
