"""Yatz played on a game server: the remote side of the match interface."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gameshelf.core.errors import BadInputError, GameshelfError, IllegalMoveError
from gameshelf.games.yatz.game import Action as YatzAction
from gameshelf.games.yatz.game import Dice as YatzDice
from gameshelf.games.yatz.game import Roll, YatzState
from gameshelf.games.yatz.game import parse_action as parse_yatz_action
from gameshelf.games.yatz.play import YatzMatch, yatz_move
from gameshelf.games.yatz.view import decode_yatz_view
from gameshelf.server import protocol as p
from gameshelf.session.remote import (
    ANSWER_WAIT,
    OnlineGame,
    RemoteMatch,
    Room,
    lazy,
)


class RemoteYatz(RemoteMatch[YatzState, YatzAction], YatzMatch):
    """A started Yatz room as this terminal's seat sees it: the whole table (Yatz has no
    secrets), rebuilt from each ``state`` message, and every move the server tells as a
    :class:`~gameshelf.session.match.YatzMove` (a roll with its dice). No undo (the server
    refuses it); the server keeps the game (no save here)."""

    def __init__(self, room: Room, wait: float = ANSWER_WAIT) -> None:
        self.moves = []
        self._actions: list[YatzAction] = []
        #: False once a move was missed (joined mid-game): no review of the whole game
        self._whole = True
        self._rules = str(room.info.options.get("rules", "yatz"))
        super().__init__(room, wait)

    @property
    def state(self) -> YatzState:
        if self._view is None:  # pragma: no cover - set before __init__ returns
            raise IllegalMoveError("the game has not started")
        return self._view

    @property
    def rules(self) -> str:
        return self._rules

    def log(self) -> Sequence[str]:
        return YatzMatch.log(self)

    def _read(self, msg: p.State) -> YatzState:
        return decode_yatz_view(msg.view)

    def _parse(self, text: str) -> YatzAction:
        action = parse_yatz_action(text)
        if isinstance(action, YatzDice):
            raise BadInputError("the dice are rolled, not chosen: use roll")
        return action

    def _events(self, events: Sequence[p.Event], view: YatzState) -> None:
        """Each move of ``events`` replayed on the table as it was, told as a
        :class:`~gameshelf.session.match.YatzMove` (a roll once its dice came). A client
        that joined mid-game replays from the table it first saw (no review of the whole
        game then)."""
        if self._view is None:
            if events[0].seq != 1 if events else (view.turns_done or view.dice):
                self._whole = False
            if not events or events[0].seq != 1:
                return
            st = YatzState(view.players, view.rules)
        else:
            st = self._view.clone()
        roll_by = False
        try:
            for event in events:
                if event.action is None:
                    continue
                action = parse_yatz_action(event.action)
                dice = st.dice
                st.apply_action(action)
                if event.seq == self.seq and self._actions:
                    self._actions[-1] = action      # a hold replacing the one before
                else:
                    self._actions.append(action)
                if isinstance(action, Roll):
                    roll_by = event.by_computer
                    continue
                if isinstance(action, YatzDice):
                    self.moves.append(yatz_move(st, st.seat, Roll(), dice, roll_by))
                else:
                    seat = event.seat if event.seat >= 0 else st.seat
                    self.moves.append(yatz_move(st, seat, action, dice, event.by_computer))
        except GameshelfError:
            self._whole = False     # not the table this client saw: the moves stop here

    def played_actions(self) -> list[YatzAction] | None:
        return list(self._actions) if self._whole and self.over else None


def _prompt(match: RemoteYatz) -> object:
    # start-up: the prompt and the screens load only when a room is played
    from gameshelf.games.yatz.prompt import prompt_loop

    prompt_loop(match)
    return None


def _run_screen(match: RemoteYatz) -> None:
    # start-up: the screens (Textual) load only when a room is played on them
    from gameshelf.games.yatz.tui.setup import run_session

    run_session(match)


def _screen(match: RemoteYatz) -> Any:
    # start-up: the screens (Textual) load only when a room is shown on them
    from gameshelf.games.yatz.tui.screen import GameScreen

    return GameScreen(match)


#: The game as the online front ends play it (its ``online`` part).
ONLINE = OnlineGame(RemoteYatz, _prompt, _run_screen, _screen, default_seats="me,open,cpu",
                    help=lazy("gameshelf.games.yatz.prompt:online_help"))

