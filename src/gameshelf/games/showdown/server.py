"""Pinball Showdown as the game server plays it: each seat sees its own hand and offer only.

The adapter over the game's ``Match`` that ``gameshelf serve`` drives (see
:class:`gameshelf.server.games.Game`). Pure: no I/O.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from gameshelf.core.chance import Chance
from gameshelf.core.errors import IllegalMoveError
from gameshelf.core.records import GameRecord
from gameshelf.core.state import CHANCE
from gameshelf.games.showdown.actions import parse_action
from gameshelf.games.showdown.game import new_game
from gameshelf.games.showdown.match import HUMAN, MAX_NAME_LENGTH, Match, Seat
from gameshelf.games.showdown.options import ShowdownOptions
from gameshelf.games.showdown.players import PLAYER_KINDS, make_player
from gameshelf.games.showdown.steps import MAX_PLAYERS, MIN_PLAYERS
from gameshelf.games.showdown.table import Phase
from gameshelf.games.showdown.view import showdown_view, showdown_views
from gameshelf.server.games import Game, SeatPlan, check_seats


class ShowdownGame(Game):
    """Pinball Showdown: each seat sees its own hand and offer only."""

    key = "showdown"
    #: the fast computer player: open seats, computer seats given no level, stand-ins
    default_level = ShowdownOptions.QUICK_LEVEL
    #: levels whose moves may take long (the search):
    #: a room with one is worked out in a worker thread
    slow_levels = frozenset({"search"})

    def __init__(self, match: Any) -> None:
        self.match: Match = match
        self._actors: list[int] = []
        #: the engine's log lines each action wrote (all public: offers are "a card")
        self._lines: list[tuple[str, ...]] = []
        self._replay_actors()

    def _replay_actors(self) -> None:
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
    def check_setup(cls, seats: Sequence[SeatPlan], options: dict[str, Any], *,
                    stored: bool = False) -> None:
        check_seats(seats, "Pinball Showdown", (MIN_PLAYERS, MAX_PLAYERS),
                    lambda: ShowdownOptions.from_json(options), PLAYER_KINDS, "Showdown",
                    MAX_NAME_LENGTH, stored=stored)

    @classmethod
    def new(cls, seats: Sequence[SeatPlan], options: dict[str, Any], seed: int) -> Game:
        plan = [Seat(s.name, HUMAN if s.kind == "person"
                     else s.level or cls.default_level) for s in seats]
        return cls(Match(plan, seed))

    @classmethod
    def from_record(cls, record: GameRecord) -> Game:
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

    def extend(self, actions: Sequence[str]) -> bool:
        """Apply another process's actions through the match's replay
        (:meth:`Match.replay`: every deal and reveal checked against the game number, every
        computer move against its player's), noting who played each and the log lines it
        wrote, as a rebuilt game does."""
        for text in actions:
            who, before = self.match.to_act(), len(self.match.state.log or ())
            self.match.replay([text])
            self._noted(who, before)
        return True

    def stand_in(self, seat: int) -> str:
        rng = Chance(self.match.seed).derive(f"stand-in/{seat}/{len(self.match.actions)}")
        player = make_player(self.default_level, rng)
        st = self.match.state
        return str(player.choose(st.view(seat), st.legal_actions()))

    def view(self, seat: int) -> dict[str, Any]:
        return showdown_view(self.match, seat)

    def views(self, seats: list[int]) -> list[dict[str, Any]]:
        return showdown_views(self.match, seats)

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

    def prompt(self, seat: int) -> str:
        if self.to_act() != seat:
            return ""
        st = self.match.state
        if st.phase is Phase.OFFER:
            return "offer a card from your hand face down (offer CARD)"
        if st.phase is Phase.TAKE:
            return "take an unclaimed card (take CARD)"
        if st.pending_return is not None:
            return "you were outbid: flip how many returned tokens to speed? (flip N)"
        return "bid, raise speed, buy, or done (bid CARD TOKENS, speed N, buy CARD, done)"

    def hint(self, seat: int) -> Callable[[], list[str]]:
        """The search player's advice for ``seat`` (the terminal's hint), from that seat's
        view and legal actions: worlds sampled from what it sees, never the hidden hands."""
        st = self.match.state
        view, legal = st.view(seat), list(st.legal_actions())
        # start-up: the coach (its sampling player) loads only when a hint is asked
        from gameshelf.games.showdown import coach

        return lambda: coach.hint(view, legal).lines()

    def review(self, seat: int) -> list[str]:
        """Each of ``seat``'s decisions that cost final margin by the search player's
        estimate, worst first (the terminal's review)."""
        # start-up: the coach (its sampling player) loads only when a review is asked
        from gameshelf.games.showdown import coach

        return coach.review(self.record(), [seat]).lines()

    @classmethod
    def load_test_choice(cls, legal: Sequence[str], rng: random.Random) -> str:
        """End the use of control tokens more often than not."""
        if "done" in legal and rng.random() < 0.7:
            return "done"
        return rng.choice(list(legal))

