"""The page reads a game's number options as the browser reads the field (``1e3`` is 1000),
leaves an empty field out (the game's default applies), and refuses a value that is not a
whole number within the bounds on the page, in the server's own words, sending nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from websockets.sync.client import connect

from tests.web.browser import browser_or_skip
from tests.web.gamepage import PATIENCE, browser, create_room, game_server

SEATS = [{"kind": "host", "name": "Ann"}, {"kind": "computer", "level": "easy"}]


def _server_says(ws_url: str, options: dict[str, Any]) -> str:
    with connect(ws_url) as ws:
        ws.send(json.dumps({"v": 1, "type": "create", "game": "muggins", "seats": SEATS,
                            "options": options}))
        answer = json.loads(ws.recv(timeout=PATIENCE))
    assert answer["type"] == "error", answer
    return str(answer["message"])


def test_number_options_are_read_as_numbers_and_checked_on_the_page(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home") as server, browser(executable) as chromium:
        page = chromium.new_page(viewport={"width": 390, "height": 844})
        page.set_default_timeout(PATIENCE * 1000)
        sent: list[dict[str, Any]] = []
        page.on("websocket", lambda ws: ws.on(
            "framesent", lambda frame: sent.append(json.loads(frame))))

        def create(target: str) -> None:
            page.goto(server.url)
            create_room(page, "Muggins", options={"Target": target}, made=False)

        for target, wrong in (("3", {"target": 3}), ("10001", {"target": 10001}),
                              ("5.5", {"target": 5.5})):
            create(target)
            words = _server_says(server.ws_url, wrong)
            expect(page.get_by_role("alert")).to_have_text(words)
            assert not [m for m in sent if m.get("type") == "create"], sent
        assert "10,000" in _server_says(server.ws_url, {"target": 10001})

        for target, options in (("1e3", {"target": 1000}), ("", {})):
            sent.clear()
            create(target)
            expect(page.get_by_text("Mugsy: computer")).to_be_visible()
            created = [m for m in sent if m.get("type") == "create"]
            assert [m["options"] for m in created] == [options], created
