"""How many examples a property test tries.

``make test`` runs the hypothesis profile ``suite`` (registered in tests/conftest.py): each
property tries a quarter of the count written at the test, at least 5, so the suite stays
short. ``make test-slow`` runs the profile ``slow``: every property tries the full count
written at it (and a property without a count hypothesis' own default of 100).
"""

from __future__ import annotations

from hypothesis import settings

#: The profile of ``make test-slow``.
SLOW = "slow"


def examples(n: int) -> int:
    """``n`` examples under the ``slow`` profile, else ``max(5, ceil(n / 4))`` (never more
    than ``n``)."""
    if settings.get_current_profile_name() == SLOW:
        return n
    return min(n, max(5, -(-n // 4)))
