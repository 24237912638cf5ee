"""What every game's view codec shares: engine values as JSON values.

Each seat's view (docs/online.md, "Views") is built by its game (``games/<key>/view.py``)
from the engine's own per-seat view: never another seat's hand, rack or face-down offer,
nor the deck's or boneyard's tiles. Pure: no I/O.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

_SCALARS = (str, int, float, bool, type(None))


def plain(value: Any) -> Any:
    """An engine value as JSON values (enums by value, dataclasses as objects, sets
    sorted)."""
    if isinstance(value, _SCALARS):
        return value
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [v if isinstance(v, _SCALARS) else plain(v) for v in value]
    if isinstance(value, frozenset | set):
        return sorted((plain(v) for v in value), key=str)
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in value.items()}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


