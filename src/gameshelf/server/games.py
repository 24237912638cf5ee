"""The games as the server plays them: one small adapter per game over its ``Match``.

Pure (no I/O). The engines decide everything; an adapter only maps the server's seats onto
the game's match, asks the match for chance and computer moves, and builds each seat's view
(:mod:`gameshelf.server.views`) and what that seat may know of each action (:meth:`Game.
public`). A game is rebuilt from its record exactly as a save is (``Match.from_record``),
which checks every chance event and computer move again.

Seats (:class:`SeatPlan`): ``person`` (someone at a client) or ``computer`` with a level in
the game's own words. A person away longer than the room's timeout is played for by
:meth:`Game.stand_in` (the game's default computer player), and that action is recorded like
any other.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError, IllegalMoveError
from gameshelf.core.inputs import check_name
from gameshelf.core.records import GameRecord
from gameshelf.core.state import CHANCE, TERMINAL
from gameshelf.server import views

#: Default computer levels (fast ones: a computer acting for an away person, an open seat
#: left at the start, a computer seat given no level).
DEFAULT_LEVEL = {"yatz": "greedy", "showdown": "heuristic", "muggins": "normal"}


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

    key: str = ""
    #: the game's own match (session layer), which keeps its record and actions
    match: Any

    @classmethod
    @abstractmethod
    def check_setup(cls, seats: Sequence[SeatPlan], options: dict[str, Any]) -> None:
        """Refuse seats or options this game cannot be played with.

        Raises:
            BadInputError: too few or many seats, an unknown level, a bad or unknown option.
        """

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

    @abstractmethod
    def to_act(self) -> int:
        """The seat to act, ``CHANCE`` (-1) or ``TERMINAL`` (-2)."""

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

    @abstractmethod
    def stand_in(self, seat: int) -> str:
        """The action a computer player of the default level chooses for person ``seat``
        (to act; away), as text."""

    @abstractmethod
    def legal(self, seat: int) -> list[str]:
        """``seat``'s legal actions as text (empty when not its turn)."""

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

    @abstractmethod
    def results(self) -> list[Result]:
        """The finished game's results, best first."""

    def prompt(self, seat: int) -> str:
        """What is asked of ``seat`` now, in words ("" when not its turn)."""
        return "your turn" if self.to_act() == seat else ""


def _check_names(seats: Sequence[SeatPlan], max_len: int) -> None:
    seen: set[str] = set()
    for s in seats:
        check_name(s.name, "a seat's name", max_len=max_len)
        if s.name.lower() in seen:
            raise BadInputError(f"two seats are called {s.name!r}")
        seen.add(s.name.lower())


def _only_options(options: dict[str, Any], allowed: Sequence[str]) -> None:
    extra = sorted(set(options) - set(allowed))
    if extra:
        raise BadInputError(f"unknown option {extra[0]!r} (this game takes "
                            f"{', '.join(allowed) or 'none'})")


