"""The page's seat list tells a seat that left the room from one whose connection dropped
(a real ``gameshelf serve``, Debian's Chromium): Bob's client leaving on purpose reads
"Bob: left the room", his next program stopping without leaving "Bob: connection
dropped", and his coming back "Bob: connected"."""

from __future__ import annotations

from pathlib import Path

from gameshelf.server import protocol as p
from gameshelf.session.link import Link
from gameshelf.session.room import Room
from tests.web.browser import browser_or_skip
from tests.web.gamepage import PATIENCE, browser, create_room, game_server


def test_the_seat_list_says_left_and_dropped_apart(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home") as server, browser(executable) as chromium:
        context = chromium.new_context()
        context.set_default_timeout(PATIENCE * 1000)
        ann = context.new_page()
        ann.goto(server.url)
        code = create_room(ann, "Yatz", computers=0, friends=1)

        bob = Room.join(server.ws_url, code, "Bob")
        token = bob.token
        expect(ann.get_by_text("Bob: connected")).to_be_visible()
        bob.close()                                  # quit, Esc: the seat leaves
        expect(ann.get_by_text("Bob: left the room")).to_be_visible()
        again = Link(server.ws_url)
        back = Room(again, again.request(p.Rejoin(code=code, token=token), p.Joined))
        expect(ann.get_by_text("Bob: connected")).to_be_visible()
        back.disconnect()                            # a program stopped: it dropped
        expect(ann.get_by_text("Bob: connection dropped")).to_be_visible()
