"""Every screen of every game shows text from people and files literally (issue 10 point 8).

Hostile names (markup of every kind, escape sequences, control characters, right-to-left and
combining characters; see ``tests/hostile.py``) are stored as old data would be and shown on
every screen through Pilot: no screen crashes, no raw control character reaches what the
terminal is sent, and each name is on screen in its visible form.
"""

from __future__ import annotations

import dataclasses
import io

from rich.console import Console
from textual.app import App
from textual.pilot import Pilot

from gameshelf.games.dollar.game import make_entry
from gameshelf.games.dollar.tui.screen import DollarScreen
from gameshelf.games.muggins.options import MugginsOptions
from gameshelf.games.muggins.session import Session
from gameshelf.games.muggins.tui.level import LevelScreen
from gameshelf.games.muggins.tui.screen import MugginsScreen
from gameshelf.games.muggins.tui.summary import SummaryScreen
from gameshelf.games.showdown.cards import default_deck_text
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.showdown.match import Seat as ShowdownSeat
from gameshelf.games.showdown.tui.handoff import HandOffScreen
from gameshelf.games.showdown.tui.scores import ScoreScreen, score_table
from gameshelf.games.showdown.tui.screen import ShowdownScreen
from gameshelf.games.showdown.tui.setup import ShowdownStartScreen
from gameshelf.games.yatz.match import Match as YatzMatch
from gameshelf.games.yatz.match import Seat as YatzSeat
from gameshelf.games.yatz.tui.over import GameOverScreen
from gameshelf.games.yatz.tui.saves import SavesScreen
from gameshelf.games.yatz.tui.screen import GameScreen
from gameshelf.games.yatz.tui.setup import SetupScreen
from gameshelf.games.yatz.tui.top import HighScoresScreen
from gameshelf.tui.app import GameshelfApp, MenuScreen
from gameshelf.tui.online import LobbyScreen
from gameshelf.tui.stats import StatsScreen
from gameshelf.tui.widgets import ConfirmScreen, HelpScreen
from tests.hostile import (
    DECK_SHOWN,
    NAMES,
    assert_clean,
    hostile_deck,
    renamed,
    store_record,
    store_scores,
    visible,
)
from tests.online.fakes import offline_room

SIZE = (160, 50)


def shown(app: App[None]) -> str:
    """What the terminal is sent for the current screen (and the screens under a modal),
    without the cursor moves: the text of every cell, a line feed between lines."""
    width, height = app.size
    update = app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens)
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system=None, legacy_windows=False)
    return "".join(s.text for s in console.render(update) if not s.control)


async def settle(app: App[None], pilot: Pilot[None]) -> None:
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


def check(app: App[None], names: list[str] = (), *,  # type: ignore[assignment]
          texts: tuple[str, ...] = (), width: int = 0, where: str = "") -> str:
    """The screen holds no raw control character and shows each name (its first ``width``
    visible characters) and each text."""
    text = shown(app)
    where = where or type(app.screen).__name__
    assert_clean(text, f"on {where}")
    for name in names:
        assert visible(name, width) in text, f"{visible(name, width)!r} not shown on {where}"
    for t in texts:
        assert t in text, f"{t!r} not shown on {where}"
    return text


async def test_menu_and_its_help_are_clean() -> None:
    app = GameshelfApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        check(app)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        check(app)


def _yatz_match(names: list[str], seed: int, player: str = "greedy") -> YatzMatch:
    match = YatzMatch([YatzSeat(f"P{i}", player) for i in range(len(names))], seed)
    renamed(match, names)
    return match


async def test_yatz_setup_saves_delete_question_top20_and_help() -> None:
    """The saves list (hostile save names, hostile players in the records), the question
    before a delete, and the top 20 of stored hostile scores (with a hostile date)."""
    for i, name in enumerate(NAMES):
        store_record(name, _yatz_match([NAMES[-1 - i]], 40 + i, "human").record())
    store_scores("yatz", {"player": "human"})
    app = GameshelfApp(start="yatz")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, SetupScreen)
        check(app)
        await pilot.press("f3")
        await settle(app, pilot)
        assert isinstance(app.screen, SavesScreen)
        check(app, NAMES[:8])  # newest first; the list shows about 8 at this height
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        check(app)
        await pilot.press("n")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("f4")
        await settle(app, pilot)
        assert isinstance(app.screen, HighScoresScreen)
        check(app, NAMES)
        await pilot.press("escape")
        await pilot.press("f1")
        await pilot.pause()
        check(app)


