"""Pinball Showdown statistics: wins by seat and by the number of players, and the mean
points by source (cards, 2X, drop targets, combinations, tokens) of each person and computer
player. Pure: the scores by source are the engine's own, found by replaying each record."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gameshelf.core.errors import GameshelfError, RecordError
from gameshelf.core.records import GameRecord
from gameshelf.core.store import HistoryRow, Store
from gameshelf.core.text import count
from gameshelf.games.showdown.actions import parse_action
from gameshelf.games.showdown.cards import default_deck, parse_deck
from gameshelf.games.showdown.game import ShowdownState, new_game
from gameshelf.stats import is_computer, replayed, seat_label
from gameshelf.stats.text import NAME, left_out, name_cell, none_yet

#: The sources of a score, in the order the score sheet adds them.
SOURCES = ("cards", "two_x", "drop_bonus", "combos", "tokens")
#: How the screens name them.
SOURCE_NAMES = {"cards": "cards", "two_x": "2X", "drop_bonus": "drop targets",
                "combos": "combinations", "tokens": "tokens"}

#: An action's text parsed once (a history repeats the same few hundred texts; actions are
#: frozen values, so one parse serves every record).
_parse = functools.lru_cache(maxsize=8192)(parse_action)


def final_state(record: GameRecord) -> ShowdownState:
    """The state a Showdown record ends in, replayed through the rules.

    Raises:
        RecordError: damaged players or deck, or an action the rules refuse.
    """
    players = record.options.get("players")
    deck = record.options.get("deck")
    if not isinstance(players, list) or not (deck is None or isinstance(deck, str)):
        raise RecordError("the record's players or deck are damaged")
    try:
        state = new_game(parse_deck(deck, "deck file") if deck else default_deck(),
                         len(players))
        for text in record.actions:
            state.apply_action(_parse(text))
    except GameshelfError as exc:
        raise RecordError(f"this Showdown record does not replay: {exc}") from None
    return state


@dataclass
class PlayerSources:
    """One person's (by name) or computer player's (by kind) games and points by source.

    Attributes:
        label: ``Ann`` or ``cpu (heuristic)``.
        games: games played.
        wins: games won (a shared win counts for each winner).
        points: points by source, summed over the games (keys: :data:`SOURCES`).
    """

    label: str
    games: int = 0
    wins: int = 0
    points: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SOURCES, 0))

    def means(self) -> dict[str, float]:
        """Mean points a game by source (0.0 with no games)."""
        return {k: v / self.games if self.games else 0.0 for k, v in self.points.items()}

    def to_json(self) -> dict[str, Any]:
        means = self.means()
        return {"label": self.label, "games": self.games, "wins": self.wins,
                "mean_points": {k: round(v, 2) for k, v in means.items()},
                "mean_total": round(sum(means.values()), 2)}


@dataclass(frozen=True)
class ShowdownStats:
    """Wins by seat and player count, and points by source.

    Attributes:
        seats: ``{players: [wins of seat 1, seat 2, ...]}`` (a shared win counts for each).
        games_by_count: ``{players: games}``.
        players: per person and computer kind.
        games: finished games counted.
        damaged: rows damaged or not replaying (left out).
    """

    seats: dict[int, list[int]]
    games_by_count: dict[int, int]
    players: tuple[PlayerSources, ...]
    games: int
    damaged: int

    def to_json(self) -> dict[str, Any]:
        return {"game": "showdown", "games": self.games, "damaged": self.damaged,
                "by_player_count": [{"players": n, "games": self.games_by_count[n],
                                     "wins_by_seat": self.seats[n]}
                                    for n in sorted(self.seats)],
                "players": [p.to_json() for p in self.players]}

    def lines(self) -> list[str]:
        """The Showdown tables, as text lines: wins by seat for each number of players, and
        mean points by source per person and computer player."""
        if not self.games:
            return none_yet("finished Pinball Showdown game", self.damaged)
        out = [f"Pinball Showdown: {count(self.games, 'finished game')} kept.",
               *left_out(self.damaged), "", "Wins by seat (a shared win counts for each winner):"]
        for n in sorted(self.seats):
            seats = ", ".join(f"seat {i + 1} {w:,}" for i, w in enumerate(self.seats[n]))
            out.append(f"  {count(n, 'player')}, {count(self.games_by_count[n], 'game')}: {seats}")
        heads = " ".join(f"{SHORT[k]:>7}" for k in SOURCES)
        out += ["", "Mean points a game by source (" + ", ".join(
            f"{SHORT[k]}: {SOURCE_NAMES[k]}" for k in SOURCES if SHORT[k] != SOURCE_NAMES[k])
            + "):",
                f"{'player':<{NAME}} {'games':>5} {'wins':>5} {heads} {'total':>8}"]
        for p in self.players:
            m = p.means()
            cells = " ".join(f"{m[k]:>7,.0f}" for k in SOURCES)
            out.append(f"{name_cell(p.label)} {p.games:>5,} {p.wins:>5,} {cells} "
                       f"{sum(m.values()):>8,.0f}")
        return out


def showdown_stats(rows: Sequence[HistoryRow], player: str | None = None) -> ShowdownStats:
    """The statistics of the Showdown games in ``rows``.

    Args:
        player: only games with a seat of this name, and only that seat's points.
    """
    seats: dict[int, list[int]] = {}
    counts: dict[int, int] = {}
    groups: dict[str, PlayerSources] = {}
    games = 0
    done = replayed(rows, final_state, lambda row, state: len(row.players) == state.n)
    for row, state in done:
        if player is not None and all(p.name != player for p in row.players):
            continue
        games += 1
        won = state.winners()
        n = state.n
        counts[n] = counts.get(n, 0) + 1
        wins = seats.setdefault(n, [0] * n)
        for s in won:
            wins[s] += 1
        for s, p in enumerate(row.players):
            if player is not None and p.name != player:
                continue
            g = groups.setdefault(seat_label(p), PlayerSources(seat_label(p)))
            g.games += 1
            g.wins += s in won
            score = state.score(s)
            for k in SOURCES:
                g.points[k] += getattr(score, k)
    order = sorted(groups.values(), key=lambda g: (is_computer(g.label), g.label))
    return ShowdownStats(seats, counts, tuple(order), games, done.damaged)


def game_stats(store: Store, player: str | None = None) -> ShowdownStats:
    """The statistics of the finished games kept in ``store`` (``player``: as
    :func:`showdown_stats`).

    Raises:
        StoreError: the store cannot be read.
    """
    return showdown_stats(store.finished_records("showdown", player=player), player)


#: The by-source table's narrow heads.
SHORT = {"cards": "cards", "two_x": "2X", "drop_bonus": "drops", "combos": "combos",
         "tokens": "tokens"}
