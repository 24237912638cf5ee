"""The statistics the game server gives of a game (the ``scores`` ask, the page's Top 20):
its finished online games as their seats played them, one row per seat's name, named as
the room named it (a person by the name typed, a computer by its name and level).

The terminal's statistics are of one person at one keyboard ("you" against the computer)
and count what its own results table kept; a server's games have seats of any names, people
and computers alike, so these tables are made from the history's rows alone (what each seat
scored and whether it won), the same way for every game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from gameshelf.core.store import HistoryPlayer, HistoryRow
from gameshelf.core.text import count, with_level
from gameshelf.games import REGISTRY

#: Rows of the table at most (the seats of most games first).
TOP_SEATS = 20
#: Characters of a seat's name in the table.
NAME_WIDTH = 24


@dataclass
class SeatFigures:
    """One seat name's games on the server, those it won, lost and drew (a game whose
    history says no outcome counts in ``games`` only), and its scores."""

    name: str
    games: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    scores: list[int] = field(default_factory=list)


def seat_name(player: HistoryPlayer) -> str:
    """A seat as the tables name it: a person by name, a computer by name and level
    (``Mugsy (strong)``)."""
    return with_level(player.name, player.level) if player.kind == "computer" else player.name


def server_tables(game: str, rows: Sequence[HistoryRow], noun: str = "game") -> list[str]:
    """The lines of ``game``'s table of the server's finished online games in ``rows``
    (any order; rows not played online, or damaged, are left out, and said so): games,
    won, lost, drawn, best and mean score per seat name, the most games first. A game is
    called ``noun`` (the game's own word, its ``end`` part's: Dollar's ``round``)."""
    title = REGISTRY.title(game)
    plural = f"{noun}s"
    wide = max(5, len(plural))
    online = [r for r in rows if r.source == "online"]
    kept = [r for r in online if not r.damaged and r.players]
    damaged = len(online) - len(kept)
    if not kept:
        return [f"{title}: no finished {noun} on this server yet."
                + (f" ({count(damaged, 'damaged row')} left out.)" if damaged else "")]
    seats: dict[str, SeatFigures] = {}
    for row in kept:
        for player in row.players:
            name = seat_name(player)
            figures = seats.setdefault(name.casefold(), SeatFigures(name))
            figures.games += 1
            if player.outcome == "win":
                figures.won += 1
            elif player.outcome == "draw":
                figures.drawn += 1
            elif player.outcome == "loss":
                figures.lost += 1
            if player.score is not None:
                figures.scores.append(player.score)
    shown = sorted(seats.values(), key=lambda s: (-s.games, -s.won, s.name.casefold()))
    out = [f"{title}: {count(len(kept), f'finished {noun}')} on this server"
           + (f" ({count(damaged, 'damaged row')} left out)." if damaged else "."), "",
           f"{'seat':<{NAME_WIDTH}} {plural:>{wide}} {'won':>4} {'lost':>4} {'drawn':>5} "
           f"{'best':>10} {'mean':>10}"]
    for s in shown[:TOP_SEATS]:
        best = f"{max(s.scores):,}" if s.scores else "-"
        mean = f"{sum(s.scores) / len(s.scores):,.1f}" if s.scores else "-"
        name = s.name if len(s.name) <= NAME_WIDTH else s.name[:NAME_WIDTH - 1] + "…"
        out.append(f"{name:<{NAME_WIDTH}} {s.games:>{wide}} {s.won:>4} {s.lost:>4} "
                   f"{s.drawn:>5} {best:>10} {mean:>10}")
    if len(shown) > TOP_SEATS:
        out.append(f"... and {count(len(shown) - TOP_SEATS, 'other seat name')}.")
    return out
