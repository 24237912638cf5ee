"""The top 20 and statistics say each game's own words, on the server and on the page.

Every game the server plays is asked its ``scores`` over a real ``gameshelf serve``: the
answer's ``noun`` (what one row of its top 20 is) is the one its ``end`` part says, and its
statistics count its games by the ``end`` part's word for a game (Dollar's rounds), whether
any is finished yet or not. Then, two Dollar rounds played by bots (each 2 bills), the page's
"Top 20 and statistics" of One Dollar Pinball, in Debian's Chromium at 390x844, 1280x800
and 1920x1080, names its rows bills (``The best 4 bills on this server``) and counts
rounds, never games.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

from websockets.sync.client import connect

from gameshelf.server import protocol as p
from gameshelf.server.games import playable
from gameshelf.session.ending import rules_of
from tests.server.bots import play_room
from tests.web.browser import browser_or_skip
from tests.web.gamepage import PATIENCE, browser, game_server, no_horizontal_scroll

SIZES = ((390, 844), (1280, 800), (1920, 1080))
SEATS = [p.SeatSpec("host", "Ann"), p.SeatSpec("computer")]


def _scores(ws_url: str, game: str) -> dict[str, object]:
    with connect(ws_url) as ws:
        ws.send(json.dumps({"v": 1, "type": "scores", "game": game, "ref": "s"}))
        while True:
            answer = json.loads(ws.recv(timeout=PATIENCE))
            if answer.get("ref") == "s":
                return dict(answer)


def _words_hold(ws_url: str) -> None:
    for game in playable():
        rules = rules_of(game)
        answer = _scores(ws_url, game)
        assert answer["type"] == "scores" and answer["noun"] == rules.top_noun, (game, answer)
        first = str(answer["stats"][0])   # type: ignore[index]
        assert f"finished {rules.noun}" in first, (game, first)


def test_the_tables_say_each_games_words(tmp_path: Path) -> None:
    executable = browser_or_skip()
    with game_server(tmp_path / "home", "--rate", "1000") as server:
        _words_hold(server.ws_url)           # nothing finished yet
        for seed in (1, 2):
            asyncio.run(play_room(server.ws_url, "dollar", SEATS, seed=seed))
        _words_hold(server.ws_url)           # two rounds finished
        dollar = _scores(server.ws_url, "dollar")
        assert len(dollar["top"]) == 4, dollar   # type: ignore[arg-type]
        with browser(executable) as b:
            for width, height in SIZES:
                context = b.new_context(viewport={"width": width, "height": height})
                page = context.new_page()
                page.goto(server.url)
                page.get_by_role("group", name="One Dollar Pinball").get_by_role(
                    "button", name="Top 20 and statistics").click()
                dialog = page.get_by_role("dialog",
                                          name="Top 20 and statistics of One Dollar Pinball")
                caption = dialog.locator("caption")
                caption.wait_for(timeout=PATIENCE * 1000)
                assert caption.text_content() == "The best 4 bills on this server"
                text = str(dialog.text_content())
                assert "2 finished rounds on this server" in text, text
                assert " games" not in text and "finished game" not in text, text
                assert no_horizontal_scroll(page), (width, height)
                page.screenshot(path=str(tmp_path / f"top-{width}x{height}.png"))
                context.close()