async def test_yatz_game_screen_cards_game_over_and_top20_with_hostile_seats() -> None:
    """The crash of the issue: a seat named '[/]' (and the others) through the game screen,
    its cards, the Game Over table, and the top 20 that stores their scores."""
    for part, names in enumerate((NAMES[:7], NAMES[7:])):
        match = _yatz_match(names, 4 + part)
        save = names[-1]
        app = GameshelfApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.push_screen(GameScreen(match, save))
            await pilot.pause()
            check(app, names, width=12)
            await pilot.press("c")
            await pilot.pause()
            check(app, names, width=12)
            await pilot.press("k")
            await settle(app, pilot)
            assert isinstance(app.screen, GameOverScreen)
            check(app, names)
            await pilot.press("t")
            await settle(app, pilot)
            assert isinstance(app.screen, HighScoresScreen)
            check(app, names)


async def test_yatz_game_screen_of_a_person_says_the_save_name_literally() -> None:
    match = _yatz_match(["[/]\x1b[2J", "T\x1b]0;x\x07"], 9, "human")
    app = GameshelfApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = GameScreen(match, "[@click=app.quit]\x07")
        app.push_screen(screen)
        await pilot.pause()
        await pilot.press("r")
        await pilot.press("s")
        await settle(app, pilot)
        check(app, texts=("[/]\\x1b[2J", "[@click=app.quit]\\x07"))
        await pilot.press("c")
        await pilot.pause()
        check(app, texts=("T\\x1b]0;x\\x07",))


async def test_muggins_resume_question_level_list_game_summary_and_help() -> None:
    """A stored Muggins save whose options are hostile: the question quotes it literally,
    resuming it says why not, then the level list and the game screen."""
    record = Session.new("easy", MugginsOptions(61), 7).match.record()
    bad = dataclasses.replace(record, options={**record.options, "level": "[/]\x1b[2J"})
    store_record("game-7", bad)
    app = GameshelfApp(start="muggins")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, ConfirmScreen)
        check(app, texts=("[/]\\x1b[2J",))
        await pilot.press("y")
        await settle(app, pilot)
        assert isinstance(app.screen, LevelScreen)
        check(app)
        await pilot.press("f1")
        await pilot.pause()
        check(app)
        await pilot.press("escape")
        await pilot.press("enter")
        await settle(app, pilot)
        assert isinstance(app.screen, MugginsScreen)
        check(app)
        app.push_screen(SummaryScreen("Round 1 [/]", game_over=False))
        await pilot.pause()
        check(app, texts=("Round 1 [/]",))


def _showdown_match(names: list[str], kind: str, deck: str | None = None,
                    seed: int = 5) -> ShowdownMatch:
    match = ShowdownMatch([ShowdownSeat(f"P{i}", kind) for i in range(len(names))], seed,
                          deck)
    renamed(match, names)
    return match


async def test_showdown_start_screen_lists_hostile_saves() -> None:
    for i in range(0, len(NAMES), 2):
        record = _showdown_match(NAMES[i:i + 2], "human", seed=10 + i).record()
        store_record(NAMES[i], record)
    app = GameshelfApp(start="showdown")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, ShowdownStartScreen)
        check(app, NAMES)
        await pilot.press("f1")
        await pilot.pause()
        check(app)


async def test_online_lobby_shows_hostile_names_literally() -> None:
    """The lobby's seats (names as the server tells them) and its help."""
    app = GameshelfApp()
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(LobbyScreen(offline_room(NAMES[:4])))
        await settle(app, pilot)
        check(app, NAMES[:4], texts=("K7QX",))
        await pilot.press("question_mark")
        await pilot.pause()
        check(app, texts=("Play online",))


