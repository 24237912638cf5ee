"""Mugsy plays as it always did: seeded games at every level, and the coach's estimates on
their positions, give exactly the moves and figures kept in ``mugsy_golden.json`` (written
by this module run as a script; written again when strong Mugsy and the coach began to
search the endgame exactly once the boneyard is empty).

Seat 1 is the match's own Mugsy (:meth:`Match.mugsy_action`, the one a saved game's replay
checks); seat 0 another Mugsy with a generator of its own. The records also replay with
every Mugsy move checked.

Regenerate (only when Mugsy's play is meant to change): ``python -m
tests.muggins.test_mugsy_golden``.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from gameshelf.core.chance import Chance
from gameshelf.games.muggins import coach
from gameshelf.games.muggins.match import MUGSY, Match
from gameshelf.games.muggins.mugsy import LEVELS, Mugsy
from gameshelf.games.muggins.view import MugginsView

GOLDEN = Path(__file__).with_name("mugsy_golden.json")
#: Games per level, their first seed and target (points; short games, every rule reached).
GAMES, FIRST_SEED, TARGET = 8, 7100, 200
#: Samples per coach hint, and every how many actions a hint is asked.
HINT_SAMPLES, HINT_EVERY = 12, 6


def _games() -> list[dict[str, Any]]:
    out = []
    for k, level in enumerate(LEVELS):
        other = LEVELS[(k + 1) % len(LEVELS)]
        for i in range(GAMES):
            history = ["win", "loss", "win"][: i % 4] if level == "even" else []
            out.append({"seed": FIRST_SEED + 10 * k + i, "level": level, "other": other,
                        "history": history})
    return out


def play(seed: int, level: str, other: str, history: list[str]
         ) -> tuple[list[str], list[list[Any]]]:
    """One game: its actions, and the coach's hint at every :data:`HINT_EVERY`-th decision
    with a choice (``[action number, [[play, now, value, spread, wins], ...]]``)."""
    options: dict[str, Any] = {"level": level, "history": history}
    match = Match.new(seed, target=TARGET, options=options)
    me = Mugsy(other, Chance(seed).derive("seat-0"), results=tuple(history), seat=0)
    hints: list[list[Any]] = []
    decisions = 0
    while not match.state.is_terminal():
        seat = match.state.current_player()
        view = MugginsView.of(match.state, seat)
        if len(coach.distinct_plays(view)) > 1:
            decisions += 1
            if decisions % HINT_EVERY == 0:
                h = coach.hint(view, HINT_SAMPLES)
                hints.append([len(match.actions), [[str(o.play), o.now, o.value, o.spread,
                                                    o.wins] for o in h.options]])
        match.apply(match.mugsy_action() if seat == MUGSY else me.choose(view))
    return list(match.actions), hints


def _produce() -> dict[str, Any]:
    games = []
    for g in _games():
        actions, hints = play(g["seed"], g["level"], g["other"], g["history"])
        games.append({**g, "actions": " | ".join(actions), "hints": hints})
    return {"target": TARGET, "games": games}


def _golden() -> list[dict[str, Any]]:
    if not GOLDEN.exists():   # being written
        return []
    return list(json.loads(GOLDEN.read_text(encoding="utf-8"))["games"])


@pytest.mark.parametrize("game", _golden(), ids=lambda g: f"{g['level']}-{g['seed']}")
def test_mugsy_and_the_coach_play_the_kept_games(game: dict[str, Any]) -> None:
    actions, hints = play(game["seed"], game["level"], game["other"], game["history"])
    kept = game["actions"].split(" | ")
    first = next((i for i, (a, b) in enumerate(zip(actions, kept, strict=False)) if a != b),
                 None)
    assert first is None and len(actions) == len(kept), \
        f"action {first}: {actions[first] if first is not None else '-'} (kept " \
        f"{kept[first] if first is not None else '-'})"
    assert json.loads(json.dumps(hints)) == game["hints"]
    record = Match.new(game["seed"], target=TARGET,
                       options={"level": game["level"], "history": game["history"]}).record()
    replayed = Match.from_record(dataclasses.replace(record, actions=tuple(kept)))
    assert replayed.actions == kept   # every Mugsy move of seat 1 checked


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(_produce(), indent=1) + "\n", encoding="utf-8")
