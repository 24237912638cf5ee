"""Which games the research adapters offer, by name.

Each game's spec lives in its own module here (``rl/yatz.py``, ``rl/muggins.py``,
``rl/showdown.py``) as a class named ``Spec``; this table names them so that the adapters and
the conformance tests walk every game without importing one by hand.
"""

from __future__ import annotations

import importlib

from gameshelf.rl.spec import GameSpec

#: game name -> module holding its ``Spec`` class.
SPEC_MODULES: dict[str, str] = {
    "yatz": "gameshelf.rl.yatz",
    "muggins": "gameshelf.rl.muggins",
    "showdown": "gameshelf.rl.showdown",
}


def spec_class(game: str) -> type[GameSpec[object]]:
    """The ``Spec`` class of ``game`` (a key of :data:`SPEC_MODULES`).

    Raises:
        KeyError: for a name not in :data:`SPEC_MODULES`.
    """
    module = importlib.import_module(SPEC_MODULES[game])
    cls: type[GameSpec[object]] = module.Spec
    return cls
