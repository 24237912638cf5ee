"""Issue 11 on Pinball Showdown: the listing of saves, the hand-off's words for the seat You,
the start screen's focus after Esc back, and clicks that select before they play."""

from __future__ import annotations

import json
import re

import pytest
from textual.widgets import Button, Input, OptionList

from gameshelf.core.records import GameRecord
from gameshelf.core.store import Store
from gameshelf.games.showdown.match import Match, parse_players
from gameshelf.games.showdown.session import END_PENDING, ShowdownSession
from gameshelf.games.showdown.table import Phase
from gameshelf.games.showdown.tui.cards import CardLine, CardView
from gameshelf.games.showdown.tui.handoff import HandOffScreen, ready_label
from gameshelf.games.showdown.tui.screen import ShowdownScreen
from gameshelf.games.showdown.tui.setup import ShowdownStartScreen
from gameshelf.tui.app import GameshelfApp
from tests.showdown.test_cli import _run
from tests.showdown.test_layout import reach


def _finished(players: str = "Ann,cpu", seed: int = 9) -> Match:
    match = Match(parse_players(players.replace("Ann", "cpu")), seed)
    while not match.state.is_terminal():
        match.step()
    return match


def test_saves_mark_finished_and_damaged_games(capsys: pytest.CaptureFixture[str]) -> None:
    """Listed as the Yatz and Muggins listings do: a finished game whose scores wait for
    resume, one the old screen left (scores recorded), a damaged one, one in play."""
    ShowdownSession.new(reach("Ann,cpu", 9, ()))
    done = _finished()
    with Store() as store:
        store.replace_save("pending", ShowdownSession(done).record())
        store.replace_save("old-finished", done.record())
        store.replace_save("broken", GameRecord("showdown", 1, {"players": "Ann"}, 3, ()))
    assert ShowdownSession(done).record().options[END_PENDING]
    code, out, _ = _run(["showdown", "saves"], capsys)
    assert code == 0
    lines = {line.split()[0]: line for line in out.splitlines()}
    assert "turn 1/10" in lines["game-9"] and "Ann, CPU 1 · game 9" in lines["game-9"]
    assert "finished" not in lines["game-9"]
    assert "finished: " in lines["pending"] and "(resume records the scores)" in lines["pending"]
    assert "finished: " in lines["old-finished"] and "scores recorded" in lines["old-finished"]
    assert "damaged: " in lines["broken"] and "turn" not in lines["broken"]


def test_saves_are_listed_in_the_columns_of_muggins(capsys: pytest.CaptureFixture[str]) -> None:
    """It printed ``game-9: Ann, CPU 1 · ...; 2026-11-30 09:53`` while Yatz and Muggins list
    name, date and game in columns."""
    from gameshelf.games.muggins.options import MugginsOptions
    from gameshelf.games.muggins.session import Session

    ShowdownSession.new(reach("Ann,cpu", 9, ()))
    Session.new("normal", MugginsOptions(61), 4)
    code, out, _ = _run(["showdown", "saves"], capsys)
    assert code == 0
    line = out.splitlines()[0]
    code, mout, _ = _run(["muggins", "saves"], capsys)
    mline = mout.splitlines()[0]
    date = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d")
    found, mfound = date.search(line), date.search(mline)
    assert found is not None and mfound is not None, (line, mline)
    assert line.startswith("game-9 ") and found.start() == mfound.start() == 25, (line, mline)
    assert line[found.end():].startswith("  Ann, CPU 1 · game 9")
    code, out, _ = _run(["showdown", "saves", "--json"], capsys)
    assert [d["name"] for d in json.loads(out)] == ["game-9"]


def test_hand_off_button_reads_right_for_you_and_for_a_name() -> None:
    """It read "I am You"."""
    assert ready_label("You") == "Ready: show my hand (Enter)"
    assert ready_label(" you ") == "Ready: show my hand (Enter)"
    assert ready_label("Ann") == "I am Ann: show my hand (Enter)"
    assert ready_label("Yousef") == "I am Yousef: show my hand (Enter)"


async def test_hand_off_screen_for_the_you_seat_then_ann() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        app.push_screen(ShowdownScreen(Match(parse_players("You,Ann"), 9)))
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, HandOffScreen)
        label = str(app.screen.query_one("#ready", Button).label)
        assert "I am You" not in label and label.startswith("Ready")
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ShowdownScreen)
        await pilot.press("enter")   # You offer the chosen card: Ann's turn
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, HandOffScreen)
        assert str(app.screen.query_one("#ready", Button).label).startswith("I am Ann:")


