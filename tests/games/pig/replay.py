"""A Pig record replayed move by move (see :mod:`gameshelf.session.replay`): a move is a
roll with its dice, or a hold. Each step's state is the record's first actions rebuilt by
``Match.from_record``, the one way from a record to a game."""

from __future__ import annotations

from typing import Any

from gameshelf.core.records import GameRecord
from gameshelf.session.replay import Replay, Step, grouped
from tests.games.pig.match import Match
from tests.games.pig.text import event_words


def pig_replay(record: GameRecord) -> Replay[Any]:
    """The replay of a Pig record; every step shows everything (Pig hides nothing).

    Raises:
        RecordError: not a Pig game that replays.
    """
    whole = Match.from_record(record)
    names = whole.names
    groups = grouped(record.actions, lambda i: whole.actors[i] < 0)

    def at(applied: int) -> Any:
        cut = GameRecord(record.game, record.rules_version, record.options, record.seed,
                         record.actions[:applied])
        return Match.from_record(cut).state

    states, steps = [at(len(groups[0]))], list[Step]()
    for group in groups[1:]:
        state = at(group[-1] + 1)
        before = len(states[-1].events)
        text = "; ".join(event_words(ev, names) for ev in state.events[before:])
        steps.append(Step(len(steps) + 1, whole.actors[group[0]],
                          tuple(record.actions[i] for i in group),
                          text or f"{names[whole.actors[group[0]]]} rolls", group[-1] + 1))
        states.append(state)
    people = [i for i in range(2) if not whole.is_computer(i)]
    return Replay(record, states, steps, len(groups[0]), names, people,
                  whole.state.is_terminal())
