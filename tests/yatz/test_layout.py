"""Every Yatz screen and state at 80x24, 120x40 and 160x50 (issue 11 section 3, Pilot).

The lines a player needs (the status, the roll line, the message with the save name or the
undo, the footer's keys) are drawn whole inside the screen in every state: the setup, a turn
before the first roll, mid-turn, after the third roll, right after a fill (undo offered),
a computer's turn, the classic keys, the game over, the top 20, the saves list, the help and
the hint. At 80 columns the game footer leaves room for one more entry (the app's own).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

import pytest
from textual.containers import Vertical
from textual.pilot import Pilot
from textual.widgets import DataTable, Static

from gameshelf.core.store import Store
from gameshelf.games.yatz.highscores import UNDO_NOTE
from gameshelf.games.yatz.match import Match, parse_seats
from gameshelf.games.yatz.scoring import Box
from gameshelf.games.yatz.session import YatzSession
from gameshelf.games.yatz.tui.card import BOX_ROW, FIRST_COL, CardTable
from gameshelf.games.yatz.tui.hints import HintScreen
from gameshelf.games.yatz.tui.over import GameOverScreen
from gameshelf.games.yatz.tui.saves import SavesScreen
from gameshelf.games.yatz.tui.screen import GameScreen
from gameshelf.games.yatz.tui.setup import SetupScreen
from gameshelf.games.yatz.tui.top import HighScoresScreen
from gameshelf.tui.app import GameshelfApp
from gameshelf.tui.widgets import HelpScreen
from tests.tui.test_habits import SIZES, footer_complete, shown_whole

#: Room the game footer leaves at 80 columns (for an entry such as "^q Quit").
SPARE = 9

Step = Callable[[GameshelfApp, Pilot[None]], Awaitable[tuple[str, ...]]]


def _finished(seed: int, seats: str = "Ann") -> Match:
    m = Match(parse_seats(seats), seed)
    while not m.is_over():
        m.act("roll")
        m.act(m.state.score_actions()[0])
        m.play_computers()
    return m


async def _push(app: GameshelfApp, pilot: Pilot[None], screen: object) -> None:
    await pilot.pause()
    app.push_screen(screen)  # type: ignore[arg-type]
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


def _game(seats: str = "Ann", keys: str = "default") -> GameScreen:
    return GameScreen(Match(parse_seats(seats), 5), "a long save name", keys=keys)


async def setup(app: GameshelfApp, pilot: Pilot[None]) -> tuple[str, ...]:
    await _push(app, pilot, SetupScreen())
    return ()


async def before_roll(app: GameshelfApp, pilot: Pilot[None]) -> tuple[str, ...]:
    await _push(app, pilot, _game())
    return ("#status", "#rollinfo")


async def mid_turn(app: GameshelfApp, pilot: Pilot[None]) -> tuple[str, ...]:
    await _push(app, pilot, _game("Ann,Bob,cpu"))
    await pilot.press("r", "1")
    await pilot.pause()
    return ("#status", "#rollinfo")


async def mid_turn_classic(app: GameshelfApp, pilot: Pilot[None]) -> tuple[str, ...]:
    await _push(app, pilot, _game("Ann,Bob,cpu", keys="classic"))
    await pilot.press("enter")
    await pilot.pause()
    return ("#status", "#rollinfo")


async def third_roll_saved(app: GameshelfApp, pilot: Pilot[None]) -> tuple[str, ...]:
    await _push(app, pilot, _game("Ann,cpu"))
    await pilot.press("r", "r", "r", "s")
    await pilot.pause()
    assert "gameshelf yatz resume" in str(app.screen.query_one("#message", Static).render())
    return ("#status", "#rollinfo", "#message")


async def filled_undo_offered(app: GameshelfApp, pilot: Pilot[None]) -> tuple[str, ...]:
    screen = _game("Ann")
    await _push(app, pilot, screen)
    await pilot.press("r")
    await pilot.pause()
    screen.query_one("#card", CardTable).move_cursor(row=BOX_ROW[Box.CHANCE],
                                                     column=FIRST_COL)
    await pilot.press("enter")
    await pilot.pause()
    assert screen.check_action("undo", ()) is True
    return ("#status", "#rollinfo", "#message")


async def computer_turn(app: GameshelfApp, pilot: Pilot[None]) -> tuple[str, ...]:
    screen = GameScreen(Match(parse_seats("cpu,Ann,Bob"), 5), "mine")
    screen.pace_index = 6     # slow: the computer is still on turn when looked at
    await _push(app, pilot, screen)
    assert screen.match.is_computer_turn()
    assert screen.check_action("skip", ()) is True
    return ("#status", "#rollinfo")


async def undone(app: GameshelfApp, pilot: Pilot[None]) -> tuple[str, ...]:
    await filled_undo_offered(app, pilot)
    await pilot.press("u")
    await pilot.pause()
    assert "taken back" in str(app.screen.query_one("#message", Static).render())
    return ("#status", "#rollinfo", "#message")


async def game_over(app: GameshelfApp, pilot: Pilot[None]) -> tuple[str, ...]:
    m = _finished(3, "Ann,cpu")
    await _push(app, pilot, GameOverScreen(m, {0: 1}))
    return ("#title", "#note")


async def top_20(app: GameshelfApp, pilot: Pilot[None]) -> tuple[str, ...]:
    """A full table (one score with an undo): all 20 rows and the note show."""
    for seed in range(21):
        m = Match(parse_seats("Ann"), seed)
        while not m.is_over():
            m.act("roll")
            m.act(m.state.score_actions()[0])
            if seed == 0 and m.state.turns_done == 1:
                m.undo()
                m.act(m.state.score_actions()[-1])
        YatzSession(m).finish()
    screen = HighScoresScreen()
    await _push(app, pilot, screen)
    table = screen.query_one("#top", DataTable)
    assert table.row_count == 20
    bottom = screen.region.bottom - 1          # the footer's line
    assert table.region.height == 21 and table.region.bottom <= bottom, table.region
    frame = screen.query_one(Vertical)
    assert frame.border_subtitle == UNDO_NOTE and frame.region.bottom <= bottom
    assert frame.border_title == "Yatz · top 20"
    return ()


async def saves_list(app: GameshelfApp, pilot: Pilot[None]) -> tuple[str, ...]:
    m = Match(parse_seats("Ann,cpu"), 8)
    m.act("roll")
    with Store() as store:
        store.replace_save("a save", m.record())
    await _push(app, pilot, SavesScreen())
    return ()


async def help_window(app: GameshelfApp, pilot: Pilot[None]) -> tuple[str, ...]:
    await _push(app, pilot, _game())
    await pilot.press("question_mark")
    await pilot.pause()
    assert isinstance(app.screen, HelpScreen)
    return ()


async def hint(app: GameshelfApp, pilot: Pilot[None]) -> tuple[str, ...]:
    m = Match(parse_seats("Ann"), 5)
    m.act("roll")
    screen = HintScreen(m.state)
    await _push(app, pilot, screen)
    close = screen.query_one("#close")
    assert close.region.height > 0 and close.region.bottom < screen.region.bottom, \
        close.region      # the Close button above the footer (it was cut at 80x24)
    return ("#title",)


STATES: dict[str, Step] = {
    "setup": setup, "before roll": before_roll, "mid turn": mid_turn,
    "mid turn classic": mid_turn_classic, "third roll, saved": third_roll_saved,
    "filled, undo offered": filled_undo_offered, "undone": undone,
    "computer's turn": computer_turn, "game over": game_over, "top 20": top_20,
    "saves list": saves_list, "help": help_window, "hint": hint,
}
GAME_STATES = {"before roll", "mid turn", "mid turn classic", "third roll, saved",
               "filled, undo offered", "undone", "computer's turn"}


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("state", list(STATES))
async def test_every_yatz_state_shows_its_needed_lines_and_footer_whole(
        state: str, size: tuple[int, int]) -> None:
    app = GameshelfApp()
    async with app.run_test(size=size) as pilot:
        needed = await STATES[state](app, pilot)
        if state != "help":   # the help window (tui.widgets) has no footer: its keys are in it
            assert await footer_complete(app) == [], (state, size)
        for selector in needed:
            widget = app.screen.query_one(selector, Static)
            assert shown_whole(widget), (state, size, selector, str(widget.render()))
        if state in GAME_STATES:
            last = app.screen._compositor.render_strips()[-1].text.rstrip()
            assert len(last) <= size[0] - SPARE, (state, size, last)


async def test_the_footer_follows_the_width_and_the_keys_it_leaves_out_still_work() -> None:
    """Below 100 columns Pace and Top 20 leave the footer; + and t still work."""
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _game("Ann,cpu")
        await _push(app, pilot, screen)
        offered = {b.binding.description for b in screen.active_bindings.values()
                   if b.binding.show and b.enabled}
        assert not offered & {"Pace", "Top 20"}
        before = screen.pace_index
        await pilot.press("plus")
        assert screen.pace_index == before - 1
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, HighScoresScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        offered = {b.binding.description for b in screen.active_bindings.values()
                   if b.binding.show and b.enabled}
        assert {"Pace", "Top 20"} <= offered


async def test_the_play_log_fills_a_tall_screen() -> None:
    """At 160x50 the log box is tall: it shows more than the old 14 lines."""
    app = GameshelfApp()
    async with app.run_test(size=(160, 50)) as pilot:
        screen = _game("Ann")
        await _push(app, pilot, screen)
        for n in range(30):
            screen.log_event(f"line {n}")
        await pilot.pause()
        log = screen.query_one("#log", Static)
        shown = str(log.render()).splitlines()
        assert len(shown) > 14 and shown[-1] == "line 29"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_no_box_stretches_over_the_room_a_window_leaves(size: tuple[int, int]) -> None:
    """Every box of the screen is as wide as what it holds, at every size: the Players and
    Play boxes as wide as the dice above them (never over the room a wide window leaves),
    the card as wide as its columns; on a big screen the two stand side by side in the
    middle, the room left split on both sides."""
    app = GameshelfApp()
    async with app.run_test(size=size) as pilot:
        screen = _game("Ann,cpu")
        await _push(app, pilot, screen)
        await pilot.press("r")
        await pilot.pause()
        left, card = screen.query_one("#left").region, screen.query_one(CardTable).region
        dies = [d.region for d in screen.query(".die")]
        dice = dies[-1].right - dies[0].x
        for box in ("#totals", "#log"):
            assert screen.query_one(box).region.width <= max(dice + 2, 39), box
        assert card.width <= 70 and left.right <= card.x
        spare = size[0] - (card.right - left.x)
        assert abs(left.x - (size[0] - card.right)) <= 1 or spare < 4, (left, card)
