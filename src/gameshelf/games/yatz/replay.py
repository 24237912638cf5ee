"""A Yatz record replayed move by move (see :mod:`gameshelf.session.replay`), and the
replay as a read-only match (:class:`ReplayedYatz`) that the normal Yatz screen shows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from gameshelf.core.errors import RecordError
from gameshelf.core.records import GameRecord
from gameshelf.core.text import count, said
from gameshelf.games.yatz.game import Action, Dice, Score, YatzState, parse_action
from gameshelf.games.yatz.making import table_cached
from gameshelf.games.yatz.match import Match
from gameshelf.games.yatz.play import YatzMatch
from gameshelf.games.yatz.scoring import rule_set
from gameshelf.session.match import SeatInfo
from gameshelf.session.replay import ReadOnly, Replay, Step


def yatz_replay(record: GameRecord) -> Replay[Any]:
    """The replay of a Yatz record (a save, an exported file or a finished game).

    Raises:
        RecordError: the record is not a Yatz game that replays (another game or rules
            version, damaged options, an illegal move, dice or a computer move that are
            not the game number's).
    """
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
    # start-up: the strong player's tables (numba) load only when a review is asked
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


class ReplayedYatz(ReadOnly, YatzMatch):
    """A Yatz replay as one more implementation of the match interface the Yatz screen
    plays through: the table at the replay's step, read-only (:class:`ReadOnly`); no seat
    is played here (so the screen offers no key of play).

    Args:
        replay: the cursor (:func:`yatz_replay`); its step is the one shown.
        review: compute the post-game review's cost of each choice (:meth:`review`);
            False: a replay without it.

    Attributes:
        costs: the review's line of each step (``{step: line}``); None until computed.
        reviewing: True while the review is being computed.
    """

    read_only = True

    def __init__(self, replay: Replay[YatzState], *, review: bool = True) -> None:
        record = replay.record
        start = Match.from_record(replace(record, actions=record.actions[:replay.start]))
        self.replay = replay
        self.seats = [SeatInfo(s.name, s.player, False) for s in start.seats]
        self.errors = []
        self.moves = []
        self._rules, self._seed = start.rules, start.seed
        self.costs: dict[int, str] | None = None if review else {}
        self.reviewing = False

    @property
    def state(self) -> YatzState:
        return self.replay.state

    @property
    def rules(self) -> str:
        return self._rules

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def title(self) -> str:
        return f"game {self._seed}"

    def log(self) -> Sequence[str]:
        return [s.text for s in self.replay.steps[:self.replay.position]]

    def shown_seat(self) -> int | None:
        """The seat whose card the step shows: the one that made the move (None at the
        start and once the game is over: the seat on turn's)."""
        step = self.replay.step
        return step.seat if step is not None and not self.finished() else None

    def start_review(self) -> bool:
        """Mark the review as being computed; False when it is computed or under way."""
        if self.reviewing or self.costs is not None:
            return False
        self.reviewing = True
        return True

    def review(self) -> None:
        """Compute the review's cost of each choice (slow the first time: the strong
        player's table is loaded or solved; run it in a thread)."""
        try:
            costs = yatz_costs(self.replay)
        except Exception:   # the review is extra: a replay without it still works
            costs = {}
        self.costs, self.reviewing = costs, False

    def note(self) -> str:
        """The line under the dice: what the review says of the choice made at the step
        shown, or how to have it."""
        if self.replay.step is None:
            return "The start: →/n steps through the game, End goes to its last move."
        if self.reviewing:
            return "(the review of this choice is being computed…)"
        if self.costs is None:
            return ("v: the review's cost of each choice" if table_cached(self.rules) else
                    "v: the review's cost of each choice (the first time solves the strong "
                    "player's table: about a minute)")
        return self.costs.get(self.replay.position, "")
