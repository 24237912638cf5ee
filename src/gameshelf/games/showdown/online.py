"""Pinball Showdown played on a game server: the remote side of the match interface."""

from __future__ import annotations

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
    lazy,
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


#: The game as the online front ends play it (its ``online`` part).
ONLINE = OnlineGame(RemoteShowdown, lazy("gameshelf.games.showdown.cli:prompt_loop"),
                    lazy("gameshelf.games.showdown.tui.setup:run_match_app"),
                    lazy("gameshelf.games.showdown.tui.screen:ShowdownScreen"),
                    default_seats="me,open,cpu",
                    help=lazy("gameshelf.games.showdown.cli:online_help"))

