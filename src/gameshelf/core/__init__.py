"""What every game shares: errors, seeded chance, the state contract, game records, the store."""

from gameshelf.core.chance import Chance, new_seed
from gameshelf.core.errors import (
    BadInputError,
    GameshelfError,
    IllegalMoveError,
    RecordError,
    StoreError,
)
from gameshelf.core.records import GameRecord

__all__ = [
    "BadInputError",
    "Chance",
    "GameRecord",
    "GameshelfError",
    "IllegalMoveError",
    "RecordError",
    "StoreError",
    "new_seed",
]
