"""The game server's own page, end to end in a real browser: a whole solo Yatz game against a
computer seat at a phone's 390x844 window, reached by accessible names only.

``gameshelf serve`` serves the page beside its WebSocket on a free loopback port; headless
Chromium (Debian's, driven by Playwright) opens the menu, picks Yatz by its name, creates a
room with one computer seat, and plays the 39 turns: ``Roll``, a die held by a click (its
``aria-pressed`` and its face kept through the next roll), a box chosen by a click on the
button named by its column and box and filled by ``Fill x2 Full House`` (or a second click
on it; ``Choose again`` leaves it empty): online a filled box is never taken back. Midway
the page is reloaded and comes back to the same seat, dice and card (the seat's token kept
by the browser, never in the address). The final score the page shows is the engine's for
the game's record, rebuilt with the game's own ``from_record``. axe-core finds no serious
or critical violation in any state the page passes through (the menu, the setup, a turn
before and after a roll with a die held, a box chosen, a reload, the end and the end come
back to). Nothing is asked of any host but the server,
and nothing scrolls sideways.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from gameshelf.games.yatz.match import Match
from gameshelf.games.yatz.scoring import Box
from tests.web.axe import assert_accessible
from tests.web.browser import browser_or_skip
from tests.web.gamepage import (
    PATIENCE,
    browser,
    create_room,
    game_server,
    kept_seat,
    no_horizontal_scroll,
    phone,
    record_of,
)

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "src/gameshelf/games/yatz/web/yatz.js"
#: The box buttons the dice can fill now: ``x2 Full House: scores 25 now``.
OPEN_BOX = re.compile(r"^x[123] .+: scores \d+ now$")
#: How the moves' log says the seat's own hold of the first die.
HELD = re.compile(r"You held [1-6] \(die 1\)\.")
TURNS = 39
RELOAD_AT = 20


def test_the_page_module_names_the_boxes_as_the_rules_do() -> None:
    """The page's box texts and labels are the rules' own (``Box.text``, ``Box.label``)."""
    text = SCRIPT.read_text()
    listed = re.findall(r'\["([a-z-]+)", "([^"]+)"\]', text.split("export const BOXES")[1]
                        .split("];")[0])
    assert listed == [(b.text, b.label) for b in Box]


def _labels(locator: Any) -> list[str]:
    return [str(x) for x in locator.evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")]


def _dice(page: Any) -> list[tuple[str, str]]:
    """Each die's name and aria-pressed."""
    return [(str(d.get_attribute("aria-label")), str(d.get_attribute("aria-pressed")))
            for d in (page.get_by_role("button", name=f"Die {i}") for i in range(1, 6))]


