"""Yatz as the game server plays it: every seat sees everything.

The adapter over the game's ``Match`` that ``gameshelf serve`` drives (see
:class:`gameshelf.server.games.Game`). Pure: no I/O.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

from gameshelf.core.chance import Chance
from gameshelf.core.errors import IllegalMoveError
from gameshelf.core.records import GameRecord
from gameshelf.core.state import CHANCE
from gameshelf.games.yatz.game import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Action,
    Dice,
    Hold,
    Roll,
    Score,
    Undo,
    YatzState,
)
from gameshelf.games.yatz.match import HUMAN, MAX_NAME_LENGTH, Match, Seat
from gameshelf.games.yatz.options import YatzOptions
from gameshelf.games.yatz.players import PLAYERS, make_player
from gameshelf.games.yatz.scoring import rule_set
from gameshelf.games.yatz.view import yatz_view
from gameshelf.server.games import Game, SeatPlan, check_seats


@cache
def _text(action: Action) -> str:
    """An action's text (``hold 1 3``, ``score x2 chance``): there are 72 legal ones at
    most (roll, the 32 holds, none held included, and 39 boxes), so every one is kept."""
    return str(action)


class YatzGame(Game):
    """Yatz: every seat sees everything (no secrets); a roll is answered by the dice at once."""

    key = "yatz"
    #: the fast computer player: open seats, computer seats given no level, stand-ins
    default_level = YatzOptions.QUICK_LEVEL
    #: levels whose moves may take long (the turn plans of the solver):
    #: a room with one is worked out in a worker thread
    slow_levels = frozenset({"strong", "winner"})

    def __init__(self, match: Any) -> None:
        self.match: Match = match
        self._actors: list[int] = []
        self._texts: list[str] = []
        self._next = 0
        #: each logged action's words after its actor's name ("" for none), and the state
        #: they were told from (the game's own state, stepped along the log)
        self._said: list[str] = []
        self._told = YatzState(len(match.seats), rule_set(match.rules))
        self._replay_actors()

    def _replay_actors(self) -> None:
        """Who acted each logged action: a dice outcome is chance, anything else the seat
        on turn (Yatz turns pass only by scoring). Extends the list over new log entries; a
        hold that replaced the hold before it (the last one counts) is the same seat's."""
        n = len(self.match.seats)
        log_ = self.match.log
        if self._texts and len(log_) >= len(self._texts):
            replaced = str(log_[len(self._texts) - 1])
            if replaced != self._texts[-1]:     # a hold replaced: its words told again
                self._said = []
                self._told = YatzState(n, rule_set(self.match.rules))
            self._texts[-1] = replaced
        for a in log_[len(self._said):]:
            self._said.append("")
            self._tell(a)
        self._texts.extend(str(a) for a in log_[len(self._texts):])
        for a in log_[len(self._actors):]:
            if isinstance(a, Dice):
                self._actors.append(CHANCE)
            else:
                self._actors.append(self._next)
                if isinstance(a, Score):
                    self._next = (self._next + 1) % n

    def _tell(self, action: Action | Undo) -> None:
        """The words of ``action`` (the log's newest), told from the state before it, which
        it then moves on: a roll is said with its dice once they come (``rolled 2 5 6,
        keeping 4 4``), a hold with the faces held, a box with its points (an undo, which
        a room refuses, says nothing)."""
        st = self._told
        if isinstance(action, Undo):
            return
        if isinstance(action, Dice):
            kept = [d for p, d in enumerate(st.dice) if st.held >> p & 1] if st.dice else []
            keeping = f", keeping {' '.join(map(str, kept))}" if kept else ""
            self._said[-2] = f"rolled {' '.join(map(str, action.faces))}{keeping}."
        elif isinstance(action, Hold):
            faces = [st.dice[p - 1] for p in action.positions if 0 < p <= len(st.dice)]
            where = [str(p) for p in action.positions if 0 < p <= len(st.dice)]
            if faces:          # (a hold of no die, which releases every die, has none)
                dice = f"{', '.join(where[:-1])} and {where[-1]}" if len(where) > 1 else where[0]
                self._said[-1] = (f"held {' '.join(map(str, faces))} "
                                  f"({'dice' if len(where) > 1 else 'die'} {dice}).")
            else:
                self._said[-1] = "released every die."
        elif isinstance(action, Score):
            points, mult = st.points(action.box), action.column + 1
            also = f"; {points * mult} with x{mult}" if mult > 1 else ""
            self._said[-1] = (f"scored {points} in x{mult} {action.box.label} "
                              f"({' '.join(map(str, st.dice))}{also}).")
        elif isinstance(action, Roll):
            self._said[-1] = "rolled."      # (its dice, once they come, say more)
        st.apply_action(action)

    @classmethod
    def check_setup(cls, seats: Sequence[SeatPlan], options: dict[str, Any], *,
                    stored: bool = False) -> None:
        check_seats(seats, "Yatz", (MIN_PLAYERS, MAX_PLAYERS),
                    lambda: YatzOptions.from_json(options), PLAYERS, "Yatz", MAX_NAME_LENGTH,
                    stored=stored)

    @classmethod
    def new(cls, seats: Sequence[SeatPlan], options: dict[str, Any], seed: int) -> Game:
        plan = [Seat(s.name, HUMAN if s.kind == "person" else s.level or cls.default_level)
                for s in seats]
        # the names were checked when the server took them, or stored by an earlier
        # version (a room rebuilt): checked as stored names, never lost to a newer rule
        return cls(Match(plan, seed, YatzOptions.from_json(options).rules, stored=True))

    @classmethod
    def from_record(cls, record: GameRecord) -> Game:
        return cls(Match.from_record(record))

    @property
    def actions(self) -> Sequence[str]:
        return self._texts

    def step(self) -> bool:
        if not self.match.is_computer_turn():
            return False
        self.match.step_computer()
        self._replay_actors()
        return True

    def play(self, seat: int, text: str) -> None:
        if self.to_act() != seat or not self.match.seats[seat].is_human:
            raise IllegalMoveError("it is not this seat's turn")
        self.match.act(text)
        self._replay_actors()

    def extend(self, actions: Sequence[str]) -> bool:
        """Apply another process's actions through the match's replay
        (:meth:`Match.replay`: every die checked against the game number, every computer
        move against its player's), then note who played each and its words, as a
        rebuilt game does."""
        self.match.replay(actions)
        self._replay_actors()
        return True

    def stand_in(self, seat: int) -> str:
        rng = Chance(self.match.seed).derive(f"stand-in/{seat}/{len(self.match.log)}")
        return str(make_player(self.default_level).choose(self.match.state, rng))

    def legal(self, seat: int) -> list[str]:
        """``seat``'s legal actions as text (empty when not its turn), each action's text
        written once per process (:func:`_text`: a turn lists some 70 of the same few)."""
        if self.to_act() != seat:
            return []
        return [_text(a) for a in self.match.state.legal_actions()]

    def view(self, seat: int) -> dict[str, Any]:
        return yatz_view(self.match)

    def views(self, seats: list[int]) -> list[dict[str, Any]]:
        """The table once, the same object for every seat (everyone sees all of it)."""
        if not seats:
            return []
        return [yatz_view(self.match)] * len(seats)

    def actor(self, index: int) -> int:
        return self._actors[index]

    def words(self, index: int, viewer: int) -> list[str]:
        """What action ``index`` did, in words, ``You`` for ``viewer``: ``Ann rolled 3 4 1
        6 6.``, ``You held 6 6 (dice 4 and 5).``, ``Ann scored 25 in x2 Full House (2 2 5 5
        5; 50 with x2).``; nothing for the dice themselves (their roll says them)."""
        who, said = self._actors[index], self._said[index]
        if not said or who < 0:
            return []
        names = self.names()
        return [f"{'You' if who == viewer else names[who]} {said}"]

    def public(self, index: int, viewer: int) -> str | None:
        return self._texts[index]

    def prompt(self, seat: int) -> str:
        if self.to_act() != seat:
            return ""
        st = self.match.state
        if not st.dice:
            return "roll the dice (roll)"
        return (f"{st.rolls_left} rolls left: hold dice (hold 1 3), roll, or score a box "
                "(score x2 chance)" if st.rolls_left else "score a box (score x2 chance)")

    def hint(self, seat: int) -> Callable[[], list[str]]:
        """The strong player's advice for the dice on the table (the terminal's hint):
        the best hold and box and each option's expected final score; before the turn's
        first roll, a line saying to roll. The first hint may wait for the strong player's
        tables (solved once, then cached)."""
        state = self.match.state.clone()
        if not state.dice:
            return lambda: ["Roll first: the hint weighs the dice rolled (what to hold, "
                            "which box to fill)."]

        def advice() -> list[str]:
            # start-up: the strong player's tables (numba) load only when a hint is asked
            from gameshelf.games.yatz.strong import hint

            return hint(state).lines()
        return advice

    def review(self, seat: int) -> list[str]:
        """Each of ``seat``'s holds and boxes that cost expected points by the strong
        player's tables (the terminal's review), then its total."""
        # start-up: the strong player's tables (numba) load only when a review is asked
        from gameshelf.games.yatz.strong import review, review_lines

        m = self.match
        rev = review(m.played_actions(), len(m.seats), rule_set(m.rules), [seat])
        return [line.text for line in review_lines(rev, {seat: m.seats[seat].name})]

    @classmethod
    def load_test_choice(cls, legal: Sequence[str], rng: random.Random) -> str:
        """Roll more often than not, then score a box."""
        scores = [a for a in legal if a.startswith("score")]
        if "roll" in legal and (not scores or rng.random() < 0.6):
            return "roll"
        return rng.choice(scores or list(legal))