# ----- Yatz ---------------------------------------------------------------------------------
class YatzGame(Game):
    """Yatz: every seat sees everything (no secrets); a roll is answered by the dice at once."""

    key = "yatz"

    def __init__(self, match: Any) -> None:
        from gameshelf.games.yatz.match import Match
        self.match: Match = match
        self._actors: list[int] = []
        self._texts: list[str] = []
        self._next = 0
        self._replay_actors()

    def _replay_actors(self) -> None:
        """Who acted each logged action: a dice outcome is chance, anything else the seat
        on turn (Yatz turns pass only by scoring). Extends the list over new log entries; a
        hold that replaced the hold before it (the last one counts) is the same seat's."""
        from gameshelf.games.yatz.game import Dice, Score
        n = len(self.match.seats)
        log_ = self.match.log
        if self._texts and len(log_) >= len(self._texts):
            self._texts[-1] = str(log_[len(self._texts) - 1])   # a hold replaced
        self._texts.extend(str(a) for a in log_[len(self._texts):])
        for a in log_[len(self._actors):]:
            if isinstance(a, Dice):
                self._actors.append(CHANCE)
            else:
                self._actors.append(self._next)
                if isinstance(a, Score):
                    self._next = (self._next + 1) % n

    @classmethod
    def check_setup(cls, seats: Sequence[SeatPlan], options: dict[str, Any]) -> None:
        from gameshelf.games.yatz.game import MAX_PLAYERS, MIN_PLAYERS
        from gameshelf.games.yatz.match import MAX_NAME_LENGTH
        from gameshelf.games.yatz.players import PLAYERS
        from gameshelf.games.yatz.scoring import rule_set
        if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
            raise BadInputError(f"Yatz is for {MIN_PLAYERS} to {MAX_PLAYERS} players")
        _only_options(options, ("rules",))
        if "rules" in options:
            if not isinstance(options["rules"], str):
                raise BadInputError("the option rules must be a rule set's name")
            rule_set(options["rules"])
        for s in seats:
            if s.kind == "computer" and s.level and s.level not in PLAYERS:
                raise BadInputError(f"no Yatz computer player {s.level!r} (one of "
                                    f"{', '.join(PLAYERS)})")
        _check_names(seats, MAX_NAME_LENGTH)

    @classmethod
    def new(cls, seats: Sequence[SeatPlan], options: dict[str, Any], seed: int) -> Game:
        from gameshelf.games.yatz.match import HUMAN, Match, Seat
        plan = [Seat(s.name, HUMAN if s.kind == "person" else s.level or DEFAULT_LEVEL["yatz"])
                for s in seats]
        return cls(Match(plan, seed, str(options.get("rules", "yatz"))))

    @classmethod
    def from_record(cls, record: GameRecord) -> Game:
        from gameshelf.games.yatz.match import Match
        return cls(Match.from_record(record))

    @property
    def actions(self) -> Sequence[str]:
        return self._texts

    def to_act(self) -> int:
        return self.match.state.current_player()

    def step(self) -> bool:
        if not self.match.is_computer_turn():
            return False
        self.match.step_computer()
        self._replay_actors()
        return True

    def play(self, seat: int, text: str) -> None:
        from gameshelf.games.yatz.game import Undo, parse_action
        if self.to_act() != seat or not self.match.seats[seat].is_human:
            raise IllegalMoveError("it is not this seat's turn")
        action = parse_action(text)
        if isinstance(action, Undo):
            raise IllegalMoveError("a box cannot be taken back in a game played online")
        self.match.act(action)
        self._replay_actors()

    def stand_in(self, seat: int) -> str:
        from gameshelf.games.yatz.players import make_player
        rng = Chance(self.match.seed).derive(f"stand-in/{seat}/{len(self.match.log)}")
        return str(make_player(DEFAULT_LEVEL["yatz"]).choose(self.match.state, rng))

    def legal(self, seat: int) -> list[str]:
        if self.to_act() != seat:
            return []
        return [str(a) for a in self.match.state.legal_actions()]

    def view(self, seat: int) -> dict[str, Any]:
        return views.yatz_view(self.match)

    def actor(self, index: int) -> int:
        return self._actors[index]

    def public(self, index: int, viewer: int) -> str | None:
        return self._texts[index]

    def results(self) -> list[Result]:
        st = self.match.state
        return places([st.grand_total(i) for i in range(len(self.match.seats))])

    def prompt(self, seat: int) -> str:
        if self.to_act() != seat:
            return ""
        st = self.match.state
        if not st.dice:
            return "roll the dice (roll)"
        return (f"{st.rolls_left} rolls left: hold dice (hold 1 3), roll, or score a box "
                "(score x2 chance)" if st.rolls_left else "score a box (score x2 chance)")


