"""Yatz statistics: games, mean, best and the spread of final scores, and how
often each column got its upper bonus and a Yatz, per person and per computer level; the
strong computer player's figures beside them, from a shipped table measured by
``benchmarks/yatz_strong_reference.py`` (a fixed seeded sample, said with the figures).

Pure: rows in, figures out.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from gameshelf.core.errors import GameshelfError, RecordError
from gameshelf.core.records import GameRecord
from gameshelf.core.safeload import read_toml
from gameshelf.core.store import HistoryRow, Store
from gameshelf.core.text import count
from gameshelf.games.yatz.game import COLUMNS, Score, YatzState, parse_action
from gameshelf.games.yatz.scoring import Box, rule_set
from gameshelf.stats import Spread, is_computer, rate, replayed, seat_label, spread
from gameshelf.stats.text import NAME, left_out, name_cell, none_yet, pcts

#: The file of the strong player's reference figures, beside this module.
REFERENCE_FILE = "yatz_strong.toml"


#: An action's text parsed once (a history repeats the same few hundred texts; actions are
#: frozen values, so one parse serves every record).
_parse = functools.lru_cache(maxsize=8192)(parse_action)

def final_state(record: GameRecord) -> YatzState:
    """The state a Yatz record ends in, replayed through the rules (each box taken back by
    an ``undo`` left out, as the game left it).

    Raises:
        RecordError: damaged options or an action the rules refuse.
    """
    players = record.options.get("players")
    rules = record.options.get("rules", "yatz")
    if not isinstance(players, list) or not isinstance(rules, str):
        raise RecordError("this Yatz record's options are damaged (players or rules)")
    played: list[Any] = []
    try:
        state = YatzState(len(players), rule_set(rules))
        for text in record.actions:
            if text.strip().lower() == "undo":
                while played and not isinstance(played.pop(), Score):
                    pass
            else:
                played.append(_parse(text))
        for a in played:
            state.apply_action(a)
    except GameshelfError as exc:
        raise RecordError(f"this Yatz record does not replay: {exc}") from None
    return state


@dataclass
class YatzGroup:
    """The games of one person (by name) or of one computer level.

    Attributes:
        label: ``Ann`` or ``cpu (strong)``.
        scores: the final totals (points), oldest game first.
        bonus: per column (x1, x2, x3), the games whose column got the upper bonus.
        yatz: per column, the games with a Yatz (50) scored in the column's Yatz box.
        source: where the figures come from (the reference only; "" for the history).
    """

    label: str
    scores: list[int] = field(default_factory=list)
    bonus: list[int] = field(default_factory=lambda: [0] * COLUMNS)
    yatz: list[int] = field(default_factory=lambda: [0] * COLUMNS)
    source: str = ""

    @property
    def spread(self) -> Spread:
        """Games, mean, best, worst, standard deviation of :attr:`scores`."""
        return spread(self.scores)

    def bonus_rates(self) -> list[float]:
        """Per column, the share of games with the upper bonus, in percent."""
        return [rate(n, len(self.scores)) for n in self.bonus]

    def yatz_rates(self) -> list[float]:
        """Per column, the share of games with a Yatz scored, in percent."""
        return [rate(n, len(self.scores)) for n in self.yatz]

    def to_json(self) -> dict[str, Any]:
        """As a JSON-ready dict (rates in percent to 0.01)."""
        out: dict[str, Any] = {"label": self.label, **self.spread.to_json(),
                               "bonus_rate": [round(r, 2) for r in self.bonus_rates()],
                               "yatz_rate": [round(r, 2) for r in self.yatz_rates()],
                               "scores": list(self.scores)}
        if self.source:
            out["source"] = self.source
        return out


@dataclass(frozen=True)
class YatzStats:
    """Every group's figures, the reference, and the rows left out.

    Attributes:
        groups: people first (by name), then computer levels, in label order.
        reference: the strong player's figures (None when the table is missing).
        games: finished games counted.
        damaged: rows that are damaged or do not replay (left out).
    """

    groups: tuple[YatzGroup, ...]
    reference: YatzGroup | None
    games: int
    damaged: int

    def to_json(self) -> dict[str, Any]:
        """As a JSON-ready dict."""
        return {"game": "yatz", "games": self.games, "damaged": self.damaged,
                "groups": [g.to_json() for g in self.groups],
                "reference": None if self.reference is None else self.reference.to_json()}

    def lines(self) -> list[str]:
        """As text lines (the command line's table): per person and computer level, games,
        mean, best, standard deviation, upper-bonus and Yatz rates of columns x1, x2, x3;
        the reference below."""
        if not self.games and self.reference is None:
            return none_yet("finished Yatz game", self.damaged)
        out = [f"Yatz: {count(self.games, 'finished game')} kept.", *left_out(self.damaged),
               "", f"{'':<{NAME + 31}} {'upper bonus %':^15} {'Yatz %':^15}",
               f"{'player':<{NAME}} {'games':>5} {'mean':>8} {'best':>6} {'stdev':>6} "
               f"{COLUMNS_HEAD} {COLUMNS_HEAD}"]
        out += [yatz_row(g) for g in self.groups]
        if not self.groups:
            out.append("(no game of this player)")
        if self.reference is not None:
            out += ["", yatz_row(self.reference, "strong (sample)"),
                    f"  strong (sample): {self.reference.source}"]
        return out


def yatz_stats(rows: Sequence[HistoryRow], player: str | None = None,
               reference: YatzGroup | None = None) -> YatzStats:
    """The statistics of the Yatz games in ``rows`` (any order; counted oldest first).

    Args:
        player: only the seats of this name (exactly).
        reference: the strong player's figures to show beside (see :func:`load_reference`).
    """
    groups: dict[str, YatzGroup] = {}
    games = 0
    done = replayed(rows, final_state, lambda row, state: len(row.players) == state.players)
    for row, state in done:
        seats = [(i, p) for i, p in enumerate(row.players)
                 if player is None or p.name == player]
        if not seats:
            continue
        games += 1
        for i, p in seats:
            g = groups.setdefault(seat_label(p), YatzGroup(seat_label(p)))
            g.scores.append(state.grand_total(i))
            for c in range(COLUMNS):
                g.bonus[c] += state.bonus(i, c) > 0
                g.yatz[c] += (state.boxes[i][c][Box.YATZ] or 0) > 0
    order = sorted(groups.values(), key=lambda g: (is_computer(g.label),
                                                  g.label))
    return YatzStats(tuple(order), reference, games, done.damaged)


def load_reference(text: str | None = None) -> YatzGroup | None:
    """The strong player's figures from the shipped table (``text``: its TOML, default the
    file :data:`REFERENCE_FILE` beside this module); None when missing or unreadable.

    The table holds the sample's final scores and per-column counts, and says how it was
    measured (``source``: the games, the seeds and the command)."""
    try:
        if text is None:
            text = resources.files(__package__).joinpath(REFERENCE_FILE).read_text("utf-8")
        data = read_toml(text)
        g = YatzGroup("cpu (strong), reference", [int(s) for s in data["scores"]],
                      [int(n) for n in data["bonus"]], [int(n) for n in data["yatz"]],
                      str(data["source"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if len(g.bonus) != COLUMNS or len(g.yatz) != COLUMNS or not g.scores:
        return None
    return g


def game_stats(store: Store, player: str | None = None) -> YatzStats:
    """The statistics of the finished games kept in ``store`` (``player``: only the games
    with a seat of that name and, where a game has several players, only that seat's
    figures).

    Raises:
        StoreError: the store cannot be read.
    """
    return yatz_stats(store.finished_records("yatz", player=player), player, load_reference())


# ----- as text (the command line and the screens) ------------------------------------
#: The heads of three per-column rates.
COLUMNS_HEAD = "".join(f"{c:>5}" for c in ("x1", "x2", "x3"))


def yatz_row(g: YatzGroup, label: str | None = None) -> str:
    s = g.spread
    best = "-" if s.best is None else f"{s.best:,}"
    return (f"{name_cell(label or g.label)} {s.games:>5,} {s.mean:>8,.1f} {best:>6} "
            f"{s.stdev:>6.1f} {pcts(g.bonus_rates())} {pcts(g.yatz_rates())}")

