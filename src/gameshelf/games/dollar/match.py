"""A round of One Dollar Pinball at a table of seats, as a game server plays it: every seat
brings a bill, in seat order, and the highest score wins (equal scores share the win), as
the rules' game between players is played, each with the dollar bill of their own.

The one driver of such a round: its seats (a person's name, or a computer's level), the
seed the bills drawn at random come from, the actions (one ``bill ...`` a seat, the text of
:mod:`gameshelf.games.dollar.text`), and the scored bills (:class:`~gameshelf.games.dollar.
game.Entry`, as the local round keeps them, so the round's end is written by the game's one
``end`` part). A record holds the names and levels in its options and the bills as its
actions; :meth:`Match.from_record` replays and checks it. Pure: no I/O.

Example:
    >>> m = Match.new(["Ann", "CPU 1"], ["", "random"], seed=7)
    >>> m.apply(0, "bill L40000002A series 1902").score
    88000000
    >>> m.to_act(), m.computer(1)
    (1, True)
    >>> _ = m.apply(1, "draw"); m.to_act()
    -2
    >>> Match.from_record(m.record()).actions == m.actions
    True
"""

from __future__ import annotations

from collections.abc import Sequence

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError, GameshelfError, IllegalMoveError, RecordError
from gameshelf.core.records import GameRecord
from gameshelf.core.state import TERMINAL
from gameshelf.core.text import possessive, quoted
from gameshelf.games.dollar.game import (
    MAX_NAME_LENGTH,
    MAX_PLAYERS,
    MIN_PLAYERS,
    RULES_VERSION,
    Entry,
    make_entry,
    random_bill,
)
from gameshelf.games.dollar.options import COMPUTER_LEVEL
from gameshelf.games.dollar.text import Draw, EnterBill, parse_action

GAME = "dollar"


class Match:
    """One round at a table: the seats, the seed, the bills entered so far.

    Attributes:
        names: the seats' names, in seat order.
        levels: each seat's computer level (:data:`~gameshelf.games.dollar.options.
            COMPUTER_LEVEL`), ``""`` for a person.
        seed: the game number; a bill drawn at random for seat ``s`` is drawn from
            ``Chance(seed).derive("bill/s")``.
        actions: each seat's bill as entered, canonical text, in seat order.
        entries: the scored bills, in seat order (``entries[s]`` is seat ``s``'s).

    Raises:
        BadInputError: (``new``) 1 to 8 seats with names and a level each.
    """

    def __init__(self, names: Sequence[str], levels: Sequence[str], seed: int) -> None:
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS or len(levels) != len(names):
            raise BadInputError(f"One Dollar Pinball is for {MIN_PLAYERS} to {MAX_PLAYERS} "
                                "players, each with a name")
        for level in levels:
            if level not in ("", COMPUTER_LEVEL):
                raise BadInputError(f"a computer player draws its bill at random "
                                    f"(level {COMPUTER_LEVEL!r}), not {level!r}")
        self.names = list(names)
        self.levels = list(levels)
        self.seed = seed
        self.actions: list[str] = []
        self.entries: list[Entry] = []

    @classmethod
    def new(cls, names: Sequence[str], levels: Sequence[str], seed: int) -> Match:
        """A round with no bill entered yet."""
        return cls(names, levels, seed)

    def record(self) -> GameRecord:
        """The round so far: names and levels in the options, the bills as actions."""
        return GameRecord(GAME, RULES_VERSION, {"names": list(self.names),
                                                "levels": list(self.levels)},
                          self.seed, tuple(self.actions))

    @classmethod
    def from_record(cls, record: GameRecord) -> Match:
        """The round of ``record``, every bill scored again.

        Raises:
            RecordError: another game or rules version, seats missing, or a bill that does
                not parse, entered out of turn or beyond the seats.
        """
        record.check(GAME, RULES_VERSION, "One Dollar Pinball")
        names, levels = record.options.get("names"), record.options.get("levels")
        if not (isinstance(names, list) and isinstance(levels, list)
                and all(isinstance(x, str) for x in [*names, *levels])):
            raise RecordError("this One Dollar Pinball record has no seats")
        try:
            match = cls(names, levels, record.seed)
        except GameshelfError as exc:
            raise RecordError(f"this One Dollar Pinball record's seats: {exc}") from None
        match.replay(record.actions)
        return match

    def replay(self, actions: Sequence[str]) -> None:
        """Enter and score the bills ``actions`` (a record's, recorded after this round's
        own), each as the seat to act's, in seat order; a computer seat's must be the bill
        drawn for it from the game number (:meth:`drawn`). On a refusal the bills before
        it stay entered: rebuild the round.

        Raises:
            RecordError: a bill that does not parse, one beyond the seats, or a computer
                seat's that is not the one drawn for it.
        """
        for action in actions:
            seat = self.to_act()
            try:
                if seat >= 0 and self.computer(seat) and not isinstance(
                        bill := parse_action(action), Draw) and bill != self.drawn(seat):
                    raise RecordError(f"bill {len(self.entries) + 1} of this record is not "
                                      f"the one game {self.seed} draws for the computer "
                                      f"player {quoted(self.names[seat])}")
                self.apply(seat, action)
            except RecordError:
                raise
            except GameshelfError as exc:
                raise RecordError(f"bill {len(self.entries) + 1} of this record cannot be "
                                  f"scored: {exc}") from None

    def to_act(self) -> int:
        """The seat whose bill comes next, or ``TERMINAL`` (-2) once every seat's is in."""
        return len(self.entries) if len(self.entries) < len(self.names) else TERMINAL

    def is_over(self) -> bool:
        """True once every seat has entered its bill."""
        return self.to_act() == TERMINAL

    def computer(self, seat: int) -> bool:
        """True when ``seat`` is a computer's (it draws its bill at random)."""
        return bool(self.levels[seat])

    def drawn(self, seat: int) -> EnterBill:
        """The bill and series drawn at random for ``seat`` (the same every time)."""
        bill, series = random_bill(Chance(self.seed).derive(f"bill/{seat}"))
        return EnterBill(bill, series)

    def apply(self, seat: int, text: str) -> Entry:
        """Enter ``seat``'s bill (``bill ...`` or ``draw``) and score it (R-DP-4 to R-DP-9).

        Raises:
            IllegalMoveError: not ``seat``'s turn (bills come in seat order) or the round
                is over.
            BadInputError: an action or a bill the rules do not read (nothing changes).
        """
        if self.is_over():
            raise IllegalMoveError("every bill is in: the round is over")
        if seat != self.to_act():
            raise IllegalMoveError(f"it is {possessive(self.names[self.to_act()])} bill now")
        action = parse_action(text)
        if isinstance(action, Draw):
            action = self.drawn(seat)
        name = self.names[seat][:MAX_NAME_LENGTH]
        # the seats' names were checked when the round was set up, or are a record's
        entry = make_entry(name, action.bill, series=action.series, stored=True)
        self.entries.append(entry)
        self.actions.append(str(action))
        return entry
