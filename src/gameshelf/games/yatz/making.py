"""Where the making of the strong player's tables stands, readable without loading them.

:mod:`gameshelf.games.yatz.strong` (which loads numba and the solver) records here, per rule
set, the share of the table solved while a first use makes it; the screens read it to show
progress (the hint window, a strong computer's first turn) without importing that module.
"""

from __future__ import annotations

from gameshelf.games.yatz.scoring import rule_set

#: rule set name -> (turn-start states solved, of how many) while its table is made; (0, 0)
#: while it loads from the cache. Written by :func:`gameshelf.games.yatz.strong.strategy_for`.
LOADING: dict[str, tuple[int, int]] = {}


#: What the first making of the tables costs, as a player is told: the solver compiled
#: (0% all that while), then the table solved; once after an install (then cached).
FIRST_TIME = "first time only, about 30 s"


def tables_note(rules_name: str, whose: str = "the strong player's") -> str | None:
    """A few words on the tables of ``rules_name`` being made (``"loading the strong
    player's tables"``; ``"compiling the solver for the strong player's tables (first time
    only, about 30 s): 0%"`` while the first step compiles; then ``"solving the strong
    player's tables (first time only, about 30 s): 40%"``; ``whose`` in place of "the
    strong player's"), None when they are not being made."""
    now = LOADING.get(rules_name)
    if now is None:
        return None
    done, total = now
    if not total:
        return f"loading {whose} tables"
    if not done:
        return f"compiling the solver for {whose} tables ({FIRST_TIME}): 0%"
    return f"solving {whose} tables ({FIRST_TIME}): {100 * done // total}%"


def table_cached(rules_name: str) -> bool:
    """True when the strong player's table of the rule set ``rules_name`` is in the cache:
    its first use then loads it in a second or so, and nothing is solved (no wait to
    announce: the prompt's hint, the replay's review)."""
    # start-up: the solver's module loads numba; a replay as text needs none of it
    from gameshelf.games.yatz.solver import cache_path

    try:
        return cache_path(rule_set(rules_name)).is_file()
    except Exception:   # no cache folder: not cached
        return False
