"""The Muggins screens laid out for 80x24, 120x40 and 160x50 (issue 11 section 3), with long
chains (26 tiles left, 22 right): the whole board is in view without scrolling (big tiles
where they fit, one-line tiles where they do not), the two chains are named and a rule runs
down the middle between them (they read as one at 120x40), the ends' total is on a line
that never scrolls away (at 80x24 it scrolled away with the board), the status, ends and
rack title are whole and the footer shows every key it offers, with both key maps; the
level screen, the round summary, the game-over screen and the help are whole at each size.
"""

from __future__ import annotations

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widgets import Static

from gameshelf.core.store import Store
from gameshelf.games.muggins.match import Match
from gameshelf.games.muggins.session import Session
from gameshelf.games.muggins.tui.level import LevelScreen
from gameshelf.games.muggins.tui.render import (
    BIG,
    HUGE,
    RULE,
    SMALL,
    _per_row,
    board_height,
    board_text,
)
from gameshelf.games.muggins.tui.screen import MugginsScreen
from gameshelf.games.muggins.tui.summary import SummaryScreen
from gameshelf.tui.app import GameshelfApp
from gameshelf.tui.widgets import HelpScreen
from tests.tui.test_habits import SIZES, footer_complete, shown_whole

from .helpers import long_chain_record

IDS = [f"{w}x{h}" for w, h in SIZES]


def _long_session() -> Session:
    with Store() as store:
        store.replace_save("long", long_chain_record())
    return Session.resume("long")


async def _show(app: App[None], pilot: Pilot[None], screen: Screen[None]) -> None:
    await pilot.pause()
    app.push_screen(screen)
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize("keys", ["default", "classic"])
@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_long_chains_in_view_apart_and_the_total_fixed(size: tuple[int, int],
                                                             keys: str) -> None:
    app = GameshelfApp()
    async with app.run_test(size=size) as pilot:
        screen = MugginsScreen(_long_session(), pace=0, keys=keys)
        await _show(app, pilot, screen)
        scroll = screen.query_one("#mg-board-scroll")
        board = screen.query_one("#mg-board", Static)
        # the whole board in view: nothing to scroll, nothing cut at the sides
        assert scroll.max_scroll_y == 0 and scroll.max_scroll_x == 0, (size, keys)
        text = str(board.render())
        assert "LEFT chain · 26 tiles" in text and "RIGHT chain · 22 tiles" in text
        lines = text.split("\n")
        state = screen.state
        geo = screen.board_geometry
        assert len(lines) == board_height(state, max(40, size[0] - 4), geo)
        # the rule runs down the middle on every line under the double-blank's row
        half, _ = _per_row(max(40, size[0] - 4), geo)
        rule = half + geo.centre_w // 2
        for line in lines[1 + geo.tile_h:]:
            assert line[rule] == RULE, (size, keys, line)
        # the big tiles wherever they fit (120x40 and 160x50), at 160x50 the larger ones
        # when the whole board fits them
        assert geo is (SMALL if size == (80, 24) else BIG) or (
            size == (160, 50) and geo is HUGE), (size, keys)
        ends = screen.query_one("#mg-ends", Static)
        assert "total  4 " in str(ends.render()) and "left end 3" in str(ends.render())
        for selector in ("#mg-status", "#mg-ends", "#mg-rack-title"):
            assert shown_whole(screen.query_one(selector, Static)), (size, keys, selector)
        assert await footer_complete(app) == [], (size, keys)


def test_small_board_reads_back_as_the_chains() -> None:
    """Each chain's tiles are drawn in its own half, in order from the double-blank, each
    touching the last by the number they share (the small tiles as digits)."""
    state = Match.from_record(long_chain_record()).state
    width = 76
    lines = board_text(state, width, geo=SMALL).plain.split("\n")
    half, per_row = _per_row(width, SMALL)
    slot = SMALL.tile_w + 1
    span = per_row * slot
    for i, p in enumerate(state.left):
        row, k = divmod(i, per_row)
        line = lines[1 + row]
        col = (half - span + (per_row - 1 - k) * slot) if row % 2 == 0 \
            else half - span + k * slot
        first, second = (p.outer, p.inner) if row % 2 == 0 else (p.inner, p.outer)
        assert line[col:col + 3] == f"{first}│{second}", (i, line)
    base = half + SMALL.centre_w
    for i, p in enumerate(state.right):
        row, k = divmod(i, per_row)
        line = lines[1 + row]
        col = base + 1 + (k if row % 2 == 0 else per_row - 1 - k) * slot
        first, second = (p.inner, p.outer) if row % 2 == 0 else (p.outer, p.inner)
        assert line[col:col + 3] == f"{first}│{second}", (i, line)


@pytest.mark.parametrize("size", SIZES, ids=IDS)
async def test_level_summary_game_over_and_help_whole(size: tuple[int, int]) -> None:
    app = GameshelfApp()
    async with app.run_test(size=size) as pilot:
        await _show(app, pilot, LevelScreen())   # type: ignore[arg-type]
        levels = app.screen.query_one("#levels")
        assert levels.region.bottom <= app.screen.region.bottom
        assert levels.max_scroll_y == 0, size            # all four levels in view
        assert await footer_complete(app) == [], size
        for text, over in (("Round 3: DOMINO!\nPips left: You 0, Mugsy 17\nYou went out: "
                            "bonus 45.\nScore: You 130, Mugsy 85", False),
                           ("Mugsy wins.\n\nFinal score: You 130, Mugsy 505 (target 500).\n"
                            "The result could NOT be recorded (the store is read-only). The "
                            "game is kept as 'game-12': 'gameshelf muggins resume game-12' "
                            "records it once the store can be written.\nPlay again?", True)):
            app.push_screen(SummaryScreen(text, game_over=over))
            await pilot.pause()
            assert shown_whole(app.screen.query_one("#summary", Static)), (size, over)
            for button in app.screen.query("Button"):
                assert button.region.bottom <= app.screen.region.bottom, (size, over)
            app.pop_screen()
            await pilot.pause()
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        close = app.screen.query_one("#close")
        assert 0 < close.region.bottom <= app.screen.region.bottom, size
