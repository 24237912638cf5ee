"""A replay of a game record, move by move: a pure cursor over the states it passes through.

A record (:class:`~gameshelf.core.records.GameRecord`: a seed and the actions, chance
outcomes included) is first checked by the game's own ``Match.from_record`` (every die,
tile, card and computer move must be the one the game number and the computer players
give), then replayed once through the rules engine, keeping a copy of the state after each
move. A *move* (a :class:`Step`) is one player's action with the chance outcomes that follow
it (Yatz: ``roll`` and its dice; Muggins: a draw and the tile taken; Showdown: an action and
the deals and reveals it starts); the chance before the first move (a deal) belongs to step
0, the start.

:class:`Replay` is the cursor the front ends read: the state at step ``k`` for ``k`` in
``0..n``, the move that led there, and the moves forwards, back, to the first, the last, or
any step. It holds no store and does no I/O; :func:`load_replay` finds a record by save name
or file.

Hidden information: a replay of a finished game shows everything (every hand, the
boneyard); a replay of a game still in progress shows only what the person's seat sees
(:attr:`Replay.finished` tells which).

Example:
    >>> from gameshelf.games.yatz.match import Match, Seat
    >>> m = Match([Seat("Ann")], seed=7)
    >>> m.act("roll"); m.act("score x1 chance")
    >>> r = yatz_replay(m.record())
    >>> r.n, r.position, r.forward(), r.step.text
    (2, 0, 1, 'Ann rolls the dice: 4 5 2 2 6')
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from gameshelf.core.errors import GameshelfError, RecordError, StoreError
from gameshelf.core.inputs import MAX_RECORD_BYTES, is_ascii_digits, read_file
from gameshelf.core.records import GameRecord
from gameshelf.core.state import CHANCE
from gameshelf.core.text import count, quoted, said
from gameshelf.session.base import open_store

#: A game's state type (``YatzState``, ``MugginsState``...).
S = TypeVar("S")

#: The games a record can be replayed for.
GAMES = ("yatz", "muggins", "showdown", "dollar")


@dataclass(frozen=True)
class Step:
    """One move of a replay.

    Attributes:
        number: the step's number, 1 to n (step 0 is the start).
        seat: the seat that moved (None: nobody's, as a deal).
        actions: the record's actions of this move, in text form: the player's action,
            then the chance outcomes that followed it.
        text: one line saying what happened (``Ann scores x2 Full house: 50 points``).
        applied: the record's actions applied once this step is done (the record's first
            ``applied`` actions give the state after it).
    """

    number: int
    seat: int | None
    actions: tuple[str, ...]
    text: str
    applied: int


class Replay(Generic[S]):
    """A cursor over a game's states, step 0 (the start) to step n (the last move).

    Args:
        record: the record replayed.
        states: the state at each step, ``n + 1`` of them (not to be changed).
        steps: the n moves.
        start: the record's actions applied at step 0 (the deal before the first move).
        seats: the seats' names, in seat order.
        people: the seats played by people.

    Attributes:
        finished: True when the game is over at its last step (a replay of a finished game
            shows everything; one of a game in progress only what the person's seat saw).
        position: the step shown, 0 to n.
    """

    def __init__(self, record: GameRecord, states: Sequence[S], steps: Sequence[Step],
                 start: int, seats: Sequence[str], people: Sequence[int],
                 finished: bool) -> None:
        if len(states) != len(steps) + 1:
            raise ValueError("a replay needs one state more than it has steps")
        self.record = record
        self.states: tuple[S, ...] = tuple(states)
        self.steps: tuple[Step, ...] = tuple(steps)
        self.start = start
        self.seats = tuple(seats)
        self.people = tuple(people)
        self.finished = finished
        self.position = 0

    @property
    def game(self) -> str:
        """The game's key (``yatz``...)."""
        return self.record.game

    @property
    def n(self) -> int:
        """The number of moves (the last step's number)."""
        return len(self.steps)

    @property
    def state(self) -> S:
        """The state at the step shown (shared: read it, never change it)."""
        return self.states[self.position]

    @property
    def step(self) -> Step | None:
        """The move that led to the step shown; None at the start."""
        return self.steps[self.position - 1] if self.position else None

    def applied(self, k: int) -> int:
        """How many of the record's actions give the state at step ``k``."""
        return self.steps[k - 1].applied if k else self.start

    def jump(self, k: int) -> int:
        """Show step ``k`` (kept within 0..n); returns the step shown."""
        self.position = max(0, min(self.n, int(k)))
        return self.position

    def forward(self) -> int:
        """One move on (the last step stays); returns the step shown."""
        return self.jump(self.position + 1)

    def back(self) -> int:
        """One move back (the start stays); returns the step shown."""
        return self.jump(self.position - 1)

    def first(self) -> int:
        """Back to the start (step 0)."""
        return self.jump(0)

    def last(self) -> int:
        """To the last move (step n)."""
        return self.jump(self.n)

    def banner(self) -> str:
        """``Replay — step 3 of 120`` and, past the start, what that move did."""
        head = f"Replay — step {self.position} of {self.n}"
        step = self.step
        return f"{head} · {step.text}" if step is not None else f"{head} · the start"

    def shows_everything(self) -> bool:
        """True when every hand may be shown (a finished game's replay)."""
        return self.finished


def _grouped(actions: Sequence[str], is_chance: Callable[[int], bool]) -> list[list[int]]:
    """The record's action indices grouped into moves: a move starts at a player's action
    and takes the chance outcomes after it; the first group holds the chance before the
    first move (possibly none). ``is_chance(i)``: action ``i`` is a chance outcome."""
    groups: list[list[int]] = [[]]
    for i in range(len(actions)):
        if is_chance(i):
            groups[-1].append(i)
        else:
            groups.append([i])
    return groups


# ----- Yatz ------------------------------------------------------------------------------
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


# ----- Muggins ---------------------------------------------------------------------------
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
    groups = _grouped(actions, lambda i: actions[i].strip().lower().startswith("take"))
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


# ----- Pinball Showdown ------------------------------------------------------------------
def showdown_replay(record: GameRecord) -> Replay[Any]:
    """The replay of a Pinball Showdown record (its seats, deck and actions).

    Raises:
        RecordError: not a Showdown game that replays (a chance event or a computer move
            that is not the one due, an illegal action, a damaged deck...).
    """
    from gameshelf.games.showdown.actions import parse_action
    from gameshelf.games.showdown.game import new_game
    from gameshelf.games.showdown.match import Match

    try:
        match = Match.from_record(record)
    except RecordError:
        raise
    except GameshelfError as exc:       # a damaged deck in the record
        raise RecordError(f"this Pinball Showdown record does not replay: {exc}") from None
    names = [s.name for s in match.seats]
    state = new_game(match.deck, len(match.seats))
    state.names = list(names)
    actions = record.actions
    probe = new_game(match.deck, len(match.seats), keep_log=False)
    chance: list[bool] = []
    for text in actions:               # which actions are chance events
        chance.append(probe.current_player() == CHANCE)
        probe.apply_action(parse_action(text))
    groups = _grouped(actions, lambda i: chance[i])
    start = len(groups[0])
    for i in groups[0]:
        state.apply_action(parse_action(actions[i]))
    states: list[Any] = [state.clone(keep_log=True)]
    steps: list[Step] = []
    for group in groups[1:]:
        seat = state.current_player()
        lines = len(state.log or [])
        for i in group:
            state.apply_action(parse_action(actions[i]))
        said = [line for line in (state.log or [])[lines:] if line.strip()]
        text = " · ".join(said[:2]) if said else f"{names[seat]}: {actions[group[0]]}"
        states.append(state.clone(keep_log=True))
        steps.append(Step(len(steps) + 1, seat, tuple(actions[i] for i in group), text,
                          group[-1] + 1))
    people = [k for k, s in enumerate(match.seats) if s.is_human]
    return Replay(record, states, steps, start, names, people, state.is_terminal())


def replay_showdown(replay: Replay[Any]) -> Any:
    """A Showdown replay as one more implementation of the match interface the Showdown
    screen talks to (:class:`~gameshelf.session.match.ShowdownMatch`): the table at the
    replay's step; nothing can be played, advanced or saved. The seats "here" (whose hand
    may be shown) are every seat of a finished game, the people's of one in progress.

    Raises:
        RecordError: the replay is not a Showdown game's.
    """
    from gameshelf.core.errors import IllegalMoveError
    from gameshelf.games.showdown.cards import Deck, default_deck, parse_deck
    from gameshelf.games.showdown.game import PlayerView
    from gameshelf.session.match import SeatInfo, ShowdownMatch

    if replay.game != "showdown":
        raise RecordError("only a Pinball Showdown game's replay is a Showdown match")
    players = replay.record.options.get("players", [])
    deck_text = replay.record.options.get("deck")
    shown = set(range(len(replay.seats))) if replay.finished else set(replay.people)

    class ReplayShowdown(ShowdownMatch):
        """The table at the replay's step (see :func:`replay_showdown`)."""

        keeps_saves = False

        def __init__(self) -> None:
            self.seats = [SeatInfo(p["name"], p["kind"], i in shown)
                          for i, p in enumerate(players)]
            self.errors = []
            self.replay = replay
            self._deck = parse_deck(deck_text, "deck") if deck_text else default_deck()

        @property
        def deck(self) -> Deck:
            return self._deck

        @property
        def title(self) -> str:
            return f"game {replay.record.seed} (replay)"

        @property
        def name(self) -> str | None:
            return None

        def view(self, seat: int) -> PlayerView:
            if seat not in shown:
                raise IllegalMoveError("this replay does not show that seat's hand")
            view: PlayerView = replay.state.view(seat)
            return view

        def table(self) -> PlayerView:
            here = self.here()
            view: PlayerView = replay.state.view(here[0] if here else 0)
            return view

        def log(self) -> Sequence[str]:
            return list(replay.state.log or [])

        def to_act(self) -> int:
            return int(replay.state.current_player())

        def finished(self) -> bool:
            return bool(replay.state.is_terminal())

        def legal_actions(self) -> list[Any]:
            return []

        def play(self, text: str) -> Any:
            raise IllegalMoveError("this is a replay: nothing can be played")

        def advance(self) -> bool:
            return False

        def settle(self) -> None:
            return None

        def save(self) -> str:
            raise StoreError("a replay saves nothing")

        def end_problem(self) -> str | None:
            return None

    return ReplayShowdown()


# ----- One Dollar Pinball ----------------------------------------------------------------
@dataclass(frozen=True)
class DollarPoint:
    """Where a One Dollar Pinball replay is: the bill (``entry``, an index into
    :attr:`DollarReplay.entries`) and the step of its trace shown (``trace``: 0 the bill's
    start, then one per step of :attr:`~gameshelf.games.dollar.scorer.Result.steps`, then the
    end: balls left and match)."""

    entry: int
    trace: int


def dollar_replay(record: GameRecord) -> Replay[DollarPoint]:
    """The replay of a round of One Dollar Pinball: each bill's scoring trace, step by
    step (the bill's start, each digit read, then the end bonus and the match).

    The record's ``options`` hold ``players``: ``[{"name", "bill", "district", "series"}]``
    (:func:`gameshelf.games.dollar.session.round_record`, as a round is kept in the history);
    :attr:`Replay.states` are :class:`DollarPoint` values and ``replay.entries`` the scored
    bills.

    Raises:
        RecordError: another game or rules version, or bills that are missing or do not
            parse.
    """
    from gameshelf.games.dollar.game import RULES_VERSION, make_entry

    record.check("dollar", RULES_VERSION, "One Dollar Pinball")
    bills = record.options.get("players")
    if not isinstance(bills, list) or not bills or not all(isinstance(b, dict)
                                                         for b in bills):
        raise RecordError("this One Dollar Pinball record has no bills")
    if record.actions:
        raise RecordError("this One Dollar Pinball record holds actions; a round has none")
    entries = []
    for k, b in enumerate(bills, start=1):
        try:
            entries.append(make_entry(str(b.get("name", "")), str(b.get("bill", "")),
                                      b.get("district"), b.get("series")))
        except GameshelfError as exc:
            raise RecordError(f"bill {k} of this record cannot be scored: {exc}") from None
    states: list[DollarPoint] = [DollarPoint(0, 0)]
    steps: list[Step] = []
    for e_no, e in enumerate(entries):
        r = e.result
        trace = [f"{s.digits}: {s.rule.value}" + (f" +{s.points:,}" if s.points else "")
                 for s in r.steps]
        trace.append(f"end: {count(r.balls_left, 'ball')} left; score {r.score:,}")
        if e_no:
            trace.insert(0, f"{e.name} up: {e.bill}")
        for t_no, text in enumerate(trace, start=0 if e_no else 1):
            states.append(DollarPoint(e_no, t_no))
            steps.append(Step(len(steps) + 1, e_no, (), f"{e.name} · {text}", 0))
    replay: Replay[DollarPoint] = Replay(record, states, steps, 0,
                                         [e.name for e in entries], list(range(len(entries))),
                                         True)
    replay.entries = entries   # type: ignore[attr-defined]
    return replay


# ----- finding a record ------------------------------------------------------------------
BUILDERS: dict[str, Callable[[GameRecord], Replay[Any]]] = {
    "yatz": yatz_replay, "muggins": muggins_replay, "showdown": showdown_replay,
    "dollar": dollar_replay,
}


def replay_record(record: GameRecord, game: str) -> Replay[Any]:
    """The replay of ``record``, which must be a record of ``game``.

    Raises:
        RecordError: a record of another game, or one that does not replay.
    """
    if record.game != game:
        raise RecordError(f"this record is for {quoted(record.game)}, not {game!r}")
    return BUILDERS[game](record)


def find_record(game: str, which: str) -> tuple[str, GameRecord]:
    """The record ``which`` names: a file (a path that exists, or one with a folder or a
    ``.json`` ending); ``last``, the last finished game of ``game`` kept in the history (when
    no save has that name); ``#N``, the finished game number N of the history; else a save
    of ``game`` of that name.

    Returns:
        ``(what, record)``: how to name it in messages (``the save 'mine'``, ``the file
        'game.json'``) and the record.

    Raises:
        BadInputError, RecordError: a file that cannot be read or is not a record of
            ``game`` (damaged, another game's, another program's).
        StoreError: no save of that name (the message says so), no finished game kept, or
            the store cannot be read.
    """
    if not which:
        raise StoreError(f"give the name of a saved {game} game or a game record file")
    path = Path(which)
    looks_like_file = (os.sep in which or which.endswith(".json")
                       or (os.altsep is not None and os.altsep in which))
    if looks_like_file or path.exists():
        text = read_file(path, "the game record", max_bytes=MAX_RECORD_BYTES,
                         error=RecordError)
        try:
            record = GameRecord.from_json(text, game=game)
        except RecordError as exc:
            raise RecordError(f"{quoted(which)} cannot be replayed: {exc}") from None
        return f"the file {quoted(which)}", record
    with open_store() as store:
        finished = _finished(store, game, which)
        if finished is not None:
            return finished
        try:
            record = store.load_save(game, which)
        except RecordError as exc:
            raise RecordError(f"the save {quoted(which)} is damaged and cannot be replayed: "
                              f"{exc}") from None
    return f"the save {quoted(which)}", record


#: The name that replays the last finished game (when no save has it).
LAST = "last"


def _finished(store: Any, game: str, which: str) -> tuple[str, GameRecord] | None:
    """A finished game of the history: ``last`` (the newest of ``game``, when no save is
    called so) or ``#N`` (history number N); None for any other name.

    Raises:
        StoreError: no finished game of that kind; RecordError: a damaged one.
    """
    if which == LAST and LAST not in store.save_names(game):
        rows = store.finished_records(game, limit=1)
        if not rows:
            raise StoreError(f"no finished {game} game is kept yet (nor a save called "
                             f"{LAST!r})")
        row = rows[0]
    elif which.startswith("#") and is_ascii_digits(which[1:]) and len(which) < 19:
        row = store.finished_record(int(which[1:]))
        if row.game != game:
            raise StoreError(f"finished game {which} is a {row.game} game, not {game}")
    else:
        return None
    what = f"the finished game #{row.id}"
    if row.record is None:
        raise RecordError(f"{what} is damaged and cannot be replayed: {row.damaged}")
    return what, row.record


def last_finished(game: str) -> Replay[Any]:
    """The replay of the last finished game of ``game`` kept in the history.

    Raises:
        StoreError: none kept yet, or the store cannot be read; RecordError: it is damaged
            or does not replay.
    """
    with open_store() as store:
        rows = store.finished_records(game, limit=1)
    if not rows:
        raise StoreError(f"no finished {game} game is kept yet")
    row = rows[0]
    if row.record is None:
        raise RecordError(f"the finished game #{row.id} is damaged and cannot be replayed: "
                          f"{row.damaged}")
    try:
        return replay_record(row.record, game)
    except RecordError as exc:
        raise RecordError(f"the finished game #{row.id} does not replay: {exc}") from None


def load_replay(game: str, which: str) -> Replay[Any]:
    """:func:`find_record` then the game's replay of it.

    Raises:
        BadInputError, RecordError, StoreError: as :func:`find_record`; RecordError: a
            record that does not replay (the message names it).
    """
    what, record = find_record(game, which)
    try:
        return replay_record(record, game)
    except RecordError as exc:
        raise RecordError(f"{what} does not replay: {exc}") from None