async def test_showdown_table_hand_off_piles_and_score_breakdown() -> None:
    """Four people with hostile names and a hostile deck: the hand-off, the table, the
    piles; computers with hostile names play a game out to the score breakdown (once on the
    screen, the other finished games shown by the same breakdown screen)."""
    deck = hostile_deck(default_deck_text())
    app = GameshelfApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for part in range(0, len(NAMES), 4):
            names = NAMES[part:part + 4]
            people = _showdown_match(names, "human", deck, seed=part + 1)
            app.push_screen(ShowdownScreen(people))
            await settle(app, pilot)
            assert isinstance(app.screen, HandOffScreen)
            check(app, [names[people.to_act()]])
            await pilot.press("enter")
            await settle(app, pilot)
            assert isinstance(app.screen, ShowdownScreen)
            check(app, names, width=8)
            await pilot.press("p")
            await settle(app, pilot)
            assert isinstance(app.screen, ScoreScreen)
            check(app, names)
            await pilot.press("escape")
            await pilot.press("escape")
            await settle(app, pilot)
            computers = _showdown_match(names, "random", deck, seed=part + 2)
            if part:
                computers.run_until_human()
                app.push_screen(ScoreScreen(score_table(computers)))
            else:
                app.push_screen(ShowdownScreen(computers))
            await settle(app, pilot)
            assert computers.state.is_terminal()
            assert isinstance(app.screen, ScoreScreen)
            check(app, names, width=14)
            await pilot.press("escape")
            await settle(app, pilot)
            if not part:
                check(app, texts=DECK_SHOWN[:1], where="the finished table")
                await pilot.press("escape")
                await settle(app, pilot)


async def test_dollar_players_game_over_and_best_bills() -> None:
    store_scores("dollar", {"bill": "L\x1b[2J[/]", "series": "[b]\x07"})
    app = GameshelfApp(start="dollar")
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, DollarScreen)
        check(app, NAMES[:8], width=8, texts=("L\\x1b[2J[/]",))
        for i, name in enumerate(NAMES[:8]):
            entry = make_entry(f"P{i}", f"L{40000002 + i * 1111:08d}A", None, "1902")
            screen._added(dataclasses.replace(entry, name=name))
        await pilot.pause()
        check(app, NAMES[:8], width=8)
        await pilot.press("f5")
        await pilot.press("end")
        await settle(app, pilot)
        assert screen.phase == "done"
        check(app, NAMES[:8], width=8)
        await pilot.press("f1")
        await pilot.pause()
        check(app)



async def test_statistics_screens_show_hostile_names_literally() -> None:
    """Finished games kept with hostile seat names (and a hostile Mugsy level): every
    statistics screen's table and chart legend show them literally, and crash on none."""
    from gameshelf.core.store import HistoryEntry, HistoryPlayer, Store
    from tests.stats import games

    yatz = games.yatz(3).match.record()
    showdown = games.showdown(3).match.record()
    muggins = games.muggins(3).match.record()
    with Store() as store:
        for i in range(0, len(NAMES), 2):
            pair = NAMES[i:i + 2] if i + 1 < len(NAMES) else [NAMES[i], "Zed"]
            for game, record in (("yatz", yatz), ("showdown", showdown)):
                store.add_finished_record(HistoryEntry(
                    record, [HistoryPlayer(n, "person", None, 1) for n in pair]),
                    key=f"{game}-{i}")
        store.add_finished_record(HistoryEntry(muggins, [
            HistoryPlayer("you"), HistoryPlayer("Mugsy", "computer", "[/]\x1b[2J")]),
            key="m")
    for game, names, width in (("yatz", NAMES, 15), ("showdown", NAMES, 15),
                               ("muggins", [], 0), ("dollar", [], 0)):
        app = GameshelfApp()
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            app.push_screen(StatsScreen(game))
            await settle(app, pilot)
            text = check(app, names[:6], width=width, where=f"{game} statistics")
            if game == "muggins":
                assert "[/]\\x1b[2J" in text


async def test_showdown_coach_hint_and_review_show_names_and_cards_literally() -> None:
    """Issue 16: the hint names the cards of a hostile deck, the review the people with
    hostile names (two people: each line names its player), all literally."""
    from gameshelf.games.showdown.tui.coach import ShowdownHintScreen, ShowdownReviewScreen

    deck = hostile_deck(default_deck_text())
    names = NAMES[:2]
    match = _showdown_match(names, "human", deck, seed=3)
    while not match.state.is_terminal() and match.state.turn <= 2:
        match.run_until_human()
        legal = match.state.legal_actions()
        match.play(str(legal[-1]))
    app = GameshelfApp()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(ShowdownHintScreen(match.state.view(match.to_act()),
                                           match.state.legal_actions()))
        await settle(app, pilot)
        check(app, where="the Showdown hint")
        app.pop_screen()
        app.push_screen(ShowdownReviewScreen(match.record(), samples=4))
        await settle(app, pilot)
        text = check(app, where="the Showdown review")
        assert "decision" in text and "cost" in text
        assert any(visible(n, 8) in text for n in names)
