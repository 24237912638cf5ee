"""The Yatz screens (Pilot): setup, a whole human turn, the zero-box confirmation, computer
turns, save and resume, the game over and the top-20 table."""

from __future__ import annotations

from textual.coordinate import Coordinate
from textual.widgets import DataTable, Input, OptionList, Static
from textual.widgets.data_table import ColumnKey

from gameshelf.core.store import Store
from gameshelf.games.yatz.game import GAME, ROLL, Dice
from gameshelf.games.yatz.match import Match, Seat
from gameshelf.games.yatz.scoring import Box
from gameshelf.games.yatz.session import YatzSession
from gameshelf.games.yatz.tui.card import BOX_ROW, FIRST_COL
from gameshelf.games.yatz.tui.over import GameOverScreen
from gameshelf.games.yatz.tui.pace import DEFAULT_PACE
from gameshelf.games.yatz.tui.saves import SavesScreen
from gameshelf.games.yatz.tui.screen import GameScreen
from gameshelf.games.yatz.tui.setup import SetupScreen
from gameshelf.games.yatz.tui.top import HighScoresScreen
from gameshelf.tui.app import GameshelfApp
from gameshelf.tui.widgets import ConfirmScreen, HelpScreen

from .helpers import GameApp


async def _open_setup(pilot) -> None:  # type: ignore[no-untyped-def]
    """Open Yatz from the menu (key 2)."""
    await pilot.pause()
    await pilot.press("2")
    await pilot.pause()


async def _setup_one_human(pilot, app: GameshelfApp, seed: str) -> None:  # type: ignore[no-untyped-def]
    await _open_setup(pilot)
    assert isinstance(app.screen, SetupScreen)
    await pilot.click("#fewer")  # two seats -> one
    app.screen.query_one("#seed", Input).value = seed
    await pilot.click("#start")
    await pilot.pause()


async def test_setup_then_a_whole_human_turn() -> None:
    """Roll, hold by key and by mouse, roll again, fill a box with Enter (R-YZ-2)."""
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await _setup_one_human(pilot, app, "4242")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.match.seed == 4242 and len(screen.match.seats) == 1
        status = str(screen.query_one("#status", Static).render())
        assert "Game 4242" in status and "roll 0 of 3" in status
        await pilot.press("r")
        await pilot.press("1")
        await pilot.click("#die3")
        st = screen.match.state
        assert st.held_positions() == (1, 3) and st.roll_number() == 1
        first = st.dice
        await pilot.press("r")
        assert st.roll_number() == 2
        assert st.dice[0] == first[0] and st.dice[2] == first[2]
        table = screen.query_one("#card", DataTable)
        table.move_cursor(row=BOX_ROW[Box.CHANCE], column=FIRST_COL + 1)  # x2 Chance
        await pilot.press("enter")
        await pilot.pause()
        assert st.turns_done == 1 and st.dice == ()
        # The same game number gives the same dice: the record replays exactly.
        expected = Match([Seat("You")], seed=4242)
        for a in ("roll", "hold 1", "hold 1 3", "roll"):
            expected.act(a)
        dice = expected.state.dice
        expected.act("score x2 chance")
        assert screen.match.actions == expected.actions
        assert st.boxes[0][1][Box.CHANCE] == sum(dice)


