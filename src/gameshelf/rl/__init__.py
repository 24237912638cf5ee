"""Our games for game-AI research frameworks (OpenSpiel, PettingZoo, Gymnasium).

Each game describes itself once, as a :class:`~gameshelf.rl.spec.GameSpec` (stable integer
action ids, chance outcomes with their probabilities, what each player may observe); the
framework adapters (:mod:`gameshelf.rl.openspiel`, :mod:`gameshelf.rl.pettingzoo`) are thin
wrappers over any spec and add nothing to the rules; :mod:`gameshelf.rl.gym` is solitaire
triple Yatz for Gymnasium. The frameworks themselves are optional
(``pip install 'gameshelf[rl]'``); this package imports them only in the adapter modules.
"""

from __future__ import annotations

#: How to get the research frameworks, in the messages that need them.
RL_INSTALL = "pip install 'gameshelf[rl]'"


def missing_extra(err: ModuleNotFoundError, adapter: str) -> ModuleNotFoundError:
    """The error an adapter raises when its framework is not installed: the same exception
    type and ``name`` (so ``pytest.importorskip`` and ``except ModuleNotFoundError`` work as
    before), with a message that names the adapter and the extra to install.

    Use: ``try: import pyspiel`` / ``except ModuleNotFoundError as err: raise
    missing_extra(err, __name__) from None``.
    """
    return ModuleNotFoundError(
        f"{adapter} needs {err.name}, which is not installed: it comes with the optional "
        f"extra rl ({RL_INSTALL})",
        name=err.name,
    )
