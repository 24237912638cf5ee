"""The games as the server plays them: one small adapter per game over its ``Match``.

Pure (no I/O). The engines decide everything; an adapter only maps the server's seats onto
the game's match, asks it for chance and computer moves, and builds each seat's view and
what that seat may know of each action (:meth:`Game.public`). A game is rebuilt from its
record exactly as a save is (``Match.from_record``). A person away longer than the room's
timeout is played for by :meth:`Game.stand_in`, recorded like any other action.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from gameshelf.core.errors import BadInputError, GameshelfError, RecordError
from gameshelf.core.gamedef import GameDef
from gameshelf.core.inputs import check_name
from gameshelf.core.options import GameOptions
from gameshelf.core.records import GameRecord
from gameshelf.core.state import TERMINAL
from gameshelf.games import REGISTRY
from gameshelf.session.ending import rules_of


@dataclass(frozen=True)
class SeatPlan:
    """A seat as the game is set up: ``kind`` ``person`` or ``computer``, its name, and a
    computer's level."""

    kind: str
    name: str
    level: str = ""


@dataclass(frozen=True)
class Result:
    """One seat's end: points and place (1 = best; equal points share a place)."""

    seat: int
    score: int
    place: int


def places(points: Sequence[int]) -> list[Result]:
    """Results best first; equal points share a place."""
    order = sorted(range(len(points)), key=lambda i: (-points[i], i))
    out: list[Result] = []
    for n, i in enumerate(order):
        place = out[-1].place if out and out[-1].score == points[i] else n + 1
        out.append(Result(i, points[i], place))
    return out


