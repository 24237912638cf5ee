"""A match of Pig: the state, its seeded dice, its seats and its record, kept in step.

The driver owns the match's :class:`~gameshelf.core.chance.Chance` (from the seed, the game
number): the rules only list the dice's outcomes. Every action, the dice included, goes into
the record, and :meth:`Match.from_record` is the only way back from a record to a game: it
replays each action through the rules and checks every die against the game number and
every computer move against the computer player.

Seats: ``players`` holds ``human`` or a computer player's level, ``holdN`` (hold once the
turn total is N or more; ``hold20`` is the classic strategy).

Example:
    >>> m = Match.new(7, ["Ann", "Hog"], ["human", "hold20"])
    >>> m.apply("roll"); m.actions[1].startswith("dice")
    True
    >>> Match.from_record(m.record()).state == m.state
    True
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError, GameshelfError, IllegalMoveError, RecordError
from gameshelf.core.inputs import quote
from gameshelf.core.records import GameRecord
from gameshelf.core.seats import HUMAN
from gameshelf.core.state import CHANCE
from tests.games.pig.game import (
    RULES_VERSION,
    TARGET,
    Action,
    Dice,
    Hold,
    PigState,
    Roll,
    max_actions,
    parse_action,
)

GAME = "pig"
#: The computer players' levels shown in help; any ``holdN`` (1 to 100) is one.
LEVELS = ("hold15", "hold20", "hold25")
DEFAULT_LEVEL = "hold20"
#: The computer player's name at one keyboard and on the server.
COMPUTER_NAME = "Hog"


def parse_level(text: str) -> str:
    """A computer player's level, ``holdN`` with N from 1 to 100 (``cpu``: the default).

    Raises:
        BadInputError: not a level.
    """
    word = text.strip().lower()
    if word in ("cpu", "computer", "ai", ""):
        return DEFAULT_LEVEL
    found = re.fullmatch(r"hold(\d{1,3})", word)
    if found is None or not 1 <= int(found.group(1)) <= 100:
        raise BadInputError(f"not a level of Pig's computer: {quote(text)} (holdN, N from "
                            "1 to 100, e.g. hold20)")
    return word


def computer_choice(state: PigState, level: str) -> Action:
    """The move of the computer player ``level`` (``holdN``) for the seat to act: roll until
    the turn total reaches N (or the target is reached, P-4)."""
    legal = state.legal_actions()
    if legal == [Hold()] or (Hold() in legal and state.turn_total >= int(level[4:])):
        return Hold()
    return Roll()


@dataclass
class Match:
    """One game in progress.

    Attributes:
        seed: the game number.
        state: the rules' state.
        chance: the match's generator (the dice only).
        options: JSON options kept in the record: ``names``, ``players``, ``target``.
        actions: every action so far in text form, the dice included.
        actors: who played each action: a seat, or ``CHANCE`` for the dice.
    """

    seed: int
    state: PigState
    chance: Chance
    options: dict[str, Any] = field(default_factory=dict)
    actions: list[str] = field(default_factory=list)
    actors: list[int] = field(default_factory=list)

    @classmethod
    def new(cls, seed: int, names: Sequence[str], players: Sequence[str],
            target: int = TARGET) -> Match:
        """A new game; nothing played yet (the first seat rolls first).

        Raises:
            BadInputError: not two seats, a bad level or target.
        """
        options = {"names": list(names), "players": list(players), "target": target}
        check_options(options)
        return cls(seed, PigState(target=target), Chance(seed), options)

    @property
    def names(self) -> list[str]:
        """The seats' names."""
        return list(self.options["names"])

    @property
    def players(self) -> list[str]:
        """Each seat's kind: ``human`` or a computer's level."""
        return list(self.options["players"])

    def is_computer(self, seat: int) -> bool:
        """True when ``seat`` is played by the computer."""
        return 0 <= seat < 2 and self.players[seat] != HUMAN

    def apply(self, action: Action | str) -> None:
        """Apply a seat's move, then the dice that answer a roll.

        Raises:
            BadInputError: unreadable text; IllegalMoveError: not legal now (the dice are
                the game's); nothing changes either way.
        """
        act = parse_action(action) if isinstance(action, str) else action
        if isinstance(act, Dice):
            raise IllegalMoveError("the dice are rolled by the game, not chosen: roll")
        seat = self.state.current_player()
        self.state.apply_action(act)
        self.actions.append(str(act))
        self.actors.append(seat)
        while self.state.current_player() == CHANCE:
            dice = self.chance.choice([d for d, _ in self.state.chance_outcomes()])
            self.state.apply_action(dice)
            self.actions.append(str(dice))
            self.actors.append(CHANCE)

    def computer_action(self) -> Action:
        """The computer seat's move now (a computer must be to act)."""
        return computer_choice(self.state, self.players[self.state.current_player()])

    def step(self) -> bool:
        """Play the computer seat's move when one is to act; False when none is."""
        if not self.is_computer(self.state.current_player()):
            return False
        self.apply(self.computer_action())
        return True

    def record(self) -> GameRecord:
        """The match as a game record."""
        return GameRecord(GAME, RULES_VERSION, dict(self.options), self.seed,
                          tuple(self.actions))

    @classmethod
    def from_record(cls, record: GameRecord) -> Match:
        """The match of ``record``, replayed through the rules and checked.

        Raises:
            RecordError: another game or rules version, bad options, too many actions, an
                illegal action, dice that are not the game number's, or a move the computer
                seat would not make.
        """
        record.check(GAME, RULES_VERSION, "Pig")
        try:
            check_options(record.options)
        except BadInputError as exc:
            raise RecordError(f"bad record: {exc}") from None
        most = max_actions(record.options["target"])
        if len(record.actions) > most:
            raise RecordError(f"bad record: {len(record.actions):,} actions; a game holds at "
                              f"most {most:,}")
        m = cls(record.seed, PigState(target=record.options["target"]), Chance(record.seed),
                dict(record.options))
        for i, text in enumerate(record.actions):
            try:
                act = parse_action(text)
                seat = m.state.current_player()
                if seat == CHANCE:
                    rolled = m.chance.choice([d for d, _ in m.state.chance_outcomes()])
                    if act != rolled:
                        raise GameshelfError(f"game number {m.seed} rolls {rolled} here")
                elif m.is_computer(seat) and act != (mine := m.computer_action()):
                    raise GameshelfError(f"{m.names[seat]} plays {mine} here")
                m.state.apply_action(act)
            except GameshelfError as exc:
                raise RecordError(f"bad record: action {i + 1} ({quote(text)}): "
                                  f"{exc}") from None
            m.actions.append(text)
            m.actors.append(seat)
        return m


def check_options(options: dict[str, Any]) -> None:
    """Refuse options a game cannot have: two names, two players (``human`` or a level),
    a whole-number target in range.

    Raises:
        BadInputError: what is wrong, in one line.
    """
    names, players = options.get("names"), options.get("players")
    if not (isinstance(names, list) and len(names) == 2
            and all(isinstance(n, str) and n.strip() for n in names)):
        raise BadInputError("Pig is for two: give two names")
    if not (isinstance(players, list) and len(players) == 2
            and all(isinstance(p, str) for p in players)):
        raise BadInputError("Pig is for two: give two players (human or holdN)")
    for p in players:
        if p != HUMAN and parse_level(p) != p:
            raise BadInputError(f"not a player of Pig: {quote(p)}")
    PigState(target=options.get("target"))  # type: ignore[arg-type]  # checked there
