"""One seat's view of a round of One Dollar Pinball at a table, and its JSON (docs/online.md,
"Views").

A seat sees its own bill as soon as it is entered: the serial, district and series, the
scorer's trace step by step with the running score (R-DP-4 to R-DP-9) and the bill's place
in the exact distribution of its district's scores (R-DP-10: every serial of 8 digits, the
Match counted for its series, :func:`gameshelf.games.dollar.odds.distribution`). The other
seats' bills stay hidden (only that they are in) until every bill is in; then every seat
sees all of them and each one's place. Pure: no I/O.

The distribution of a district and series digit is worked out once per process and kept
(:func:`odds_json`: 12 districts x 11 series digits at most): the first one costs the
dynamic programme over the digits (:func:`gameshelf.games.dollar.odds.tables`, once), each
other one a pass over its final states.

Example:
    >>> from gameshelf.games.dollar.match import Match
    >>> m = Match.new(["Ann", "Bob"], ["", ""], seed=1)
    >>> _ = m.apply(0, "bill L40000002A series 1902")
    >>> mine, theirs = dollar_view(m, 0), dollar_view(m, 1)
    >>> mine["bills"][0]["score"], mine["bills"][0]["odds"]["above"], theirs["bills"][0]
    (88000000, 0, {'seat': 0, 'hidden': True})
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from gameshelf.core.state import TERMINAL
from gameshelf.games.dollar.bill import district_name
from gameshelf.games.dollar.game import Entry, ranks
from gameshelf.games.dollar.match import Match
from gameshelf.games.dollar.odds import distribution


@lru_cache(maxsize=12 * 11)
def odds_json(district: int, series_digit: int | None) -> dict[str, Any]:
    """The exact distribution of the scores of every 8-digit serial of ``district`` (1 to
    12), the Match counted for ``series_digit`` (0 to 9; None: not counted), as JSON:
    ``{"district", "series_digit", "total" (bills: 10**8), "scores": [[points, bills], ...]
    (increasing points), "max", "mean" (points, rounded)}``. Kept once made: do not change
    it.

    Raises:
        BadInputError: a district or digit out of range.
    """
    d = distribution(district, series_digit)
    return {"district": district, "series_digit": series_digit, "total": d.total,
            "scores": [[s, n] for s, n in d.counts.items()], "max": d.max,
            "mean": round(d.mean)}


def bill_json(entry: Entry, seat: int) -> dict[str, Any]:
    """A scored bill as JSON: the bill, its district and series, the trace (each step's
    positions, digits, rule, note, points won and running score, balls and tilt warnings
    after it), the end (balls left and their bonus, the Match), the total, the digits left
    unread, and ``odds``: where the total stands in its district's distribution (``below``,
    ``same``, ``above``: bills of the district scoring less, as much, more; ``share_below``
    in percent) with the distribution itself (:func:`odds_json`). Points are whole points."""
    r = entry.result
    table = odds_json(entry.district, r.series_digit)
    below = sum(n for s, n in table["scores"] if s < r.score)
    same = sum(n for s, n in table["scores"] if s == r.score)
    return {
        "seat": seat, "name": entry.name, "bill": str(entry.bill), "serial": entry.bill.serial,
        "district": entry.district, "district_name": district_name(entry.district),
        "star": entry.bill.star, "series": None if entry.series is None else str(entry.series),
        "steps": [{"positions": s.positions, "digits": s.digits, "rule": s.rule.value,
                   "note": s.note, "points": s.points, "score": s.score, "balls": s.balls,
                   "tilt_warnings": s.tilt_warnings} for s in r.steps],
        "play_score": r.play_score, "balls_left": r.balls_left, "end_bonus": r.end_bonus,
        "match": r.match, "match_bonus": r.match_bonus, "score": r.score, "unread": r.unread,
        "odds": {"below": below, "same": same, "above": table["total"] - below - same,
                 "share_below": round(100.0 * below / table["total"], 4), **table},
    }


def dollar_view(match: Match, seat: int) -> dict[str, Any]:
    """What ``seat`` may see of the round (JSON): ``game``, ``names``, ``computers`` (each
    seat's is a computer's), ``to_act`` (the seat whose bill comes next, -2 at the end),
    ``bills`` (per seat: None before its bill, ``{"seat", "hidden": true}`` for another
    seat's bill before the end, else :func:`bill_json`) and ``places`` (each seat's place
    once every bill is in, 1 the best, equal scores sharing it; ``[]`` before)."""
    return dollar_views(match, [seat], {})[0]


#: Bills written as JSON, kept by the table's adapter: seat -> (its entry, its JSON).
Written = dict[int, tuple[Entry, dict[str, Any]]]


def dollar_views(match: Match, seats: list[int], written: Written) -> list[dict[str, Any]]:
    """:func:`dollar_view` of each of ``seats``: what is the same for every seat (names,
    computers, places) made once, and each bill's JSON made once and kept in
    ``written`` (an entered bill never changes; a seat's kept JSON is used again only for
    the same entry), shown to a seat only as :func:`dollar_view` says: its own bill, and
    every bill once all are in. Do not change what it returns."""
    over = match.to_act() == TERMINAL
    n = len(match.names)
    entered = len(match.entries)

    def bill(s: int) -> dict[str, Any]:
        entry = match.entries[s]
        kept = written.get(s)
        if kept is None or kept[0] is not entry:
            kept = written[s] = (entry, bill_json(entry, s))
        return kept[1]

    names, computers = list(match.names), [match.computer(s) for s in range(n)]
    to_act, places = match.to_act(), ranks(match.entries) if over else []
    every: list[dict[str, Any] | None] | None = None
    if over:        # every bill is in: all of them shown to every seat
        every = [bill(s) if s < entered else None for s in range(n)]
    out = []
    for seat in seats:
        bills = every if every is not None else [
            None if s >= entered else bill(s) if s == seat else {"seat": s, "hidden": True}
            for s in range(n)]
        out.append({"game": "dollar", "names": names, "computers": computers,
                    "to_act": to_act, "bills": bills, "places": places})
    return out
