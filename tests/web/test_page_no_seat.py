"""A room's link with no seat free: the page says so in plain words and offers the ways on.

Over a real ``gameshelf serve`` and Debian's Chromium, a newcomer opens the link of each
kind of room that has no seat to give: one playing its game (Yatz, started), one whose game
is over (a Dollar round played to its end) and one in its lobby with every seat taken
(Muggins, the host and a computer). Each time, once a name is typed and Join pressed, the
join's form gives way to words saying which (playing, finished, full) and that no seat is
free, the error line stays empty (said once), and the focus is on "New game of GAME" (the
room's own game, named by the server's refusal). That button leads to the setup of that
game, "Back to the games" to the menu. The playing room's page is shot at 390x844,
1280x800 and 1920x1080, with nothing to scroll sideways.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

from gameshelf.server import protocol as p
from tests.server.bots import Bot, play_room
from tests.web.browser import browser_or_skip
from tests.web.gamepage import PATIENCE, browser, game_server, no_horizontal_scroll

SIZES = ((390, 844), (1280, 800), (1920, 1080))
SEATS = [p.SeatSpec("host", "Ann"), p.SeatSpec("computer")]


async def _room(url: str, game: str, start: bool) -> str:
    """A room of ``game`` with Ann and a computer (started when ``start``); its code."""
    bot = Bot(url, 3)
    await bot.open()
    await bot.create(game, SEATS, {})
    if start:
        await bot.start()
    await bot.close()
    return bot.code


def _refused(page: Any, url: str, code: str) -> Any:
    """Opens the link of room ``code``, types a name, presses Join; the words shown."""
    page.goto(f"{url}r/{code}")
    page.get_by_role("textbox", name="Your name").fill("Zoé")
    page.get_by_role("button", name="Join", exact=True).click()
    words = page.locator("#join-refused-words")
    words.wait_for(timeout=PATIENCE * 1000)
    return words


def test_a_room_with_no_seat_free_says_so_and_offers_the_ways_on(tmp_path: Path) -> None:
    executable = browser_or_skip()
    with game_server(tmp_path / "home", "--rate", "1000") as server:
        playing = asyncio.run(_room(server.ws_url, "yatz", True))
        full = asyncio.run(_room(server.ws_url, "muggins", False))
        over = asyncio.run(play_room(server.ws_url, "dollar", SEATS, seed=2))[0].code
        kinds = ((playing, "Yatz", "is playing its game"),
                 (over, "One Dollar Pinball", "has finished its game"),
                 (full, "Muggins", "is full"))
        with browser(executable) as b:
            for code, title, how in kinds:
                context = b.new_context()
                page = context.new_page()
                words = _refused(page, server.url, code)
                text = str(words.text_content())
                assert text.startswith(f"The room {code} {how}"), text
                assert "no seat is free" in text and f"new game of {title}" in text, text
                assert page.locator("#join-form").is_hidden()
                assert page.locator("#error").text_content() == ""
                fresh = page.get_by_role("button", name=f"New game of {title}")
                assert fresh.evaluate("b => b === document.activeElement")
                fresh.click()
                page.get_by_role("heading", name=f"New game of {title}").wait_for()
                assert page.evaluate("() => location.pathname") == "/"
                context.close()
            for width, height in SIZES:
                context = b.new_context(viewport={"width": width, "height": height})
                page = context.new_page()
                _refused(page, server.url, playing)
                assert no_horizontal_scroll(page), (width, height)
                page.screenshot(path=str(tmp_path / f"no-seat-{width}x{height}.png"))
                page.get_by_role("button", name="Back to the games").click()
                page.get_by_role("heading", name="Choose a game").wait_for()
                assert re.fullmatch("/", page.evaluate("() => location.pathname"))
                context.close()
