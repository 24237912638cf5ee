"""The classic key map of the Yatz screen, as the 1991 manual describes it (issue 17 §3):
Enter and F1 roll, F2 moves between the dice and the score board, Up/Down and Enter hold or
release a die (its button red when held, green when rolled), Enter on a box chooses it and
a second Enter counts it while any other key corrects; help on another key. The default map
is unchanged."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Select

from gameshelf.core.keymaps import remembered_key_map
from gameshelf.core.store import Store
from gameshelf.games.yatz.match import Match, Seat
from gameshelf.games.yatz.scoring import Box
from gameshelf.games.yatz.tui.card import BOX_ROW, FIRST_COL
from gameshelf.games.yatz.tui.dice_row import DiceRow, DieWidget
from gameshelf.games.yatz.tui.keys import YATZ_KEYS, game_help
from gameshelf.games.yatz.tui.screen import GameScreen
from gameshelf.games.yatz.tui.setup import SetupScreen
from gameshelf.tui.app import GameshelfApp
from gameshelf.tui.widgets import HelpScreen

from .helpers import GameApp
from .test_cli import assert_one_line_error, run


def solo(keys: str = "classic") -> GameApp:
    return GameApp(Match([Seat("Ann")], seed=4242), keys=keys)


async def test_enter_and_f1_roll_f2_switches() -> None:
    app = solo()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        st = screen.match.state
        assert isinstance(app.focused, DiceRow)      # the turn starts on the dice
        await pilot.press("enter")
        assert st.roll_number() == 1                  # Enter rolls
        await pilot.press("f1")
        assert st.roll_number() == 2                  # F1 rolls
        assert isinstance(app.screen, GameScreen)     # and opens no help
        await pilot.press("f2")
        assert isinstance(app.focused, DataTable)     # over to the score board
        await pilot.press("f2")
        assert isinstance(app.focused, DiceRow)       # and back to the dice
        await pilot.press("f1")
        assert st.roll_number() == 3 and st.rolls_left == 0
        assert isinstance(app.focused, DataTable)     # after the third roll: the board
        await pilot.press("f2")                       # no way back: no rolls left
        assert isinstance(app.focused, DataTable)


async def test_arrows_and_enter_hold_and_release_a_die() -> None:
    app = solo()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        st = screen.match.state
        await pilot.press("enter")                    # roll
        dice = list(screen.query(DieWidget))
        assert all(d.has_class("rolled") and not d.has_class("held") for d in dice)
        assert dice[0].has_class("arrow")
        await pilot.press("down", "down", "enter")    # the arrow on die 3: hold it
        assert st.held_positions() == (3,)
        assert dice[2].has_class("held") and not dice[2].has_class("rolled")
        assert dice[2].has_class("arrow") and not dice[0].has_class("arrow")
        assert all(d.has_class("rolled") for i, d in enumerate(dice) if i != 2)
        await pilot.press("up", "enter")              # die 2 too
        assert st.held_positions() == (2, 3)
        await pilot.press("down", "enter")            # Enter again releases die 3
        assert st.held_positions() == (2,)
        assert dice[2].has_class("rolled") and not dice[2].has_class("held")
        first = st.dice
        await pilot.press("f1")
        assert st.roll_number() == 2 and st.dice[1] == first[1]


async def test_enter_on_a_box_then_another_key_corrects() -> None:
    app = solo()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        st = screen.match.state
        await pilot.press("enter", "f2")
        table = screen.query_one("#card", DataTable)
        table.move_cursor(row=BOX_ROW[Box.CHANCE], column=FIRST_COL)
        await pilot.press("enter")                    # chosen, not counted
        assert screen.pending is not None
        assert st.turns_done == 0 and not st.filled[0][0] >> Box.CHANCE & 1
        await pilot.press("left")                     # any other key corrects...
        assert screen.pending is None and st.turns_done == 0
        assert table.cursor_coordinate.column == FIRST_COL   # ...and does nothing else
        await pilot.press("enter", "f1")              # F1 corrects too: no roll
        assert st.roll_number() == 1 and st.turns_done == 0
        await pilot.press("enter", "enter")           # Enter twice counts it
        assert st.turns_done == 1 and st.filled[0][0] >> Box.CHANCE & 1
        assert isinstance(app.focused, DiceRow)       # the next turn starts on the dice


async def test_a_zero_box_is_confirmed_with_enter() -> None:
    app = solo()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        st = screen.match.state
        await pilot.press("enter", "f2")
        box = next(b for b in (Box.YATZ, Box.LARGE_STRAIGHT, Box.FULL_HOUSE)
                   if st.points(b) == 0)
        screen.query_one("#card", DataTable).move_cursor(row=BOX_ROW[box], column=FIRST_COL)
        await pilot.press("enter")
        assert "scores 0" in screen.query_one("#message").render().plain  # type: ignore[attr-defined]
        assert not isinstance(app.screen, HelpScreen) and screen.pending is not None
        await pilot.press("enter")
        assert st.boxes[0][0][box] == 0 and st.filled[0][0] >> box & 1


async def test_help_on_question_mark_named_in_the_footer() -> None:
    app = solo()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        shown = {k: b.binding.description for k, b in screen.active_bindings.items()
                 if b.binding.show}
        assert shown.get("question_mark") == "Help" and "f1" in shown and "f2" in shown
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
    text = game_help("classic")
    assert "| F1/r/Space | roll" in text and "| ? | this help |" in text and "F2" in text


async def test_the_default_map_is_unchanged() -> None:
    """F1 opens help, Enter fills a box at once, no F2, the dice never take the focus."""
    app = solo("default")
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        st = screen.match.state
        assert isinstance(app.focused, DataTable)
        await pilot.press("f2", "r")
        assert st.roll_number() == 1 and isinstance(app.focused, DataTable)
        dice = list(screen.query(DieWidget))
        assert not any(d.has_class("rolled") or d.has_class("arrow") for d in dice)
        screen.query_one("#card", DataTable).move_cursor(row=BOX_ROW[Box.CHANCE],
                                                         column=FIRST_COL)
        await pilot.press("enter")
        assert st.turns_done == 1
        await pilot.press("f1")
        assert isinstance(app.screen, HelpScreen)


def test_every_map_binds_each_key_once() -> None:
    """No key of a map does two things on the same screen; every action a map binds is a
    method of the screen."""
    for keys in ("default", "classic"):
        seen: dict[str, str] = {}
        for b in YATZ_KEYS.bindings(keys):
            assert not isinstance(b, tuple)
            if b.action.startswith("refuse("):   # a hidden key's second binding
                continue
            for key in b.key.split(","):
                assert key not in seen, (keys, key, seen.get(key), b.action)
                seen[key] = b.action
            assert hasattr(GameScreen, "action_" + b.action.split("(")[0])


def test_keys_option_on_play_and_resume(capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """``--keys classic`` reaches the screen on ``play --tui`` and ``resume --tui``; a bad
    name, or ``--keys`` without ``--tui``, is a one-line error (exit 2)."""
    opened: list[str | None] = []
    monkeypatch.setattr("gameshelf.games.yatz.tui.setup.run_session",
                        lambda session, keys=None: opened.append(keys))
    monkeypatch.setattr("gameshelf.tui.base.on_a_terminal", lambda: True)  # no real screen
    assert run(["yatz", "play", "-p", "Ann", "--seed", "3", "--tui", "--keys", "Classic"],
               capsys, monkeypatch)[0] == 0
    assert run(["yatz", "play", "-p", "Ann", "--seed", "4", "--tui"], capsys,
               monkeypatch)[0] == 0
    assert opened == ["classic", None]
    run(["yatz", "play", "-p", "Ann", "--seed", "5"], capsys, monkeypatch, "roll\nquit\n")
    assert run(["yatz", "resume", "game-5", "--tui", "--keys", "classic"], capsys,
               monkeypatch)[0] == 0
    assert opened[-1] == "classic"
    for args in (["yatz", "play", "--tui", "--keys", "wasd"],
                 ["yatz", "play", "--keys", "classic"],
                 ["yatz", "resume", "--keys", "1991", "--tui"]):
        code, _, err = run(args, capsys, monkeypatch)
        assert_one_line_error(code, err)


async def test_the_setup_screen_chooses_the_keys() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        setup = app.screen
        assert isinstance(setup, SetupScreen)
        setup.query_one("#keys", Select).value = "classic"
        await pilot.click("#start")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.keys == "classic"
        assert isinstance(app.focused, DiceRow)


async def test_the_choice_is_remembered_across_runs() -> None:
    """Chosen on the setup screen in one run of the app, it is the choice of the next run
    (kept in the store of GAMESHELF_HOME, a temporary folder here)."""
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        app.screen.query_one("#keys", Select).value = "classic"
        await pilot.pause()
    assert remembered_key_map("yatz") == "classic"
    again = GameshelfApp()
    async with again.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("2")
        await pilot.pause()
        assert again.screen.query_one("#keys", Select).value == "classic"
        await pilot.click("#start")
        await pilot.pause()
        screen = again.screen
        assert isinstance(screen, GameScreen) and screen.keys == "classic"
        with Store() as store:   # a damaged setting reads as the default
            store.set_setting("keys.yatz", "qwerty")
    assert remembered_key_map("yatz") == "default"


async def test_a_resumed_turn_starts_on_the_dice_while_rolls_are_left() -> None:
    for rolls, on_dice in ((1, True), (3, False)):
        match = Match([Seat("Ann")], seed=4242)
        for _ in range(rolls):
            match.act("roll")
        app = GameApp(match, keys="classic")
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            assert isinstance(app.focused, DiceRow if on_dice else DataTable)


@pytest.mark.parametrize("rolled", [False, True])
async def test_leaving_with_the_classic_keys_is_clean(rolled: bool) -> None:
    """Esc with the dice focused (classic keys) left the screen while the dice row's blur
    redrew dice already removed (NoMatches, exit 70); the redraw now asks first."""
    app = solo()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        if rolled:
            await pilot.press("enter")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.pause()
    assert app.return_code in (0, None)
