"""A Pinball Showdown record replayed move by move (see :mod:`gameshelf.session.replay`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gameshelf.core.errors import GameshelfError, RecordError, StoreError
from gameshelf.core.records import GameRecord
from gameshelf.core.state import CHANCE
from gameshelf.session.replay import Replay, Step, grouped


def showdown_replay(record: GameRecord) -> Replay[Any]:
    """The replay of a Pinball Showdown record (its seats, deck and actions).

    Raises:
        RecordError: not a Showdown game that replays (a chance event or a computer move
            that is not the one due, an illegal action, a damaged deck...).
    """
    from gameshelf.games.showdown.actions import parse_action
    from gameshelf.games.showdown.game import new_game
    from gameshelf.games.showdown.match import Match

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


def replay_showdown(replay: Replay[Any]) -> Any:
    """A Showdown replay as one more implementation of the match interface the Showdown
    screen talks to (:class:`~gameshelf.session.match.ShowdownMatch`): the table at the
    replay's step; nothing can be played, advanced or saved. The seats "here" (whose hand
    may be shown) are every seat of a finished game, the people's of one in progress.

    Raises:
        RecordError: the replay is not a Showdown game's.
    """
    from gameshelf.core.errors import IllegalMoveError
    from gameshelf.games.showdown.cards import Deck, default_deck, parse_deck
    from gameshelf.games.showdown.game import PlayerView
    from gameshelf.games.showdown.play import ShowdownMatch
    from gameshelf.session.match import SeatInfo

    if replay.game != "showdown":
        raise RecordError("only a Pinball Showdown game's replay is a Showdown match")
    players = replay.record.options.get("players", [])
    deck_text = replay.record.options.get("deck")
    shown = set(range(len(replay.seats))) if replay.finished else set(replay.people)

    class ReplayShowdown(ShowdownMatch):
        """The table at the replay's step (see :func:`replay_showdown`)."""

        keeps_saves = False

        def __init__(self) -> None:
            self.seats = [SeatInfo(p["name"], p["kind"], i in shown)
                          for i, p in enumerate(players)]
            self.errors = []
            self.replay = replay
            self._deck = parse_deck(deck_text, "deck") if deck_text else default_deck()

        @property
        def deck(self) -> Deck:
            return self._deck

        @property
        def title(self) -> str:
            return f"game {replay.record.seed} (replay)"

        @property
        def name(self) -> str | None:
            return None

        def view(self, seat: int) -> PlayerView:
            if seat not in shown:
                raise IllegalMoveError("this replay does not show that seat's hand")
            view: PlayerView = replay.state.view(seat)
            return view

        def table(self) -> PlayerView:
            here = self.here()
            view: PlayerView = replay.state.view(here[0] if here else 0)
            return view

        def log(self) -> Sequence[str]:
            return list(replay.state.log or [])

        def to_act(self) -> int:
            return int(replay.state.current_player())

        def finished(self) -> bool:
            return bool(replay.state.is_terminal())

        def legal_actions(self) -> list[Any]:
            return []

        def play(self, text: str) -> Any:
            raise IllegalMoveError("this is a replay: nothing can be played")

        def advance(self) -> bool:
            return False

        def settle(self) -> None:
            return None

        def save(self) -> str:
            raise StoreError("a replay saves nothing")

        def end_problem(self) -> str | None:
            return None

    return ReplayShowdown()
