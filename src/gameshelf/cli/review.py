"""``gameshelf yatz review``, ``gameshelf muggins review`` and ``gameshelf showdown review``:
the coach's review of a game (issue 16), an adapter over :mod:`gameshelf.games.yatz.strong`,
:mod:`gameshelf.games.muggins.coach` and :mod:`gameshelf.games.showdown.coach` (the same
reviews as the game-over screens' **v** / **r**).

``review NAME|FILE`` reads a save, a finished game kept in the history (``last``, ``#N``) or
a JSON game record file, as ``replay`` does (:func:`gameshelf.session.replay.find_record`),
and lists each decision where the player's choice cost the most by the coach's estimate,
worst first, with the better move. Bad input (no such save or file, a record of another game
or one that does not replay) is one line on stderr and exit code 2; nothing stored changes.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from typing import Annotated, Any, TypeVar

import typer

from gameshelf.core.errors import GameshelfError, RecordError
from gameshelf.core.inputs import number_parser
from gameshelf.core.text import literal
from gameshelf.games.muggins import coach as muggins_coach
from gameshelf.games.showdown import coach as showdown_coach
from gameshelf.session.replay import find_record

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


def _named(what: str, review: Callable[[], _R]) -> _R:
    """``review()``, a record that does not replay said as replay says it, naming the save,
    finished game or file (``the finished game #2 does not replay: ...``)."""
    try:
        return review()
    except GameshelfError as exc:
        raise RecordError(f"{what} does not replay: {exc}") from None


def _show(lines: list[str], data: dict[str, Any] | None) -> None:
    """The review as JSON (``data``) or as its lines with the note on estimates."""
    if data is not None:
        typer.echo(json.dumps(data, indent=2))
        return
    for line in lines:
        typer.echo(line)
    typer.echo(ESTIMATE_NOTE)


def _cost(cost: float) -> float | None:
    return None if math.isinf(cost) else round(cost, 2)


def muggins_review(
    source: Annotated[str, typer.Argument(help=SOURCE_HELP, metavar="NAME|FILE")],
    samples: Annotated[int, typer.Option(help=SAMPLES_HELP, metavar="N",
                                         parser=SAMPLES_PARSER)
                       ] = muggins_coach.SAMPLES,
    json_out: Annotated[bool, typer.Option("--json", help="JSON output.")] = False,
) -> None:
    """The coach's review of your plays in a game: each play that cost points by strong
    Mugsy's estimate, with the better play, worst first."""
    what, record = find_record("muggins", source)
    rev = _named(what, lambda: muggins_coach.review(record, samples=samples))
    out: dict[str, Any] | None = None
    if json_out:
        out = {
            "game": "muggins", "seat": rev.seat, "decisions": rev.decisions, "samples": samples,
            "mistakes": [{"round": m.round_no, "play": m.move, "scores": list(m.scores),
                          "ends": list(m.ends), "chosen": str(m.chosen.play),
                          "better": str(m.best.play), "cost": _cost(m.cost),
                          "spread": round(m.spread, 2), "better_wins": math.isinf(m.cost)}
                         for m in rev.mistakes]}
    _show(rev.lines(), out)


def showdown_review(
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
    rev = _named(what, lambda: showdown_coach.review(record, samples=samples))
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
    _show(rev.lines(), out)


def yatz_review(
    source: Annotated[str, typer.Argument(help=SOURCE_HELP.replace(" tiles or cards", ""),
                                          metavar="NAME|FILE")],
    json_out: Annotated[bool, typer.Option("--json", help="JSON output.")] = False,
) -> None:
    """The review of the people's choices in a game (every seat's when no person played):
    each hold or box that cost expected points by the strong player's exact tables, with
    the better choice. The first review may take a minute (the tables are solved once)."""
    from gameshelf.games.yatz.match import Match
    from gameshelf.games.yatz.scoring import rule_set
    from gameshelf.games.yatz.strong import review, review_lines

    what, record = find_record("yatz", source)

    def judged() -> tuple[Match, list[int], Any]:
        match = Match.from_record(record)
        people = [i for i, s in enumerate(match.seats) if s.is_human]
        seats = people or list(range(len(match.seats)))
        # the game as it stands: a box taken back (undo) is not a choice to review
        return match, seats, review(match.played_actions(), len(match.seats),
                                    rule_set(match.rules), seats)

    match, seats, rev = _named(what, judged)
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


def register(yatz_app: typer.Typer, muggins_app: typer.Typer,
             showdown_app: typer.Typer) -> None:
    """Add the ``review`` command to the Yatz, Muggins and Showdown apps."""
    yatz_app.command("review")(yatz_review)
    muggins_app.command("review")(muggins_review)
    showdown_app.command("review")(showdown_review)