async def test_start_screen_focus_after_esc_back_from_a_game_and_from_help() -> None:
    """Back on the start screen from a game the focus is on the saves list at the game just
    left, so Enter resumes it (never a new game started by a stray Enter); back from help
    it is where it was."""
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        start = ShowdownStartScreen()
        app.push_screen(start)
        await pilot.pause()
        assert app.focused is start.query_one("#sd-players", Input)
        await pilot.click("#sd-new")   # a game
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ShowdownScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is start
        saves = start.query_one("#sd-saves", OptionList)
        assert app.focused is saves and saves.highlighted == 0   # the newest: the game left
        start.query_one("#sd-players", Input).focus()
        await pilot.press("tab")   # elsewhere, then help and back: where it was
        seed = start.query_one("#sd-seed", Input)
        assert app.focused is seed
        await pilot.press("f1")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is start and app.focused is seed
        saves = start.query_one("#sd-saves", OptionList)   # a resumed game, then Esc
        saves.focus()
        saves.highlighted = 0
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert isinstance(app.screen, ShowdownScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is start
        assert app.focused is saves and saves.highlighted == 0


async def _table(app: GameshelfApp, pilot, match: Match) -> ShowdownScreen:  # type: ignore[no-untyped-def]
    screen = ShowdownScreen(match)
    app.push_screen(screen)
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()
    return screen


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["lines", "cards"])
async def test_a_click_selects_a_second_click_plays(size: tuple[int, int]) -> None:
    """Offer: one click on a hand card chooses it, nothing is played; a second click on it
    offers it. Control: one click on a face-up card chooses it, a second bids."""
    app = GameshelfApp()
    async with app.run_test(size=size) as pilot:
        match = reach("You,cpu", 9, ())
        screen = await _table(app, pilot, match)
        kind = CardLine if size[0] < 120 else CardView
        hand = [w for w in screen.query(kind) if w.zone == "hand"]
        before = len(match.record().actions)
        await pilot.click(hand[2])
        await pilot.pause()
        assert len(match.record().actions) == before and screen.choice.cursor == 2
        assert hand[2].has_class("selected")
        chosen = screen.selected()
        await pilot.click(hand[2])
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert match.state.offers[0] == chosen or chosen in match.state.faceup
        assert match.state.phase is Phase.CONTROL
        faceup = [w for w in screen.query(kind) if w.zone == "faceup"]
        acted = len(match.record().actions)
        await pilot.click(faceup[-1])
        await pilot.pause()
        assert len(match.record().actions) == acted and not match.state.bids
        await pilot.click(faceup[-1])
        await pilot.pause()
        assert match.state.bids, "the second click bids"


async def test_a_click_on_another_card_moves_the_choice_and_never_plays() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        match = reach("You,cpu", 9, ())
        screen = await _table(app, pilot, match)
        hand = [w for w in screen.query(CardView) if w.zone == "hand"]
        before = len(match.record().actions)
        for card in (hand[1], hand[3], hand[0], hand[4]):
            await pilot.click(card)
            await pilot.pause()
        assert len(match.record().actions) == before
        assert screen.choice.cursor == 4 and match.state.phase is Phase.OFFER


async def test_a_single_click_on_the_card_the_keys_chose_does_not_play() -> None:
    """The hand's first card is chosen when the step begins: one click on it only chooses
    it (it played at once: a stray click was a move); the second click offers it."""
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        match = reach("You,cpu", 9, ())
        screen = await _table(app, pilot, match)
        hand = [w for w in screen.query(CardView) if w.zone == "hand"]
        assert screen.choice.cursor == 0 and hand[0].has_class("selected")
        before = len(match.record().actions)
        await pilot.click(hand[0])
        await pilot.pause()
        assert len(match.record().actions) == before and match.state.phase is Phase.OFFER
        await pilot.click(hand[0])
        await pilot.pause()
        assert len(match.record().actions) > before


async def test_esc_on_the_hand_off_leaves_the_game_saved_and_help_opens() -> None:
    """The hand-off had no footer, no help and no way out but showing a hand."""
    from gameshelf.tui.widgets import HelpScreen

    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        start = ShowdownStartScreen()
        app.push_screen(start)
        await pilot.pause()
        start.query_one("#sd-players", Input).value = "You,Ann"
        await pilot.press("enter")
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, HandOffScreen)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HandOffScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is start
    with Store() as store:
        assert len(store.list_saves("showdown")) == 1

