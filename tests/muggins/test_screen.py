"""The Muggins screen (Pilot): play by keys and mouse, refusals with the bell, draws one by
one, Mugsy's turn, round summary, game over, quit with confirmation, save and resume."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import asynccontextmanager
from itertools import pairwise
from typing import Any

import pytest
from textual.widgets import Footer, Header, Static

from gameshelf.core.store import Store
from gameshelf.games.muggins.game import Draw, Play, Side
from gameshelf.games.muggins.match import GAME, Match
from gameshelf.games.muggins.options import MugginsOptions
from gameshelf.games.muggins.session import Session
from gameshelf.games.muggins.tiles import Tile, parse_tile
from gameshelf.games.muggins.tui.level import LevelScreen
from gameshelf.games.muggins.tui.rack import TileView
from gameshelf.games.muggins.tui.screen import MugginsScreen
from gameshelf.games.muggins.tui.summary import SummaryScreen, round_summary
from gameshelf.tui.app import GameshelfApp, MenuScreen
from gameshelf.tui.widgets import ConfirmScreen, HelpScreen

from .helpers import position


class BellApp(GameshelfApp):
    """The app, counting bells."""

    def __init__(self) -> None:
        super().__init__()
        self.bells = 0

    def bell(self) -> None:
        self.bells += 1


def session_with(state_args: dict[str, Any], level: str = "easy") -> Session:
    """A session whose state is a hand-made position (not saved)."""
    m = Match.new(1, options={"level": level})
    m.state = position(**state_args)
    s = Session(m, level)
    s.save = lambda: None  # type: ignore[method-assign]  # the record would not replay
    return s


@asynccontextmanager
async def running(screen: MugginsScreen | None = None) -> Iterator[Any]:  # type: ignore[misc]
    app = BellApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        if screen is not None:
            app.push_screen(screen)
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
        yield app, pilot


def msg(app: GameshelfApp) -> str:
    return str(app.screen.query_one("#mg-msg", Static).content)


async def select(pilot: Any, screen: MugginsScreen, tile: Tile) -> None:
    while screen.rack()[screen.selected] != tile:
        await pilot.press("right")


async def test_menu_opens_muggins_asks_level_and_deals() -> None:
    app = BellApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        assert isinstance(app.screen, LevelScreen)
        await pilot.press("enter")   # normal is highlighted
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MugginsScreen) and screen.session is not None
        assert screen.session.level == "normal"
        assert len(screen.query(TileView)) == 7
        status = str(screen.query_one("#mg-status", Static).content)
        assert "You 0" in status and "boneyard 40" in status and "YOUR TURN" in status


async def test_arrow_keys_and_enter_play_a_tile_then_mugsy_answers() -> None:
    s = session_with({"hand0": "0-5 3-4 6-6", "hand1": "5-9 1-2 2-2", "left": ("0-1",),
                      "right": ()})
    screen = MugginsScreen(s, pace=0)
    async with running(screen) as (app, pilot):
        await select(pilot, screen, parse_tile("0-5"))
        await pilot.press("enter")          # fits the right chain only (ends 1 and 0)
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        state = s.match.state
        assert parse_tile("0-5") not in state.hands[0]
        assert state.right[0].tile == parse_tile("0-5") and state.scores[0] == 0  # 1 + 5 = 6
        assert len(state.hands[1]) == 2           # Mugsy played 5-9 (right)
        assert "Mugsy played" in msg(app)
        assert state.current_player() == 0


async def test_invalid_choice_is_refused_with_message_and_bell() -> None:
    s = session_with({"hand0": "0-5 3-4", "hand1": "1-2", "left": ("0-1",), "right": ()})
    screen = MugginsScreen(s, pace=0)
    async with running(screen) as (app, pilot):
        await select(pilot, screen, parse_tile("3-4"))
        before = app.bells
        await pilot.press("enter")
        await pilot.pause()
        assert app.bells == before + 1
        assert "3-4 does not fit" in msg(app)
        assert parse_tile("3-4") in s.match.state.hands[0]
        await select(pilot, screen, parse_tile("0-5"))
        await pilot.press("l")          # 0-5 fits the right chain only
        await pilot.pause()
        assert app.bells == before + 2 and "left chain" in msg(app)
        await pilot.press("d")          # may not draw
        await pilot.pause()
        assert app.bells == before + 3 and "must play" in msg(app)


async def test_fits_both_chains_asks_l_or_r() -> None:
    """2-5 on ends 5 and 2: left makes 2 + 2 = 4, right 5 + 5 = 10 (a real choice)."""
    s = session_with({"hand0": "2-5 3-4", "hand1": "1-2 6-6", "left": ("0-5",),
                      "right": ("0-2",)})
    screen = MugginsScreen(s, pace=0)
    async with running(screen) as (app, pilot):
        await select(pilot, screen, parse_tile("2-5"))
        await pilot.press("enter")
        await pilot.pause()
        assert screen.choosing == parse_tile("2-5")
        assert "press L or R" in msg(app)
        assert screen.query_one("#mg-sides").has_class("-shown")
        await pilot.press("r")
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert s.match.state.right[-1].tile == parse_tile("2-5")
        assert s.match.state.scores[0] == 10


async def test_the_footer_names_left_and_right_only_when_they_are_a_choice() -> None:
    """On the double-blank both ends are alike: the footer names Play, not Left / Right
    (Enter plays the tile; L still works); a tile fitting both chains whose ends differ
    brings them into the footer."""
    s = session_with({"hand0": "0-5 3-4", "hand1": "1-2 6-6"})
    screen = MugginsScreen(s, pace=0)
    async with running(screen) as (app, pilot):
        await select(pilot, screen, parse_tile("0-5"))
        keys = shown_keys(app)
        assert "l" not in keys and "r" not in keys, keys
        assert keys.get("enter") == "Play", keys
        await pilot.press("l")
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert s.match.state.left[0].tile == parse_tile("0-5")
    s = session_with({"hand0": "2-5 3-4", "hand1": "1-2 6-6", "left": ("0-5",),
                      "right": ("0-2",)})
    screen = MugginsScreen(s, pace=0)
    async with running(screen) as (app, pilot):
        await select(pilot, screen, parse_tile("3-4"))
        assert "l" not in shown_keys(app)          # 3-4 fits neither: no chain to name
        await select(pilot, screen, parse_tile("2-5"))
        keys = shown_keys(app)
        assert keys.get("l") == "Left" and keys.get("r") == "Right", keys


async def test_a_click_chooses_a_tile_a_second_click_plays_it() -> None:
    """Issue 11: a stray click never plays a tile; the first click chooses it."""
    s = session_with({"hand0": "2-5 3-4", "hand1": "1-2 6-6", "left": ("0-5",),
                      "right": ("0-2",)})
    screen = MugginsScreen(s, pace=0)
    async with running(screen) as (app, pilot):
        view = next(v for v in screen.query(TileView) if v.tile == parse_tile("2-5"))
        await pilot.click(view)
        await pilot.pause()
        assert screen.choosing is None and len(s.match.state.hands[0]) == 2
        assert screen.rack()[screen.selected] == parse_tile("2-5") and "chosen" in msg(app)
        view = next(v for v in screen.query(TileView) if v.tile == parse_tile("2-5"))
        await pilot.click(view)
        await pilot.pause()
        assert screen.choosing == parse_tile("2-5")
        await pilot.click("#side-L")
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert parse_tile("2-5") in {p.tile for p in s.match.state.left}


async def test_draws_are_shown_one_by_one() -> None:
    s = session_with({"hand0": "3-4", "hand1": "1-2 6-6", "left": ("0-5",),
                      "right": ("0-6",), "boneyard": "7-8 1-9 5-9"})
    s.match.chance.choice = lambda items: items[-1]  # type: ignore[method-assign]
    screen = MugginsScreen(s, pace=0)
    async with running(screen) as (app, pilot):
        assert "draws one" in screen._howto_text and "draw" not in msg(app)   # said once
        await pilot.press("d")
        await pilot.pause()
        assert len(s.match.state.hands[0]) == 2 and "You drew 7-8" in msg(app)
        assert "does not fit" in msg(app)
        assert "draw again" not in msg(app) and "draws one" in screen._howto_text  # once
        await pilot.press("enter")     # Enter draws when nothing fits
        await pilot.pause()
        assert "You drew 5-9: it fits" in msg(app)
        assert s.match.state.legal_actions() == [Play(parse_tile("5-9"), Side.LEFT)]
        assert screen.rack()[screen.selected] == parse_tile("5-9")


async def test_a_refusal_while_mugsy_played_goes_on_ones_turn() -> None:
    """Enter pressed while Mugsy plays says "Wait: it is Mugsy's turn."; once the turn is
    the person's, the message says so (it stayed under a status line saying YOUR TURN)."""
    s = session_with({"hand0": "3-4", "hand1": "1-2 6-6", "left": ("0-5",),
                      "right": ("0-6",)})
    screen = MugginsScreen(s, pace=0)
    async with running(screen) as (app, pilot):
        screen.say("Wait: it is Mugsy's turn.", bell=True)
        screen.say_turn()
        await pilot.pause()
        assert msg(app).startswith("Your turn.")