class Game(ABC):
    """One game being played on the server."""

    key: ClassVar[str] = ""
    #: the default computer level, a fast one: a computer acting for an away person, an
    #: open seat left at the start, a computer seat given no level
    default_level: ClassVar[str] = ""
    #: the computer levels whose moves may take long (a solver, a search): a room with one
    #: has its actions worked out in a worker thread
    slow_levels: ClassVar[frozenset[str]] = frozenset()
    #: the game's own match (session layer), which keeps its record and actions
    match: Any

    @classmethod
    def computer_name(cls, number: int, taken: Collection[str] = ()) -> str:
        """The name of the ``number``-th computer seat a room fills in, none of ``taken``:
        the game's own (its options' :meth:`~gameshelf.core.options.GameOptions.
        computer_name`, as the terminal names it: ``CPU 1``, ``Mugsy``)."""
        options: type[GameOptions] = REGISTRY.get(cls.key).load("options")
        return options.computer_name(number, taken)

    @classmethod
    def load_test_choice(cls, legal: Sequence[str], rng: random.Random) -> str:
        """A load-test client's pick among ``legal`` action texts (a game may favour
        moves that keep a game going at a human pace); by default any."""
        return rng.choice(list(legal))

    @classmethod
    @abstractmethod
    def check_setup(cls, seats: Sequence[SeatPlan], options: dict[str, Any], *,
                    stored: bool = False) -> None:
        """Refuse seats or options this game cannot be played with. ``stored``: the seats'
        names were taken before (a room's, at its start: checked when they were taken, or
        stored by an earlier version), so they are checked as stored names are
        (:func:`~gameshelf.core.inputs.check_name`), never lost to a newer rule.

        Raises:
            BadInputError: too few or many seats, an unknown level, a bad or unknown option.
        """

    @classmethod
    def kept_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        """The options a new room keeps (``options`` passed :meth:`check_setup`): as given,
        by default; a game fills in the defaults it has, so that the room's game stays the
        one created when a later version changes a default."""
        return dict(options)

    @classmethod
    @abstractmethod
    def new(cls, seats: Sequence[SeatPlan], options: dict[str, Any], seed: int) -> Game:
        """A new game (nothing played yet)."""

    @classmethod
    @abstractmethod
    def from_record(cls, record: GameRecord) -> Game:
        """The game of a record, replayed and checked.

        Raises:
            RecordError: the record does not replay.
        """

    def record(self) -> GameRecord:
        """The game so far as a record."""
        return self.match.record()  # type: ignore[no-any-return]

    @property
    def actions(self) -> Sequence[str]:
        """Every action so far, chance included, as text (the match's own list: read it,
        do not keep it). Only Yatz ever changes an entry: a hold right after a hold
        replaces it (the last one counts)."""
        return self.match.actions  # type: ignore[no-any-return]

    def to_act(self) -> int:
        """The seat to act, ``CHANCE`` (-1) or ``TERMINAL`` (-2): by default the match
        state's ``current_player()``."""
        seat: int = self.match.state.current_player()
        return seat

    def is_over(self) -> bool:
        """True once the game is over."""
        return self.to_act() == TERMINAL

    @abstractmethod
    def step(self) -> bool:
        """Apply the chance event or computer seat's move due now. False (nothing done) when
        a person is to act or the game is over."""

    @abstractmethod
    def play(self, seat: int, text: str) -> None:
        """Apply person ``seat``'s action text (it must be that seat's turn), and the chance
        that answers it at once where the game's match does so (a Yatz roll, a Muggins draw).

        Raises:
            BadInputError / IllegalMoveError: refused; nothing changes.
        """

    def extend(self, actions: Sequence[str]) -> bool:
        """Apply ``actions``, recorded after this game's own by another server process
        (chance and computer moves included), checked as a record's replay checks them,
        so this game stands as one rebuilt from the longer record would. Returns False
        when this game does not do so (by default): the room is then rebuilt from its
        whole record.

        Raises:
            RecordError: an action the replay refuses (the room is then rebuilt).
        """
        return False

    @abstractmethod
    def stand_in(self, seat: int) -> str:
        """The action a computer player of the default level chooses for person ``seat``
        (to act; away), as text."""

    def legal(self, seat: int) -> list[str]:
        """``seat``'s legal actions as text (empty when not its turn): by default the
        match state's."""
        if self.to_act() != seat:
            return []
        return [str(a) for a in self.match.state.legal_actions()]

    @abstractmethod
    def view(self, seat: int) -> dict[str, Any]:
        """``seat``'s view (JSON), built from the engine's own view for that seat."""

    def views(self, seats: list[int]) -> list[dict[str, Any]]:
        """:meth:`view` of each of ``seats`` (a game may share the work between them)."""
        return [self.view(s) for s in seats]

    @abstractmethod
    def actor(self, index: int) -> int:
        """Who played action ``index`` (0-based): a seat or -1 for chance."""

    @abstractmethod
    def public(self, index: int, viewer: int) -> str | None:
        """Action ``index``'s text when ``viewer`` may know it, else None."""

    def names(self) -> list[str]:
        """The seats' names in order."""
        return [s.name for s in self.match.seats]

    def words(self, index: int, viewer: int) -> list[str]:
        """The log lines action ``index`` (0-based) wrote, in words, as ``viewer`` may know
        them (never a hidden card or tile); by default the actor's name and the action's
        public text (``Ann: score x2 chance``), nothing for chance or a hidden action."""
        text = self.public(index, viewer)
        who = self.actor(index)
        names = self.names()
        if text is None or not 0 <= who < len(names):
            return []
        return [f"{names[who]}: {' '.join(text.split())}"]

    def results(self) -> list[Result]:
        """The finished game's results, best first: each seat's points, from the game's
        ``end`` part (:class:`~gameshelf.session.ending.EndRules`), and its place."""
        return places(list(rules_of(self.key).points(self.match)))

    def prompt(self, seat: int) -> str:
        """What is asked of ``seat`` now, in words ("" when not its turn)."""
        return "your turn" if self.to_act() == seat else ""

    def hint(self, seat: int) -> Callable[[], list[str]] | None:
        """The coach's advice for ``seat`` (to act) as work to do: a function giving lines
        of text (the best choice first), made from a copy of what that seat may see taken
        now, so it runs in a worker thread while the game goes on and never reads another
        seat's hand. None (the default): the game has no coach."""
        return None

    @classmethod
    def coached(cls) -> bool:
        """True when the game has a coach (it gives :meth:`hint` and :meth:`review`)."""
        return cls.hint is not Game.hint

    def review(self, seat: int) -> list[str] | None:
        """The coach's review of ``seat``'s decisions in this finished game, in lines of
        text (the costly ones, worst first), as the terminal's review shows it; slow (a
        worker thread runs it). None (the default): the game has no coach."""
        return None


