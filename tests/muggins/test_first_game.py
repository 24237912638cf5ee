"""A first game of Muggins read from the screen alone (Pilot): no question whose answers lead
to the same game (the first tile, ends alike), the double-blank drawn as the tile it is and
the ends' total as a named number, every scoring line naming whose play it was, nothing
wrapping at 80 columns, no stray rule in the message area, and a level screen whose
highlighted level and default are plain to see."""

from __future__ import annotations

from typing import Any

import pytest
from textual.widgets import OptionList, Static

from gameshelf.core.errors import BadInputError
from gameshelf.games.muggins.game import Play, Side
from gameshelf.games.muggins.match import Match, last_play
from gameshelf.games.muggins.options import MugginsOptions
from gameshelf.games.muggins.play import LocalMuggins, read_move
from gameshelf.games.muggins.session import Session
from gameshelf.games.muggins.tiles import parse_tile
from gameshelf.games.muggins.tui.level import DEFAULT_LEVEL, LevelScreen
from gameshelf.games.muggins.tui.render import CENTER_W, board_text, ends_bar, tile_lines
from gameshelf.games.muggins.tui.screen import MugginsScreen, status_line
from gameshelf.games.muggins.view import MugginsView
from gameshelf.tui.app import GameshelfApp
from tests.tui.test_habits import SIZES

from .helpers import position
from .test_screen import running, select, session_with

#: Positions where a tile fits both chains alike (no question) or differently (asked):
#: (chains, tile, the side it goes to when alike, or None when asked).
BOTH = [
    ({"left": (), "right": ()}, "0-5", "L"),                            # the first tile
    ({"left": ("0-4",), "right": ("0-2", "2-4")}, "4-6", "L"),           # 4 and 4: shorter
    ({"left": ("0-2", "2-4"), "right": ("0-4",)}, "4-6", "R"),
    ({"left": ("0-3", "3-3"), "right": ("0-5", "5-3")}, "3-4", None),   # 6 against 3
    ({"left": ("0-5",), "right": ("0-2",)}, "2-5", None),               # ends 5 and 2
]