async def test_round_summary_then_next_round() -> None:
    s = session_with({"hand0": "3-4", "hand1": "1-2 5-6", "left": ("0-3",),
                      "right": ("0-6",)})
    screen = MugginsScreen(s, pace=0)
    async with running(screen) as (app, pilot):
        await pilot.press("enter")     # 3-4 on the left: 4 + 6 = 10, and out
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen)
        text = str(app.screen.query_one("#summary", Static).content)
        assert "DOMINO" in text and "14 pips -> 15" in text and "You score 40" in text
        await pilot.press("enter")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert app.screen is screen
        assert s.match.state.round_no == 2 and s.match.state.leader == 1


def test_round_summary_text_blocked_and_equal() -> None:
    from gameshelf.games.muggins.game import RoundResult

    text = round_summary(RoundResult(3, "blocked", 1, (22, 9), 20, 0, 20, (100, 140)))
    assert "BLOCKED" in text and "22 pips -> 20 (remainder 2 rounds down)" in text
    equal = round_summary(RoundResult(4, "blocked", None, (9, 9), 0, 0, 0, (1, 2)))
    assert "nobody scores" in equal


@pytest.mark.parametrize("again", [True, False])
async def test_game_over_offers_play_again_or_quit(again: bool) -> None:
    s = session_with({"hand0": "0-5 1-1", "hand1": "1-2", "scores": (495, 300)})
    screen = MugginsScreen(s, pace=0)
    async with running(screen) as (app, pilot):
        await pilot.press("enter")          # the first tile: no chain to choose
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen) and app.screen.game_over
        assert "You win" in str(app.screen.query_one("#summary", Static).content)
        await pilot.press("y" if again else "n")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        if again:
            assert app.screen is screen and screen.session is not s
            assert screen.session is not None and screen.session.match.state.scores == [0, 0]
        else:
            assert isinstance(app.screen, MenuScreen)


