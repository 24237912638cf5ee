"""A Muggins record replayed move by move (see :mod:`gameshelf.session.replay`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gameshelf.core.records import GameRecord
from gameshelf.core.text import count, said
from gameshelf.session.replay import Replay, Step, grouped


def muggins_replay(record: GameRecord) -> Replay[Any]:
    """The replay of a Muggins record (the person is seat 0, Mugsy seat 1).

    Raises:
        RecordError: not a Muggins game that replays (tiles that are not the game number's,
            a move Mugsy would not make, an illegal move...).
    """
    from gameshelf.games.muggins.game import MugginsState, parse_action
    from gameshelf.games.muggins.match import Match

    match = Match.from_record(record)
    target = match.state.target
    state = MugginsState(target=target)
    actions = record.actions
    # seat 1 is Mugsy, or a second person (``"opponent": "person"``, a game played online)
    names = ("You", "Opponent" if record.options.get("opponent") == "person" else "Mugsy")
    groups = grouped(actions, lambda i: actions[i].strip().lower().startswith("take"))
    start = len(groups[0])
    for i in groups[0]:
        state.apply_action(parse_action(actions[i]))
    states: list[Any] = [state.clone()]
    steps: list[Step] = []
    finished = match.state.is_terminal()
    for group in groups[1:]:
        seat = state.current_player()
        events = len(state.events)
        rounds = len(state.rounds)
        for i in group:
            state.apply_action(parse_action(actions[i]))
        taken = [actions[i].split()[1] for i in group if actions[i].startswith("take")]
        lines = _muggins_lines(state.events[events:], names, taken if seat == 0 or finished
                               else [])
        for r in state.rounds[rounds:]:
            won = names[r.winner] if r.winner is not None else "nobody"
            lines.append(f"round {r.round_no} ends ({r.kind}): {said(won, 'scores')} "
                         f"{r.points}")
        states.append(state.clone())
        steps.append(Step(len(steps) + 1, seat, tuple(actions[i] for i in group),
                          "; ".join(lines) or actions[group[0]], group[-1] + 1))
    return Replay(record, states, steps, start, list(names), [0], finished)


def _muggins_lines(events: Sequence[Any], names: Sequence[str],
                   tiles: Sequence[str]) -> list[str]:
    """What a move's events say: plays with their points, draws (naming ``tiles``, the
    tiles taken: given for the person's own draws, or any in a finished game), passes."""
    lines: list[str] = []
    drawn: list[str] = []
    for ev in events:
        who = names[ev.seat] if ev.seat in (0, 1) else "Nobody"
        if ev.kind == "play" and ev.tile is not None and ev.side is not None:
            pts = f": {count(ev.points, 'point')}" if ev.points else ""
            lines.append(f"{said(who, 'plays')} {ev.tile} {ev.side.word}{pts}")
        elif ev.kind == "draw":
            drawn.append(tiles[len(drawn)] if len(drawn) < len(tiles) else "")
        elif ev.kind == "pass":
            lines.append(said(who, "passes"))
    if drawn:
        who = names[events[0].seat] if events and events[0].seat in (0, 1) else "Nobody"
        what = " ".join(d for d in drawn if d)
        lines.insert(0, f"{said(who, 'draws')} {what or 'a tile'}")
    return lines
