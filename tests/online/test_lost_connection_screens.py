"""A connection to the server lost for good on every online game screen (Yatz, Muggins,
Showdown, under Pilot at 80x24) is never told as the game's end: no "game over", no winner,
no final score (the Muggins board said "Mugsy wins." with the scores of the moment, the
Yatz and Muggins status lines "game over", their keys "The game is over."); the screen says
the connection was lost and how to play on (join the room again), and a key pressed after
it says that again. The game goes on on the server."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import Static

from gameshelf.games.muggins.online import RemoteMuggins
from gameshelf.games.muggins.tui.screen import MugginsScreen
from gameshelf.games.showdown.online import RemoteShowdown
from gameshelf.games.showdown.tui.screen import ShowdownScreen
from gameshelf.games.yatz.online import RemoteYatz
from gameshelf.games.yatz.tui.screen import GameScreen
from gameshelf.session.remote import ConnectionLost, Link, RemoteMatch, Room, parse_seats
from gameshelf.tui.app import GameshelfApp
from tests.server.helpers import Running

GAMES: dict[str, tuple[str, type[RemoteMatch[Any, Any]], Any, str]] = {
    "yatz": ("me,cpu", RemoteYatz, GameScreen, "r"),
    "muggins": ("me,cpu:easy", RemoteMuggins, lambda g: MugginsScreen(g, pace=0), "enter"),
    "showdown": ("me,cpu", RemoteShowdown, ShowdownScreen, "enter"),
}
#: What only the game's true end may say.
ENDS = ("game over", "wins", "win!", "final score")


def _shown(app: GameshelfApp) -> str:
    return "\n".join(str(w.render()) for screen in app.screen_stack
                     for w in screen.query(Static)).lower()


@pytest.mark.parametrize("game", list(GAMES))
async def test_a_lost_connection_is_not_the_games_end(server: Running, game: str,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    seats, cls, make, key = GAMES[game]
    room = Room.create(server.url, game, parse_seats(seats, "Ann"), {})
    room.start()
    match = cls(room)
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = make(match)
        app.push_screen(screen)
        await pilot.pause(0.1)

        def gone(self: Link) -> None:
            raise ConnectionLost("the connection to the game server was lost")
        monkeypatch.setattr(Link, "reconnect", gone)
        room.link.ws.close()      # the server is gone; the screen finds out by itself
        for _ in range(200):
            await pilot.pause(0.02)
            if match.lost is not None:
                break
            if match.here_to_act() and app.screen is screen:
                if isinstance(screen, MugginsScreen):   # its Enter plays the chosen tile
                    screen.act(str(match.legal_actions()[0]))
                else:
                    await pilot.press(key)
        assert match.lost is not None and match.cut_off() is not None
        await pilot.pause(0.1)
        text = _shown(app)
        assert f"join room {room.code.lower()} again" in text, text
        assert not any(word in text for word in ENDS), text
        assert "(waiting for" not in text, text     # nobody is waited for any more
        for _ in range(3):
            if app.screen is screen:
                break
            await pilot.press("escape")     # a summary on top: closed
            await pilot.pause()
        if app.screen is not screen:
            return                          # the summary left the game: nothing to press
        await pilot.press(key)
        await pilot.pause(0.05)
        text = _shown(app)
        assert not any(word in text for word in ENDS), text
