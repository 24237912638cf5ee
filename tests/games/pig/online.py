"""Pig played on a game server: the remote side of the match interface, and the game's
``online`` part."""

from __future__ import annotations

from typing import Any

from gameshelf.core.errors import IllegalMoveError
from gameshelf.server import protocol as p
from gameshelf.session.remote import OnlineGame, RemoteMatch, lazy
from tests.games.pig.game import Action, Dice, parse_action
from tests.games.pig.play import PigMatch
from tests.games.pig.view import PigView, decode


class RemotePig(RemoteMatch[PigView, Action], PigMatch):
    """A started room of Pig as this terminal's seat sees it (the whole table)."""

    def _read(self, msg: p.State) -> PigView:
        return decode(msg.view, msg.seat, msg.to_act, msg.legal)

    def _parse(self, text: str) -> Action:
        action = parse_action(text)
        if isinstance(action, Dice):
            raise IllegalMoveError("the dice are rolled by the game, not chosen: roll")
        return action


def _prompt(match: RemotePig) -> object:
    # start-up: the prompt and the screen load only when a room is played
    from tests.games.pig.cli import play_match_text

    return play_match_text(match)


def _run_screen(match: RemotePig) -> None:
    from tests.games.pig.tui.screen import run_match

    run_match(match)


def _screen(match: RemotePig) -> Any:
    from tests.games.pig.tui.screen import PigScreen

    return PigScreen(match)


#: The game as the online front ends play it.
ONLINE = OnlineGame(RemotePig, _prompt, _run_screen, _screen, default_seats="me,open",
                    help=lazy("tests.games.pig.cli:online_help"))
