"""``gameshelf yatz review NAME|FILE``: the review of the people's choices by the strong
player's tables."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer

from gameshelf.cli.review import SOURCE_HELP, named
from gameshelf.core.text import literal
from gameshelf.games.yatz.match import Match
from gameshelf.games.yatz.scoring import rule_set
from gameshelf.session.replay import find_record


def review_command(
    source: Annotated[str, typer.Argument(help=SOURCE_HELP.replace(" tiles or cards", ""),
                                          metavar="NAME|FILE")],
    json_out: Annotated[bool, typer.Option("--json", help="JSON output.")] = False,
) -> None:
    """The review of the people's choices in a game (every seat's when no person played):
    each hold or box that cost expected points by the strong player's exact tables, with
    the better choice. The first review may take a minute (the tables are solved once)."""
    # start-up: the strong player's tables (numba) load only when a review is asked for
    from gameshelf.games.yatz.strong import review, review_lines

    what, record = find_record("yatz", source)

    def judged() -> tuple[Match, list[int], Any]:
        match = Match.from_record(record)
        people = [i for i, s in enumerate(match.seats) if s.is_human]
        seats = people or list(range(len(match.seats)))
        # the game as it stands: a box taken back (undo) is not a choice to review
        return match, seats, review(match.played_actions(), len(match.seats),
                                    rule_set(match.rules), seats)

    match, seats, rev = named(what, judged)
    names = {i: match.seats[i].name for i in seats}
    if json_out:
        typer.echo(json.dumps({
            "game": "yatz", "seats": [names[i] for i in seats], "decisions": rev.decisions,
            "mistakes": [{"player": names.get(m.seat, ""), "turn": m.turn, "roll": m.roll,
                          "dice": list(m.dice), "chosen": m.chosen.describe(),
                          "better": m.best.describe(), "cost": round(m.cost, 2)}
                         for m in rev.mistakes]}, indent=2))
        return
    for line in review_lines(rev, {i: literal(n) for i, n in names.items()}):
        typer.echo(line.text)
    typer.echo("Costs are expected final points lost by the strong player's judgement (an "
               "estimate built from one column's exact tables).")
