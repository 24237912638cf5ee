"""The one saves list of every game (issue 11 section 1; :mod:`gameshelf.tui.saves`), through
Pilot: newest first, a finished save and a damaged one marked as such, Enter resumes, d or
Delete deletes after a confirmation (n keeps it), Esc goes back; the footer offers Resume
and Delete only while there is a save. Walked for Yatz, Muggins and Pinball Showdown; the
Muggins list is reached from the menu through the level screen."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

import pytest
from textual.app import App
from textual.pilot import Pilot
from textual.screen import Screen

from gameshelf.core.records import GameRecord
from gameshelf.core.store import Store
from gameshelf.games.muggins.match import Match as MugginsMatch
from gameshelf.games.muggins.tui.level import LevelScreen, MugginsSavesScreen
from gameshelf.games.muggins.tui.screen import MugginsScreen
from gameshelf.games.yatz.tui.saves import SavesScreen as YatzSavesScreen
from gameshelf.tui.app import GameshelfApp, MenuScreen
from gameshelf.tui.saves import SavesList, SavesScreen
from gameshelf.tui.widgets import ConfirmScreen


def _yatz(seed: int) -> GameRecord:
    from gameshelf.games.yatz.match import Match, Seat

    m = Match([Seat("Ann")], seed=seed)
    m.act("roll")
    return m.record()


def _showdown(seed: int) -> GameRecord:
    from gameshelf.games.showdown.match import Match, parse_players

    m = Match(parse_players("Ann,cpu"), seed)
    m.run_until_human()
    return m.record()


def _muggins(seed: int) -> GameRecord:
    return MugginsMatch.new(seed, options={"level": "easy"}).record()


def _muggins_finished(seed: int) -> GameRecord:
    """A Muggins game played to its end (target 5): its end not written yet."""
    m = MugginsMatch.new(seed, target=5, options={"level": "easy"})
    while not m.state.is_terminal():
        m.apply(m.mugsy_action() if m.state.current_player() == 1
                else m.state.legal_actions()[0])
    return m.record()


def _store(key: str, rows: list[tuple[str, GameRecord]], damaged: str) -> None:
    """Save ``rows`` oldest first, then one more made damaged (the newest)."""
    with Store() as store:
        for name, record in rows:
            store.replace_save(name, record)
        store.replace_save(damaged, rows[0][1])
    with sqlite3.connect(Store().path) as conn:
        conn.execute("UPDATE saves SET record='{not json' WHERE name=?", (damaged,))
    conn.close()


def _names(key: str) -> set[str]:
    with Store() as store:
        return store.save_names(key)


async def _settle(app: App[None], pilot: Pilot[None]) -> None:
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


def _footer(app: App[None]) -> set[str]:
    return {b.binding.description for b in app.screen.active_bindings.values()
            if b.binding.show and b.enabled}


def _lines(saves: SavesList) -> list[str]:
    return [str(saves.get_option_at_index(i).prompt) for i in range(saves.option_count)]


#: game: (store key, a save for a seed, the list in a window or None: the Showdown start).
GAMES: dict[str, tuple[str, Callable[[int], GameRecord],
                       Callable[[], Screen[str | None]] | None]] = {
    "yatz": ("yatz", _yatz, YatzSavesScreen),
    "muggins": ("muggins", _muggins, MugginsSavesScreen),
    "showdown": ("showdown", _showdown, None),
}


@pytest.mark.parametrize("game", list(GAMES))
async def test_every_saves_list_marks_deletes_after_asking_and_goes_back(game: str) -> None:
    key, make, window = GAMES[game]
    rows = [("older", make(11)), ("newer", make(12))]
    if game == "muggins":
        rows.insert(0, ("ended", _muggins_finished(3)))
    _store(key, rows, "broken")
    app = GameshelfApp(start=None if window else "showdown")
    async with app.run_test(size=(110, 40)) as pilot:
        await _settle(app, pilot)
        if window is not None:
            app.push_screen(window())
            await _settle(app, pilot)
            assert isinstance(app.screen, SavesScreen)
            assert {"Resume", "Delete", "Back"} <= _footer(app)
        screen = app.screen
        saves = screen.query_one(SavesList)
        saves.focus()
        lines = _lines(saves)
        # newest first: the damaged save, then newer, older (and the finished one)
        names = [line.split("\n" if window else ":")[0] for line in lines]
        assert names == ["broken", "newer", "older"] + (
            ["ended"] if game == "muggins" else [])
        assert "DAMAGED" in lines[0] and "FINISHED" not in lines[1] + lines[2]
        assert "DAMAGED" not in "".join(lines[1:])
        if game == "muggins":
            assert "FINISHED" in lines[3]
        saves.highlighted = 1   # newer
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is screen and "newer" in _names(key)
        await pilot.press("delete")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert "newer" not in _names(key) and "broken" in _names(key)
        assert saves.option_count == len(lines) - 1
        # the damaged one can be deleted too
        saves.highlighted = 0
        await pilot.press("d", "y")
        await pilot.pause()
        assert "broken" not in _names(key)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen


@pytest.mark.parametrize("game", list(GAMES))
async def test_an_empty_list_says_so_in_a_line_and_offers_no_resume_nor_delete(
        game: str) -> None:
    """Every game's saves list with no save: no empty frame (the list is not drawn), one
    line saying there is none, and only Back (and Help) offered; d and Enter do nothing."""
    _key, _make, window = GAMES[game]
    app = GameshelfApp(start=None if window else "showdown")
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(app, pilot)
        if window is not None:
            app.push_screen(window())
            await _settle(app, pilot)
        screen = app.screen
        offered = _footer(app)
        assert "Resume" not in offered and "Delete" not in offered and "Replay" not in offered
        assert not screen.query_one(SavesList).display
        said = str(screen.query_one("#savetitle" if window else "#sd-saves-label").render())
        assert said.startswith("No saved ") and "Enter" not in said and "\n" not in said
        if window is not None:
            assert "Back" in offered
            assert str(screen.query_one("#savemsg").render()) == ""   # said once
            await pilot.press("d", "enter")    # nothing to delete or resume: nothing happens
            await pilot.pause()
            assert app.screen is screen
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen)


async def test_muggins_saves_from_the_level_screen_resume_the_chosen_one() -> None:
    _store("muggins", [("first", _muggins(21)), ("second", _muggins(22))], "broken")
    app = GameshelfApp(start="muggins")
    async with app.run_test(size=(120, 40)) as pilot:
        await _settle(app, pilot)
        assert isinstance(app.screen, ConfirmScreen)       # resume the newest intact one?
        await pilot.press("n")
        await _settle(app, pilot)
        assert isinstance(app.screen, LevelScreen)
        assert "Saves" in _footer(app)
        await pilot.press("s")
        await _settle(app, pilot)
        assert isinstance(app.screen, MugginsSavesScreen)
        await pilot.press("down", "down")                  # broken, second, first
        await pilot.press("enter")
        await _settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, MugginsScreen) and screen.session is not None
        assert screen.session.name == "first" and screen.session.match.seed == 21


async def test_muggins_damaged_save_chosen_is_said_and_the_level_screen_is_back() -> None:
    _store("muggins", [("first", _muggins(21))], "broken")
    app = GameshelfApp(start="muggins")
    async with app.run_test(size=(120, 40)) as pilot:
        await _settle(app, pilot)
        await pilot.press("n")
        await _settle(app, pilot)
        await pilot.press("s")
        await _settle(app, pilot)
        await pilot.press("enter")                         # the damaged one
        await _settle(app, pilot)
        assert isinstance(app.screen, LevelScreen)
        game = app.screen_stack[-2]
        assert isinstance(game, MugginsScreen)
        said = game.last_message
        assert "'broken'" in said and "damaged" in said
        assert _names("muggins") == {"first", "broken"}


async def test_muggins_level_screen_without_saves_offers_no_saves() -> None:
    app = GameshelfApp(start="muggins")
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(app, pilot)
        assert isinstance(app.screen, LevelScreen)
        assert "Saves" not in _footer(app)
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, LevelScreen)


async def test_muggins_saves_list_shows_hostile_names_literally() -> None:
    """Save names with markup, escape sequences, control, right-to-left and combining
    characters: the list and the question before a delete show them as typed, clean."""
    from tests.hostile import NAMES, store_record
    from tests.tui.test_literal_screens import check

    for i, name in enumerate(NAMES):
        store_record(name, _muggins(30 + i))
    app = GameshelfApp()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        app.push_screen(MugginsSavesScreen())
        await _settle(app, pilot)
        check(app, NAMES[-5:])         # newest first (the last stored); they fit the window
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        check(app)