def _text(app: GameshelfApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


@pytest.mark.parametrize(("chains", "tile", "side"), BOTH)
async def test_a_chain_is_asked_for_only_when_the_two_differ(
        chains: dict[str, tuple[str, ...]], tile: str, side: str | None) -> None:
    s = session_with({"hand0": f"{tile} 7-8", "hand1": "1-2 6-6", **chains})
    screen = MugginsScreen(s, pace=0)
    async with running(screen) as (app, pilot):
        await select(pilot, screen, parse_tile(tile))
        await pilot.press("enter")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        asked = screen.choosing is not None
        assert asked == (side is None), (chains, tile)
        assert ("L or R" in screen.last_message) == asked
        assert screen.query_one("#mg-sides").has_class("-shown") == asked
        if side is not None:
            st = s.match.state
            chain = st.left if side == "L" else st.right   # Mugsy may have answered on it
            assert parse_tile(tile) in {p.tile for p in chain}, (chains, tile)


@pytest.mark.parametrize(("chains", "tile", "side"), BOTH)
def test_the_prompt_reads_a_tile_alone_exactly_when_the_screen_asks_nothing(
        chains: dict[str, tuple[str, ...]], tile: str, side: str | None) -> None:
    state = position(f"{tile} 7-8", "1-2 6-6", **chains)
    legal = state.legal_actions()
    if side is None:
        with pytest.raises(BadInputError, match="fits both chains: add L or R"):
            read_move(tile, legal, state)
    else:
        assert read_move(tile, legal, state) == Play(parse_tile(tile), Side(side))
        table = MugginsView.of(state, 0)   # the seat's table (online) reads the same
        assert read_move(tile, legal, table) == Play(parse_tile(tile), Side(side))
    assert read_move(f"{tile} R", legal, state) == Play(parse_tile(tile), Side.RIGHT)


def test_the_first_tile_typed_alone_is_played_at_the_prompt() -> None:
    game = LocalMuggins(Session.new("easy", MugginsOptions(500), 42))
    st = game.view(0)
    tile = next(a.tile for a in st.legal if isinstance(a, Play))
    assert game.play(str(tile)) == Play(tile, Side.LEFT)


def test_the_double_blank_is_drawn_as_a_tile_never_as_the_total() -> None:
    state = position("1-2", "3-4", left=("0-9", "9-9"), right=("0-6", "6-6"))
    assert state.end_total() == 30
    width = 76
    lines = board_text(state, width).plain.split("\n")
    half = (width - CENTER_W) // 2
    centre = [line[half + 1:half + CENTER_W - 1] for line in lines[1:4]]
    assert centre == [t.plain for t in tile_lines(0, 0)]
    assert not any(ch.isdigit() for line in centre for ch in line)
    bar = ends_bar(state, ("Mugsy", "6-6"), 78).plain
    # the ends named in full (left end, right end): at 78 columns the total is said short
    assert ("ends total  30 " in bar or "· total  30 " in bar) and len(bar) <= 78, bar
    assert "ends total  30 " in ends_bar(state, ("Mugsy", "6-6"), 100).plain


def test_a_scoring_total_names_whose_play_it_was_or_claims_nothing() -> None:
    state = position("1-2", "3-4", left=("0-5",), right=())
    assert "Mugsy's 0-5 scored 5" in ends_bar(state, ("Mugsy", "0-5")).plain
    assert "Your 0-5 scored 5" in ends_bar(state, ("You", "0-5")).plain
    assert "scored" not in ends_bar(state, None).plain   # not known: no claim
    assert "scores" not in ends_bar(state, None).plain
    assert last_play(["You played 0-2 left", "Mugsy drew a tile",
                      "Mugsy played 0-3 right: 5 points"]) == ("Mugsy", "0-3")
    assert last_play(["Mugsy played 0-3 right: 5 points", "Round over: You score 30"]) is None


async def test_on_the_players_turn_the_ends_line_names_mugsys_scoring_play() -> None:
    """It read "total 5 scores!" on the person's turn: Mugsy's play, not theirs."""
    s = session_with({"hand0": "4-6 7-8", "hand1": "0-4 8-8", "left": ("0-1",),
                      "right": (), "to_move": 1})
    screen = MugginsScreen(s, pace=0)
    async with running(screen) as (app, pilot):
        assert s.match.state.scores[1] == 5 and screen.my_turn_now()
        ends = _text(app, "#mg-ends")
        assert "Mugsy's 0-4 scored 5" in ends, ends
        await select(pilot, screen, parse_tile("4-6"))
        await pilot.press("enter")        # 4-6 on the right: 1 + 6 = 7, no score
        await pilot.pause()
        assert "scored" not in _text(app, "#mg-ends")


def _lost_status(seed: int) -> Any:
    m = Match.new(seed, options={"level": "strong"})
    m.state = position("1-2", "3-4", scores=(495, 480))
    m.state.round_no = 12
    return LocalMuggins(Session(m, "strong"))


@pytest.mark.parametrize("mine", [True, False])
def test_the_status_line_fits_80_columns_at_its_longest(mine: bool) -> None:
    game = _lost_status(3570260915010548)
    line = status_line(game, game.view(0), 0, mine, True, 78)
    assert len(line) <= 78, line
    for needed in ("YOUR TURN" if mine else "MUGSY'S TURN", "You 495", "Mugsy 480",
                   "boneyard", "NOT SAVED HERE"):
        assert needed in line, line
    wide = status_line(game, game.view(0), 0, mine, True, 158)
    assert "#3570260915010548" in wide and "(strong)" in wide and "resumed elsewhere" in wide


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
async def test_status_and_ends_lines_never_wrap_and_no_stray_rule(
        size: tuple[int, int]) -> None:
    """At 80x24 the status header took two lines; a ``▏`` column stood in the middle of
    the message area at every size (the move log's left border, drawn with nothing in it)."""
    s = session_with({"hand0": "1-2 7-8", "hand1": "3-4 6-6", "left": ("0-9", "9-9"),
                      "right": ("0-6", "6-6"), "scores": (495, 480)})
    app = GameshelfApp()
    async with app.run_test(size=size) as pilot:
        screen = MugginsScreen(s, pace=0)
        app.push_screen(screen)
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        for selector in ("#mg-status", "#mg-ends", "#mg-rack-title"):
            widget = app.screen.query_one(selector, Static)
            assert widget.region.height == 1, (size, selector, str(widget.render()))
        drawn = "\n".join(strip.text for strip in app.screen._compositor.render_strips())
        assert "▏" not in drawn, drawn


async def test_the_level_screen_marks_its_highlight_and_says_the_default() -> None:
    """A player pressed Down, Enter expecting normal and got strong: the highlight was
    faint (the list had no focus) and nothing said normal was already chosen."""
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(LevelScreen())
        await pilot.pause()
        ol = app.screen.query_one("#levels", OptionList)
        assert ol.has_focus
        how = _text(app, "#level-how")
        assert f"{DEFAULT_LEVEL} is the default" in how and "▶" in how
        assert app.screen.query_one("#level-how").region.height == 1, how   # no wrap

        def marked() -> list[str]:
            return [str(ol.get_option_at_index(i).prompt).split()[1]
                    for i in range(ol.option_count)
                    if str(ol.get_option_at_index(i).prompt).startswith("▶")]
        assert marked() == [DEFAULT_LEVEL]
        prompt = str(ol.get_option_at_index(ol.highlighted or 0).prompt)
        assert "(default)" in prompt
        await pilot.press("down")
        await pilot.pause()
        assert marked() == ["strong"]
        for i in range(ol.option_count):   # each level on one line
            assert len(str(ol.get_option_at_index(i).prompt)) <= ol.content_region.width
