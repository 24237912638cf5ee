"""The online game screens say what the online prompt says (Pilot, a real server on
127.0.0.1): two seats of a Muggins room, the screen of one shows the board at once, the
other's move and ``(waiting for Bob...)`` within a second, and who left; the help and footer
online name no undo, save or resume (every game's screen help, from the key tables)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from textual.widgets import Static

from gameshelf.games.muggins.game import Play
from gameshelf.games.muggins.online import RemoteMuggins
from gameshelf.games.muggins.tui.keys import muggins_help
from gameshelf.games.muggins.tui.screen import MugginsScreen
from gameshelf.games.showdown.online import RemoteShowdown
from gameshelf.games.showdown.tui.log import GameLog
from gameshelf.games.showdown.tui.screen import ShowdownScreen
from gameshelf.games.yatz.online import RemoteYatz
from gameshelf.games.yatz.tui.keys import game_help
from gameshelf.games.yatz.tui.panels import PaceLine
from gameshelf.games.yatz.tui.screen import GameScreen
from gameshelf.session.remote import RemoteMatch, Room, parse_seats
from gameshelf.session.waiting import NOT_ONLINE
from gameshelf.tui.app import GameshelfApp
from gameshelf.tui.widgets import ONLINE_COMMON_HELP, GameFooter, HelpScreen
from tests.online.test_yatz_remote import yatz_pair
from tests.server.helpers import Running


def _text(app: GameshelfApp, wid: str) -> str:
    return str(app.screen.query_one(wid, Static).content)


async def _until(pilot: object, check: object, wait: float) -> float:
    """Pause until ``check()`` holds; the seconds it took (fails after ``wait``: a hang
    guard; no test asserts a time)."""
    start = time.monotonic()
    while time.monotonic() - start < wait:
        if check():  # type: ignore[operator]
            return time.monotonic() - start
        await pilot.pause(0.02)  # type: ignore[attr-defined]
    raise AssertionError("not seen in time")


def _first_action(bob: RemoteMuggins) -> str:
    legal = list(bob.view(bob.seat).legal)
    plays = [a for a in legal if isinstance(a, Play)]
    return str(plays[0] if plays else legal[0])


async def test_a_muggins_screen_shows_the_other_seats_move_and_whom_it_waits_for(
        server: Running) -> None:
    host = Room.create(server.url, "muggins", parse_seats("me,open", "Bob"), {"target": 200})
    ann_room = Room.join(server.url, host.code, "Ann")
    host.start()
    bob = RemoteMuggins(host)       # seat 0 leads the first round
    ann = RemoteMuggins(ann_room)
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = MugginsScreen(ann, pace=0)
        app.push_screen(screen)
        await pilot.pause(0.1)
        assert screen.rack() == list(ann.view(ann.seat).rack)   # the board at once
        assert "(waiting for Bob...)" in _text(app, "#mg-msg")
        footer = " ".join(b.binding.description.lower()
                          for b in app.screen.active_bindings.values()
                          if b.binding.show and b.enabled)
        assert "save" not in footer and "undo" not in footer
        assert app.screen.query_one(GameFooter) is not None

        action = _first_action(bob)
        await asyncio.to_thread(bob.play, action)
        await _until(pilot, lambda: "Bob " in _text(app, "#mg-log"), 5)
        assert "Bob " in _text(app, "#mg-msg")
        if not ann.here_to_act():       # Bob drew: still his turn, and said so
            assert "(waiting for Bob...)" in _text(app, "#mg-msg")

        # Bob plays on (he drew), then Ann plays until it is Bob's turn; then Bob leaves
        # and Ann is told
        while bob.here_to_act() and not bob.finished():
            await asyncio.to_thread(bob.play, _first_action(bob))
        await _until(pilot, lambda: ann.here_to_act() and not screen.busy, 5)
        while ann.here_to_act():
            legal = list(ann.view(ann.seat).legal)
            plays = [a for a in legal if isinstance(a, Play)]
            if plays:
                screen.selected = screen.rack().index(plays[0].tile)
                await pilot.press("enter")
                if screen.choosing is not None:
                    await pilot.press("l" if plays[0].side.value == "L" else "r")
            else:
                await pilot.press("enter")
            await pilot.pause(0.1)
        await _until(pilot, lambda: "(waiting for Bob...)" in _text(app, "#mg-msg"), 5)
        host.close()
        await _until(pilot, lambda: "Bob left" in _text(app, "#mg-msg"), 10)
        await pilot.press("escape")
        await pilot.pause()
    ann_room.close()


async def test_a_yatz_screen_shows_the_other_seats_roll_and_whom_it_waits_for(
        server: Running) -> None:
    ann, bob = yatz_pair(server.url)      # Ann (seat 0) plays first
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = GameScreen(bob)
        app.push_screen(screen)
        await pilot.pause(0.1)

        def pace() -> str:
            return str(screen.query_one(PaceLine).render())
        assert "(waiting for Ann...)" in pace()
        await asyncio.to_thread(ann.play, "roll")
        await _until(pilot, lambda: any(line.startswith("Ann: roll")
                                        for line in screen.log_lines), 5)
        assert "(waiting for Ann...)" in pace()
        ann.room.close()
        await _until(pilot, lambda: any(line.startswith("Ann left")
                                        for line in screen.log_lines), 10)
        assert "(waiting for Ann...)" in pace()
        await pilot.press("escape")
        await pilot.pause()
    bob.close()


def test_the_screens_help_online_names_nothing_online_play_cannot_do() -> None:
    for text in (muggins_help(online=True), game_help(online=True), ONLINE_COMMON_HELP):
        keys = text.split("## Keys")[1].lower()
        for word in NOT_ONLINE:
            assert word not in keys, (word, keys)
    assert "computer players faster" not in game_help(online=True)   # the server's pace
    assert "save" in muggins_help().split("## Keys")[1].lower()   # offered here
    assert "undo" in game_help().split("## Keys")[1].lower()


def _shown_news(screen: object) -> str:
    """What an online game screen shows of the room: the message line (Muggins), the log
    (Showdown, Yatz)."""
    if isinstance(screen, MugginsScreen):
        return str(screen.query_one("#mg-msg", Static).content)
    if isinstance(screen, ShowdownScreen):
        return "\n".join(screen.query_one(GameLog).texts)
    assert isinstance(screen, GameScreen)
    return "\n".join(screen.log_lines)


#: Every online game screen: the room's seats and how the screen is made.
OWN_TURN: dict[str, tuple[type[RemoteMatch[Any, Any]], Any]] = {
    "muggins": (RemoteMuggins, lambda g: MugginsScreen(g, pace=0)),
    "showdown": (RemoteShowdown, ShowdownScreen),
    "yatz": (RemoteYatz, GameScreen),
}


@pytest.mark.parametrize("game", ["muggins", "showdown", "yatz"])
async def test_news_shows_on_ones_own_turn(server: Running, game: str) -> None:
    """While it is Ann's turn and she thinks, Bob leaves: every online game screen says so
    without a move of hers (Muggins' said it only after her move, Showdown's never)."""
    cls, make = OWN_TURN[game]
    host = Room.create(server.url, game, parse_seats("me,open", "Ann"), {})
    bob_room = Room.join(server.url, host.code, "Bob")
    while any(s.kind == "open" for s in host.info.seats):
        host.wait(0.1)
    host.start()
    bob = cls(bob_room)
    ann = cls(host)
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = make(ann)
        app.push_screen(screen)
        await pilot.pause(0.1)
        while not (ann.here_to_act() and not getattr(screen, "busy", False)):
            if bob.here_to_act():
                await asyncio.to_thread(bob.play, str(bob.legal_actions()[0]))
            await pilot.pause(0.05)
        assert "Bob left" not in _shown_news(screen)
        bob_room.close()
        # shown while she still thinks (looked at 4 times a second; no timed assert: the
        # machine may be loaded, and without the looks it never shows before her move)
        await _until(pilot, lambda: "Bob left" in _shown_news(screen), 10)
        assert ann.here_to_act()               # still her turn: nothing was played
        await pilot.press("escape")
        await pilot.pause()
    host.close()


def _keys_offered(app: GameshelfApp) -> str:
    """The keys a help window shown names (what follows its first keys heading)."""
    assert isinstance(app.screen, HelpScreen)
    return app.screen._text.split("## Keys", 1)[1].lower()


@pytest.mark.parametrize("game", list(OWN_TURN))
async def test_every_help_window_online_offers_only_what_online_play_can_do(
        server: Running, game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The game screen's help and the hint window's help (a window of the shared coach)
    over a room's seat name no undo, save or resume (Showdown's screen help offered save
    and the review, the hint windows said "the game is kept saved")."""
    monkeypatch.setattr(GameScreen, "warm_up", lambda self: None)
    cls, make = OWN_TURN[game]
    room = Room.create(server.url, game, parse_seats("me,cpu", "Ann"), {})
    room.start()
    match = cls(room)
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = make(match)
        app.push_screen(screen)
        await pilot.pause(0.1)
        await _until(pilot, lambda: match.here_to_act() and not getattr(screen, "busy", 0), 5)
        windows = ["f1"] + ([] if game == "yatz" else ["h"])   # Yatz's hint loads tables
        for key in windows:
            await pilot.press(key)
            await pilot.pause(0.1)
            if key != "f1":
                await pilot.press("f1")      # the help of the window over the game
                await pilot.pause(0.1)
            keys = _keys_offered(app)
            assert not [w for w in NOT_ONLINE if w in keys], (key, keys)
            assert ONLINE_COMMON_HELP in app.screen._text
            while app.screen is not screen:
                await pilot.press("escape")
                await pilot.pause(0.05)
        await pilot.press("escape")
        await pilot.pause()
    room.close()
