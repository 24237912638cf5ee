"""A Yatz record replayed move by move (see :mod:`gameshelf.session.replay`)."""

from __future__ import annotations

from typing import Any

from gameshelf.core.errors import RecordError
from gameshelf.core.records import GameRecord
from gameshelf.core.text import count, said
from gameshelf.session.replay import Replay, Step


def yatz_replay(record: GameRecord) -> Replay[Any]:
    """The replay of a Yatz record (a save, an exported file or a finished game).

    Raises:
        RecordError: the record is not a Yatz game that replays (another game or rules
            version, damaged options, an illegal move, dice or a computer move that are
            not the game number's).
    """
    from gameshelf.games.yatz.game import Dice, Score, Undo, YatzState, parse_action
    from gameshelf.games.yatz.match import Match
    from gameshelf.games.yatz.scoring import rule_set

    match = Match.from_record(record)        # checks every die and computer move
    names = [s.name for s in match.seats]
    state = YatzState(len(match.seats), rule_set(match.rules))
    states: list[Any] = [state.clone()]
    steps: list[Step] = []
    before_fill: YatzState | None = None
    last_fill: tuple[int, Score] | None = None
    actions = record.actions
    i = 0
    while i < len(actions):
        text = actions[i]
        seat = state.seat
        group = [text]
        if text.strip().lower() == "undo":
            assert before_fill is not None and last_fill is not None
            state.restore(before_fill.clone())
            who, score = last_fill
            line = (f"{said(names[who], 'takes')} back x{score.column + 1} {score.box.label}: "
                    "the same dice, to fill another box")
            i += 1
        else:
            a = parse_action(text)
            if isinstance(a, Score):
                before_fill = state.clone()
                points = state.box_points()[a.box]
                last_fill = (seat, a)
            state.apply_action(a)
            i += 1
            if state.is_chance_node() and i < len(actions):
                dice = parse_action(actions[i])
                assert isinstance(dice, Dice)
                state.apply_action(dice)
                group.append(actions[i])
                i += 1
                line = (f"{said(names[seat], 'rolls')} the dice: "
                        f"{' '.join(str(d) for d in state.dice)}")
            elif isinstance(a, Score):
                line = (f"{said(names[seat], 'scores')} x{a.column + 1} {a.box.label}: "
                        f"{count(points, 'point')}")
            elif isinstance(a, Undo):   # pragma: no cover - "undo" is read above
                line = text
            else:
                held = [str(d) for p, d in enumerate(state.dice) if state.held >> p & 1]
                line = (f"{said(names[seat], 'holds')} {' '.join(held)}" if held
                        else f"{said(names[seat], 'holds')} no die")
        states.append(state.clone())
        steps.append(Step(len(steps) + 1, seat, tuple(group), line, i))
    people = [k for k, s in enumerate(match.seats) if s.is_human]
    return Replay(record, states, steps, 0, names, people, state.is_terminal())


def yatz_costs(replay: Replay[Any]) -> dict[int, str]:
    """The post-game review at the step where each choice was made: ``{step: line}`` for
    every roll or fill of a person (every seat when no person played) that the strong
    player judges, saying what it cost in expected points (``cost 4.2 expected points;
    best: hold 3 4 5 6 and roll``) or that it was the best choice. A box taken back
    (``undo``) is not a choice: its step has no line. Slow the first time (the strong
    player's table is loaded or solved).

    Raises:
        RecordError: the replay is not a Yatz game's.
    """
    from gameshelf.games.yatz.game import Action, YatzState, parse_action
    from gameshelf.games.yatz.strong import Reviewer

    if replay.game != "yatz":
        raise RecordError("only a Yatz game has a review of its choices")
    seats = list(replay.people) or list(range(len(replay.seats)))
    rev = Reviewer(seats)
    out: dict[int, str] = {}
    undone = {k - 1 for k in range(2, replay.n + 1)
              if replay.steps[k - 1].actions[0].strip().lower() == "undo"}
    for k, step in enumerate(replay.steps, start=1):
        if k in undone or step.actions[0].strip().lower() == "undo":
            continue
        before: YatzState = replay.states[k - 1]
        action: Action = parse_action(step.actions[0])
        seen, mistakes = rev.decisions, len(rev.mistakes)
        rev.before(before, action)
        if len(rev.mistakes) > mistakes:
            m = rev.mistakes[-1]
            out[k] = (f"review: this choice cost {m.cost:.1f} expected points; best: "
                      f"{m.best.describe()}")
        elif rev.decisions > seen:
            out[k] = "review: the best choice (the strong player's)"
    return out
