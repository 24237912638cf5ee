"""Pig's statistics from the finished games kept in the history: for each player (a person
by name, the computer by its level) games, won, lost, drawn, mean and best score, and the
snake eyes rolled. Pure: rows in, figures out (each record replayed through
``Match.from_record``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gameshelf.core.records import GameRecord
from gameshelf.core.store import HistoryRow, Store
from gameshelf.stats import replayed, seat_label, spread
from gameshelf.stats.text import left_out, name_cell, none_yet
from tests.games.pig.game import PigState
from tests.games.pig.match import GAME, Match


def final_state(record: GameRecord) -> PigState:
    """The state a record ends in (RecordError when it does not replay)."""
    return Match.from_record(record).state


@dataclass
class PlayerStats:
    """One player's games."""

    label: str
    outcomes: list[str] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    snake_eyes: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"player": self.label, "won": self.outcomes.count("win"),
                "lost": self.outcomes.count("loss"), "drawn": self.outcomes.count("draw"),
                "scores": spread(self.scores).to_json(), "snake_eyes": self.snake_eyes}


@dataclass
class PigStats:
    """The figures: one :class:`PlayerStats` per player, in the order first seen."""

    games: int
    players: list[PlayerStats]
    damaged: int = 0

    def to_json(self) -> dict[str, Any]:
        return {"game": GAME, "games": self.games, "damaged": self.damaged,
                "players": [p.to_json() for p in self.players]}

    def lines(self) -> list[str]:
        """The table (80 columns)."""
        if not self.games:
            return none_yet("finished Pig game", self.damaged)
        out = [f"Pig: {self.games:,} finished games", "",
               f"{name_cell('player')}  games    won   lost  drawn   mean  best  snake eyes"]
        for p in self.players:
            s = spread(p.scores)
            out.append(f"{name_cell(p.label)}  {s.games:5,}  {p.outcomes.count('win'):5,}  "
                       f"{p.outcomes.count('loss'):5,}  {p.outcomes.count('draw'):5,}  "
                       f"{s.mean:5.1f}  {s.best or 0:4}  {p.snake_eyes:10,}")
        return out + left_out(self.damaged)


def game_stats(store: Store, player: str | None) -> PigStats:
    """The statistics of the finished games kept (``player``: that seat's games only)."""
    rows: list[HistoryRow] = store.finished_records(GAME, player=player)
    games = replayed(rows, final_state, lambda row, st: len(row.players) == 2)
    by: dict[str, PlayerStats] = {}
    for row, state in games:
        for seat, p in enumerate(row.players):
            if player is not None and p.name != player:
                continue
            figures = by.setdefault(seat_label(p), PlayerStats(seat_label(p)))
            figures.outcomes.append(p.outcome or "draw")
            figures.scores.append(state.scores[seat])
            figures.snake_eyes += sum(1 for e in state.events
                                      if e.kind == "snake" and e.seat == seat)
    return PigStats(len(games), list(by.values()), games.damaged)
