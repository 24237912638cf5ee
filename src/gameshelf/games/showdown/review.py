"""``gameshelf showdown review NAME|FILE``: the coach's review of the people's decisions."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from gameshelf.cli.review import (
    SAMPLES_HELP,
    SAMPLES_PARSER,
    SOURCE_HELP,
    named,
    show,
)
from gameshelf.games.showdown import coach as showdown_coach
from gameshelf.session.replay import find_record


def review_command(
    source: Annotated[str, typer.Argument(help=SOURCE_HELP, metavar="NAME|FILE")],
    samples: Annotated[int, typer.Option(help=SAMPLES_HELP, metavar="N",
                                         parser=SAMPLES_PARSER)
                       ] = showdown_coach.REVIEW_SAMPLES,
    json_out: Annotated[bool, typer.Option("--json", help="JSON output.")] = False,
) -> None:
    """The coach's review of the people's decisions in a game (every seat's when no person
    played): each that cost final margin by the search player's estimate, with the better
    one, worst first."""
    what, record = find_record("showdown", source)
    rev = named(what, lambda: showdown_coach.review(record, samples=samples))
    out: dict[str, Any] | None = None
    if json_out:
        out = {
            "game": "showdown", "seats": [rev.names[s] for s in rev.seats],
            "decisions": rev.decisions, "samples": samples,
            "mistakes": [{"player": m.name, "turn": m.turn, "chosen": str(m.chosen.action),
                          "better": str(m.best.action), "cost": round(m.cost, 1),
                          "spread": round(m.spread, 1), "ahead": round(m.chosen.win, 3),
                          "better_ahead": round(m.best.win, 3)}
                         for m in rev.mistakes]}
    show(rev.lines(), out)
