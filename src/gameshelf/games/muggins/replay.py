"""A Muggins record replayed move by move (see :mod:`gameshelf.session.replay`), and the
replay as a read-only match the Muggins screen shows (:class:`ReplayMuggins`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NoReturn

from gameshelf.core.errors import IllegalMoveError
from gameshelf.core.records import GameRecord
from gameshelf.core.seats import HUMAN
from gameshelf.core.text import count, possessive, said
from gameshelf.games.muggins.game import Action, MugginsState, Play, parse_action
from gameshelf.games.muggins.match import MUGSY, PERSON, Match, event_words
from gameshelf.games.muggins.play import MugginsMatch
from gameshelf.games.muggins.tiles import Tile
from gameshelf.games.muggins.view import MugginsView
from gameshelf.session.match import SeatInfo
from gameshelf.session.replay import Replay, ReplayMatch, Step, grouped


def muggins_replay(record: GameRecord) -> Replay[Any]:
    """The replay of a Muggins record (the person is seat 0, Mugsy seat 1).

    Raises:
        RecordError: not a Muggins game that replays (tiles that are not the game number's,
            a move Mugsy would not make, an illegal move...).
    """
    match = Match.start(record)
    state = match.state   # the driver's, moved on as it replays the record
    actions = record.actions
    # seat 1 is Mugsy, or a second person (``"opponent": "person"``, a game played online)
    names = ("You", "Opponent" if record.options.get("opponent") == "person" else "Mugsy")
    groups = grouped(actions, lambda i: actions[i].strip().lower().startswith("take"))
    start = len(groups[0])
    first = {g[0] for g in groups[1:]}
    #: the state before each move (the start first), and its seat, events and rounds then
    states: list[Any] = []
    before: list[tuple[int, int, int]] = []
    for i, _ in enumerate(match.replay(actions)):   # every tile and move of Mugsy checked
        if i in first:
            states.append(state.clone())
            before.append((state.current_player(), len(state.events), len(state.rounds)))
    states.append(state.clone())
    finished = state.is_terminal()
    steps: list[Step] = []
    for k, (group, (seat, events, rounds)) in enumerate(zip(groups[1:], before, strict=True),
                                                        start=1):
        after = states[k]
        taken = [actions[i].split()[1] for i in group if actions[i].startswith("take")]
        lines = _muggins_lines(after.events[events:], names, taken if seat == 0 or finished
                               else [])
        for r in after.rounds[rounds:]:
            won = names[r.winner] if r.winner is not None else "nobody"
            lines.append(f"round {r.round_no} ends ({r.kind}): {said(won, 'scores')} "
                         f"{r.points}")
        steps.append(Step(k, seat, tuple(actions[i] for i in group),
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


class ReplayMuggins(ReplayMatch[MugginsView, Action], MugginsMatch):
    """A Muggins replay as one more match of the Muggins screen (see
    :class:`~gameshelf.session.replay.ReplayMatch`), seen from the person's seat (seat 0)
    whether or not the game is over.

    Args:
        replay: the cursor (:func:`muggins_replay`); the screen moves it.
    """

    def __init__(self, replay: Replay[Any]) -> None:
        self.replay = replay
        options = replay.record.options
        person = options.get("opponent") == "person"
        self._level = None if person else str(options.get("level", "normal"))
        self.seats = [SeatInfo(replay.seats[PERSON], HUMAN, True),
                      SeatInfo(replay.seats[MUGSY], HUMAN if person else str(self._level),
                               False)]
        self.errors = []

    @property
    def state(self) -> MugginsState:
        """The state at the step shown (the cursor's: read it, never change it)."""
        state: MugginsState = self.replay.state
        return state

    @property
    def level(self) -> str | None:
        return self._level

    def view(self, seat: int) -> MugginsView:
        if seat not in (0, 1):
            raise IllegalMoveError(f"there is no seat {seat + 1}")
        return MugginsView.of(self.state, seat)

    def table(self) -> MugginsView:
        return self.view(PERSON)

    def log(self) -> Sequence[str]:
        names = self.names(PERSON)
        return [w for ev in self.state.events if (w := event_words(ev, names))]

    def here_to_act(self) -> bool:
        """Never: a replay plays nothing."""
        return False

    def play(self, text: str) -> NoReturn:
        raise IllegalMoveError("this is a replay: nothing can be played here")

    def fresh_tile(self) -> Tile | None:
        """The tile the step shown played (marked on the board); None at the start, or for
        a draw or a pass."""
        step = self.replay.step
        if step is None:
            return None
        act = parse_action(step.actions[0])
        return act.tile if isinstance(act, Play) else None

    def notes(self) -> str:
        """The lines under the board: what the step shown did, then the other seat's tiles
        and the boneyard in a finished game, only their number in one in progress."""
        r, st = self.replay, self.state
        step = r.step
        lines = [step.text if step is not None else
                 "The start: the tiles are dealt. →/n steps through the game."]
        other = self.seats[MUGSY].name
        if r.finished:
            held = " ".join(str(t) for t in sorted(st.hands[MUGSY])) or "none"
            bone = " ".join(str(t) for t in sorted(st.boneyard)) or "empty"
            lines.append(f"{possessive(other)} tiles: {held} · boneyard: {bone}")
        else:
            lines.append(f"{said(other, 'holds')} {count(len(st.hands[MUGSY]), 'tile')} "
                         "(hidden: this game is in progress)")
        return "\n".join(lines)
