"""The game server's own page: One Dollar Pinball in a real browser (Debian's Chromium driven by
Playwright), by accessible names only, axe-core checking every state it passes through.

A round against a computer seat at a phone's 390x844 window: the menu's One Dollar Pinball,
a room with one computer, a reload before the bill (the same seat comes back, its token kept
by the browser), a serial of 7 digits refused in the rules' words (R-DP-1), then the rules'
own check (R-DP-10): ``L40000002A`` series 1902 scores 88,000,000, shown step by step and
placed in district 12's exact distribution; a reload shows the same. The record the server
gives replays (the replay of the history reads it). Nothing is asked of any host but the
server, and nothing scrolls sideways. Two friends compare bills over a room's link: neither
page shows the other's bill before both are in. The trace is told one step after another
unless the system asks for less motion.
"""

from __future__ import annotations

import re
from pathlib import Path

from gameshelf.games.dollar.match import Match
from gameshelf.games.dollar.replay import dollar_replay
from tests.web.axe import assert_accessible
from tests.web.browser import browser_or_skip
from tests.web.gamepage import (
    PATIENCE,
    browser,
    create_room,
    device_room,
    game_server,
    join_room,
    kept_seat,
    no_horizontal_scroll,
    phone,
    record_of,
)

TOTAL = "Total: 88,000,000 points"


def test_dollar_l40000002a_series_1902_scores_88_million_in_the_page(tmp_path: Path) -> None:
    """R-DP-1, R-DP-10 through the page, every state checked by axe-core."""
    from playwright.sync_api import expect

    executable = browser_or_skip()
    checked: list[str] = []
    with game_server(tmp_path / "home", "--rate", "200") as server, \
            browser(executable) as chromium:
        asked: list[str] = []
        page = phone(chromium, asked)

        page.goto(server.url)
        expect(page.get_by_role("button", name="One Dollar Pinball")).to_be_visible()
        assert_accessible(page, "the menu", checked)
        page.get_by_role("button", name="One Dollar Pinball").click()
        assert_accessible(page, "the setup", checked)
        page.get_by_role("button", name="Back to the games").click()
        code = create_room(page, "One Dollar Pinball", computers=1)
        expect(page.get_by_role("heading", name=f"One Dollar Pinball, room {code}")
               ).to_be_visible()
        serial = page.get_by_role("textbox", name="Serial number")
        series = page.get_by_role("textbox", name="Series")
        expect(serial).to_be_enabled()
        assert no_horizontal_scroll(page)
        assert_accessible(page, "the bill to enter", checked)

        token = kept_seat(page, code)["token"]
        page.reload()               # before the bill: the same seat, its turn still
        expect(serial).to_be_enabled()
        expect(page.get_by_text("Ann (you): connected")).to_be_visible()
        assert kept_seat(page, code)["token"] == token
        assert token not in page.url and token not in page.content()

        serial.fill("L4000002A")
        series.fill("1902")
        page.get_by_role("button", name="Score").click()
        refusal = "a serial has exactly 8 digits, got 7 in 'L4000002A'"
        expect(page.get_by_role("alert").filter(has_text=refusal)).to_have_count(1)
        expect(page.get_by_text(refusal, exact=True)).to_have_count(1)   # said once
        expect(serial).to_have_attribute("aria-invalid", "true")
        expect(serial).to_have_accessible_description(re.compile(re.escape(refusal)))
        expect(page.get_by_role("button", name="Score")).to_be_enabled()
        assert_accessible(page, "a serial refused", checked)

        serial.fill("L40000002A")
        page.get_by_role("button", name="Score").click()
        trace = page.get_by_role("region", name=re.compile("^Your bill L40000002A"))
        expect(trace).to_have_attribute("aria-busy", "true")   # told step by step
        assert_accessible(page, "the trace being told", checked)
        # the computer's bill is in meanwhile: nothing tells the round's end first
        page.wait_for_timeout(1000)
        telling = page.evaluate("""() => ({
            busy: document.querySelector('[aria-busy=true]') !== null,
            over: !document.getElementById('over').hidden,
            log: document.getElementById('log').textContent,
            table: document.querySelector('.table-bills').textContent})""")
        if telling["busy"]:
            assert not telling["over"], telling
            assert "88,000,000" not in telling["log"] and "Every bill" not in telling["log"]
            assert "points" not in telling["table"], telling
        expect(trace.get_by_text(TOTAL)).to_be_visible()
        steps = trace.get_by_role("list", name="The trace, step by step").get_by_role("listitem")
        expect(steps).to_have_count(5)
        expect(steps.first).to_contain_text("Jackpot: first 4: jackpot of district 12")
        expect(steps.last).to_contain_text("score 84,000,000")
        expect(trace.get_by_role("img", name=re.compile(
            r"^Chart: the scores of every serial of district 12; 99,999,996 of 100,000,000 "
            r"score less"))).to_be_visible()
        expect(page.get_by_role("heading", name="Game over")).to_be_visible()
        expect(page.get_by_role("region", name="Game over")).to_contain_text(
            "Ann (you): 88,000,000 points, place 1")
        expect(page.get_by_role("log")).to_contain_text(
            "Your bill L40000002A (series 1902): 88,000,000 points.")
        assert no_horizontal_scroll(page)
        assert_accessible(page, "every bill in", checked)

        page.reload()               # a finished round come back to: the same
        expect(trace.get_by_text(TOTAL)).to_be_visible()
        expect(page.get_by_role("region", name="Game over")).to_contain_text(
            "Ann (you): 88,000,000 points, place 1")
        assert_accessible(page, "every bill in, after a reload", checked)

        record = record_of(server.ws_url, code, kept_seat(page, code)["token"])
        match = Match.from_record(record)
        assert match.is_over() and match.actions[0] == "bill L40000002A series 1902"
        assert match.entries[0].score == 88_000_000
        assert [e.score for e in dollar_replay(record).entries] == [  # type: ignore[attr-defined]
            e.score for e in match.entries]
        page.context.close()

    assert len(checked) == 7
    origin = server.url.rstrip("/")
    ws_origin = server.ws_url.rsplit("/", 1)[0]
    foreign = [u for u in asked
               if not (u.startswith(origin + "/") or u.startswith(ws_origin + "/"))]
    assert not foreign, foreign


