"""Text is never markup in the page (a real ``gameshelf serve``, Debian's Chromium): players'
names typed as HTML (``<img src onerror=...>``, ``</script>``) are shown to the other seat
as the characters typed, and so is every text a server's message carries (seat names, the
view's names, log lines, error messages, scores), even a hostile server's that no name rule
shortened; no element is made of them, no script runs, and the page's policy is never
tried (a violation would mean markup got in). The policy has the browser refuse
``innerHTML`` and every other text-to-markup sink (Trusted Types)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.web.browser import browser_or_skip
from tests.web.gamepage import PATIENCE, browser, create_room, game_server, join_room

#: Names a player may type (the server's name rule: 20 characters at most).
ANN = "<img src onerror=z>"
BOB = "</script><b>Bob</b>"
#: What a hostile server puts before every text it sends.
HOSTILE = '<img src=x onerror="window.pwned=1"><svg onload="window.pwned=2">&lt;'

#: Counts the page's policy violations and looks for elements made of text.
WATCH = """
window.violations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.violations.push(`${e.violatedDirective} ${e.blockedURI}`));
"""
MADE = "() => document.querySelectorAll('img, svg, b, main script, body script').length"
SINK = """() => {
  try { document.createElement("p").innerHTML = "<b>x</b>"; return "made"; }
  catch (e) { return e.name; }
}"""


def _hostile(message: dict[str, Any]) -> dict[str, Any]:
    """``message`` with :data:`HOSTILE` before each of its texts meant to be shown."""
    room = message.get("room")
    if isinstance(room, dict):
        for seat in room.get("seats", []):
            seat["name"] = HOSTILE + str(seat.get("name"))
    view = message.get("view")
    if isinstance(view, dict) and isinstance(view.get("names"), list):
        view["names"] = [HOSTILE + str(name) for name in view["names"]]
    for line in message.get("log") or []:
        line["text"] = HOSTILE + line["text"]
    for score in message.get("scores") or []:
        score["name"] = HOSTILE + score["name"]
    if message.get("type") == "error":
        message["message"] = HOSTILE + message["message"]
    return message


def _through_a_hostile_server(page: Any, ws_url: str) -> None:
    def route(ws: Any) -> None:
        server = ws.connect_to_server()
        server.on_message(lambda text: ws.send(json.dumps(_hostile(json.loads(text)))))
        ws.on_message(lambda text: server.send(text))

    page.route_web_socket(ws_url, route)


def _clean(page: Any) -> None:
    assert page.evaluate(MADE) == 0, page.content()
    assert page.evaluate("window.pwned") is None
    assert page.evaluate("window.violations") == []
    # and the browser itself refuses to make markup of text (Trusted Types), so no slip
    # in a page module can either
    assert page.evaluate(SINK) == "TypeError"


def test_names_and_server_texts_are_shown_as_typed_never_as_markup(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home") as server, browser(executable) as chromium:
        ann_context, bob_context = chromium.new_context(), chromium.new_context()
        for context in (ann_context, bob_context):
            context.set_default_timeout(PATIENCE * 1000)
            context.add_init_script(WATCH)
        ann, bob = ann_context.new_page(), bob_context.new_page()
        _through_a_hostile_server(bob, server.ws_url)

        ann.goto(server.url)
        code = create_room(ann, "Yatz", ANN, computers=0, friends=1)

        join_room(bob, f"{server.url}r/{code}", BOB)
        expect(ann.get_by_text(f"{BOB}: connected", exact=True)).to_be_visible()
        expect(bob.get_by_text(f"{HOSTILE}{ANN}: connected", exact=True)).to_be_visible()
        ann.get_by_role("button", name="Start the game").click()
        expect(ann.get_by_role("button", name="Roll", exact=True)).to_be_enabled()
        ann.get_by_role("button", name="Roll", exact=True).click()
        expect(bob.get_by_role("log")).to_contain_text(f"{HOSTILE}{ANN} rolled ")
        expect(bob.get_by_text(f"{HOSTILE}{ANN}'s turn.")).to_be_visible()
        expect(ann.get_by_text(f"{BOB}'s card: 0 points")).to_be_visible()
        for page in (ann, bob):
            _clean(page)
