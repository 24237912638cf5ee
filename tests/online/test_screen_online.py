"""The Showdown screen plays a game on a server through the remote match (Pilot): the same
screen, only this terminal's hand, no hand-over between turns, to the end; the Play online
screens create a room and open the game from the lobby."""

from __future__ import annotations

import random
import threading

from textual.widgets import Input, Select, Static

from gameshelf.games.showdown.actions import DONE, Action
from gameshelf.games.showdown.online import RemoteShowdown
from gameshelf.games.showdown.tui.handoff import HandOffScreen
from gameshelf.games.showdown.tui.scores import ScoreScreen
from gameshelf.games.showdown.tui.screen import ShowdownScreen
from gameshelf.session.remote import Room, parse_seats
from gameshelf.tui.app import GameshelfApp
from gameshelf.tui.online import LobbyScreen, OnlineScreen
from tests.server.helpers import Running


def _choose(legal: list[Action], pick: random.Random) -> str:
    """A legal action, ``done`` mostly when it is one (a short game)."""
    if DONE in legal and pick.random() < 0.8:
        return str(DONE)
    return str(pick.choice(legal))


def _bob(game: RemoteShowdown) -> None:
    pick = random.Random(2)
    while not game.finished():
        if game.here_to_act():
            game.play(_choose(game.legal_actions(), pick))
        else:
            game.advance()


async def test_a_whole_game_on_the_screen_through_the_server(server: Running) -> None:
    host = Room.create(server.url, "showdown", parse_seats("me,?", "Ann"))
    bob_room = Room.join(server.url, host.code, "Bob")
    while any(s.kind == "open" for s in host.info.seats):
        host.wait(0.1)
    host.start()
    bob = RemoteShowdown(bob_room)
    ann = RemoteShowdown(host)
    other = threading.Thread(target=_bob, args=(bob,), daemon=True)
    other.start()
    pick = random.Random(1)
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = ShowdownScreen(ann)
        app.push_screen(screen)
        for _ in range(3000):
            await pilot.pause(0.02)
            assert not isinstance(app.screen, HandOffScreen)
            if ann.finished() and isinstance(app.screen, ScoreScreen):
                break
            if screen.can_act():
                view = screen.view()
                assert view is not None and view.seat == 0
                shown = {c for c in view.hand}
                assert shown == set(ann.view(0).hand)   # this seat's own hand only
                assert screen.act(_choose(ann.legal_actions(), pick))
                if not ann.finished() and not ann.here_to_act():   # shown at once
                    prompt = str(screen.query_one("#sd-prompt", Static).render())
                    assert "Waiting for Bob" in prompt, prompt
        await pilot.pause()
        assert ann.finished() and isinstance(app.screen, ScoreScreen)
        assert "Game over" in str(app.screen.query_one("#breakdown").render())
    other.join(30)
    assert bob.finished()
    assert [ann.table().score(s) for s in range(2)] == [bob.table().score(s) for s in range(2)]
    ann.close()
    bob.close()


async def test_create_a_room_and_the_lobby_opens_the_game(server: Running) -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(OnlineScreen())
        await pilot.pause()
        app.screen.query_one("#on-server", Input).value = server.url
        app.screen.query_one("#on-name", Input).value = "Ann"
        app.screen.query_one("#on-game", Select).value = "showdown"
        await pilot.pause()
        app.screen.query_one("#on-seats", Input).value = "me,cpu"
        await pilot.click("#on-create")
        for _ in range(400):
            await pilot.pause(0.05)
            if isinstance(app.screen, ShowdownScreen):
                break
        assert isinstance(app.screen, ShowdownScreen)
        game = app.screen.game
        assert isinstance(game, RemoteShowdown) and game.here() == [0]
        assert "room" in game.title
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, OnlineScreen)


async def test_a_wrong_code_is_said_on_the_screen(server: Running) -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(OnlineScreen())
        await pilot.pause()
        app.screen.query_one("#on-server", Input).value = server.url
        app.screen.query_one("#on-name", Input).value = "Bob"
        app.screen.query_one("#on-code", Input).value = "NOPE9"
        await pilot.click("#on-join")
        for _ in range(100):
            await pilot.pause(0.05)
            if "NOPE9" in str(app.screen.query_one("#on-msg").render()) and \
                    "Joining" not in str(app.screen.query_one("#on-msg").render()):
                break
        assert isinstance(app.screen, OnlineScreen)
        assert not isinstance(app.screen, LobbyScreen)
        assert "NOPE9" in str(app.screen.query_one("#on-msg").render())
