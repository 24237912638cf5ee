"""The page's forms and the names they send (a real ``gameshelf serve``, Debian's Chromium):
a name holding a character that shows nothing (``Ann`` followed by U+034F, a look-alike of
``Ann``; the Hangul filler or the braille blank alone, names that show nothing), typed as
the player's name, another's at this device, or at a room's link, is refused in the page's
error line naming the character, and no room is made or joined; a name with what real text
needs (an emoji's variation selector, a flag) is kept as typed.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.web.browser import browser_or_skip
from tests.web.gamepage import PATIENCE, browser, game_server

#: Kept as typed: an emoji with its variation selector; Scotland's flag (a tag sequence, 14
#: of the 20 UTF-16 units the name fields hold).
KEPT = "Ann \u2764\ufe0f"
FLAG = "\U0001f3f4\U000e0067\U000e0062\U000e0073\U000e0063\U000e0074\U000e007f"


def _create(page: Any, url: str, name: str, others: str = "", friends: int = 0) -> None:
    page.goto(url)
    page.get_by_role("button", name="Yatz").click()
    page.get_by_role("textbox", name="Your name").fill(name)
    page.get_by_role("spinbutton", name="Computer players").fill("0" if others else "1")
    page.get_by_role("textbox", name="Others playing at this device").fill(others)
    page.get_by_role("spinbutton", name="Seats for friends").fill(str(friends))
    page.get_by_role("button", name="Create the room").click()


def test_the_page_refuses_names_that_show_nothing_and_keeps_real_ones(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    shots = tmp_path / "shots"
    with game_server(tmp_path / "home") as server, browser(executable) as chromium:
        for width, height in ((390, 844), (1280, 800), (1920, 1080)):
            context = chromium.new_context(viewport={"width": width, "height": height})
            context.set_default_timeout(PATIENCE * 1000)
            page = context.new_page()
            _create(page, server.url, "Ann\u034f")
            expect(page.locator("#error")).to_contain_text(
                "may not contain invisible characters (U+034F)")
            expect(page.get_by_role("textbox", name="Link to this room")).to_be_hidden()
            page.screenshot(path=str(shots / f"refused-{width}x{height}.png"))
            context.close()

        def fresh() -> Any:
            page = chromium.new_context().new_page()
            page.set_default_timeout(PATIENCE * 1000)
            return page

        page = fresh()
        _create(page, server.url, "\u3164")
        expect(page.locator("#error")).to_contain_text("U+3164")
        page = fresh()
        _create(page, server.url, "Ann", others="Bob\u034f")
        # the room waits in its lobby, Bob's seat open, the refusal said (never started at
        # once with a computer player in Bob's seat)
        expect(page.get_by_role("button", name="Start the game")).to_be_visible()
        expect(page.locator("#error")).to_contain_text(
            "may not contain invisible characters (U+034F)")
        expect(page.get_by_text("Bob\u034f: at this device")).to_be_hidden()
        page.screenshot(path=str(shots / "others-refused.png"))

        page = fresh()
        _create(page, server.url, KEPT, friends=1)
        link = page.get_by_role("textbox", name="Link to this room")
        expect(link).to_have_value(re.compile(r"/r/[A-Z0-9]+$"))
        expect(page.get_by_text(KEPT).first).to_be_visible()
        guest = fresh()
        guest.goto(link.input_value())
        for bad, code in (("\u2800", "U+2800"), ("Bob\ufe0f", "U+FE0F")):
            guest.get_by_role("textbox", name="Your name").fill(bad)
            guest.get_by_role("button", name="Join").click()
            expect(guest.locator("#error")).to_contain_text(code)
        expect(page.get_by_text("Open seat: waiting for a friend")).to_be_visible()
        guest.get_by_role("textbox", name="Your name").fill(FLAG)
        guest.get_by_role("button", name="Join").click()
        expect(page.get_by_text(f"{FLAG}: connected")).to_be_visible()
        page.screenshot(path=str(shots / "kept.png"))


def test_the_page_sends_names_as_typed_so_a_blank_no_name_may_hold_is_refused(
        tmp_path: Path) -> None:
    """JavaScript's ``trim`` takes U+2028, U+0085 and U+001F-like characters for blanks:
    the page sends each name as typed (the player's, another's at this device, one typed at
    a room's link) and the server, which checks a name before it folds its blanks, refuses
    them; blanks that are blanks are tidied there (`` Ann  Lee `` is ``Ann Lee``)."""
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home") as server, browser(executable) as chromium:
        def fresh() -> Any:
            page = chromium.new_context().new_page()
            page.set_default_timeout(PATIENCE * 1000)
            return page

        for bad, code in (("Ann\u2028", "U+2028"), ("\u0085Ann", "U+0085"),
                          ("Ann\x1f", "U+001F")):
            page = fresh()
            _create(page, server.url, bad)
            expect(page.locator("#error")).to_contain_text(code)
            expect(page.get_by_role("textbox", name="Link to this room")).to_be_hidden()
        page = fresh()
        _create(page, server.url, "Ann", others="Bob\u2029, Cy")
        expect(page.locator("#error")).to_contain_text("U+2029")
        page = fresh()
        _create(page, server.url, " Ann  Lee ", friends=1)
        link = page.get_by_role("textbox", name="Link to this room")
        expect(link).to_have_value(re.compile(r"/r/[A-Z0-9]+$"))
        expect(page.get_by_text("Ann Lee (you): connected")).to_be_visible()
        guest = fresh()
        guest.goto(link.input_value())
        guest.get_by_role("textbox", name="Your name").fill("Cy\u2028")
        guest.get_by_role("button", name="Join").click()
        expect(guest.locator("#error")).to_contain_text("U+2028")
        expect(page.get_by_text("Open seat: waiting for a friend")).to_be_visible()
        guest.screenshot(path=str(tmp_path / "join-refused.png"))
