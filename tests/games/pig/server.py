"""Pig as the game server plays it (see :class:`gameshelf.server.games.Game`): two seats,
people or the computer; every seat sees the whole table (Pig hides nothing). Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gameshelf.core.errors import BadInputError, IllegalMoveError
from gameshelf.core.records import GameRecord
from gameshelf.core.seats import HUMAN
from gameshelf.server.games import Game, SeatPlan, check_names
from tests.games.pig.match import (
    DEFAULT_LEVEL,
    GAME,
    Match,
    computer_choice,
    parse_level,
)
from tests.games.pig.options import PigOptions
from tests.games.pig.text import event_words
from tests.games.pig.view import PigView, encode


class PigGame(Game):
    """A room's game of Pig."""

    key = GAME
    default_level = DEFAULT_LEVEL

    def __init__(self, match: Match) -> None:
        self.match: Match = match

    @classmethod
    def check_setup(cls, seats: Sequence[SeatPlan], options: dict[str, Any], *,
                    stored: bool = False) -> None:
        if len(seats) != 2:
            raise BadInputError("Pig is for two")
        PigOptions.from_json(options)
        for s in seats:
            if s.kind == "computer" and s.level:
                parse_level(s.level)
        check_names(seats, 20, stored=stored)

    @classmethod
    def new(cls, seats: Sequence[SeatPlan], options: dict[str, Any], seed: int) -> Game:
        players = [HUMAN if s.kind == "person" else parse_level(s.level or DEFAULT_LEVEL)
                   for s in seats]
        return cls(Match.new(seed, [s.name for s in seats], players,
                             PigOptions.from_json(options).target))

    @classmethod
    def from_record(cls, record: GameRecord) -> Game:
        return cls(Match.from_record(record))

    def names(self) -> list[str]:
        return self.match.names

    def step(self) -> bool:
        return self.match.step()

    def play(self, seat: int, text: str) -> None:
        if self.to_act() != seat or self.match.is_computer(seat):
            raise IllegalMoveError("it is not this seat's turn")
        self.match.apply(text)

    def stand_in(self, seat: int) -> str:
        return str(computer_choice(self.match.state, self.default_level))

    def view(self, seat: int) -> dict[str, Any]:
        return encode(PigView.of(self.match, seat))

    def actor(self, index: int) -> int:
        return self.match.actors[index]

    def public(self, index: int, viewer: int) -> str | None:
        return self.match.actions[index]     # the dice too: Pig hides nothing

    def words(self, index: int, viewer: int) -> list[str]:
        """What the dice of action ``index`` did, or a hold, with ``You`` for ``viewer``
        (a roll itself says nothing: its dice do)."""
        names = [("You" if i == viewer else n) for i, n in enumerate(self.match.names)]
        done = sum(1 for text in self.match.actions[:index + 1]
                   if not text.startswith("roll"))
        if self.match.actions[index].startswith("roll"):
            return []
        return [event_words(self.match.state.events[done - 1], names)]

    def prompt(self, seat: int) -> str:
        return "roll or hold" if self.to_act() == seat else ""
