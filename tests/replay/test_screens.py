"""Issue 15, replay: each game's own screen in replay mode (Pilot). The keys step through
the game (Right/n, Left/p, Home, End), the screen shows the cursor's state, the footer
offers no key of play, no key or click changes a game or the store, Esc leaves."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from textual.screen import Screen
from textual.widgets import Static

from gameshelf.core.store import Store
from gameshelf.games.dollar.replay import dollar_replay
from gameshelf.games.dollar.tui.screen import DollarScreen
from gameshelf.games.dollar.tui.screen import replay_screen as dollar_screen
from gameshelf.games.muggins.replay import muggins_replay
from gameshelf.games.muggins.tui.screen import MugginsScreen
from gameshelf.games.muggins.tui.screen import replay_screen as muggins_screen
from gameshelf.games.showdown.replay import showdown_replay
from gameshelf.games.showdown.tui.screen import ShowdownScreen, replay_screen
from gameshelf.games.yatz.replay import yatz_replay
from gameshelf.games.yatz.tui.screen import GameScreen
from gameshelf.games.yatz.tui.screen import replay_screen as yatz_replay_screen
from gameshelf.session.base import SaveSlot
from gameshelf.session.replay import Replay, load_replay
from gameshelf.tui.app import GameshelfApp
from gameshelf.tui.widgets import HelpScreen

from .games import dollar_round, muggins_record, showdown_record, state_key, yatz_record

#: The footer of a replay screen at its start / in the middle (besides a game's extra key).
AT_START = {"Next", "Last", "Leave", "Help", "Quit"}
MIDDLE = AT_START | {"Back", "Start"}
#: Keys that play in the game screens (roll, holds, Enter, draw, pass, bid, speed, buy...).
PLAY_KEYS = ("r", "space", "1", "2", "enter", "u", "h", "d", "b", "v", "l", "k", "plus",
             "colon", "s", "t")

CASES: dict[str, tuple[Any, Any, str]] = {
    "yatz": (lambda: yatz_replay(yatz_record(turns=4, names=("Ann", "Bob"))),
             lambda r: yatz_replay_screen(r, review=False), "#status"),
    "muggins": (lambda: muggins_replay(muggins_record()), muggins_screen, "#mg-status"),
    "showdown": (lambda: showdown_replay(showdown_record()), replay_screen, "#sd-status"),
    "dollar": (lambda: dollar_replay(dollar_round()), dollar_screen, "#message"),
}


def offered(app: GameshelfApp) -> set[str]:
    return {b.binding.description for b in app.screen.active_bindings.values()
            if b.binding.show and b.enabled}


def shown_state(screen: Screen[None]) -> Any:
    """The state the screen draws (its match's)."""
    if isinstance(screen, MugginsScreen):   # the read-only match it draws from
        return state_key(screen.game.replay.state)  # type: ignore[union-attr]
    if isinstance(screen, DollarScreen):
        return (screen.playing, screen.frame_no)
    if isinstance(screen, ShowdownScreen):   # the read-only match it draws from
        return state_key(screen.game.replay.state)  # type: ignore[attr-defined]
    return state_key(screen.game.state)  # type: ignore[attr-defined]


@pytest.mark.parametrize("game", list(CASES))
async def test_keys_step_and_nothing_plays(game: str) -> None:
    make_replay, make_screen, status = CASES[game]
    replay: Replay[Any] = make_replay()
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = make_screen(replay)
        app.push_screen(screen)
        await pilot.pause()
        text = str(screen.query_one(status, Static).render())
        assert f"Replay — step 0 of {replay.n}" in text
        extra = offered(app) - AT_START
        assert AT_START <= offered(app) and extra <= {"Cards", "Hand", "Piles", "Review"}, extra
        await pilot.press("right", "n")
        assert replay.position == 2
        assert f"Replay — step 2 of {replay.n}" in str(screen.query_one(status, Static).render())
        assert MIDDLE <= offered(app)
        if game != "dollar":
            assert shown_state(screen) == state_key(replay.states[2])
        await pilot.press("left")
        assert replay.position == 1
        await pilot.press("end")
        assert replay.position == replay.n and "Next" not in offered(app)
        before = shown_state(screen)
        await pilot.press(*PLAY_KEYS)    # no key of play does anything
        await pilot.pause()
        assert app.screen is screen and replay.position == replay.n
        assert shown_state(screen) == before
        await pilot.press("p", "home")
        assert replay.position == 0 and "Back" not in offered(app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen
    with Store() as store:
        assert store.list_saves(game) == [] or game == "dollar"


async def test_a_save_replayed_is_left_as_it_was() -> None:
    """Replaying a save neither takes it over nor writes it; its game goes on elsewhere."""
    record = yatz_record(turns=3, names=("Ann", "Bob"))
    slot = SaveSlot("yatz")
    slot.claim("mine", record, exact=True)
    with Store() as store:
        before = store.list_saves("yatz")
    replay = load_replay("yatz", "mine")
    assert not replay.finished
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(yatz_replay_screen(replay, review=False))
        await pilot.pause()
        await pilot.press("end", "r", "s", "escape")
        await pilot.pause()
    with Store() as store:
        assert store.list_saves("yatz") == before
    slot.write(record.with_action("roll"))      # the session that owns it still writes it


async def test_hidden_hands() -> None:
    """A finished Muggins game shows Mugsy's tiles; one in progress only their number.
    Showdown in progress: `c` shows only the people's hands."""
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        done = muggins_replay(muggins_record())
        app.push_screen(muggins_screen(done))
        await pilot.pause()
        await pilot.press("right")
        assert "Mugsy's tiles: " in str(app.screen.query_one("#mg-msg", Static).render())
        await pilot.press("escape")
        going = muggins_replay(muggins_record(moves=3))
        app.push_screen(muggins_screen(going))
        await pilot.pause()
        await pilot.press("right")
        msg = str(app.screen.query_one("#mg-msg", Static).render())
        assert "Mugsy's tiles" not in msg and "hidden" in msg
        await pilot.press("escape")
        sd = showdown_replay(showdown_record(4, "Ann,cpu,Bo", moves=6))
        screen = replay_screen(sd)
        app.push_screen(screen)
        await pilot.pause()
        seen = set()
        for _ in range(4):
            await pilot.press("c")
            seen.add(screen.viewer())
        assert seen == {0, 2}       # the computer's hand (seat 1) is never shown


@pytest.mark.parametrize("game", ["yatz", "muggins", "showdown"])
async def test_r_on_a_saves_list_replays_the_save(game: str) -> None:
    """r on the highlighted save opens its replay (Esc back to the list); on a damaged
    save it says why and opens nothing."""
    from gameshelf.games.muggins.tui.level import MugginsSavesScreen
    from gameshelf.games.yatz.tui.saves import SavesScreen as YatzSavesScreen
    from gameshelf.tui.saves import SavesScreen

    record = {"yatz": lambda: yatz_record(turns=2), "muggins": lambda: muggins_record(moves=2),
              "showdown": lambda: showdown_record(moves=3)}[game]()
    SaveSlot(game).claim("old", record, exact=True)
    with Store() as store:    # the newest save, damaged
        store.replace_save("broken", record)
    with sqlite3.connect(Store().path) as conn:
        conn.execute("UPDATE saves SET record='{not json' WHERE name='broken'")
    conn.close()
    lists: dict[str, Any] = {
        "yatz": YatzSavesScreen, "muggins": MugginsSavesScreen,
        "showdown": lambda: SavesScreen("showdown", "Pinball Showdown",
                                        lambda r: (False, "a game"))}
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        saves = lists[game]()
        app.push_screen(saves)
        await pilot.pause()
        assert "Replay" in offered(app)
        await pilot.press("r")           # the damaged one, first in the list
        await pilot.pause()
        assert app.screen is saves
        assert "damaged" in str(saves.query_one("#savemsg", Static).render())
        await pilot.press("down", "r")
        await pilot.pause()
        shown = {"yatz": GameScreen, "muggins": MugginsScreen, "showdown": ShowdownScreen}[game]
        assert isinstance(app.screen, shown)
        replay = (app.screen.shown_replay() if isinstance(app.screen, MugginsScreen)
                  else app.screen.replay)  # type: ignore[attr-defined]
        assert replay.record == record
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is saves


@pytest.mark.slow   # the Yatz statistics compute their figures first (a minute on a busy CI)
async def test_r_on_a_statistics_screen_replays_the_last_game() -> None:
    """The statistics screen of a game: r replays its last finished game (Esc back); with
    none kept it says so and stays."""
    from gameshelf.games.yatz.match import Match
    from gameshelf.games.yatz.session import ENDING
    from gameshelf.session.ending import ending
    from gameshelf.tui.stats import StatsScreen

    last = yatz_record(5, turns=None)
    with Store() as store:
        store.add_finished_record(ending(ENDING, Match.from_record(yatz_record(6))).history)
        store.add_finished_record(ending(ENDING, Match.from_record(last)).history)
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for game in ("muggins", "yatz"):
            stats = StatsScreen(game)
            app.push_screen(stats)
            await pilot.pause()
            await app.workers.wait_for_complete()
            await pilot.press("r")
            await pilot.pause()
            if game == "muggins":
                assert app.screen is stats      # none kept: said, nothing opens
                await pilot.press("escape")
                continue
            assert isinstance(app.screen, GameScreen) and app.screen.replayed is not None
            assert app.screen.replay.record == last and app.screen.replay.finished
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is stats
