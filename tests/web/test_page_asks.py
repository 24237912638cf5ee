"""The game server's own page offers what the terminal app does besides playing, by
accessible names only, axe-core checking each new state, nothing scrolling sideways at a
phone's 390 px: each game's rules from the menu and in a room; a hint for the seat to act
(Muggins against Mugsy: the coach's advice names only this seat's own tiles); after a game,
its replay step by step (Next, Previous, the same board drawn read-only, the board played on
put back when it closes) and the review (One Dollar Pinball has no coach: no review; a
Muggins game played by taps is reviewed, and replayed with this seat's own rack, the deal
no step of its own); the server store's top 20 and statistics of a game, with the game just
played in them.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.web.axe import assert_accessible
from tests.web.browser import browser_or_skip
from tests.web.gamepage import (
    browser,
    create_room,
    game_server,
    no_horizontal_scroll,
    phone,
)

#: Where the screenshots go (docs/images/page-asks-*.png) when GAMESHELF_SHOTS is set.
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "images"


def test_rules_from_the_menu_and_a_hint_for_the_seat_to_act(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home", "--rate", "200") as server, \
            browser(executable) as chromium:
        page = phone(chromium)
        page.goto(server.url)
        for title in ("Yatz", "Muggins", "Pinball Showdown", "One Dollar Pinball"):
            page.get_by_role("group", name=title, exact=True).get_by_role(
                "button", name="Rules").click()
            dialog = page.get_by_role("dialog", name=f"Rules of {title}")
            expect(dialog.get_by_role("heading", level=3).first).to_be_visible()
            assert no_horizontal_scroll(page)
            assert_accessible(page, f"the rules of {title}")
            dialog.get_by_role("button", name="Close").click()
            expect(dialog).to_be_hidden()

        create_room(page, "Muggins", computers=1, options={"Target": "50"})
        hint = page.get_by_role("button", name="Hint")
        expect(hint).to_be_visible()
        page.get_by_role("button", name="Rules").click()
        expect(page.get_by_role("dialog", name="Rules of Muggins")).to_contain_text("boneyard")
        page.keyboard.press("Escape")
        hint.click()
        dialog = page.get_by_role("dialog", name="Hint")
        advice = dialog.get_by_role("region", name="The coach's estimates", exact=True)
        expect(advice).to_be_visible()
        assert no_horizontal_scroll(page)
        assert_accessible(page, "a Muggins hint")
        tiles = page.get_by_role("group", name="Your tiles").get_by_role("button")
        rack = {tuple(sorted(str(b.get_attribute("aria-label")).split("-")))
                for b in tiles.all()}
        text = advice.inner_text()
        named = {tuple(sorted(m)) for m in re.findall(r"\b(\d)-(\d)\b", text)}
        assert rack and named <= rack, (named, rack)
        assert named or "draw" in text        # no tile fits: draw
        dialog.get_by_role("button", name="Close").click()


def test_after_a_game_its_replay_step_by_step_and_the_top_20(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home", "--rate", "200") as server, \
            browser(executable) as chromium:
        page = phone(chromium)
        page.goto(server.url)
        create_room(page, "One Dollar Pinball", computers=1)
        page.get_by_role("textbox", name="Serial number").fill("L40000002A")
        page.get_by_role("textbox", name="Series").fill("1902")
        page.get_by_role("button", name="Score").click()
        over = page.get_by_role("region", name="Game over")
        expect(over).to_contain_text("88,000,000 points")
        expect(page.get_by_role("button", name="Hint")).to_be_hidden()
        expect(page.get_by_role("button", name="Review my game")).to_be_hidden()

        page.get_by_role("button", name="Replay the game").click()
        replay = page.get_by_role("region", name="Replay")
        expect(replay.get_by_role("status")).to_have_text("Step 0 of 2")
        expect(replay.get_by_role("button", name="Previous")).to_be_disabled()
        # read-only: nothing is played here, the form is not shown
        expect(page.get_by_role("textbox", name="Serial number")).to_have_count(0)
        assert no_horizontal_scroll(page)
        assert_accessible(page, "the replay's first step")
        replay.get_by_role("button", name="Next").click()
        expect(replay.get_by_role("status")).to_have_text("Step 1 of 2")
        expect(replay).to_contain_text("L40000002A")
        replay.get_by_role("button", name="Next").click()
        expect(replay.get_by_role("status")).to_have_text("Step 2 of 2")
        expect(replay.get_by_role("button", name="Next")).to_be_disabled()
        expect(page.get_by_text("Total: 88,000,000 points").first).to_be_visible()
        assert_accessible(page, "the replay's last step")
        replay.get_by_role("button", name="Previous").click()
        expect(replay.get_by_role("status")).to_have_text("Step 1 of 2")
        replay.get_by_role("button", name="Close the replay").click()
        expect(replay).to_be_hidden()
        expect(over).to_be_visible()
        expect(page.get_by_role("button", name="Replay the game")).to_be_focused()

        page.get_by_role("link", name="Back to the games").click()
        page.get_by_role("group", name="One Dollar Pinball").get_by_role(
            "button", name="Top 20 and statistics").click()
        dialog = page.get_by_role("dialog", name="Top 20 and statistics of One Dollar Pinball")
        table = dialog.get_by_role("table")
        expect(table.get_by_role("row", name=re.compile(r"1 Ann 88,000,000"))).to_be_visible()
        expect(dialog.get_by_role("region", name="Statistics")).to_be_visible()
        assert no_horizontal_scroll(page)
        assert_accessible(page, "the top 20 and statistics")


def _play_muggins_by_taps(page: Any) -> None:
    """Tap the first tile that fits (and the first end when asked), else Draw or Pass,
    until the game is over."""
    from playwright.sync_api import expect

    over = page.get_by_role("heading", name="Game over")
    for _ in range(300):
        if over.is_visible():
            return
        tiles = page.get_by_role("group", name="Your tiles").get_by_role("button")
        fits = [t for t in tiles.all() if t.is_enabled()]
        if fits:
            fits[0].tap()
        else:
            for name in ("Draw", "Pass"):
                button = page.get_by_role("button", name=name, exact=True)
                if button.is_visible() and button.is_enabled():
                    button.tap()
                    break
        ends = page.get_by_role("group", name="Which end").get_by_role("button")
        if ends.count() and ends.first.is_visible():
            ends.first.tap()
        page.wait_for_timeout(250)
    expect(over).to_be_visible()


def test_a_finished_muggins_game_is_reviewed_and_replayed_hand_and_all(tmp_path: Path
                                                                       ) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home", "--rate", "200") as server, \
            browser(executable) as chromium:
        page = phone(chromium)
        page.goto(server.url)
        create_room(page, "Muggins", computers=1, options={"Target": "15"})
        _play_muggins_by_taps(page)
        page.get_by_role("button", name="Review my game").tap()
        dialog = page.get_by_role("dialog", name="Review of your game")
        expect(dialog.get_by_role("region", name="Review", exact=True)).to_be_visible()
        expect(dialog).to_contain_text(re.compile("had a choice|to review"))
        assert no_horizontal_scroll(page)
        assert_accessible(page, "a Muggins game's review")
        dialog.get_by_role("button", name="Close").tap()

        page.get_by_role("button", name="Replay the game").tap()
        replay = page.get_by_role("region", name="Replay")
        # the deal is no step of its own: before the first move, this seat's seven tiles,
        # drawn read-only
        expect(replay.get_by_role("status")).to_have_text(re.compile(r"^Step 0 of \d+$"))
        board = page.get_by_role("group", name="The board at this step (read-only)")
        tiles = board.get_by_role("group", name="Your tiles").get_by_role("button")
        expect(tiles).to_have_count(7)
        for tile in tiles.all():
            expect(tile).to_be_disabled()
        assert no_horizontal_scroll(page)
        assert_accessible(page, "a Muggins replay's deal")
        replay.get_by_role("button", name="Next").tap()
        expect(replay.get_by_role("status")).to_have_text(re.compile(r"^Step 1 of"))
        replay.get_by_role("button", name="Next").tap()
        replay.get_by_role("button", name="Previous").tap()
        expect(replay.get_by_role("button", name="Previous")).to_be_enabled()
        replay.get_by_role("button", name="Previous").tap()
        expect(replay.get_by_role("status")).to_have_text(re.compile(r"^Step 0 of"))
        replay.get_by_role("button", name="Close the replay").tap()
        expect(page.get_by_role("region", name="Game over")).to_be_visible()