# ----- Showdown -----------------------------------------------------------------------------
class ShowdownGame(Game):
    """Pinball Showdown: each seat sees its own hand and offer only."""

    key = "showdown"

    def __init__(self, match: Any) -> None:
        from gameshelf.games.showdown.match import Match
        self.match: Match = match
        self._actors: list[int] = []
        #: the engine's log lines each action wrote (all public: offers are "a card")
        self._lines: list[tuple[str, ...]] = []
        self._replay_actors()

    def _replay_actors(self) -> None:
        from gameshelf.games.showdown.actions import parse_action
        from gameshelf.games.showdown.game import new_game
        st = new_game(self.match.deck, len(self.match.seats))
        st.names = self.match.state.names
        self._actors, self._lines = [], []
        for text in self.match.actions:
            self._actors.append(st.current_player())
            before = len(st.log or ())
            st.apply_action(parse_action(text))
            self._lines.append(tuple((st.log or [])[before:]))

    def _noted(self, who: int, before: int) -> None:
        self._actors.append(who)
        self._lines.append(tuple((self.match.state.log or [])[before:]))

    @classmethod
    def check_setup(cls, seats: Sequence[SeatPlan], options: dict[str, Any]) -> None:
        from gameshelf.games.showdown.game import MAX_PLAYERS, MIN_PLAYERS
        from gameshelf.games.showdown.match import MAX_NAME_LENGTH
        from gameshelf.games.showdown.players import PLAYER_KINDS
        if not MIN_PLAYERS <= len(seats) <= MAX_PLAYERS:
            raise BadInputError(f"Pinball Showdown is for {MIN_PLAYERS} to {MAX_PLAYERS} "
                                "players")
        _only_options(options, ())
        for s in seats:
            if s.kind == "computer" and s.level and s.level not in PLAYER_KINDS:
                raise BadInputError(f"no Showdown computer player {s.level!r} (one of "
                                    f"{', '.join(PLAYER_KINDS)})")
        _check_names(seats, MAX_NAME_LENGTH)

    @classmethod
    def new(cls, seats: Sequence[SeatPlan], options: dict[str, Any], seed: int) -> Game:
        from gameshelf.games.showdown.match import HUMAN, Match, Seat
        plan = [Seat(s.name, HUMAN if s.kind == "person"
                     else s.level or DEFAULT_LEVEL["showdown"]) for s in seats]
        return cls(Match(plan, seed))

    @classmethod
    def from_record(cls, record: GameRecord) -> Game:
        from gameshelf.games.showdown.match import Match
        return cls(Match.from_record(record))

    def to_act(self) -> int:
        return self.match.to_act()

    def step(self) -> bool:
        who = self.match.to_act()
        before = len(self.match.state.log or ())
        if self.match.step() is None:
            return False
        self._noted(who, before)
        return True

    def play(self, seat: int, text: str) -> None:
        if self.to_act() != seat or not self.match.seats[seat].is_human:
            raise IllegalMoveError("it is not this seat's turn")
        before = len(self.match.state.log or ())
        self.match.play(text)
        self._noted(seat, before)

    def stand_in(self, seat: int) -> str:
        from gameshelf.games.showdown.players import make_player
        rng = Chance(self.match.seed).derive(f"stand-in/{seat}/{len(self.match.actions)}")
        player = make_player(DEFAULT_LEVEL["showdown"], rng)
        st = self.match.state
        return str(player.choose(st.view(seat), st.legal_actions()))

    def legal(self, seat: int) -> list[str]:
        if self.to_act() != seat:
            return []
        return [str(a) for a in self.match.state.legal_actions()]

    def view(self, seat: int) -> dict[str, Any]:
        return views.showdown_view(self.match, seat)

    def views(self, seats: list[int]) -> list[dict[str, Any]]:
        return views.showdown_views(self.match, seats)

    def actor(self, index: int) -> int:
        return self._actors[index]

    def public(self, index: int, viewer: int) -> str | None:
        who = self._actors[index]
        text = self.match.actions[index]
        if who == CHANCE:
            return None          # the deal (the deck's order) and the shuffled reveal
        if text.startswith("offer") and who != viewer:
            return None          # face down until the reveal
        return text

    def words(self, index: int, viewer: int) -> list[str]:
        """The engine's own log lines of action ``index``: public to every seat (an offer
        is "Ann offers a card."; the deal names only the First Player and the open
        Combinations; a reveal shows what every seat sees turned up)."""
        return list(self._lines[index])

    def results(self) -> list[Result]:
        st = self.match.state
        return places([st.score(i).total for i in range(len(self.match.seats))])

    def prompt(self, seat: int) -> str:
        if self.to_act() != seat:
            return ""
        from gameshelf.games.showdown.game import Phase
        st = self.match.state
        if st.phase is Phase.OFFER:
            return "offer a card from your hand face down (offer CARD)"
        if st.phase is Phase.TAKE:
            return "take an unclaimed card (take CARD)"
        if st.pending_return is not None:
            return "you were outbid: flip how many returned tokens to speed? (flip N)"
        return "bid, raise speed, buy, or done (bid CARD TOKENS, speed N, buy CARD, done)"


