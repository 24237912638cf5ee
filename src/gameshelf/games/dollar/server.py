"""One Dollar Pinball as the game server plays it (:class:`gameshelf.server.games.Game` over
the game's table :class:`~gameshelf.games.dollar.match.Match`): 1 to 8 seats bring a bill
each, in seat order; a seat sees its own bill and its score at once, the others' once every
bill is in. A computer seat (and a stand-in for an away person) draws its bill at random
from the room's seed. Pure: no I/O.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from gameshelf.core.errors import BadInputError, IllegalMoveError
from gameshelf.core.records import GameRecord
from gameshelf.core.seats import check_person_name
from gameshelf.core.text import possessive, win_words
from gameshelf.games.dollar.game import MAX_PLAYERS, MIN_PLAYERS
from gameshelf.games.dollar.match import Match
from gameshelf.games.dollar.options import COMPUTER_LEVEL, DollarOptions
from gameshelf.games.dollar.view import Written, dollar_view, dollar_views
from gameshelf.server.games import Game, SeatPlan, check_names

#: What a seat to act may send: a bill drawn at random; any ``bill SERIAL series YEAR`` is
#: legal too (a bill is typed, not chosen from a list).
LISTED = ("draw",)


class DollarGame(Game):
    """One Dollar Pinball: every seat enters a bill; the highest score wins."""

    key = "dollar"
    default_level = COMPUTER_LEVEL

    def __init__(self, match: Match) -> None:
        self.match: Match = match
        #: each entered bill's JSON, made once (:func:`dollar_views`)
        self._written: Written = {}

    @classmethod
    def check_setup(cls, seats: Sequence[SeatPlan], options: dict[str, Any], *,
                    stored: bool = False) -> None:
        if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
            raise BadInputError(f"One Dollar Pinball is for {MIN_PLAYERS} to {MAX_PLAYERS} "
                                "players")
        DollarOptions.from_json(options)
        for s in seats:
            if s.kind == "computer" and s.level and s.level != COMPUTER_LEVEL:
                raise BadInputError(f"a One Dollar Pinball computer player draws its bill "
                                    f"at random: its level is {COMPUTER_LEVEL!r}, not "
                                    f"{s.level!r}")
            if s.kind == "person":
                check_person_name(s.name)
        check_names(seats, 20, stored=stored)

    @classmethod
    def new(cls, seats: Sequence[SeatPlan], options: dict[str, Any], seed: int) -> Game:
        return cls(Match.new([s.name for s in seats],
                             ["" if s.kind == "person" else COMPUTER_LEVEL for s in seats],
                             seed))

    @classmethod
    def from_record(cls, record: GameRecord) -> Game:
        return cls(Match.from_record(record))

    def names(self) -> list[str]:
        """The seats' names in order (the round's own: it has no seat objects)."""
        return list(self.match.names)

    def to_act(self) -> int:
        return self.match.to_act()

    def step(self) -> bool:
        seat = self.to_act()
        if seat < 0 or not self.match.computer(seat):
            return False
        self.match.apply(seat, "draw")
        return True

    def play(self, seat: int, text: str) -> None:
        if self.to_act() != seat or self.match.computer(seat):
            raise IllegalMoveError("it is not this seat's turn")
        self.match.apply(seat, text)

    def extend(self, actions: Sequence[str]) -> bool:
        """Enter another process's bills through the round's replay (:meth:`Match.replay`),
        as a rebuilt game does."""
        self.match.replay(actions)
        return True

    def stand_in(self, seat: int) -> str:
        return "draw"

    def legal(self, seat: int) -> list[str]:
        return list(LISTED) if self.to_act() == seat else []

    def view(self, seat: int) -> dict[str, Any]:
        return dollar_view(self.match, seat)

    def views(self, seats: list[int]) -> list[dict[str, Any]]:
        """The seats' views with each bill's JSON made once (:func:`dollar_views`)."""
        return dollar_views(self.match, seats, self._written)

    def actor(self, index: int) -> int:
        return index     # one bill a seat, in seat order

    def public(self, index: int, viewer: int) -> str | None:
        """A bill is the seat's own until every bill is in."""
        return self.match.actions[index] if viewer == index or self.is_over() else None

    def words(self, index: int, viewer: int) -> list[str]:
        """``Ann's bill L40000002A (series 1902): 88,000,000 points``; before the end,
        another seat's is ``Bob has entered a bill``; the last bill adds who wins."""
        names = ["You" if i == viewer else n for i, n in enumerate(self.match.names)]
        entry = self.match.entries[index]
        if self.public(index, viewer) is None:
            lines = [f"{names[index]} entered a bill."]
        else:
            whose = possessive(names[index])
            series = "" if entry.series is None else f" (series {entry.series})"
            lines = [f"{whose} bill {entry.bill}{series}: {entry.score:,} points."]
        if self.is_over() and index == len(self.match.entries) - 1:
            best = max(e.score for e in self.match.entries)
            won = [names[i] for i, e in enumerate(self.match.entries) if e.score == best]
            lines.append(f"Every bill is in: {win_words(won)} with {best:,} points.")
        return lines

    def prompt(self, seat: int) -> str:
        if self.to_act() != seat:
            return ""
        return "enter your bill's serial number and series (bill L12345678A series 2017), or draw"

    @classmethod
    def load_test_choice(cls, legal: Sequence[str], rng: random.Random) -> str:
        """A bill typed in: a serial of random digits in a random district."""
        return (f"bill {rng.choice('ABCDEFGHIJKL')}{rng.randrange(10**8):08d}A "
                f"series {rng.randrange(1990, 2030)}")