def check_seats(seats: Sequence[SeatPlan], title: str, players: tuple[int, int],
                options: Callable[[], object], levels: Collection[str], who: str,
                max_len: int, *, stored: bool = False) -> None:
    """A game's check of a room's seats, in this order: as many seats as ``players``
    (least, most), ``options()`` (the game's reading of its options, raising its own
    refusal), each computer's level one of ``levels`` (none: the default), then the names.

    Raises:
        BadInputError: ``TITLE is for 2 to 6 players``, ``no WHO computer player 'x' (one
            of ...)``, the options' refusal, a bad or repeated name.
    """
    low, high = players
    if not low <= len(seats) <= high:
        raise BadInputError(f"{title} is for {low} to {high} players")
    options()
    for s in seats:
        if s.kind == "computer" and s.level and s.level not in levels:
            raise BadInputError(f"no {who} computer player {s.level!r} (one of "
                                f"{', '.join(levels)})")
    check_names(seats, max_len, stored=stored)


def check_names(seats: Sequence[SeatPlan], max_len: int, *, stored: bool = False) -> None:
    """Each seat's name a name (:func:`~gameshelf.core.inputs.check_name`; ``stored``: as
    stored names are), no two alike once tidied (NFC, blanks folded) whatever their case.

    Raises:
        BadInputError: a name refused, or two seats of one name.
    """
    seen: set[str] = set()
    for s in seats:
        name = check_name(s.name, "a seat's name", max_len=max_len, stored=stored).casefold()
        if name in seen:
            raise BadInputError(f"two seats are called {s.name!r}")
        seen.add(name)


def game_class(key: str) -> type[Game]:
    """The server adapter of game ``key`` (its ``server`` part).

    Raises:
        UnknownGameError: a game the registry does not have, or one not played online.
    """
    cls: type[Game] = REGISTRY.get(key).load("server")
    return cls


def playable_games() -> tuple[GameDef, ...]:
    """The games the server plays, in the registry's order: those whose ``server`` part
    loads and is a :class:`Game` (a badly made game is left out, the others still play)."""
    return REGISTRY.working("server").games


def playable() -> tuple[str, ...]:
    """The keys of the games the server plays, in the registry's order."""
    return tuple(g.key for g in playable_games())


def not_served() -> dict[str, str]:
    """The badly made games the server leaves out: key -> why, in one line (their
    ``server`` part, or their ``web`` part: served then without a page)."""
    return {**REGISTRY.working("web").broken, **REGISTRY.working("server").broken}


def game_of_record(record: GameRecord) -> Game:
    """The server game of a record (its ``game`` field names which).

    Raises:
        RecordError: an unknown game or a record that does not replay.
    """
    if record.game not in playable():
        raise RecordError(f"not a game played online: {record.game!r}")
    return game_class(record.game).from_record(record)


def reread(game: Game, record: GameRecord) -> Game:
    """``game`` brought up to ``record``, the room's record as stored now (by another server
    process, say): when the record continues ``game`` (the same game, rules version,
    options and seed, and ``game``'s actions its first ones), ``game`` itself extended by
    the rest (:meth:`Game.extend`, every chance outcome and computer move checked);
    otherwise the game rebuilt in full from the record (:meth:`Game.from_record`): a
    record whose first actions differ from the game's (a Yatz hold replaced meanwhile),
    a game that does not extend, or new actions its replay refuses (the game held is left
    half-way and dropped). The stored record is what counts, not the game this process
    held, so a mismatch is rebuilt rather than refused with an error.

    Raises:
        RecordError: the record itself does not replay.
    """
    mine = game.record()
    known = len(game.actions)
    if (record.game, record.rules_version, record.options, record.seed) == (
            mine.game, mine.rules_version, mine.options, mine.seed) \
            and tuple(record.actions[:known]) == tuple(game.actions):
        try:
            if game.extend(record.actions[known:]):
                return game
        except GameshelfError:
            pass
    return type(game).from_record(record)
