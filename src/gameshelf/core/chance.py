"""Explicit, seeded chance.

The rules engines own no random generator. A match's driver owns one :class:`Chance`, made
from the match's seed (shown to players as the game number), and asks it for outcomes of the
chance nodes the rules list. Computer players get their own generators derived by name, so an
AI's sampling never changes the dice or the deal.

Example:
    >>> a, b = Chance(42), Chance(42)
    >>> [a.randint(1, 6) for _ in range(5)] == [b.randint(1, 6) for _ in range(5)]
    True
    >>> Chance(42).derive("mugsy").seed != 42
    True
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Sequence
from typing import TypeVar

from gameshelf.core.inputs import whole_number

T = TypeVar("T")

#: Seeds (game numbers) are whole numbers in ``[0, MAX_SEED]``.
MAX_SEED = 2**53 - 1


def new_seed() -> int:
    """Return a fresh game number in ``[1, 999_999_999]`` from the OS entropy source."""
    return secrets.randbelow(999_999_999) + 1


def parse_seed(text: str | int) -> int:
    """Parse a game number: ASCII digits, ``,`` and ``_`` allowed between them (``1,000``).

    Raises:
        BadInputError: when ``text`` is not a whole number in ``[0, MAX_SEED]``.
    """
    return whole_number(text, "game number", low=0, high=MAX_SEED, separators=",_")


class Chance:
    """A seeded source of chance outcomes for one match.

    Args:
        seed: the match's seed (game number), a whole number in ``[0, MAX_SEED]``.
    """

    def __init__(self, seed: int) -> None:
        self.seed = int(seed)
        self._rng = random.Random(self.seed)

    def derive(self, name: str) -> Chance:
        """Return an independent generator for ``name`` (an AI seat, a sub-stream)."""
        digest = hashlib.sha256(f"{self.seed}/{name}".encode()).digest()
        return Chance(int.from_bytes(digest[:6], "big"))

    def randint(self, low: int, high: int) -> int:
        """A whole number in ``[low, high]``, each equally likely."""
        return self._rng.randint(low, high)

    def random(self) -> float:
        """A float in ``[0, 1)``."""
        return self._rng.random()

    def choice(self, items: Sequence[T]) -> T:
        """One of ``items``, each equally likely."""
        return self._rng.choice(items)

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A new list holding ``items`` in a uniformly random order."""
        out = list(items)
        self._rng.shuffle(out)
        return out

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items of ``items``, in random order."""
        return self._rng.sample(list(items), k)

    def getstate(self) -> object:
        """The generator's internal state (for exact mid-match snapshots)."""
        return self._rng.getstate()

    def setstate(self, state: object) -> None:
        """Restore a state returned by :meth:`getstate`."""
        self._rng.setstate(state)  # type: ignore[arg-type]
