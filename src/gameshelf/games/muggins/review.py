"""``gameshelf muggins review NAME|FILE``: the coach's review of a person's plays."""

from __future__ import annotations

import math
from typing import Annotated, Any

import typer

from gameshelf.cli.review import (
    SAMPLES_HELP,
    SAMPLES_PARSER,
    SOURCE_HELP,
    cost_or_none,
    named,
    show,
)
from gameshelf.games.muggins import coach as muggins_coach
from gameshelf.session.replay import find_record


def review_command(
    source: Annotated[str, typer.Argument(help=SOURCE_HELP, metavar="NAME|FILE")],
    samples: Annotated[int, typer.Option(help=SAMPLES_HELP, metavar="N",
                                         parser=SAMPLES_PARSER)
                       ] = muggins_coach.SAMPLES,
    json_out: Annotated[bool, typer.Option("--json", help="JSON output.")] = False,
) -> None:
    """The coach's review of your plays in a game: each play that cost points by strong
    Mugsy's estimate, with the better play, worst first."""
    what, record = find_record("muggins", source)
    rev = named(what, lambda: muggins_coach.review(record, samples=samples))
    out: dict[str, Any] | None = None
    if json_out:
        out = {
            "game": "muggins", "seat": rev.seat, "plays": rev.plays, "decisions": rev.decisions,
            "samples": samples,
            "mistakes": [{"round": m.round_no, "play": m.move, "scores": list(m.scores),
                          "ends": list(m.ends), "chosen": str(m.chosen.play),
                          "better": str(m.best.play), "cost": cost_or_none(m.cost),
                          "spread": round(m.spread, 2), "better_wins": math.isinf(m.cost)}
                         for m in rev.mistakes]}
    show(rev.lines(), out)
