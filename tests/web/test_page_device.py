"""Several people at one device, in Muggins (a game whose racks are hidden): the page sits
at whichever of them is to act and covers the game with "Pass the device to NAME" before
their rack is shown, the cover's button taking the focus (keyboard and screen readers find
it at once); the rack shown after it is NAME's (the status names the other player), and
nobody at the device is ever marked away.
"""

from __future__ import annotations

import re
from pathlib import Path

from tests.web.browser import browser_or_skip
from tests.web.gamepage import (
    browser,
    device_room,
    game_server,
    no_horizontal_scroll,
    phone,
)

PASSES = 6


def test_two_people_pass_one_phone_in_muggins(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home", "--rate", "200") as server, \
            browser(executable) as chromium:
        page = phone(chromium)
        page.goto(server.url)
        device_room(page, "Muggins", tap=True)
        rack = page.get_by_role("group", name="Your tiles")
        cover = page.get_by_role("heading", name=re.compile("^Pass the device to "))
        passed: list[str] = []
        while len(passed) < PASSES:
            expect(cover.or_(rack).first).to_be_visible()
            if cover.is_visible():
                name = cover.inner_text().rsplit(" ", 1)[1]
                show = page.get_by_role("button", name=f"Show {name}'s hand")
                expect(show).to_be_focused()
                expect(rack).to_be_hidden()
                show.tap()
                other = {"Ann": "Bob", "Bob": "Ann"}[name]
                expect(page.get_by_text(re.compile(rf"^Round \d+\. You \d+, {other} "))
                       ).to_be_visible()
                passed.append(name)
            tiles = rack.get_by_role("button", disabled=False)
            if tiles.count():
                tiles.first.tap()
                ends = page.get_by_role("group", name="Which end")
                if ends.is_visible():
                    ends.get_by_role("button", name=re.compile("^Left end")).tap()
            elif page.get_by_role("button", name="Draw", disabled=False).count():
                page.get_by_role("button", name="Draw").tap()
            else:
                page.get_by_role("button", name="Pass").tap()
            expect(rack.get_by_role("button", disabled=False).first.or_(cover).or_(
                page.get_by_role("button", name=re.compile("^(Draw|Pass)$"), disabled=False)
            ).first).to_be_visible()
        assert set(passed) == {"Ann", "Bob"}
        assert all(a != b for a, b in zip(passed, passed[1:], strict=False))
        expect(page.get_by_text(re.compile("away"))).to_have_count(0)
        assert no_horizontal_scroll(page)
        page.context.close()
