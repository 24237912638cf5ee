"""The page as a new player reads it: every table of a hint, a review or a score fits a
phone's 390 px with nothing cut off, the option first; the replay numbers only the steps
the seat sees and goes back one step after a refused one; Yatz says every move by anyone
once, with its dice; One Dollar Pinball's caret under the digit being read stays clear of
the running score at a phone's, a laptop's and a desktop's size. axe-core checks each new
state (no serious or critical violation)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tests.web.axe import assert_accessible
from tests.web.browser import browser_or_skip
from tests.web.gamepage import (
    PATIENCE,
    browser,
    create_room,
    game_server,
    no_horizontal_scroll,
    phone,
)
from tests.web.test_page_asks import _play_muggins_by_taps

#: Each table shown, its cells cut off (wider inside than shown) and whether the table
#: is wider than the box holding it; a row's first cell (the option of a coach's table).
TABLES = """() => [...document.querySelectorAll("table")].filter((t) => t.checkVisibility())
  .map((t) => {
    const box = t.parentElement.getBoundingClientRect();
    const rect = t.getBoundingClientRect();
    return {
      label: (t.closest("[aria-label]") || t).getAttribute("aria-label") || t.className,
      clipped: [...t.querySelectorAll("th, td")].filter((c) => c.scrollWidth > c.clientWidth + 1)
        .map((c) => c.textContent),
      wide: rect.right > Math.min(box.right, window.innerWidth) + 1,
      first: [...t.querySelectorAll("tbody tr")].map((r) => r.firstElementChild.textContent),
    };
  })"""
#: The pixels between the caret under the digits being read and the running score below.
CARET_GAP = """() => {
  const now = document.querySelector(".dollar .digit.now");
  const running = document.querySelector(".dollar .running");
  if (!now || !running) return null;
  const caret = getComputedStyle(now, "::after");
  const bottom = now.getBoundingClientRect().bottom - parseFloat(caret.bottom);
  return running.getBoundingClientRect().top - bottom;
}"""


def _tables_fit(page: Any, where: str) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(TABLES)
    for table in found:
        assert not table["clipped"] and not table["wide"], (where, table)
    assert no_horizontal_scroll(page), where
    return found


def _hint_tables(page: Any, where: str) -> list[dict[str, Any]]:
    from playwright.sync_api import expect

    page.get_by_role("button", name="Hint").click()
    dialog = page.get_by_role("dialog", name="Hint")
    region = dialog.get_by_role("region", name="The coach's estimates, in columns")
    expect(region).to_be_visible(timeout=PATIENCE * 3000)
    found = [t for t in _tables_fit(page, where) if t["label"].startswith("The coach's")]
    assert found, where
    assert_accessible(page, where)
    dialog.get_by_role("button", name="Close").click()
    return found


def test_every_hint_and_score_table_fits_a_phone_the_option_first(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home", "--rate", "200") as server, \
            browser(executable) as chromium:
        page = phone(chromium)
        page.goto(server.url)
        create_room(page, "Yatz", computers=1)
        page.get_by_role("button", name="Roll", exact=True).click()
        expect(page.get_by_role("button", name="Die 1", exact=False)).to_be_enabled()
        _tables_fit(page, "the Yatz card")
        rows = _hint_tables(page, "a Yatz hint")[0]["first"]
        assert rows and all(re.match(r"(keep|hold|score|roll)", r) for r in rows), rows

        page.goto(server.url)
        create_room(page, "Muggins", computers=1, options={"Target": "50"})
        expect(page.get_by_role("button", name="Hint")).to_be_visible()
        page.get_by_role("button", name="Hint").click()
        dialog = page.get_by_role("dialog", name="Hint")
        expect(dialog.get_by_role("region", name="The coach's estimates", exact=True)
               ).to_be_visible()
        _tables_fit(page, "a Muggins hint")
        for table in page.evaluate(TABLES):
            assert all(re.match(r"\d-\d on the (left|right)", r) for r in table["first"]), table
        dialog.get_by_role("button", name="Close").click()

        page.goto(server.url)
        create_room(page, "Pinball Showdown", computers=1)
        expect(page.get_by_role("button", name="Hint")).to_be_visible()
        hint = _hint_tables(page, "a Showdown hint")[0]["first"]
        assert all(re.match(r"(offer|bid|take|buy|speed|flip|done)", r) for r in hint), hint

        page.goto(server.url)
        page.get_by_role("group", name="Yatz").get_by_role(
            "button", name="Top 20 and statistics").click()
        expect(page.get_by_role("dialog", name="Top 20 and statistics of Yatz")).to_be_visible()
        _tables_fit(page, "the Yatz top 20")


def test_the_replay_counts_the_steps_seen_and_a_refused_one_loses_none(tmp_path: Path
                                                                       ) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    refuse = {"next": False}

    def relay(ws: Any) -> None:
        server = ws.connect_to_server()

        def from_page(text: str) -> None:
            msg = json.loads(text)
            if refuse["next"] and msg.get("type") == "replay":
                refuse["next"] = False
                ws.send(json.dumps({"v": 1, "type": "error", "code": "internal",
                                    "message": "The step could not be rebuilt.",
                                    "ref": msg.get("ref")}))
                return
            server.send(text)
        ws.on_message(from_page)

    with game_server(tmp_path / "home", "--rate", "200") as server, \
            browser(executable) as chromium:
        page = phone(chromium)
        page.route_web_socket(re.compile(r"/ws$"), relay)
        page.goto(server.url)
        create_room(page, "Muggins", computers=1, options={"Target": "15"})
        _play_muggins_by_taps(page)
        page.get_by_role("button", name="Replay the game").tap()
        replay = page.get_by_role("region", name="Replay")
        status = replay.get_by_role("status")
        expect(status).to_have_text(re.compile(r"^Step 0 of \d+$"))
        steps = int(status.inner_text().rsplit(" ", 1)[1])
        actions = int(page.locator("#game").get_attribute("data-seq") or 0)
        # the deal and each tile drawn are no step of their own (a game to 15 may end at
        # the first play: a set of 6-9 scores 15, so the walk is as long as the game is)
        assert 1 <= steps < actions, (steps, actions)
        walk = min(3, steps)
        board = page.get_by_role("group", name="The board at this step (read-only)")
        expect(board.get_by_role("group", name="Your tiles").get_by_role("button")
               ).to_have_count(7)
        for n in range(1, walk + 1):
            replay.get_by_role("button", name="Next").tap()
            expect(status).to_have_text(f"Step {n} of {steps}")
            expect(replay.locator(".replay-said")).not_to_have_text(re.compile("did not see"))
        assert_accessible(page, f"a Muggins replay's step {walk}")
        refuse["next"] = True
        replay.get_by_role("button", name="Previous").tap()
        expect(status).to_have_text("The step could not be rebuilt.")
        expect(replay.get_by_role("button", name="Previous")).to_be_enabled()
        for n in range(walk - 1, -1, -1):     # the refused step lost none: back one at a time
            replay.get_by_role("button", name="Previous").tap()
            expect(status).to_have_text(f"Step {n} of {steps}")
        replay.get_by_role("button", name="Close the replay").tap()

        page.get_by_role("link", name="Back to the games").tap()
        create_room(page, "One Dollar Pinball", computers=1)
        page.get_by_role("textbox", name="Serial number").fill("L40000002A")
        page.get_by_role("button", name="Score").tap()
        expect(page.get_by_role("region", name="Game over")).to_be_visible()
        page.get_by_role("button", name="Replay the game").tap()
        expect(status).to_have_text("Step 0 of 2")
        board = page.get_by_role("group", name="The board at this step (read-only)")
        expect(board).to_contain_text("Your bill is not in yet.")
        # read-only: the bill is text, never a field to type in
        expect(board.get_by_role("textbox")).to_have_count(0)
        expect(board.get_by_role("button")).to_have_count(0)
        replay.get_by_role("button", name="Next").tap()
        expect(status).to_have_text("Step 1 of 2")
        expect(board).to_contain_text("L40000002A")
        expect(board.get_by_role("textbox")).to_have_count(0)
        assert_accessible(page, "a Dollar replay")


def test_yatz_says_every_move_once_with_its_dice(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home", "--rate", "200") as server, \
            browser(executable) as chromium:
        page = phone(chromium)
        page.goto(server.url)
        create_room(page, "Yatz", computers=1, level="greedy")
        log = page.get_by_role("log")
        page.get_by_role("button", name="Roll", exact=True).click()
        expect(log).to_contain_text(re.compile(r"You rolled( [1-6]){5}\."))
        page.get_by_role("button", name="Die 1", exact=False).click()
        expect(log).to_contain_text(re.compile(r"You held [1-6] \(die 1\)\."))
        page.get_by_role("button", name=re.compile(r"^x1 Chance")).click()
        page.get_by_role("button", name="Fill x1 Chance").click()
        expect(log).to_contain_text(re.compile(r"You scored \d+ in x1 Chance"))
        expect(log).to_contain_text(re.compile(r"CPU 1 scored \d+ in x\d "))
        lines = [str(t) for t in log.locator("p").all_inner_texts()]
        rolls = [t for t in lines if "rolled" in t]
        assert re.fullmatch(r"CPU 1 rolled( [1-6])+(, keeping( [1-6])+)?\.", rolls[-1]), lines
        assert sum("You rolled" in t for t in lines) == 1, lines
        assert not [t for t in lines if re.search(r": (roll|hold|score)\b", t)], lines
        assert_accessible(page, "the Yatz moves said")


def test_the_dollar_caret_stays_clear_of_the_running_score(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home", "--rate", "200") as server, \
            browser(executable) as chromium:
        for width, height in ((390, 844), (1280, 800), (1920, 1080)):
            context = chromium.new_context(viewport={"width": width, "height": height})
            context.set_default_timeout(PATIENCE * 1000)
            page = context.new_page()
            page.goto(server.url)
            create_room(page, "One Dollar Pinball", computers=1)
            page.get_by_role("textbox", name="Serial number").fill("L12345678A")
            page.get_by_role("button", name="Score").click()
            expect(page.locator(".dollar .digit.now")).to_have_count(1)
            gap = page.evaluate(CARET_GAP)
            assert gap is not None and gap >= 4, (width, gap)
            context.close()