async def test_escape_leaves_with_no_question_and_the_game_stays_saved() -> None:
    """HELPERS.md's policy: Esc on a game screen leaves at once (no question), the game
    saved first and said so; back to the menu when opened from the menu."""
    app = BellApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = MugginsScreen(ask=False, level="easy", seed=42, pace=0)
        app.push_screen(screen)
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert any("'game-42'" in str(n.message) for n in app._notifications)
        with Store() as store:
            record = store.load_save(GAME, "game-42")
        assert record.seed == 42 and record.options["level"] == "easy"
        assert record.actions == tuple(screen.session.match.actions)  # type: ignore[union-attr]


async def test_escape_when_the_save_fails_stays_and_says_so() -> None:
    app = BellApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = MugginsScreen(ask=False, level="easy", seed=43, pace=0)
        app.push_screen(screen)
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert screen.session is not None

        def failing() -> None:
            screen.session.store_errors.append("the disk is full")  # type: ignore[union-attr]
        screen.session.save = failing  # type: ignore[method-assign]
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and "the disk is full" in screen.last_message
        assert "Esc tries again" in screen.last_message and app.bells


async def test_save_and_resume_from_the_menu() -> None:
    first = Session.new("strong", MugginsOptions(500), 7)
    st = first.match.state
    while st.current_player() == 0 and st.legal_actions() == [Draw()]:
        first.apply(Draw())
    play = st.legal_actions()[0]
    first.apply(play)
    while st.current_player() == 1:
        first.apply(first.mugsy_action())
    hands = [set(h) for h in st.hands]
    app = BellApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)      # resume?
        await pilot.press("y")
        await pilot.pause()
        await app.workers.wait_for_complete()
        screen = app.screen
        assert isinstance(screen, MugginsScreen) and screen.session is not None
        assert screen.session.level == "strong"
        assert screen.session.match.state.hands == hands
        await pilot.press("s")
        await pilot.pause()
        assert "Saved" in msg(app)