async def test_zero_box_asks_first() -> None:
    """Filling a box that scores 0 asks for confirmation; no keeps it empty, yes fills 0."""
    match = Match([Seat("Ann")], seed=11)
    match.act("roll")
    st = match.state
    zero = next(b for b in Box if st.points(b) == 0)
    app = GameApp(match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        table = screen.query_one("#card", DataTable)
        table.move_cursor(row=BOX_ROW[zero], column=FIRST_COL)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and st.boxes[0][0][zero] is None
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert st.boxes[0][0][zero] == 0 and st.turns_done == 1


async def test_illegal_keys_give_a_message_not_a_crash() -> None:
    app = GameApp(Match([Seat("Ann")], seed=3))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("1")  # hold before rolling
        assert "Roll first" in str(screen.query_one("#message", Static).render())
        await pilot.press("enter")  # score before rolling
        assert "Roll first" in str(screen.query_one("#message", Static).render())
        for _ in range(3):
            await pilot.press("r")
        await pilot.press("r")  # a fourth roll
        assert "no rolls left" in str(screen.query_one("#message", Static).render())
        assert screen.match.state.roll_number() == 3


async def test_computer_turns_step_by_step_and_skip() -> None:
    """Computer seats act on a timer; k plays them out up to the next person."""
    match = Match([Seat("Ann"), Seat("Cpu", "greedy"), Seat("Cas", "casual")], seed=5)
    app = GameApp(match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("r")
        screen.query_one("#card", DataTable).move_cursor(row=BOX_ROW[Box.CHANCE],
                                                       column=FIRST_COL)
        await pilot.press("enter")
        await pilot.pause()
        assert match.state.seat == 1
        await pilot.press("r")  # not this person's turn: refused
        assert match.state.seat == 1 and "computer" in str(
            screen.query_one("#message", Static).render())
        # One step at a time: each timer tick applies one action and logs it.
        before = (len(match.log), len(screen.log_lines))
        screen.others.step()
        assert len(match.log) in (before[0] + 1, before[0] + 2)  # roll adds its dice
        assert len(screen.log_lines) == before[1] + 1
        assert screen.log_lines[-1].startswith("Cpu:")
        await pilot.press("minus", "plus", "plus")
        assert screen.pace_index == DEFAULT_PACE - 1
        await pilot.press("k")
        await pilot.pause()
        assert match.state.seat == 0
        assert match.state.turns_taken(1) == match.state.turns_taken(2) == 1
        log = "\n".join(screen.log_lines)
        assert "Cpu:" in log and "Cas:" in log


async def test_computers_wait_while_a_help_or_table_is_open() -> None:
    """Computer play pauses under another screen (Help, Top 20) and goes on after it; the
    game cannot end under a help screen (that once left the screens in a bad state)."""
    match = Match([Seat("A", "strong"), Seat("B", "greedy")], seed=5)
    app = GameApp(match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.pace_index = 0
        await pilot.press("f1")
        await pilot.pause()
        assert app.screen is not screen
        before = len(match.log)
        for _ in range(10):
            screen.others.step()         # a timer firing under the help screen
            await pilot.pause(0.05)
        assert len(match.log) == before
        await pilot.press("escape")
        for _ in range(1200):              # up to a minute on a busy machine (was 5 s: flaky)
            await pilot.pause(0.05)
            await app.workers.wait_for_complete()
            if len(match.log) > before:
                break
        assert len(match.log) > before     # back on top: the computers go on


async def test_save_mid_turn_and_resume_from_setup() -> None:
    """s saves mid-turn (dice and holds); the setup's Resume brings it back exactly."""
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await _setup_one_human(pilot, app, "777")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("r", "2", "5", "r", "s")
        await pilot.pause()
        saved = (screen.match.state.dice, screen.match.state.held, screen.match.actions[:])
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, SetupScreen)
        # back on the setup, the game number is a new one: Start begins a new game and a
        # new save instead of replaying game 777 over its save
        assert app.screen.query_one("#seed", Input).value != "777"
        await pilot.press("f3")
        await pilot.pause()
        assert isinstance(app.screen, SavesScreen)
        saves = app.screen.query_one("#saves", OptionList)
        assert saves.option_count == 1
        saves.focus()
        await pilot.press("enter")
        await pilot.pause()
        resumed = app.screen
        assert isinstance(resumed, GameScreen) and resumed is not screen
        st = resumed.match.state
        assert (st.dice, st.held, resumed.match.actions) == saved
        assert st.held_positions() == (2, 5) and st.roll_number() == 2


async def test_game_over_ranks_and_marks_new_high_scores() -> None:
    """The last box ends the game: ranking, top-20 entries marked, the save removed."""
    match = Match([Seat("Ann"), Seat("Bob")], seed=21)
    boxes = [(c, b) for c in range(3) for b in Box]
    for i in range(77):
        c, b = boxes[i // 2]
        match.act("roll")
        match.act(f"score x{c + 1} {b.text}")
    assert match.state.seat == 1 and not match.is_over()
    with Store() as store:
        store.replace_save("test-save", match.record())
    session = YatzSession.resume("test-save")
    match = session.match
    app = GameApp(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.query_one("#card", DataTable).move_cursor(row=BOX_ROW[Box.CHANCE],
                                                       column=FIRST_COL + 2)
        await pilot.press("enter")
        await pilot.pause()
        assert match.is_over()
        over = app.screen
        assert isinstance(over, GameOverScreen)
        assert set(over.new) == {0, 1}
        ranking = over.query_one("#ranking", DataTable)
        assert ranking.row_count == 2
        first = ranking.get_row_at(0)
        assert int(str(first[5])) == max(match.state.grand_total(i) for i in range(2))
        assert "new high" in str(first[6])
        await pilot.press("t")
        await pilot.pause()
        assert isinstance(app.screen, HighScoresScreen)
        top = app.screen.query_one("#top", DataTable)
        assert top.row_count == 2
        assert all("new" in str(top.get_row_at(r)[6]) for r in range(2))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
    with Store() as store:
        assert store.list_saves(GAME) == []
        assert len(store.top_scores(GAME)) == 2


async def test_setup_refuses_a_bad_game_number_and_has_help() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await _open_setup(pilot)
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#seed", Input).value = "twelve"
        await pilot.click("#start")
        await pilot.pause()
        assert app.screen is setup
        assert "whole number" in str(setup.query_one("#setupmsg", Static).render())
        for _ in range(7):
            setup.action_seats(1)
        await pilot.click("#more")
        assert setup.count == 9
        await pilot.click("#more")
        assert setup.count == 9 and "1 to 9" in str(
            setup.query_one("#setupmsg", Static).render())
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_c_shows_the_other_cards_and_back() -> None:
    match = Match([Seat("Ann"), Seat("Bob")], seed=8)
    app = GameApp(match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        table = screen.query_one("#card", DataTable)
        await pilot.press("r", "c")
        assert table.columns[ColumnKey("label")].label.plain == "Bob's card"
        await pilot.press("enter")  # not Ann's card on screen: refused with a message
        assert match.state.turns_done == 0
        await pilot.press("c")
        assert table.columns[ColumnKey("label")].label.plain == "Ann's card"


async def test_wild_yatz_is_announced_and_scores_a_straight() -> None:
    """R-YZ-4 on screen: the hint shows 40 for a Large Straight with a Wild Yatz."""
    match = Match([Seat("Ann")], seed=1)
    st = match.state
    for c in range(3):
        for b in (Box.YATZ, Box.SIXES):
            st.boxes[0][c][b] = 0
            st.filled[0][c] |= 1 << b
    st.turns_done = 6
    st.seat = 0
    st.apply_action(ROLL)
    st.apply_action(Dice((6, 6, 6, 6, 6)))
    app = GameApp(match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert "WILD YATZ" in str(screen.query_one("#rollinfo", Static).render())
        table = screen.query_one("#card", DataTable)
        cell = table.get_cell_at(Coordinate(BOX_ROW[Box.LARGE_STRAIGHT], FIRST_COL + 2))
        assert str(cell) == "(40)"


async def test_names_with_markup_characters_show_as_typed() -> None:
    """A player called ``[/x]`` used to crash the screen (Rich markup); names are plain text."""
    app = GameApp(Match([Seat("[/x]"), Seat("[b]Bo")], seed=5))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert "[/x]" in str(screen.query_one("#status", Static).render())
        await pilot.press("r")
        await pilot.pause()
        assert "[b]Bo" in str(screen.query_one("#totals", Static).render())
