"""Muggins' line of play on the page reads as one line at every size, its open ends named.

A real game's view (seed 1, both seats playing their first tile that fits, drawing else,
until each chain holds 9 tiles: 19 tiles on the felt) is drawn by the game's page module as
the real ``gameshelf serve`` serves it, in Debian's Chromium, at a phone's 390x844, at
1280x800 and at 1920x1080. At each size: nothing scrolls sideways and nothing sticks out
of the felt; the board's items come in reading order (each one right of the one before on
its row, or on a row below, as words wrap), so a wrapped line reads as one line; its first
item names the left open end (``LEFT end N``) and its last the right one (``RIGHT end N``),
as the terminal names them, with the numbers the view says; and the tiles between are the
left chain from its open end in to the 0-0, then the right chain out.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gameshelf.games.muggins.match import Match
from gameshelf.games.muggins.view import MugginsView
from tests.web.browser import browser_or_skip
from tests.web.gamepage import browser, game_server, no_horizontal_scroll

SIZES = ((390, 844), (1280, 800), (1920, 1080))
LONG = 9

#: Mounts Muggins' page module in a box of the page's own and draws a state (the view).
MOUNT = """async (state) => {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = "/games/muggins/muggins.css";
  const loaded = new Promise((done) => link.addEventListener("load", done));
  document.head.append(link);
  await loaded;
  const box = document.createElement("div");
  document.querySelector("main").replaceChildren(box);
  const module = await import("/games/muggins/muggins.js");
  const view = module.mount(box, { seat: 0, act() {}, say() {}, reducedMotion: () => true });
  view.update(state);
}"""

#: The board's items: their boxes, texts and names, and the felt's box.
ITEMS = """() => {
  const board = document.querySelector(".muggins .board");
  const felt = board.closest(".felt").getBoundingClientRect();
  return { felt: [felt.left, felt.top, felt.right, felt.bottom],
    items: [...board.children].map((li) => {
      const r = li.getBoundingClientRect();
      return { box: [r.left, r.top, r.right, r.bottom], text: li.textContent,
        name: li.getAttribute("aria-label") };
    }) };
}"""


def _long_chains() -> dict[str, Any]:
    """A ``state`` message's fields for seat 0 once both chains hold :data:`LONG` tiles."""
    match = Match.new(seed=1, target=500)
    while True:
        view = MugginsView.of(match.state, 0)
        if len(view.left) >= LONG and len(view.right) >= LONG:
            break
        legal = [str(a) for a in match.state.legal_actions()]
        plays = [a for a in legal if " " in a]
        match.apply(plays[0] if plays else legal[0])
    return {"view": view.to_json(["Ann", "Mugsy"]), "legal": [], "to_act": 1, "seq": 1}


def test_the_line_of_play_reads_as_one_line_with_its_ends_named(tmp_path: Path) -> None:
    executable = browser_or_skip()
    state = _long_chains()
    view = state["view"]
    tiles = [*reversed(view["left"]), "0-0, the spinner", *view["right"]]
    with game_server(tmp_path / "home") as server, browser(executable) as b:
        for width, height in SIZES:
            context = b.new_context(viewport={"width": width, "height": height})
            page = context.new_page()
            page.goto(server.url)
            page.get_by_role("button", name="Muggins").wait_for()
            page.evaluate(MOUNT, state)
            drawn = page.evaluate(ITEMS)
            items = drawn["items"]
            size = f"{width}x{height}"
            assert no_horizontal_scroll(page), size
            assert items[0]["text"].startswith(f"◀ LEFT end {view['left_end']}"), size
            assert items[-1]["text"].startswith(f"RIGHT end {view['right_end']}"), size
            assert [i["name"] for i in items[1:-1]] == tiles, size
            left, top, right, bottom = drawn["felt"]
            rows = 1
            for before, item in zip(items, items[1:], strict=False):
                x0, y0, x1, y1 = item["box"]
                assert left <= x0 and x1 <= right and top <= y0 and y1 <= bottom, (size, item)
                beside = x0 >= before["box"][2] - 1 and y0 < before["box"][3]
                below = y0 >= before["box"][3] - 1
                assert beside or below, (size, before, item)
                rows += 0 if beside else 1
            if width == 390:
                assert rows > 2, "a phone's felt holds the long line in several rows"
            context.close()
