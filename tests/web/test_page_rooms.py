"""The page's rooms between two browsers: a room's link (``/r/CODE``) opened by a friend who
types a name and sits at the open seat; each page says who is connected; the host starts;
a friend who closes the page is said to be gone; neither page's address holds a token.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.web.browser import browser_or_skip
from tests.web.gamepage import PATIENCE, browser, create_room, game_server, kept_seat


def test_a_friend_joins_by_the_rooms_link(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home") as server, browser(executable) as chromium:
        ann_context, bob_context = chromium.new_context(), chromium.new_context()
        for context in (ann_context, bob_context):
            context.set_default_timeout(PATIENCE * 1000)
        ann = ann_context.new_page()
        ann.goto(server.url)
        code = create_room(ann, "Yatz", computers=0, friends=1)
        link = ann.get_by_role("textbox", name="Link to this room")
        expect(link).to_have_value(re.compile(rf"^http://127\.0\.0\.1:\d+/r/{code}$"))
        expect(ann.get_by_text("Open seat: waiting for a friend")).to_be_visible()
        expect(ann.get_by_role("button", name="Start the game")).to_be_visible()

        bob = bob_context.new_page()
        bob.goto(link.input_value())
        expect(bob.get_by_role("heading", name=f"Join the room {code}")).to_be_visible()
        bob.get_by_role("textbox", name="Your name").fill("Bob")
        bob.get_by_role("button", name="Join").click()
        expect(bob.get_by_text("Bob (you): connected")).to_be_visible()
        expect(bob.get_by_text("Ann: connected")).to_be_visible()
        expect(ann.get_by_text("Bob: connected")).to_be_visible()
        expect(bob.get_by_role("button", name="Start the game")).to_be_hidden()

        ann.get_by_role("button", name="Start the game").click()
        expect(ann.get_by_role("button", name="Roll", exact=True)).to_be_enabled()
        expect(bob.get_by_role("button", name="Roll", exact=True)).to_be_disabled()
        expect(bob.get_by_text("Ann's turn.")).to_be_visible()
        ann.get_by_role("button", name="Roll", exact=True).click()
        expect(bob.get_by_role("log")).to_contain_text(re.compile(r"Ann rolled( \d){5}\."))

        tokens = kept_seat(ann, code)["token"], kept_seat(bob, code)["token"]
        assert tokens[0] != tokens[1]
        for page in (ann, bob):
            assert not any(t in page.url or t in page.content() for t in tokens)
        bob_context.close()
        expect(ann.get_by_text("Bob: connection dropped")).to_be_visible()
        expect(ann.get_by_role("log")).to_contain_text("Bob's connection dropped.")
        ann_context.close()
