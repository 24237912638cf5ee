"""A Pinball Showdown record replayed move by move (see :mod:`gameshelf.session.replay`),
and the replay as a read-only match the Showdown screen shows."""

from __future__ import annotations

from typing import Any

from gameshelf.core.errors import GameshelfError, RecordError
from gameshelf.core.records import GameRecord
from gameshelf.core.state import CHANCE
from gameshelf.games.showdown.actions import Action, parse_action
from gameshelf.games.showdown.cards import Deck
from gameshelf.games.showdown.game import new_game
from gameshelf.games.showdown.match import GAME as SHOWDOWN
from gameshelf.games.showdown.match import Match
from gameshelf.games.showdown.play import ShowdownMatch
from gameshelf.games.showdown.table import PlayerView
from gameshelf.session.replay import Replay, ReplayMatch, Step, grouped


def showdown_replay(record: GameRecord) -> Replay[Any]:
    """The replay of a Pinball Showdown record (its seats, deck and actions).

    Raises:
        RecordError: not a Showdown game that replays (a chance event or a computer move
            that is not the one due, an illegal action, a damaged deck...).
    """
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
    groups = grouped(actions, lambda i: chance[i])
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


class ShowdownReplay(ReplayMatch[PlayerView, Action], ShowdownMatch):
    """A Showdown replay as a read-only match of the Showdown screen (see
    :class:`~gameshelf.session.replay.ReplayMatch`) that may show any seat's hand it allows.

    Raises:
        RecordError: the replay is not a Showdown game's.
    """

    def __init__(self, replay: Replay[Any]) -> None:
        if replay.game != SHOWDOWN:
            raise RecordError("only a Pinball Showdown game's replay is a Showdown match")
        super().__init__(replay, [p["kind"] for p in replay.record.options.get("players", [])])
        #: the seat whose hand ``next_hand`` chose; None: the moving seat's
        self.hand: int | None = None

    @property
    def deck(self) -> Deck:
        deck: Deck = self.replay.state.deck
        return deck

    def shown(self) -> int | None:
        """The seat whose hand is on screen: the one chosen, else the seat that moved (at
        the start, the seat to act), else the first the replay may show; None when it may
        show none."""
        allowed = self.here()
        if self.hand is not None and self.hand in allowed:
            return self.hand
        step = self.replay.step
        seat = step.seat if step is not None else None
        if seat is None or seat < 0:
            seat = self.replay.state.current_player()
        if seat in allowed:
            return seat
        return allowed[0] if allowed else None

    def next_hand(self) -> None:
        """Show the next seat's hand (among the seats this replay may show)."""
        allowed = self.here()
        now = self.shown()
        self.hand = (allowed[(allowed.index(now) + 1) % len(allowed)] if now in allowed
                     else allowed[0])