# ----- Muggins ------------------------------------------------------------------------------
class MugginsGame(Game):
    """Muggins: seat 0 a person, seat 1 a person or Mugsy; each sees its own rack only."""

    key = "muggins"

    def __init__(self, match: Any, names: Sequence[str]) -> None:
        from gameshelf.games.muggins.match import Match
        self.match: Match = match
        self.seat_names = list(names)
        self._actors: list[int] = []
        #: the engine's public events each action caused (a draw's tile is never in one)
        self._events: list[tuple[Any, ...]] = []
        self._replay_actors()

    def names(self) -> list[str]:
        return list(self.seat_names)

    @property
    def people(self) -> bool:
        """True when seat 1 is a person (no Mugsy)."""
        return self.match.options.get("opponent") == "person"

    def _replay_actors(self) -> None:
        from gameshelf.games.muggins.game import MugginsState, parse_action
        st = MugginsState(target=self.match.state.target)
        self._actors, self._events = [], []
        for text in self.match.actions:
            self._actors.append(st.current_player())
            before = len(st.events)
            st.apply_action(parse_action(text))
            self._events.append(tuple(st.events[before:]))

    @classmethod
    def check_setup(cls, seats: Sequence[SeatPlan], options: dict[str, Any]) -> None:
        from gameshelf.games.muggins.game import MugginsState
        from gameshelf.games.muggins.mugsy import parse_level
        if len(seats) != 2:
            raise BadInputError("Muggins online is for two: two people, or a person and "
                                "Mugsy")
        if seats[0].kind != "person":
            raise BadInputError("Muggins: the first seat is a person's (Mugsy sits second)")
        _only_options(options, ("target",))
        target = options.get("target", 250)
        if not isinstance(target, int) or isinstance(target, bool):
            raise BadInputError("the option target must be a whole number of points")
        MugginsState(target=target)
        if seats[1].kind == "computer" and seats[1].level:
            parse_level(seats[1].level)
        _check_names(seats, 20)

    @classmethod
    def new(cls, seats: Sequence[SeatPlan], options: dict[str, Any], seed: int) -> Game:
        from gameshelf.games.muggins.match import Match
        opts: dict[str, Any] = {"names": [s.name for s in seats]}
        if seats[1].kind == "person":
            opts["opponent"] = "person"
        else:
            opts["level"] = seats[1].level or DEFAULT_LEVEL["muggins"]
        return cls(Match.new(seed, target=int(options.get("target", 250)), options=opts),
                   [s.name for s in seats])

    @classmethod
    def from_record(cls, record: GameRecord) -> Game:
        from gameshelf.games.muggins.match import Match
        names = record.options.get("names")
        if not (isinstance(names, list) and len(names) == 2
                and all(isinstance(n, str) for n in names)):
            names = ["you", "Mugsy"]
        return cls(Match.from_record(record), names)

    def to_act(self) -> int:
        return self.match.state.current_player()

    def _applied(self, seat: int, before: int, events: int) -> None:
        """Note who played the actions after ``before`` (the seat's, then the chance that
        answered it) and the events they caused (all the seat's action's: a take causes
        none)."""
        added = len(self.match.actions) - before - 1
        self._actors.append(seat)
        self._actors.extend([CHANCE] * added)
        self._events.append(tuple(self.match.state.events[events:]))
        self._events.extend([()] * added)

    def step(self) -> bool:
        from gameshelf.games.muggins.match import MUGSY
        if self.people or self.to_act() != MUGSY:
            return False
        before, events = len(self.match.actions), len(self.match.state.events)
        self.match.apply(self.match.mugsy_action())
        self._applied(MUGSY, before, events)
        return True

    def play(self, seat: int, text: str) -> None:
        from gameshelf.games.muggins.game import Take, parse_action
        from gameshelf.games.muggins.match import MUGSY
        if self.to_act() != seat or (seat == MUGSY and not self.people):
            raise IllegalMoveError("it is not this seat's turn")
        action = parse_action(text)
        if isinstance(action, Take):
            raise IllegalMoveError("tiles are taken from the boneyard by the game, not "
                                   "chosen: use draw")
        before, events = len(self.match.actions), len(self.match.state.events)
        self.match.apply(action)
        self._applied(seat, before, events)

    def stand_in(self, seat: int) -> str:
        from gameshelf.games.muggins.mugsy import Mugsy
        rng = Chance(self.match.seed).derive(f"stand-in/{seat}/{len(self.match.actions)}")
        mugsy = Mugsy(DEFAULT_LEVEL["muggins"], rng, seat=seat)
        return str(mugsy.choose(self.match.state.view(seat)))

    def legal(self, seat: int) -> list[str]:
        if self.to_act() != seat:
            return []
        return [str(a) for a in self.match.state.legal_actions()]

    def view(self, seat: int) -> dict[str, Any]:
        return views.muggins_view(self.match, seat, self.seat_names)

    def actor(self, index: int) -> int:
        return self._actors[index]

    def public(self, index: int, viewer: int) -> str | None:
        if self._actors[index] == CHANCE:
            return None     # a tile dealt or drawn: the drawer sees it in its own rack
        return self.match.actions[index]

    def words(self, index: int, viewer: int) -> list[str]:
        """What action ``index`` did, in words, with ``You`` for ``viewer``: ``Bob played
        5-5 left: 10 points``, ``You drew a tile`` (never which), ``Round over: ...``."""
        from gameshelf.games.muggins.match import event_words
        names = [("You" if i == viewer else n) for i, n in enumerate(self.seat_names)]
        return [line for ev in self._events[index] if (line := event_words(ev, names))]

    def results(self) -> list[Result]:
        return places(list(self.match.state.scores))

    def prompt(self, seat: int) -> str:
        if self.to_act() != seat:
            return ""
        return "play a tile on an end (TILE left or TILE right), draw, or pass"


GAMES: dict[str, type[Game]] = {"yatz": YatzGame, "showdown": ShowdownGame,
                                "muggins": MugginsGame}


def game_of_record(record: GameRecord) -> Game:
    """The server game of a record (its ``game`` field names which).

    Raises:
        RecordError: an unknown game or a record that does not replay.
    """
    from gameshelf.core.errors import RecordError
    cls = GAMES.get(record.game)
    if cls is None:
        raise RecordError(f"not a game played online: {record.game!r}")
    return cls.from_record(record)
