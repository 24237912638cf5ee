"""The page leaves a room, comes back to it and asks one question at a time, as the terminal
does (a real ``gameshelf serve``, Debian's Chromium, by accessible names): "Leave the room"
sends ``leave`` and the other page's live region says "Bob left the room."; a person gone
past the room's away timeout while a computer stand-in played reopens the room and reads
"You were away: the computer played your turns meanwhile." once, the others "Ann is away:
the computer plays for Ann." and "Ann came back." once each; a double click on the replay's
Next sends one question, its controls marked working until the answer, and a question
dropped by the rate limit (refused without its ref) leaves Previous and Next usable.
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path
from typing import Any

import pytest

from gameshelf.server import protocol as p
from gameshelf.session.room import Room
from tests.web.axe import assert_accessible
from tests.web.browser import browser_or_skip
from tests.web.gamepage import (
    PATIENCE,
    browser,
    create_room,
    game_server,
    join_room,
    no_horizontal_scroll,
)

BACK = "You were away: the computer played your turns meanwhile."


def _context(chromium: Any, phone: bool = False) -> Any:
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 800}
    context = chromium.new_context(viewport=size, has_touch=phone, is_mobile=phone)
    context.set_default_timeout(PATIENCE * 1000)
    return context


def _sent(page: Any) -> list[dict[str, Any]]:
    """The messages ``page`` sends on its WebSockets, as they go (a list filled later)."""
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda ws: ws.on(
        "framesent", lambda text: frames.append(json.loads(text))))
    return frames


def _lines(page: Any, text: str) -> int:
    """How many lines of ``page``'s live region (the moves' log) read ``text``."""
    return sum(t == text for t in page.get_by_role("log").locator("p").all_inner_texts())


def test_leave_the_room_is_told_to_the_others_as_left(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home") as server, browser(executable) as chromium:
        ann = _context(chromium).new_page()
        ann.goto(server.url)
        code = create_room(ann, "Yatz", computers=0, friends=1)

        bob = _context(chromium, phone=True).new_page()
        sent = _sent(bob)
        join_room(bob, f"{server.url}r/{code}", "Bob")
        log = ann.get_by_role("log")
        expect(log).to_contain_text("Bob joined.")
        ann.get_by_role("button", name="Start the game").click()
        expect(bob.get_by_role("button", name="Leave the room")).to_be_visible()
        assert no_horizontal_scroll(bob)
        assert_accessible(bob, "a room with its Leave button")

        bob.get_by_role("button", name="Leave the room").click()
        expect(log).to_contain_text("Bob left the room.")
        expect(ann.get_by_text("Bob: left the room")).to_be_visible()
        assert "Bob's connection dropped." not in log.inner_text()
        assert [m["type"] for m in sent].count("leave") == 1
        # Bob is at the menu, told how to come back; his seat is still his
        expect(bob).to_have_url(server.url)
        expect(bob.get_by_role("status").filter(has_text="You left the room")).to_contain_text(
            "Its link takes you back to your seat.")
        assert_accessible(bob, "the menu after leaving a room")
        bob.go_back()
        expect(bob.get_by_text("Bob (you): connected")).to_be_visible()
        expect(log).to_contain_text("Bob came back.")
        assert _lines(ann, "Bob left the room.") == 1


def _act(room: Room, action: str) -> None:
    """``room``'s seat plays ``action`` at the room's current action count."""
    room.link.send(p.Act(code=room.code, token=room.token, action=action))


def _wait_state(room: Room, to_act: int) -> p.State:
    """The first state ``room`` is told in which seat ``to_act`` is to act."""
    deadline = time.monotonic() + PATIENCE
    while time.monotonic() < deadline:
        msg = room.wait(1.0)
        if isinstance(msg, p.State) and msg.to_act == to_act:
            return msg
    pytest.fail(f"seat {to_act} was never to act")


def test_back_after_a_stand_in_played_reads_you_were_away_once(tmp_path: Path,
                                                               monkeypatch: Any) -> None:
    from playwright.sync_api import expect

    monkeypatch.setenv("GAMESHELF_HOME", str(tmp_path / "client"))
    executable = browser_or_skip()
    with game_server(tmp_path / "home") as server, browser(executable) as chromium:
        # Bob hosts from the terminal's client, with a one-second away timeout
        bob = Room.create(server.ws_url, "yatz", [p.SeatSpec("host", "Bob"),
                                                  p.SeatSpec("open"), p.SeatSpec("open")],
                          away_timeout=1.0)
        url = f"{server.url}r/{bob.code}"
        ann_context = _context(chromium)
        ann = ann_context.new_page()
        join_room(ann, url, "Ann")
        carl = _context(chromium, phone=True).new_page()
        join_room(carl, url, "Carl")
        expect(ann.get_by_text("Carl: connected")).to_be_visible()
        bob.start()
        _wait_state(bob, 0)
        ann.close()                  # a closed tab: a dropped connection, not a leave
        expect(carl.get_by_role("log")).to_contain_text("Ann's connection dropped.")
        _act(bob, "roll")
        _act(bob, "score x1 chance")
        # Ann's turn: past the timeout a computer plays it for her, then Carl is to act
        expect(carl.get_by_role("log")).to_contain_text(
            "Ann is away: the computer plays for Ann.", timeout=PATIENCE * 1000)
        expect(carl.get_by_text("Carl (you): connected")).to_be_visible()
        expect(carl.get_by_role("button", name="Roll", exact=True)).to_be_enabled(
            timeout=PATIENCE * 1000)
        assert _lines(carl, "Ann is away: the computer plays for Ann.") == 1

        again = ann_context.new_page()     # the tab reopened: her seat, kept by the browser
        again.goto(url)
        expect(again.get_by_role("log")).to_contain_text(BACK)
        expect(carl.get_by_role("log")).to_contain_text("Ann came back.")
        expect(again.get_by_text("Ann (you): connected")).to_be_visible()
        assert _lines(again, BACK) == 1
        # below the moves played meanwhile (the stand-in's among them)
        expect(again.get_by_role("log").locator("p").last).to_have_text(BACK)
        expect(again.get_by_role("log")).to_contain_text(re.compile(r"You scored \d+ in x"))
        assert _lines(carl, "Ann is away: the computer plays for Ann.") == 1
        assert_accessible(again, "a room come back to after a stand-in played")
        again.reload()                     # nothing played for her since: not said again
        expect(again.get_by_text("Ann (you): connected")).to_be_visible()
        expect(again.get_by_text("Carl: connected")).to_be_visible()
        assert _lines(again, BACK) == 0
        bob.disconnect()


def _dollar_over(page: Any, url: str) -> None:
    from playwright.sync_api import expect

    page.goto(url)
    create_room(page, "One Dollar Pinball", computers=1)
    page.get_by_role("textbox", name="Serial number").fill("L40000002A")
    page.get_by_role("textbox", name="Series").fill("1902")
    page.get_by_role("button", name="Score").click()
    expect(page.get_by_role("region", name="Game over")).to_contain_text("88,000,000 points")


def test_a_double_click_on_next_asks_once_and_a_dropped_ask_frees_the_steps(
        tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    held: list[str] = []             # the server's replay answers kept back
    hold = {"answers": False, "drop_step": -1}
    routes: list[Any] = []

    def relay(ws: Any) -> None:
        server = ws.connect_to_server()
        routes.append(ws)

        def from_page(text: str) -> None:
            msg = json.loads(text)
            if msg.get("type") == "replay" and msg.get("step") == hold["drop_step"]:
                hold["drop_step"] = -1       # the rate limit drops it unread: no ref
                ws.send(json.dumps({"v": 1, "type": "error", "code": "rate_limited",
                                    "message": "too many messages: slow down"}))
                return
            server.send(text)

        def from_server(text: str) -> None:
            if hold["answers"] and json.loads(text).get("type") == "replay":
                held.append(text)
                return
            ws.send(text)
        ws.on_message(from_page)
        server.on_message(from_server)

    with game_server(tmp_path / "home", "--rate", "200") as server, \
            browser(executable) as chromium:
        page = _context(chromium).new_page()
        sent = _sent(page)
        page.route_web_socket(re.compile(r"/ws$"), relay)
        _dollar_over(page, server.url)
        page.get_by_role("button", name="Replay the game").click()
        replay = page.get_by_role("region", name="Replay")
        status = replay.get_by_role("status")
        expect(status).to_have_text("Step 0 of 2")
        asks = lambda: [m for m in sent if m["type"] == "replay"]  # noqa: E731
        assert len(asks()) == 1

        hold["answers"] = True               # the answer kept back: the ask is unanswered
        next_ = replay.get_by_role("button", name="Next")
        next_.dblclick()
        expect(status).to_have_text("Step 0 of 2 (working…)")
        expect(next_).to_be_disabled()
        expect(replay.get_by_role("button", name="Previous")).to_be_disabled()
        page.wait_for_timeout(300)
        assert len(asks()) == 2, asks()
        assert_accessible(page, "a replay step being asked for")
        assert len(held) == 1
        hold["answers"] = False              # the kept answer let through
        routes[-1].send(held.pop())
        expect(status).to_have_text("Step 1 of 2")
        assert len(asks()) == 2

        hold["drop_step"] = 2                # the next ask is dropped by the rate limit
        next_.click()
        expect(status).to_contain_text("too many messages")
        expect(next_).to_be_enabled()
        expect(replay.get_by_role("button", name="Previous")).to_be_enabled()
        next_.click()
        expect(status).to_have_text("Step 2 of 2")



def test_hint_asked_twice_before_its_answer_is_sent_once(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    held: list[str] = []             # the server's hint answers kept back
    routes: list[Any] = []

    def relay(ws: Any) -> None:
        server = ws.connect_to_server()
        routes.append(ws)

        def from_server(text: str) -> None:
            if json.loads(text).get("type") == "hint":
                held.append(text)
                return
            ws.send(text)
        server.on_message(from_server)

    with game_server(tmp_path / "home", "--rate", "200") as server, \
            browser(executable) as chromium:
        page = _context(chromium, phone=True).new_page()
        sent = _sent(page)
        page.route_web_socket(re.compile(r"/ws$"), relay)
        page.goto(server.url)
        create_room(page, "Muggins", computers=1)
        hint = page.get_by_role("button", name="Hint")
        hint.click()
        dialog = page.get_by_role("dialog", name="Hint")
        expect(dialog).to_contain_text("Thinking…")
        page.keyboard.press("Escape")
        expect(dialog).to_be_hidden()
        expect(hint).to_have_attribute("aria-disabled", "true")
        hint.click(force=True)             # pressed again while the first is worked out
        page.wait_for_timeout(300)
        hints = lambda: [m for m in sent if m["type"] == "hint"]  # noqa: E731
        assert len(hints()) == 1, hints()
        assert_accessible(page, "a hint being worked out")
        deadline = time.monotonic() + PATIENCE
        while not held and time.monotonic() < deadline:
            page.wait_for_timeout(100)
        routes[-1].send(held.pop())
        expect(dialog.get_by_role("region", name="The coach's estimates", exact=True)
               ).to_be_visible()
        expect(hint).not_to_have_attribute("aria-disabled", "true")


def test_back_to_the_games_says_nothing_made_of_its_click(tmp_path: Path) -> None:
    """"Back to the games" from a game's setup shows the menu with no note: the click's
    event is never taken for a note to say ("[object PointerEvent]")."""
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home") as server, browser(executable) as chromium:
        page = _context(chromium).new_page()
        page.goto(server.url)
        for game in ("Yatz", "Muggins"):
            page.get_by_role("button", name=game, exact=True).click()
            page.get_by_role("button", name="Back to the games").click()
            expect(page.get_by_role("button", name=game, exact=True)).to_be_visible()
            assert "[object" not in page.locator("body").inner_text()