async def test_f1_opens_help() -> None:
    s = session_with({"hand0": "0-5", "hand1": "1-2"})
    screen = MugginsScreen(s, pace=0)
    async with running(screen) as (app, pilot):
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen


async def test_finished_game_is_counted_in_the_stats() -> None:
    m = Match.new(3, target=5, options={"level": "normal"})
    s = Session(m, "normal")
    st = m.state
    while not st.is_terminal():
        s.apply(s.mugsy_action() if st.current_player() == 1 else st.legal_actions()[0])
    with Store() as store:
        counts = store.result_counts(GAME)
        assert sum(counts["mugsy-normal"].values()) == 1
        assert not store.list_saves(GAME)


def shown_keys(app: GameshelfApp) -> dict[str, str]:
    """The footer's keys on the active screen: key -> description."""
    return {key: b.binding.description for key, b in app.screen.active_bindings.items()
            if b.binding.show}


async def test_level_chooser_has_its_own_keys_f1_help_and_esc_back() -> None:
    app = BellApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        assert isinstance(app.screen, LevelScreen)
        keys = shown_keys(app)  # Quit: Ctrl+Q, in every footer
        assert set(keys.values()) == {"Choose", "Keys", "Help", "Back", "Quit"}
        assert keys["enter"] == "Choose" and keys["f1"] == "Help" and keys["escape"] == "Back"
        assert app.screen.query_one(Footer).display
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, LevelScreen)
        await pilot.press("down", "enter")   # strong (normal is highlighted)
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert isinstance(app.screen, MugginsScreen)
        assert app.screen.session is not None and app.screen.session.level == "strong"
        assert "Play" in shown_keys(app).values()   # Draw only when nothing fits