def test_a_whole_solo_yatz_game_in_the_page(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home", "--rate", "200") as server, \
            browser(executable) as chromium:
        asked: list[str] = []
        page = phone(chromium, asked)

        checked: list[str] = []
        page.goto(server.url)
        expect(page.get_by_role("button", name="Yatz")).to_be_visible()
        assert_accessible(page, "the menu", checked)
        page.get_by_role("button", name="Yatz").click()
        assert no_horizontal_scroll(page)
        assert_accessible(page, "the setup", checked)
        code = create_room(page, "Yatz", computers=1, level="greedy", opened=True)
        expect(page.get_by_role("heading", name=f"Yatz, room {code}")).to_be_visible()
        expect(page.get_by_text("CPU 1: computer (greedy)")).to_be_visible()
        expect(page.get_by_text("Ann (you): connected")).to_be_visible()

        roll = page.get_by_role("button", name="Roll", exact=True)
        die1 = page.get_by_role("button", name="Die 1")
        for turn in range(TURNS):
            expect(roll).to_be_enabled()
            expect(die1).to_have_accessible_name("Die 1: not rolled")
            if turn == 0:
                assert_accessible(page, "a turn before its roll", checked)
            roll.click()
            expect(die1).to_have_accessible_name(re.compile(r"^Die 1: [1-6]$"))
            if turn == 0:
                face = die1.get_attribute("aria-label")
                die1.click()
                expect(die1).to_have_attribute("aria-pressed", "true")
                expect(page.get_by_role("log")).to_contain_text(HELD)
                roll.click()
                expect(page.get_by_text("roll 2 of 3")).to_be_visible()
                assert die1.get_attribute("aria-label") == face    # held through the roll
                assert no_horizontal_scroll(page)
                assert_accessible(page, "a die held, rolled again", checked)
            if turn == RELOAD_AT:
                die1.click()
                expect(die1).to_have_attribute("aria-pressed", "true")
                expect(page.get_by_role("log")).to_contain_text(HELD)
                before = _dice(page), page.get_by_role("table").first.inner_text()
                token = kept_seat(page, code)["token"]
                page.reload()
                expect(die1).to_have_accessible_name(before[0][0][0])
                assert (_dice(page), page.get_by_role("table").first.inner_text()) == before
                assert kept_seat(page, code)["token"] == token
                assert token not in page.url and token not in page.content()
                expect(page.get_by_text("Ann (you): connected")).to_be_visible()
                assert_accessible(page, "a reload mid-turn", checked)
            boxes = page.get_by_role("button", name=OPEN_BOX)
            expect(boxes.first).to_be_visible()
            labels = _labels(boxes)
            best = max(labels, key=lambda name: int(name.split("scores ")[1].split()[0]))
            box = page.get_by_role("button", name=best, exact=True)
            box.click()     # chosen, not filled yet: online a filled box is never taken back
            name = best.split(":")[0]
            expect(box).to_have_attribute("aria-pressed", "true")
            fill = page.get_by_role("button", name=f"Fill {name}", exact=True)
            expect(fill).to_be_focused()
            if turn == 0:
                assert_accessible(page, "a box chosen", checked)
                page.get_by_role("button", name="Choose again").click()
                expect(box).not_to_have_attribute("aria-pressed", "true")
                expect(box).to_be_focused()
                expect(fill).to_be_hidden()
                box.click()
                expect(box).to_have_attribute("aria-pressed", "true")
                box.click()   # the same box tapped again fills it
            else:
                fill.click()
            expect(page.get_by_role("button", name=re.compile(
                rf"^{re.escape(name)}: filled, \d+ points$"))).to_be_disabled()

        expect(page.get_by_role("heading", name="Game over")).to_be_visible()
        result = page.get_by_role("region", name="Game over").get_by_role(
            "listitem").filter(has_text="Ann (you):")
        shown = int(re.search(r"Ann \(you\): ([\d,]+) points", result.inner_text()).group(1)
                    .replace(",", ""))
        assert no_horizontal_scroll(page)
        assert_accessible(page, "the game over", checked)
        page.reload()     # a finished game come back to: the same scores
        expect(result).to_contain_text(f"Ann (you): {shown:,} points")
        assert_accessible(page, "the game over, after a reload", checked)
        assert len(checked) == 8

        token = kept_seat(page, code)["token"]
        match = Match.from_record(record_of(server.ws_url, code, token))
        assert match.state.is_terminal()
        assert shown == match.state.grand_total(0)
        assert match.state.turns_taken(0) == TURNS
        page.context.close()

    origin = server.url.rstrip("/")
    ws_origin = server.ws_url.rsplit("/", 1)[0]
    foreign = [u for u in asked
               if not (u.startswith(origin + "/") or u.startswith(ws_origin + "/"))]
    assert not foreign, foreign


def test_the_roll_tumbles_only_when_motion_is_welcome(tmp_path: Path) -> None:
    """A roll's dice tumble (a CSS animation), except where the system asks for less
    motion (``prefers-reduced-motion: reduce``)."""
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home") as server, browser(executable) as chromium:
        for motion, tumbles in (("no-preference", True), ("reduce", False)):
            context = chromium.new_context(reduced_motion=motion)
            context.set_default_timeout(PATIENCE * 1000)
            page = context.new_page()
            page.goto(server.url)
            create_room(page, "Yatz", computers=0)
            die = page.get_by_role("button", name="Die 3")
            expect(die).to_have_accessible_name("Die 3: not rolled")
            page.get_by_role("button", name="Roll", exact=True).click()
            expect(die).to_have_accessible_name(re.compile(r"^Die 3: [1-6]$"))
            animation = die.evaluate("d => getComputedStyle(d).animationName")
            assert (animation == "yatz-tumble") == tumbles, (motion, animation)
            context.close()
