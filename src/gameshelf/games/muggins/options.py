"""What a Muggins game is set up with beyond its level: the target (R-MG-8), the rulebook's
500 points by default, here and on a game server alike."""

from __future__ import annotations

from gameshelf.games.muggins.game import DEFAULT_TARGET, MAX_TARGET, MIN_TARGET

#: The options ``gameshelf online create`` takes for Muggins (the ``online_options`` part),
#: each with the help it is offered with.
ONLINE_OPTIONS = {"target": f"the points that end the game ({MIN_TARGET} to {MAX_TARGET:,}; "
                            f"default {DEFAULT_TARGET})"}
