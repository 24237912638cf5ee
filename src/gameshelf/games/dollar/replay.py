"""A One Dollar Pinball record replayed bill by bill (see :mod:`gameshelf.session.replay`),
and the replayed round the game's screen shows, read-only (:class:`ReplayRound`)."""

from __future__ import annotations

from dataclasses import dataclass

from gameshelf.core.errors import GameshelfError, RecordError
from gameshelf.core.records import GameRecord
from gameshelf.core.text import count
from gameshelf.games.dollar.game import RULES_VERSION, Entry, make_entry
from gameshelf.games.dollar.match import Match
from gameshelf.session.replay import Replay, Step


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
    (:func:`gameshelf.games.dollar.session.round_record`, as a round is kept in the history),
    or, for a round at a table (a game server's room, :class:`~gameshelf.games.dollar.match.
    Match`), ``names`` and ``levels``, with the bills as its actions;
    :attr:`Replay.states` are :class:`DollarPoint` values and ``replay.entries`` the scored
    bills.

    Raises:
        RecordError: another game or rules version, bills that are missing or do not
            parse, or a table's round not over.
    """
    record.check("dollar", RULES_VERSION, "One Dollar Pinball")
    entries = _table_entries(record) if "names" in record.options else _entries(record)
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


def _entries(record: GameRecord) -> list[Entry]:
    """The bills of a round played here (``players`` in the options, no actions)."""
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
                                      b.get("district"), b.get("series"), stored=True))
        except GameshelfError as exc:
            raise RecordError(f"bill {k} of this record cannot be scored: {exc}") from None
    return entries


def _table_entries(record: GameRecord) -> list[Entry]:
    """The bills of a round at a table (a game server's room: ``names`` and ``levels`` in
    the options, one ``bill ...`` action a seat), every seat's bill in."""
    match = Match.from_record(record)
    if not match.is_over():
        raise RecordError("this One Dollar Pinball record's round is not over: "
                          f"only {len(match.entries)} of {count(len(match.names), 'bill')} in")
    return match.entries


class ReplayRound:
    """A kept round replayed on the One Dollar Pinball screen: its bills, scored again, and
    the point of the replay shown; read-only (no bill is entered, played or kept).

    Args:
        replay: the cursor (:func:`dollar_replay`); the screen moves it.
    """

    def __init__(self, replay: Replay[DollarPoint]) -> None:
        self.replay = replay
        self.seed = replay.record.seed
        self.entries: list[Entry] = list(getattr(replay, "entries", []))

    @property
    def point(self) -> DollarPoint:
        """The bill and the step of its trace shown."""
        return self.replay.state
