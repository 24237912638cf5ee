"""Our games for game-AI research frameworks (OpenSpiel, PettingZoo, Gymnasium).

Each game describes itself once, as a :class:`~gameshelf.rl.spec.GameSpec`; the framework
adapters (:mod:`gameshelf.rl.openspiel`, :mod:`gameshelf.rl.pettingzoo`,
:mod:`gameshelf.rl.gym`) are thin wrappers over any spec and add nothing to the rules. The
frameworks are optional (:data:`RL_INSTALL`); only the adapter modules import them.
"""

from __future__ import annotations

#: How to get the research frameworks, in the messages that need them.
RL_INSTALL = "pip install 'gameshelf[rl]'"


def missing_extra(err: ModuleNotFoundError, adapter: str) -> ModuleNotFoundError:
    """The error an adapter raises when its framework is not installed: the same exception
    type and ``name`` (so ``pytest.importorskip`` and ``except ModuleNotFoundError`` work as
    before), with a message that names the adapter and the extra to install."""
    return ModuleNotFoundError(
        f"{adapter} needs {err.name}, which is not installed: it comes with the optional "
        f"extra rl ({RL_INSTALL})",
        name=err.name,
    )
