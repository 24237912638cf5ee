"""Muggins statistics: games won and lost against each of Mugsy's levels, streaks, points
per round, and how often each player went out (domino) or won a blocked round. Pure: the
rounds are found by replaying each record through the match driver."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from gameshelf.core.records import GameRecord
from gameshelf.core.store import HistoryRow, Store
from gameshelf.core.text import count, literal
from gameshelf.games.muggins.game import MugginsState
from gameshelf.games.muggins.match import Match
from gameshelf.games.muggins.mugsy import LEVELS
from gameshelf.stats import Streaks, replayed, streaks
from gameshelf.stats.text import left_out, name_cell, none_yet

#: The seats as the statistics name them.
SEATS = ("you", "Mugsy")


def final_state(record: GameRecord) -> MugginsState:
    """The state a Muggins record ends in (its tiles and Mugsy's moves not checked again:
    they were when the game was played).

    Raises:
        RecordError: a damaged record (its target, an option) or an action the rules refuse.
    """
    match = Match.start(record)
    for _ in match.replay(record.actions, check=False):
        pass
    return match.state


@dataclass
class LevelStats:
    """The games against one level of Mugsy (or one person met online).

    Attributes:
        level: Mugsy's level (``easy``...), or the other person's name.
        outcomes: ``win``/``loss`` of the person, oldest first.
        rounds: rounds played in those games (the last one too when the target was
            reached in its middle).
        points: points scored, per seat (``you``, Mugsy).
        went_out: rounds each seat ended by going out (domino).
        blocked_won: blocked rounds each seat won (fewer pips).
        blocked: blocked rounds in all (won by either, or by neither when even).
        recorded: ``(won, lost)`` in the store's results, every game since the first (also
            those the history no longer keeps); None when not given.
    """

    level: str
    outcomes: list[str] = field(default_factory=list)
    recorded: tuple[int, int] | None = None
    rounds: int = 0
    points: list[int] = field(default_factory=lambda: [0, 0])
    went_out: list[int] = field(default_factory=lambda: [0, 0])
    blocked_won: list[int] = field(default_factory=lambda: [0, 0])
    blocked: int = 0

    @property
    def won(self) -> int:
        """Games kept in the history that the person won (``lost``: lost)."""
        return self.outcomes.count("win")

    @property
    def lost(self) -> int:
        return self.outcomes.count("loss")

    @property
    def won_lost(self) -> tuple[int, int]:
        """Games won and lost, as the tables count them: :attr:`recorded` when given (every
        game), else those kept in the history."""
        return self.recorded if self.recorded is not None else (self.won, self.lost)

    @property
    def streaks(self) -> Streaks:
        return streaks(self.outcomes)

    def per_round(self) -> list[float]:
        """Points per round, per seat (0.0 with no rounds)."""
        return [p / self.rounds if self.rounds else 0.0 for p in self.points]

    def to_json(self) -> dict[str, Any]:
        won, lost = self.won_lost
        return {"level": self.level, "won": won, "lost": lost,
                "kept": {"games": len(self.outcomes), "won": self.won, "lost": self.lost},
                "streaks": self.streaks.to_json(), "rounds": self.rounds,
                "points": dict(zip(SEATS, self.points, strict=True)),
                "points_per_round": {s: round(v, 2) for s, v in
                                     zip(SEATS, self.per_round(), strict=True)},
                "went_out": dict(zip(SEATS, self.went_out, strict=True)),
                "blocked_won": dict(zip(SEATS, self.blocked_won, strict=True)),
                "blocked": self.blocked}


@dataclass(frozen=True)
class MugginsStats:
    """Every level's figures.

    Attributes:
        levels: per level, easy to strong, then even (every level, played or not), then
            any other level a record names.
        all: every game, whatever the level.
        games: finished games counted.
        damaged: rows damaged or not replaying (left out).
        earlier: ``{"mugsy-LEVEL": {"win": n, "loss": n}}`` of games in the results table
            beyond those in the history: counted in won/lost, nothing more known of them.
    """

    levels: tuple[LevelStats, ...]
    all: LevelStats
    games: int
    damaged: int
    earlier: dict[str, dict[str, int]]

    def to_json(self) -> dict[str, Any]:
        return {"game": "muggins", "games": self.games, "damaged": self.damaged,
                "levels": [lv.to_json() for lv in self.levels], "all": self.all.to_json(),
                "earlier": self.earlier}

    def lines(self) -> list[str]:
        """The Muggins tables, as text lines: won and lost per level with streaks, points per
        round, how often each player went out or won a blocked round."""
        if not self.games and not self.earlier:
            return none_yet("finished Muggins game", self.damaged)
        out = [f"Muggins: {count(self.games, 'finished game')} kept.", *left_out(self.damaged), "",
               f"{'':<42}{'points a round':^15}",
               f"{'against':<12} {'won':>4} {'lost':>4} {'won run':>7} {'lost run':>8} "
               f"{'now':>8}  {'you':>6} {'Mugsy':>6}"]
        for lv in (*self.levels, self.all):
            k = lv.streaks
            now = f"{k.current[1]} {k.current[0]}" if k.current[1] else "-"
            ppr = lv.per_round()
            won, lost = lv.won_lost
            out.append(f"{name_cell(lv.level, 12)} {won:>4} {lost:>4} {k.longest_win:>7} "
                       f"{k.longest_loss:>8} {now:>8}  {ppr[0]:>6.1f} {ppr[1]:>6.1f}")
        a = self.all
        if self.games:
            out += ["", f"Rounds: {a.rounds:,}. Went out (domino): you {a.went_out[0]:,}, "
                    f"Mugsy {a.went_out[1]:,}.",
                    f"Blocked rounds: {a.blocked:,} (won by you {a.blocked_won[0]:,}, Mugsy "
                    f"{a.blocked_won[1]:,})."]
        if self.earlier:
            out += ["", "Counted in won/lost only (finished before the history was kept, or "
                    "pruned):"]
            out += [f"  against {literal(opp)}: won {c['win']:,}, lost {c['loss']:,}"
                    for opp, c in self.earlier.items()]
        return out


def _add(s: LevelStats, outcome: str, state: MugginsState) -> None:
    s.outcomes.append(outcome)
    s.rounds += len(state.rounds)
    for seat in (0, 1):
        s.points[seat] += state.scores[seat]
    for r in state.rounds:
        if r.kind == "domino" and r.winner is not None:
            s.went_out[r.winner] += 1
        elif r.kind == "blocked":
            s.blocked += 1
            if r.winner is not None:
                s.blocked_won[r.winner] += 1


def muggins_stats(rows: Sequence[HistoryRow],
                  results: Mapping[str, Mapping[str, int]] | None = None) -> MugginsStats:
    """The statistics of the Muggins games in ``rows`` (any order; counted oldest first).

    Args:
        results: the store's won/lost counts (``{"mugsy-LEVEL": {"win": n, ...}}``, what
            :meth:`~gameshelf.core.store.Store.result_counts` reads); what they count beyond
            the history becomes :attr:`MugginsStats.earlier`.
    """
    levels: dict[str, LevelStats] = {lv: LevelStats(lv) for lv in LEVELS}
    total = LevelStats("all")
    done = replayed(rows, final_state, lambda row, state: len(row.players) == 2)
    for row, state in done:
        other = row.players[1]   # Mugsy at its level, or a person met online by name
        level = (other.level or "?") if other.kind == "computer" else other.name
        outcome = "win" if state.winner == 0 else "loss"
        _add(levels.setdefault(level, LevelStats(level)), outcome, state)
        _add(total, outcome, state)
    earlier: dict[str, dict[str, int]] = {}
    if results is not None:
        won_all = lost_all = 0
        for opponent, counts in results.items():
            level = opponent.removeprefix("mugsy-")
            kept = levels.setdefault(level, LevelStats(level))
            kept.recorded = (int(counts.get("win", 0)), int(counts.get("loss", 0)))
            won_all, lost_all = won_all + kept.recorded[0], lost_all + kept.recorded[1]
            more = {k: max(0, int(counts.get(k, 0)) - kept.outcomes.count(k))
                    for k in ("win", "loss")}
            if any(more.values()):
                earlier[opponent] = more
        for lv in levels.values():
            if lv.recorded is None:
                lv.recorded = (0, 0)
        total.recorded = (won_all, lost_all)

    def strength(s: LevelStats) -> tuple[int, str]:
        return (LEVELS.index(s.level) if s.level in LEVELS else len(LEVELS), s.level)

    return MugginsStats(tuple(sorted(levels.values(), key=strength)), total,
                        len(total.outcomes), done.damaged, earlier)


def game_stats(store: Store, player: str | None = None) -> MugginsStats:
    """The statistics of the finished games kept in ``store`` (``player``: only the games
    with a seat of that name).

    Raises:
        StoreError: the store cannot be read.
    """
    rows = store.finished_records("muggins", player=player)
    return muggins_stats(rows, store.result_counts("muggins") if player is None else None)
