"""Muggins as the game server plays it (:class:`gameshelf.server.games.Game` over the
game's ``Match``): each seat sees its own rack only. Pure."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

from gameshelf.core.chance import Chance
from gameshelf.core.errors import BadInputError, IllegalMoveError
from gameshelf.core.records import GameRecord
from gameshelf.core.state import CHANCE
from gameshelf.games.muggins.game import Take, parse_action
from gameshelf.games.muggins.match import MUGSY, Match, event_words
from gameshelf.games.muggins.mugsy import Mugsy, parse_level
from gameshelf.games.muggins.options import MugginsOptions
from gameshelf.games.muggins.view import MugginsView, muggins_views
from gameshelf.server.games import Game, SeatPlan, check_names


class MugginsGame(Game):
    """Muggins: seat 0 a person, seat 1 a person or Mugsy; each sees its own rack only."""

    key = "muggins"
    #: the fast computer player: open seats, computer seats given no level, stand-ins
    default_level = MugginsOptions.QUICK_LEVEL
    #: levels whose moves may take long (strong Mugsy samples deals):
    #: a room with one is worked out in a worker thread
    slow_levels = frozenset({"strong"})
    #: The target of a room kept with none: rooms created before the online default was the
    #: rulebook's (R-MG-8) kept no target and were played to 250; a room created now keeps
    #: its target (:meth:`kept_options`).
    UNKEPT_TARGET = 250

    def __init__(self, match: Any, names: Sequence[str]) -> None:
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
        """Who played each action of the match and the events it caused, replayed through
        the driver (the match was checked when it was rebuilt)."""
        walk = Match.start(self.match.record())
        self._actors, marks = [], []
        for _ in walk.replay(self.match.actions, check=False):
            self._actors.append(walk.state.current_player())
            marks.append(len(walk.state.events))
        marks.append(len(walk.state.events))
        self._events = [tuple(walk.state.events[a:b]) for a, b in pairwise(marks)]

    @classmethod
    def check_setup(cls, seats: Sequence[SeatPlan], options: dict[str, Any], *,
                    stored: bool = False) -> None:
        if len(seats) != 2:
            raise BadInputError("Muggins online is for two: two people, or a person and "
                                "Mugsy")
        if seats[0].kind != "person":
            raise BadInputError("Muggins: the first seat is a person's (Mugsy sits second)")
        MugginsOptions.from_json(options)
        if seats[1].kind == "computer" and seats[1].level:
            parse_level(seats[1].level)
        check_names(seats, 20, stored=stored)

    @classmethod
    def new(cls, seats: Sequence[SeatPlan], options: dict[str, Any], seed: int) -> Game:
        opts: dict[str, Any] = {"names": [s.name for s in seats]}
        if seats[1].kind == "person":
            opts["opponent"] = "person"
        else:
            opts["level"] = seats[1].level or cls.default_level
        rules = MugginsOptions.from_json({"target": cls.UNKEPT_TARGET, **options})
        return cls(Match.new(seed, rules.target, {**opts, **rules.to_json()}),
                   [s.name for s in seats])

    @classmethod
    def kept_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        """Every option, defaults filled in (the rulebook's target, 500, when none is
        given)."""
        return MugginsOptions.from_json(options).to_json()

    @classmethod
    def from_record(cls, record: GameRecord) -> Game:
        names = record.options.get("names")
        if not (isinstance(names, list) and len(names) == 2
                and all(isinstance(n, str) for n in names)):
            names = ["you", "Mugsy"]
        return cls(Match.from_record(record), names)

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
        if self.people or self.to_act() != MUGSY:
            return False
        before, events = len(self.match.actions), len(self.match.state.events)
        self.match.apply(self.match.mugsy_action())
        self._applied(MUGSY, before, events)
        return True

    def play(self, seat: int, text: str) -> None:
        if self.to_act() != seat or (seat == MUGSY and not self.people):
            raise IllegalMoveError("it is not this seat's turn")
        action = parse_action(text)
        if isinstance(action, Take):
            raise IllegalMoveError("tiles are taken from the boneyard by the game, not "
                                   "chosen: use draw")
        before, events = len(self.match.actions), len(self.match.state.events)
        self.match.apply(action)
        self._applied(seat, before, events)

    def extend(self, actions: Sequence[str]) -> bool:
        """Apply another process's actions through the match's replay (every tile drawn
        checked against the game number, every Mugsy move against Mugsy's), noting who
        played each and the events it caused, as a rebuilt game does."""
        for text in actions:
            seat, events = self.match.state.current_player(), len(self.match.state.events)
            for _ in self.match.replay([text]):
                pass
            self._actors.append(seat)
            self._events.append(tuple(self.match.state.events[events:]))
        taken = self.match.run_chance()     # as a rebuilt match does at its end
        self._actors.extend([CHANCE] * len(taken))
        self._events.extend([()] * len(taken))
        return True

    def stand_in(self, seat: int) -> str:
        rng = Chance(self.match.seed).derive(f"stand-in/{seat}/{len(self.match.actions)}")
        mugsy = Mugsy(self.default_level, rng, seat=seat)
        return str(mugsy.choose(MugginsView.of(self.match.state, seat)))

    def view(self, seat: int) -> dict[str, Any]:
        return MugginsView.of(self.match.state, seat, legal=False).to_json(self.seat_names)

    def views(self, seats: list[int]) -> list[dict[str, Any]]:
        return muggins_views(self.match.state, seats, self.seat_names)

    def actor(self, index: int) -> int:
        return self._actors[index]

    def public(self, index: int, viewer: int) -> str | None:
        if self._actors[index] == CHANCE:
            return None     # a tile dealt or drawn: the drawer sees it in its own rack
        return self.match.actions[index]

    def words(self, index: int, viewer: int) -> list[str]:
        """What action ``index`` did, in words, with ``You`` for ``viewer``: ``Bob played
        5-5 left: 10 points``, ``You drew a tile`` (never which), ``Round over: ...``."""
        names = [("You" if i == viewer else n) for i, n in enumerate(self.seat_names)]
        return [line for ev in self._events[index] if (line := event_words(ev, names))]

    def prompt(self, seat: int) -> str:
        if self.to_act() != seat:
            return ""
        return "play a tile on an end (TILE left or TILE right), draw, or pass"

    def hint(self, seat: int) -> Callable[[], list[str]]:
        """Strong Mugsy's advice for ``seat``'s rack (the terminal's hint), from that seat's
        view: samples of the tiles it cannot see, never the real ones."""
        view = MugginsView.of(self.match.state, seat)
        # start-up: the coach (its sampling player) loads only when a hint is asked
        from gameshelf.games.muggins import coach

        return lambda: coach.hint(view).lines()

    def review(self, seat: int) -> list[str]:
        """Each of ``seat``'s plays that cost points by strong Mugsy's estimate, worst
        first (the terminal's review)."""
        # start-up: the coach (its sampling player) loads only when a review is asked
        from gameshelf.games.muggins import coach

        return coach.review(self.record(), seat).lines()

    @classmethod
    def load_test_choice(cls, legal: Sequence[str], rng: random.Random) -> str:
        """Play a tile when one fits, else draw or pass."""
        plays = [a for a in legal if a not in ("draw", "pass")]
        return rng.choice(plays or list(legal))

