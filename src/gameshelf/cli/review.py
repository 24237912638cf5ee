"""What every game's ``review`` command shares (``gameshelf <game> review NAME|FILE``): the
coach's review of a game, the same as the game-over screens' **v** / **r**. Each game's
command lives in its folder (``games/<key>/review.py``).

``review NAME|FILE`` reads its game as ``replay`` does
(:func:`gameshelf.session.replay.find_record`) and lists each decision where the player's
choice cost the most by the coach's estimate, worst first, with the better move. Bad input is
one line on stderr and exit code 2; nothing stored changes.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Any, TypeVar

import typer

from gameshelf.core.errors import GameshelfError, RecordError
from gameshelf.core.inputs import number_parser

_R = TypeVar("_R")

#: The fewest and most samples a review may use per decision.
MIN_SAMPLES, MAX_SAMPLES = 4, 512
SAMPLES_PARSER = number_parser("--samples", low=MIN_SAMPLES, high=MAX_SAMPLES)

SOURCE_HELP = ("A save's name, 'last' or '#N' (a finished game kept in the history), or a "
               "JSON game record file.")
SAMPLES_HELP = ("Samples of the hidden tiles or cards per decision (more: surer estimates, "
                "slower).")
ESTIMATE_NOTE = ("The figures are estimates from sampled hidden tiles or cards; a move is "
                 "listed only when it cost more than the estimate's noise.")


def named(what: str, review: Callable[[], _R]) -> _R:
    """``review()``, a record that does not replay said as replay says it, naming the save,
    finished game or file (``the finished game #2 does not replay: ...``)."""
    try:
        return review()
    except GameshelfError as exc:
        raise RecordError(f"{what} does not replay: {exc}") from None


def show(lines: list[str], data: dict[str, Any] | None) -> None:
    """The review as JSON (``data``) or as its lines with the note on estimates."""
    if data is not None:
        typer.echo(json.dumps(data, indent=2))
        return
    for line in lines:
        typer.echo(line)
    typer.echo(ESTIMATE_NOTE)


def cost_or_none(cost: float) -> float | None:
    return None if math.isinf(cost) else round(cost, 2)
