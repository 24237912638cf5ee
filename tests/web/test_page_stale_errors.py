"""What the page refused of a form is never left standing once the form is typed in again.

Over a real ``gameshelf serve`` and Debian's Chromium, every form of the page that says a
refusal: the setup's (a Muggins target out of bounds, said in the error line), the join's
(a name the room holds already) and Dollar's bill form (a serial of 7 digits, said beside
the form, the serial field marked invalid). Each time the refusal is said, then one key is
typed in the form and the refusal is gone (and the field no longer marked); and Dollar's
refusal is gone too once a bill is taken without typing (a random bill drawn). The bill
form is shot at 390x844, 1280x800 and 1920x1080 with a refusal said.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.web.browser import browser_or_skip
from tests.web.gamepage import PATIENCE, browser, game_server, no_horizontal_scroll

SIZES = ((390, 844), (1280, 800), (1920, 1080))
SHORT = "L4000002A"
REFUSAL = "a serial has exactly 8 digits, got 7 in 'L4000002A'"


def test_a_refusal_goes_once_its_form_is_typed_in_again(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home", "--rate", "1000") as server, \
            browser(executable) as b:
        context = b.new_context()
        context.set_default_timeout(PATIENCE * 1000)
        page = context.new_page()
        error = page.locator("#error")

        # the setup's form: a target out of bounds
        page.goto(server.url)
        page.get_by_role("button", name="Muggins").click()
        page.get_by_role("textbox", name="Your name").fill("Ann")
        target = page.get_by_role("spinbutton", name="Target")
        target.fill("3")
        page.get_by_role("button", name="Create the room").click()
        expect(error).to_have_text(re.compile("target"))
        target.press("Backspace")
        expect(error).to_have_text("")

        # the join's form: a name the room holds already (a room with a seat for a friend)
        target.fill("")
        page.get_by_role("spinbutton", name="Computer players").fill("0")
        page.get_by_role("spinbutton", name=re.compile("^Seats for friends")).fill("1")
        page.get_by_role("button", name="Create the room").click()
        expect(page).to_have_url(re.compile(r"/r/[A-Z0-9]+$"))
        link = page.url
        other = b.new_context()
        other.set_default_timeout(PATIENCE * 1000)
        friend = other.new_page()
        friend.goto(link)
        name = friend.get_by_role("textbox", name="Your name")
        name.fill("Ann")
        friend.get_by_role("button", name="Join", exact=True).click()
        said = friend.locator("#error")
        expect(said).not_to_have_text("")
        name.press("e")
        expect(said).to_have_text("")
        other.close()

        # Dollar's bill form, at each size: typed anew, and a bill taken untyped
        for width, height in SIZES:
            page.set_viewport_size({"width": width, "height": height})
            page.goto(server.url)
            page.get_by_role("button", name="One Dollar Pinball").click()
            page.get_by_role("textbox", name="Your name").fill("Ann")
            page.get_by_role("spinbutton", name="Computer players").fill("1")
            page.get_by_role("button", name="Create the room").click()
            serial = page.get_by_role("textbox", name="Serial number")
            refusal = page.locator("#dollar-refusal")
            for ending in ("typed", "drawn"):
                serial.fill(SHORT)
                page.get_by_role("button", name="Score").click()
                expect(refusal).to_have_text(REFUSAL)
                expect(serial).to_have_attribute("aria-invalid", "true")
                if ending == "typed":
                    assert no_horizontal_scroll(page), (width, height)
                    page.screenshot(path=str(tmp_path / f"bill-refused-{width}x{height}.png"))
                    serial.press("End")
                    serial.press("0")
                    expect(refusal).to_have_text("")
                    expect(serial).not_to_have_attribute("aria-invalid", "true")
                    expect(serial).not_to_have_accessible_description(
                        re.compile(re.escape(REFUSAL)))
                else:
                    page.get_by_role("button", name="Draw a random bill").click()
                    page.get_by_role("region", name=re.compile("^Your bill ")).wait_for()
                    expect(refusal).to_have_text("")
            assert error.text_content() == ""
        context.close()
