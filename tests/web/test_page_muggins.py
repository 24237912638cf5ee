"""The game server's own page: a Muggins game against Mugsy to a small target at a phone's
390x844 touch window, by taps only and accessible names only.

The menu's Muggins, a room with Mugsy (``easy``) and a target of 30; then, until the game is
over, a tap on a tile that fits (named by its pips, ``5-3``; ``Left end`` when it fits both
chains and the two lead to different games), else ``Draw``, else ``Pass``. Midway the page is
reloaded and shows the same rack and board. The final scores the page shows are the engine's for the
game's record (rebuilt with the game's ``from_record``); nothing is asked of another host and
nothing scrolls sideways; axe-core finds no serious or critical violation in any state
the page passes through (the menu, the setup, a move to make, the choice of an end, a
reload, the end). The page asks for an end exactly when the screen does (the
rules' ``choices`` offer two), and otherwise plays the end the screen plays.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from gameshelf.core.records import GameRecord
from gameshelf.games.muggins.game import Play
from gameshelf.games.muggins.match import Match
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

TARGET = 30
RELOAD_AT = 4
MOVES = re.compile(r"^(\d-\d|Draw|Pass)$")


def _labels(locator: Any) -> list[str]:
    return [str(x) for x in locator.evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))")]


def _ends_to_choose(record: GameRecord) -> int:
    """How many of seat 0's plays in ``record`` had two ends to choose between (the rules'
    ``choices``); every other play of a tile that fits both ends is on the end the rules
    choose (so the page played what the screen plays)."""
    match, asks = Match.start(record), 0
    for act in match.replay(record.actions):
        st = match.state
        if isinstance(act, Play) and st.current_player() == 0:
            sides = st.choices(act.tile)
            asks += len(sides) == 2
            assert act.side in sides, (str(act), sides)
    return asks


def test_a_muggins_game_to_a_small_target_by_taps(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home", "--rate", "200") as server, \
            browser(executable) as chromium:
        asked: list[str] = []
        page = phone(chromium, asked)
        which_end = 0

        checked: list[str] = []
        page.goto(server.url)
        expect(page.get_by_role("button", name="Muggins")).to_be_visible()
        assert_accessible(page, "the menu", checked)
        page.get_by_role("button", name="Muggins").tap()
        assert_accessible(page, "the setup", checked)
        code = create_room(page, "Muggins", level="easy", options={"Target": str(TARGET)},
                           press="tap", opened=True)
        expect(page.get_by_text("Mugsy: computer (easy)")).to_be_visible()

        over = page.get_by_role("heading", name="Game over")
        rack = page.get_by_role("group", name="Your tiles")
        board = page.get_by_role("list", name=re.compile("^Board"))
        moves = page.get_by_role("button", name=MOVES, disabled=False)
        taps = 0
        for taps in range(1, 1000):
            expect(moves.first.or_(over)).to_be_visible()
            if over.is_visible():
                break
            if taps == 1:
                assert_accessible(page, "a move to make", checked)
            tiles = rack.get_by_role("button", disabled=False)
            if tiles.count():
                tile = _labels(tiles)[0]
                rack.get_by_role("button", name=tile, exact=True).tap()
                ends = page.get_by_role("group", name="Which end")
                if ends.is_visible():
                    if not which_end:
                        assert_accessible(page, "which end", checked)
                    which_end += 1
                    ends.get_by_role("button", name=re.compile("^Left end")).tap()
            elif page.get_by_role("button", name="Draw", disabled=False).count():
                page.get_by_role("button", name="Draw").tap()
            else:
                page.get_by_role("button", name="Pass").tap()
            if taps == RELOAD_AT:
                expect(moves.first.or_(over)).to_be_visible()
                before = _labels(rack.get_by_role("button")), _labels(board.get_by_role("listitem"))
                page.reload()
                expect(rack.get_by_role("button").first).to_be_visible()
                after = _labels(rack.get_by_role("button")), _labels(board.get_by_role("listitem"))
                assert after == before
                assert no_horizontal_scroll(page)
                assert_accessible(page, "a reload mid-round", checked)
        assert over.is_visible(), "the game never ended"
        assert taps > RELOAD_AT
        assert no_horizontal_scroll(page)
        assert_accessible(page, "the game over", checked)
        assert len(checked) == 5 + (which_end > 0)
        shown = {m.group(1): int(m.group(2).replace(",", "")) for m in re.finditer(
            r"^(Ann|Mugsy)(?: \(you\))?: ([\d,]+) points", page.get_by_role(
                "region", name="Game over").inner_text(), re.M)}

        record = record_of(server.ws_url, code, kept_seat(page, code)["token"])
        match = Match.from_record(record)
        assert match.state.is_terminal()
        assert which_end == _ends_to_choose(record)
        assert shown == {"Ann": match.state.scores[0], "Mugsy": match.state.scores[1]}
        assert max(shown.values()) >= TARGET
        page.context.close()

    origin = server.url.rstrip("/")
    ws_origin = server.ws_url.rsplit("/", 1)[0]
    foreign = [u for u in asked
               if not (u.startswith(origin + "/") or u.startswith(ws_origin + "/"))]
    assert not foreign, foreign


def test_the_page_asks_which_end_unless_the_view_says_the_ends_are_alike(
        tmp_path: Path) -> None:
    """R-MG-2, R-MG-4: with a 5-5 on the left and a 5 on the right a 0-5 scores 5 on the
    left and 10 on the right, so the page asks; with both ends a plain 5 either end leaves
    the same game and the tile is played at once. The page reads ``ends_alike`` and
    ``end_total`` from the view (the page module mounted on views made here)."""
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home", "--rate", "200") as server, \
            browser(executable) as chromium:
        page = chromium.new_page()
        page.set_default_timeout(PATIENCE * 1000)
        page.goto(server.url)
        expect(page.get_by_role("button", name="Muggins")).to_be_visible()
        seen = {}
        for alike in (False, True):
            seen[alike] = page.evaluate("""async (alike) => {
              const m = await import('/games/muggins/muggins.js');
              const root = document.createElement('div');
              document.body.prepend(root);
              const acted = [];
              const ui = m.mount(root, {seat: 0, act: (t) => acted.push(t)});
              const view = {game: 'muggins', names: ['Ann', 'Bob'], seat: 0, hand: ['0-5'],
                left: alike ? ['0-1', '1-5'] : ['0-1', '1-5', '5-5'], right: ['0-2', '2-5'],
                left_end: 5, right_end: 5, left_double: !alike, right_double: false,
                end_total: alike ? 10 : 15, ends_alike: alike, boneyard_count: 3,
                opponent_count: 4, scores: [0, 0], target: 500, round_no: 1, to_move: 0,
                passes: 0, leader: 0, opponent_void: [], rounds: []};
              ui.update({view, legal: ['0-5 L', '0-5 R']});
              root.querySelector('.rack button').click();
              return {acted, asked: !root.querySelector('.choose').hidden,
                      ends: root.querySelector('.ends').textContent};
            }""", alike)
        assert seen[False] == {"acted": [], "asked": True, "ends": "Open ends: left end 5 (a "
                               "double), right end 5; they count 15."}
        assert seen[True] == {"acted": ["0-5 L"], "asked": False,
                              "ends": "Open ends: left end 5, right end 5; they count 10."}
