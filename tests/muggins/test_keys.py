"""The classic key map and layout of the Muggins board, as the 1991 manual describes it
(issue 17 §3): the player's tiles in the upper right corner, the four arrow keys move the
red box over them; chosen with ``--keys classic`` or on the level screen (k). The default
map and layout are unchanged."""

from __future__ import annotations

import pytest
from textual.widgets import Static

from gameshelf.core.keymaps import remembered_key_map
from gameshelf.games.muggins.options import MugginsOptions
from gameshelf.games.muggins.session import Session
from gameshelf.games.muggins.tui.keys import MUGGINS_KEYS, muggins_help
from gameshelf.games.muggins.tui.level import LevelScreen
from gameshelf.games.muggins.tui.rack import TileView
from gameshelf.games.muggins.tui.screen import MugginsScreen
from gameshelf.tui.widgets import HelpScreen

from .test_cli import run
from .test_screen import BellApp, running, shown_keys


def screen(keys: str) -> MugginsScreen:
    return MugginsScreen(Session.new("easy", MugginsOptions(500), 7), pace=0, keys=keys)


@pytest.mark.parametrize("size", [(80, 24), (120, 40), (160, 50)])
async def test_classic_puts_the_tiles_in_the_upper_right_corner(size: tuple[int, int]
                                                                ) -> None:
    async with running(screen("classic")) as (app, pilot):
        await pilot.resize_terminal(*size)
        await pilot.pause()
        rack = app.screen.query_one("#mg-rack").region
        board = app.screen.query_one("#mg-board-scroll").region
        tiles = [t.region for t in app.screen.query(TileView)]
        assert len(tiles) == 7
        assert rack.bottom <= board.y                           # above the board
        assert max(t.right for t in tiles) >= size[0] - 2       # against the right edge
        assert min(t.x for t in tiles) >= size[0] // 3          # in the right part
        for w in ("#mg-rack-title", "#mg-ends"):                # the texts beside it
            region = app.screen.query_one(w, Static).region
            assert region.right <= rack.x and region.bottom <= board.y
        assert app.screen.query_one("#mg-msg", Static).region.y >= board.bottom
        status = app.screen.query_one("#mg-status", Static)   # the status line is not cut
        assert len(str(status.render())) <= status.region.width * status.region.height


async def test_default_keeps_the_tiles_under_the_board() -> None:
    async with running(screen("default")) as (app, pilot):
        rack = app.screen.query_one("#mg-rack").region
        board = app.screen.query_one("#mg-board-scroll").region
        assert rack.y >= board.bottom
        assert shown_keys(app)["f1"] == "Help"


async def test_the_four_arrow_keys_move_the_red_box() -> None:
    async with running(screen("classic")) as (app, pilot):
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        s = app.screen
        assert isinstance(s, MugginsScreen)
        cols = s.rack_columns
        assert 1 < cols < 7                       # two rows of tiles at 80 columns
        await pilot.press("right")
        assert s.selected == 1
        await pilot.press("down")
        assert s.selected == 1 + cols
        await pilot.press("up", "left")
        assert s.selected == 0
        await pilot.press("up")                   # no row above: stays
        assert s.selected == 0
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
    assert "upper right corner" in muggins_help("classic")


async def test_the_level_screen_chooses_the_keys() -> None:
    app = BellApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        assert isinstance(app.screen, LevelScreen)
        assert "Keys: default" in str(app.screen.query_one("#level-keymap", Static).content)
        await pilot.press("k")
        assert app.screen.keys == "classic"
        await pilot.press("enter")
        await pilot.pause()
        await app.workers.wait_for_complete()
        s = app.screen
        assert isinstance(s, MugginsScreen) and s.keys == "classic"
        rack, board = s.query_one("#mg-rack").region, s.query_one("#mg-board-scroll").region
        assert rack.bottom <= board.y
        assert "Save" in shown_keys(app).values()   # Draw only when nothing fits
        await pilot.press("down")                 # a row down, not the next tile
        assert s.selected == s.rack_columns


def test_every_map_binds_each_key_once() -> None:
    for keys in ("default", "classic"):
        seen: dict[str, str] = {}
        for b in MUGGINS_KEYS.bindings(keys):
            assert not isinstance(b, tuple)
            if b.action.startswith("refuse("):   # a hidden key's second binding
                continue
            for key in b.key.split(","):
                assert key not in seen, (keys, key, seen.get(key), b.action)
                seen[key] = b.action
            assert hasattr(MugginsScreen, "action_" + b.action.split("(")[0])


def test_keys_option_on_play_and_resume(capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[str | None] = []
    monkeypatch.setattr("gameshelf.games.muggins.tui.app.run_muggins",
                        lambda **kw: opened.append(kw.get("keys")))
    monkeypatch.setattr("gameshelf.tui.base.need_terminal", lambda _hint: None)
    assert run(capsys, "muggins", "play", "--seed", "3", "--keys", "classic")[0] == 0
    assert run(capsys, "muggins", "play", "--seed", "3")[0] == 0
    assert opened == ["classic", None]
    Session.new("easy", MugginsOptions(500), 3).save()
    assert run(capsys, "muggins", "resume", "--keys", "CLASSIC")[0] == 0
    assert opened[-1] == "classic"
    for args in (("muggins", "play", "--keys", "wasd"),
                 ("muggins", "play", "--text", "--keys", "classic"),
                 ("muggins", "resume", "--keys", "x")):
        code, _, err = run(capsys, *args)
        assert code == 2 and err.count("\n") == 1, err



async def test_the_choice_is_remembered_across_runs() -> None:
    app = BellApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        await pilot.press("k", "escape")     # chosen, then back to the menu
        await pilot.pause()
    assert remembered_key_map("muggins") == "classic"
    again = BellApp()
    async with again.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        assert isinstance(again.screen, LevelScreen) and again.screen.keys == "classic"
        await pilot.press("enter")
        await pilot.pause()
        await again.workers.wait_for_complete()
        s = again.screen
        assert isinstance(s, MugginsScreen) and s.keys == "classic"
        rack, board = s.query_one("#mg-rack").region, s.query_one("#mg-board-scroll").region
        assert rack.bottom <= board.y