def test_two_friends_compare_bills_neither_seeing_the_other_first(tmp_path: Path) -> None:
    """The rules' game between players: each brings a bill; the highest score wins. Ann's bill
    is not in Bob's page (nor his in hers) before both are in; then both pages show both."""
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home", "--rate", "200") as server, \
            browser(executable) as chromium:
        ann_context = chromium.new_context(reduced_motion="reduce")
        bob_context = chromium.new_context(reduced_motion="reduce")
        for c in (ann_context, bob_context):
            c.set_default_timeout(PATIENCE * 1000)
        ann, bob = ann_context.new_page(), bob_context.new_page()
        ann.goto(server.url)
        code = create_room(ann, "One Dollar Pinball", computers=0, friends=1)
        join_room(bob, f"{server.url}r/{code}", "Bob")
        expect(ann.get_by_text("Bob: connected")).to_be_visible()
        ann.get_by_role("button", name="Start the game").click()

        ann.get_by_role("textbox", name="Serial number").fill("B12345678C")
        ann.get_by_role("textbox", name="Series").fill("2017A")
        ann.get_by_role("button", name="Score").click()
        expect(ann.get_by_text("Total: 9,000,000 points")).to_be_visible()
        bob_serial = bob.get_by_role("textbox", name="Serial number")
        expect(bob_serial).to_be_enabled()
        expect(bob.get_by_text("Ann: a bill is in (shown when every bill is in)")
               ).to_be_visible()
        assert "12345678" not in bob.content()
        assert_accessible(bob, "a friend's bill hidden")
        bob_serial.fill("F 11111111 A")
        bob.get_by_role("button", name="Score").click()
        for page in (ann, bob):
            expect(page.get_by_role("heading", name="Game over")).to_be_visible()
            bills = page.get_by_role("list", name="The table's bills")
            expect(bills).to_contain_text("B12345678C series 2017A, 9,000,000 points, place 2")
            expect(bills).to_contain_text("F11111111A, 11,000,000 points, place 1")
        assert_accessible(ann, "a friend's bill shown")
        assert code in bob.url
        ann_context.close()
        bob_context.close()


def test_two_people_at_one_device_never_see_the_others_bill_first(tmp_path: Path) -> None:
    """Ann and Bob share one page: once Ann's bill is in and the page is Bob's, nothing in it
    (the move log included, which was told in Ann's words) names Ann's bill or its score."""
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home", "--rate", "200") as server, \
            browser(executable) as chromium:
        context = chromium.new_context(reduced_motion="reduce")
        context.set_default_timeout(PATIENCE * 1000)
        page = context.new_page()
        page.goto(server.url)
        device_room(page, "One Dollar Pinball")
        page.get_by_role("textbox", name="Serial number").fill("B12345678C")
        page.get_by_role("textbox", name="Series").fill("2017A")
        page.get_by_role("button", name="Score").click()
        expect(page.get_by_text("Ann: a bill is in (shown when every bill is in)")
               ).to_be_visible()
        expect(page.get_by_role("textbox", name="Serial number")).to_be_enabled()
        text = page.content()
        assert "12345678" not in text and "9,000,000" not in text, text
        page.get_by_role("textbox", name="Serial number").fill("F11111111A")
        page.get_by_role("button", name="Score").click()
        bills = page.get_by_role("list", name="The table's bills")
        expect(bills).to_contain_text("B12345678C series 2017A, 9,000,000 points, place 2")
        context.close()


def test_the_trace_is_told_at_once_when_less_motion_is_asked(tmp_path: Path) -> None:
    """``prefers-reduced-motion: reduce``: the whole trace at once, never busy."""
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home") as server, browser(executable) as chromium:
        context = chromium.new_context(reduced_motion="reduce")
        context.set_default_timeout(PATIENCE * 1000)
        page = context.new_page()
        page.goto(server.url)
        create_room(page, "One Dollar Pinball", computers=0)
        page.get_by_role("button", name="Draw a random bill").click()
        trace = page.get_by_role("region", name=re.compile("^Your bill "))
        expect(trace.get_by_text(re.compile(r"^Total: [\d,]+ points$"))).to_be_visible()
        assert trace.get_attribute("aria-busy") is None
        context.close()