async def test_level_chooser_esc_goes_back_to_the_menu() -> None:
    app = BellApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        assert isinstance(app.screen, LevelScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_rack_tiles_have_edges_and_fit_at_80_columns() -> None:
    s = session_with({"hand0": "0-5 1-2 3-9 4-4 2-7 6-8 0-9", "hand1": "1-3"})
    screen = MugginsScreen(s, pace=0)
    app = BellApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(screen)
        await pilot.pause()
        views = list(screen.query(TileView))
        assert len(views) == 7
        for v in views:
            lines = str(v.render()).split("\n")
            assert all(line.startswith("┃") and line.endswith("┃") and line[4] == "╎"
                       for line in lines[:3])
        regions = [v.region for v in views]
        assert all(r.right <= 80 for r in regions)
        same_row = [r for r in regions if r.y == regions[0].y]
        assert all(b.x - a.right >= 1 for a, b in pairwise(same_row))


async def test_own_move_and_points_stay_in_the_move_log_after_mugsys_reply() -> None:
    """Issue 11: the person's move and its points vanished at once under Mugsy's reply."""
    s = session_with({"hand0": "0-4 3-3 6-6", "hand1": "4-6 2-2 8-8", "left": ("0-1",),
                      "right": ()})
    screen = MugginsScreen(s, pace=0)
    async with running(screen) as (app, pilot):
        await select(pilot, screen, parse_tile("0-4"))
        await pilot.press("enter")          # right chain: ends 1 + 4 = 5 points
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert s.match.state.scores[0] == 5 and "Mugsy played 4-6" in msg(app)
        log = str(app.screen.query_one("#mg-log", Static).content).splitlines()
        assert log[-2:] == ["You played 0-4 right: 5 points", "Mugsy played 4-6 right"]
        assert app.screen.query_one("#mg-log", Static).region.height >= 3


async def test_no_redraw_once_the_app_is_closing_on_a_signal() -> None:
    """A resize after a signal began closing the app must not mount tiles into a rack being
    removed (MountError): the Muggins screen's redraws ask ``drawable`` first (as Showdown's
    and Yatz's do)."""
    from textual import events
    from textual.geometry import Size

    from gameshelf.tui.base import drawable

    app = BellApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = MugginsScreen(ask=False, level="easy", seed=44, pace=0)
        app.push_screen(screen)
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert drawable(screen)
        rack = list(screen.query(TileView))
        redraws: list[int] = []
        real = screen.refresh_all
        screen.refresh_all = lambda: (redraws.append(1), real())[1]  # type: ignore[method-assign]
        await pilot.resize_terminal(100, 30)
        await pilot.pause()
        assert redraws                                 # a resize redraws while it may
        redraws.clear()
        app.stopped_by = 15
        assert not drawable(screen)
        screen.on_resize(events.Resize(Size(80, 24), Size(80, 24)))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not redraws                             # not once the app is closing
        assert list(screen.query(TileView)) == rack
        app.stopped_by = None
        app.stop_by_signal(15)                         # the real stop: the app ends in order
        await pilot.pause()
    assert app.stopped_by == 15 and app.return_code == 128 + 15


async def test_escape_from_a_game_opened_from_the_menu_comes_back_to_the_level_screen() -> None:
    """As Yatz's game goes back to its setup and Showdown's to its start screen: Esc leaves
    the game (no question, kept saved and said) for the level screen; Esc there goes back
    to the menu."""
    app = BellApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        assert isinstance(app.screen, LevelScreen)
        await pilot.press("enter")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, MugginsScreen) and screen.session is not None
        session = screen.session
        await pilot.press("escape")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, LevelScreen), app.screen
        assert any(f"Game saved as '{session.name}'" in str(n.message)
                   for n in app._notifications)
        with Store() as store:
            assert store.load_save(GAME, session.name).actions == tuple(session.match.actions)
        assert "1 saved game" in str(app.screen.query_one("#level-saves", Static).content)
        assert screen.session is None and not screen.query(TileView)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_the_title_bar_is_the_apps_as_on_every_other_screen() -> None:
    """It read "Muggins — four classic games"; every other screen reads "gameshelf — four
    classic games"."""
    async with running(MugginsScreen(ask=False, level="easy", seed=5, pace=0)) as (app, _):
        title = str(app.screen.query_one(Header).format_title())
        assert title == "gameshelf — four classic games", title


def footer_line(app: GameshelfApp) -> str:
    """The bottom line of the screen as drawn (the footer)."""
    return str(app.screen._compositor.render_strips()[-1].text).rstrip()


BOARD_KEYS = ("Draw", "Pass", "Save", "Left", "Right")


async def test_the_windows_over_the_board_have_their_own_footer_at_80x24() -> None:
    """The resume question, the round summary and the game-over window each name their own
    keys (and Help, Ctrl+Q), whole at 80x24; never the board's Play/Left/Right/Draw/Pass/Save,
    which do nothing there."""
    Session.new("easy", MugginsOptions(500), 9)   # a save: the menu's Muggins asks to resume it
    app = BellApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("3")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        line = footer_line(app)
        assert "y Resume" in line and "n New game" in line and "^q Quit" in line, line
        assert not any(k in line for k in BOARD_KEYS), line
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and "New game" in app.screen._text
    for over, state, words in (
            (False, {"hand0": "3-4", "hand1": "1-2 5-6", "left": ("0-3",), "right": ("0-6",)},
             ("⏎ Next round",)),
            (True, {"hand0": "0-5 1-1", "hand1": "1-2", "scores": (495, 300)},
             ("y Play again", "n Leave"))):
        screen = MugginsScreen(session_with(state), pace=0)
        app = BellApp()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            app.push_screen(screen)
            await pilot.pause()
            await pilot.press("enter")      # the first tile: no chain to choose
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.pause()
            assert isinstance(app.screen, SummaryScreen) and app.screen.game_over == over
            line = footer_line(app)
            assert all(w in line for w in words) and "^q Quit" in line, line
            assert "Help" in line and not any(k in line for k in BOARD_KEYS), line
            assert ("Play again" in line) == over and ("Next round" in line) != over, line
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen) and "Muggins" in app.screen._text
