"""Pinball Showdown played on a game server: the remote side of the match interface."""

from __future__ import annotations

from typing import Any

from gameshelf.games.showdown.actions import Action, parse_action
from gameshelf.games.showdown.cards import Deck, default_deck
from gameshelf.games.showdown.play import ShowdownMatch
from gameshelf.games.showdown.table import PlayerView
from gameshelf.games.showdown.view import decode_showdown_view
from gameshelf.server import protocol as p
from gameshelf.session.remote import (
    ANSWER_WAIT,
    OnlineGame,
    RemoteMatch,
    Room,
)


class RemoteShowdown(RemoteMatch[PlayerView, Action], ShowdownMatch):
    """A started Showdown room as this terminal's seat sees it (its own hand, never
    another's)."""

    def __init__(self, room: Room, wait: float = ANSWER_WAIT) -> None:
        self._deck = default_deck()
        super().__init__(room, wait)

    @property
    def deck(self) -> Deck:
        return self._deck

    def _read(self, msg: p.State) -> PlayerView:
        return decode_showdown_view({"seat": msg.seat, "n": len(self.room.info.seats),
                                     **msg.view}, self._deck)

    def _parse(self, text: str) -> Action:
        return parse_action(text)


def _prompt(match: RemoteShowdown) -> object:
    # start-up: the prompt (and Typer) loads only when a room is played at the prompt
    from gameshelf.games.showdown.cli import prompt_loop

    prompt_loop(match)
    return None


def _run_screen(match: RemoteShowdown) -> None:
    # start-up: the screens (and Textual) load only when a room is played on them
    from gameshelf.games.showdown.tui.setup import run_match_app

    run_match_app(match)


def _screen(match: RemoteShowdown) -> Any:
    # start-up: the game's screen loads only when the lobby opens a room of this game
    from gameshelf.games.showdown.tui.screen import ShowdownScreen

    return ShowdownScreen(match)


#: The game as the online front ends play it (its ``online`` part).
ONLINE = OnlineGame(RemoteShowdown, _prompt, _run_screen, _screen, default_seats="me,open,cpu",
                    options=())

