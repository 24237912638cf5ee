"""A replay of a game record, move by move: a pure cursor over the states it passes through.

A record (:class:`~gameshelf.core.records.GameRecord`: a seed and the actions, chance
outcomes included) is first checked by the game's own ``Match.from_record`` (every die,
tile, card and computer move must be the one the game number and the computer players
give), then replayed once through the rules engine, keeping a copy of the state after each
move. A *move* (a :class:`Step`) is one player's action with the chance outcomes that follow
it; the chance before the first move (a deal) belongs to step 0, the start. :class:`Replay`
holds no store and does no I/O; :func:`load_replay` finds a record by save name or file.

Hidden information: a replay of a finished game shows everything; a replay of a game still
in progress shows only what the person's seat saw (:attr:`Replay.finished` tells which).

Example:
    >>> from gameshelf.games.yatz.match import Match, Seat
    >>> m = Match([Seat("Ann")], seed=7)
    >>> m.act("roll"); m.act("score x1 chance")
    >>> r = replay_record(m.record(), "yatz")
    >>> r.n, r.position, r.forward(), r.step.text
    (2, 0, 1, 'Ann rolls the dice: 4 5 2 2 6')
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, NoReturn, TypeVar

from gameshelf.core.errors import IllegalMoveError, RecordError, StoreError
from gameshelf.core.inputs import MAX_RECORD_BYTES, is_ascii_digits, read_file
from gameshelf.core.records import GameRecord
from gameshelf.core.text import quoted
from gameshelf.games import REGISTRY
from gameshelf.session.base import open_store
from gameshelf.session.match import A, GameMatch, SeatInfo, V

#: A game's state type (``YatzState``, ``MugginsState``...).
S = TypeVar("S")


@dataclass(frozen=True)
class Step:
    """One move of a replay: step ``number`` (1 to n; step 0 is the start) by ``seat``
    (None: nobody's, as a deal), its record ``actions`` (the player's, then the chance
    outcomes that followed), ``text`` one line saying what happened, and ``applied`` the
    record's actions that give the state after it."""

    number: int
    seat: int | None
    actions: tuple[str, ...]
    text: str
    applied: int


class Replay(Generic[S]):
    """A cursor over a game's states, step 0 (the start) to step n (the last move).

    Args:
        states: the state at each step, ``n + 1`` of them (not to be changed).
        start: the record's actions applied at step 0 (the deal before the first move).
        people: the seats played by people.
        finished: the game is over at its last step.

    Attributes:
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


class ReadOnly:
    """What a replay answers as a match, whatever the game (mixed in before the game's own
    match interface): nothing is played, advanced, saved or ended here, and there is no
    save's name.

    Raises (from :meth:`play` and :meth:`save`):
        IllegalMoveError: a move asked of a replay; StoreError: a save asked of one.
    """

    keeps_saves = False

    @property
    def name(self) -> str | None:
        return None

    def play(self, text: str) -> NoReturn:
        raise IllegalMoveError("this is a replay: nothing can be played")

    def advance(self) -> bool:
        return False

    def settle(self) -> None:
        return None

    def save(self, name: str | None = None) -> NoReturn:
        raise StoreError("a replay saves nothing")

    def end_problem(self) -> str | None:
        return None


class ReplayMatch(ReadOnly, GameMatch[V, A]):
    """A replay as one more match a game's screen can show: the table at the cursor's
    step, read-only (:class:`ReadOnly`). The seats "here", whose hands a screen may show,
    are every seat of a finished game and the people's of one in progress. ``kinds``: each
    seat's kind in seat order (``human`` or the computer player's).
    """

    def __init__(self, replay: Replay[Any], kinds: Sequence[str]) -> None:
        self.replay = replay
        shown = range(len(replay.seats)) if replay.finished else replay.people
        self.seats = [SeatInfo(name, kind, i in shown)
                      for i, (name, kind) in enumerate(zip(replay.seats, kinds, strict=True))]
        self.errors = []

    @property
    def title(self) -> str:
        return f"game {self.replay.record.seed} (replay)"

    def view(self, seat: int) -> V:
        if not (0 <= seat < len(self.seats) and self.seats[seat].here):
            raise IllegalMoveError("this replay does not show that seat's hand")
        view: V = self.replay.state.view(seat)
        return view

    def table(self) -> V:
        here = self.here()
        view: V = self.replay.state.view(here[0] if here else 0)
        return view

    def log(self) -> Sequence[str]:
        return list(self.replay.state.log or [])

    def to_act(self) -> int:
        return int(self.replay.state.current_player())

    def finished(self) -> bool:
        return bool(self.replay.state.is_terminal())

    def legal_actions(self) -> list[A]:
        return []


def grouped(actions: Sequence[str], is_chance: Callable[[int], bool]) -> list[list[int]]:
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


# ----- finding a record ------------------------------------------------------------------


def replay_record(record: GameRecord, game: str) -> Replay[Any]:
    """The replay of ``record``, which must be a record of ``game``.

    Raises:
        RecordError: a record of another game, or one that does not replay.
    """
    if record.game != game:
        raise RecordError(f"this record is for {quoted(record.game)}, not {game!r}")
    build: Callable[[GameRecord], Replay[Any]] = REGISTRY.get(game).load("replay")
    return build(record)


def find_record(game: str, which: str) -> tuple[str, GameRecord]:
    """The record ``which`` names: a file (a path that exists, or one with a folder or a
    ``.json`` ending); ``last``, the last finished game of ``game`` kept in the history (when
    no save has that name); ``#N``, the finished game number N of the history; else a save
    of ``game`` of that name.

    Returns:
        ``(what, record)``: how to name it in messages (``the save 'mine'``) and the record.

    Raises:
        BadInputError, RecordError: a file that cannot be read or is not a record of
            ``game``.
        StoreError: no save of that name, no finished game kept, or the store cannot be
            read.
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
            raise StoreError(f"no finished {REGISTRY.title(game)} game is kept yet (nor a save "
                             f"called {LAST!r})")
        row = rows[0]
    elif which.startswith("#") and is_ascii_digits(which[1:]) and len(which) < 19:
        row = store.finished_record(int(which[1:]))
        if row.game != game:
            raise StoreError(f"finished game {which} is a {REGISTRY.title(row.game)} game, not "
                             f"a {REGISTRY.title(game)} one")
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
        raise StoreError(f"no finished {REGISTRY.title(game)} game is kept yet")
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
