"""The page against a clumsy player (a real ``gameshelf serve``, Debian's Chromium): a form
sent twice by a double click makes one room, one seat, one start; a second tab of a browser
that already holds a seat in a room sits at that seat, never at a second one (the browser
keeps one seat per room: a second would lose the first's token).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tests.web.browser import browser_or_skip
from tests.web.gamepage import PATIENCE, browser, create_room, game_server, kept_seat


def _sent(page: Any) -> list[dict[str, Any]]:
    """The messages ``page`` sends on its WebSockets, as they go (a list filled later)."""
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on(
        "framesent", lambda text: frames.append(json.loads(text))))
    return frames


def test_a_double_click_makes_one_room_one_seat_and_one_start(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home") as server, browser(executable) as chromium:
        ann_context, bob_context = chromium.new_context(), chromium.new_context()
        for context in (ann_context, bob_context):
            context.set_default_timeout(PATIENCE * 1000)

        # solo, against a computer: one room, started at once
        solo = ann_context.new_page()
        sent = _sent(solo)
        solo.goto(server.url)
        create_room(solo, "Yatz", computers=1, friends=0, press="dblclick")
        expect(solo.get_by_role("button", name="Roll", exact=True)).to_be_enabled()
        solo.wait_for_timeout(1000)     # a second answer would have come by now
        expect(solo.get_by_role("button", name="Roll", exact=True)).to_be_enabled()
        expect(solo.get_by_role("button", name="Start the game")).to_be_hidden()
        assert [m["type"] for m in sent if m["type"] in ("create", "start")] == [
            "create", "start"]
        seats = solo.evaluate("Object.keys(localStorage).filter(k => k.includes('.seat.'))")
        assert len(seats) == 1
        solo.close()

        # with a friend: one join, one start
        ann = ann_context.new_page()
        ann_sent = _sent(ann)
        ann.goto(server.url)
        code = create_room(ann, "Yatz", computers=0, friends=2)
        bob = bob_context.new_page()
        bob_sent = _sent(bob)
        bob.goto(f"{server.url}r/{code}")
        bob.get_by_role("textbox", name="Your name").fill("Bob")
        bob.get_by_role("button", name="Join").dblclick()
        expect(ann.get_by_text("Bob: connected")).to_be_visible()
        ann.get_by_role("button", name="Start the game").dblclick()
        expect(ann.get_by_role("button", name="Roll", exact=True)).to_be_enabled()
        bob.wait_for_timeout(1000)
        assert [m["type"] for m in bob_sent].count("join") == 1
        assert [m["type"] for m in ann_sent].count("start") == 1
        for page in (ann, bob):
            expect(page.locator("#error")).to_have_text("")  # the alert, empty
        # the second friend's seat was never taken: a computer got it at the start
        expect(ann.get_by_text(re.compile(r": computer \("))).to_have_count(1)


def test_a_second_tab_of_a_seated_browser_sits_at_its_seat(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home") as server, browser(executable) as chromium:
        ann_context, bob_context = chromium.new_context(), chromium.new_context()
        for context in (ann_context, bob_context):
            context.set_default_timeout(PATIENCE * 1000)
        ann = ann_context.new_page()
        ann.goto(server.url)
        code = create_room(ann, "Yatz", computers=0, friends=2)

        # Bob opens the link in two tabs, joins in the first, then types in the second
        first, second = bob_context.new_page(), bob_context.new_page()
        for page in (first, second):
            page.goto(f"{server.url}r/{code}")
            expect(page.get_by_role("heading", name=f"Join the room {code}")).to_be_visible()
        first.get_by_role("textbox", name="Your name").fill("Bob")
        first.get_by_role("button", name="Join").click()
        expect(first.get_by_text("Bob (you): connected")).to_be_visible()
        kept = kept_seat(first, code)
        if second.get_by_role("button", name="Join").is_visible():
            second.get_by_role("textbox", name="Your name").fill("Bea")
            second.get_by_role("button", name="Join").click()
        expect(second.get_by_text("Bob (you): connected")).to_be_visible()
        expect(ann.get_by_text("Open seat: waiting for a friend")).to_have_count(1)
        expect(ann.get_by_text("Bea")).to_have_count(0)
        assert kept_seat(first, code) == kept
        first.reload()
        expect(first.get_by_text("Bob (you): connected")).to_be_visible()


def test_a_browser_that_keeps_no_site_data_still_plays(tmp_path: Path) -> None:
    """Chromium with every site's data blocked (its cookies setting, which blocks
    ``localStorage`` too: reading it throws): the page still creates a room and plays,
    keeping the seat for the tab alone, and says a reload cannot come back to it."""
    from playwright.sync_api import expect, sync_playwright

    from tests.web.browser import ARGS

    executable = browser_or_skip()
    profile = tmp_path / "profile"
    (profile / "Default").mkdir(parents=True)
    (profile / "Default" / "Preferences").write_text(json.dumps(
        {"profile": {"default_content_setting_values": {"cookies": 2}}}))
    with game_server(tmp_path / "home") as server, sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=executable, headless=True, args=ARGS)
        try:
            context.set_default_timeout(PATIENCE * 1000)
            page = context.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(server.url)
            assert "SecurityError" in page.evaluate(
                "() => { try { localStorage.length; return 'kept'; } "
                "catch (e) { return e.name; } }")
            create_room(page, "Yatz", computers=1, friends=0)
            expect(page.get_by_role("button", name="Roll", exact=True)).to_be_enabled()
            page.get_by_role("button", name="Roll", exact=True).click()
            expect(page.get_by_role("button", name=re.compile(r"^Die 1: \d"))).to_be_enabled()
            expect(page.get_by_role("log")).to_contain_text("cannot come back to this seat")
            assert errors == []
        finally:
            context.close()


def test_a_join_dropped_by_the_rate_limit_can_be_sent_again(tmp_path: Path) -> None:
    """A message the connection's rate limit drops is refused before it is read, so its
    error carries no ``ref``: the page takes it as the answer to what it waits for, and
    its buttons work again (they stayed disabled for good)."""
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home", "--rate", "1") as server, \
            browser(executable) as chromium:
        context = chromium.new_context()
        context.set_default_timeout(PATIENCE * 1000)
        page = context.new_page()
        page.goto(f"{server.url}r/ZZZZ")
        page.get_by_role("textbox", name="Your name").fill("Bob")
        join = page.get_by_role("button", name="Join")
        error = page.locator("#error")     # the alert
        for _ in range(2):
            join.click()      # disabled at once, until the answer comes
            expect(join).to_be_enabled()
            expect(error).to_contain_text("ZZZZ")
        join.click()
        expect(error).to_contain_text("too many messages")
        expect(join).to_be_enabled()
        page.wait_for_timeout(2500)        # the bucket fills again
        join.click()
        expect(error).to_contain_text("ZZZZ")
