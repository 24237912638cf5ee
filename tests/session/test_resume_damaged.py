"""Resuming a damaged save, in every game that resumes (issue 10 leftovers): the error names
the save (quoted) and says it is damaged, on the command line (one line, exit code 2) and on
the screens, through the one session-layer resume (:meth:`SaveSlot.resume
<gameshelf.session.base.SaveSlot.resume>`); the save is left as it was. Two kinds of damage:
text that is no record at all, and a record that does not replay (a tampered action)."""

from __future__ import annotations

import dataclasses
import sqlite3
from collections.abc import Callable

import pytest
from textual.app import App
from textual.pilot import Pilot

from gameshelf.core.errors import RecordError
from gameshelf.core.records import GameRecord
from gameshelf.core.store import Store
from gameshelf.games.muggins.session import Session as MugginsSession
from gameshelf.games.muggins.tui.level import MugginsSavesScreen
from gameshelf.games.muggins.tui.screen import MugginsScreen
from gameshelf.games.showdown.session import ShowdownSession
from gameshelf.games.showdown.tui.setup import ShowdownStartScreen
from gameshelf.games.yatz.session import YatzSession
from gameshelf.games.yatz.tui.setup import SetupScreen
from gameshelf.tui.app import GameshelfApp
from tests.cli_helpers import run


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
    from gameshelf.games.muggins.match import Match

    m = Match.new(seed, options={"level": "easy"})
    m.apply(m.state.legal_actions()[0])
    return m.record()


#: game: (a saved game for a seed, its session's resume).
GAMES: dict[str, tuple[Callable[[int], GameRecord], Callable[[str], object]]] = {
    "yatz": (_yatz, YatzSession.resume),
    "showdown": (_showdown, ShowdownSession.resume),
    "muggins": (_muggins, MugginsSession.resume),
}

NAME = "my [b]game\x1b"
SHOWN = "'my [b]game\\x1b'"


def _store_damaged(game: str, how: str) -> str:
    """A save named :data:`NAME`, damaged ``how`` (``text``: not a record; ``replay``: an
    action swapped, so it does not replay). Returns the stored text."""
    make = GAMES[game][0]
    record = make(5)
    if how == "replay":
        record = dataclasses.replace(record, actions=record.actions[:-1] + ("bogus-99",))
    with Store() as store:
        store.replace_save(NAME, make(5))
    text = "{not json" if how == "text" else record.to_json(indent=None)
    with sqlite3.connect(Store().path) as conn:
        conn.execute("UPDATE saves SET record=? WHERE name=?", (text, NAME))
    conn.close()
    return text


def _stored(name: str) -> str:
    with sqlite3.connect(Store().path) as conn:
        row = conn.execute("SELECT record FROM saves WHERE name=?", (name,)).fetchone()
    conn.close()
    return str(row[0])


@pytest.mark.parametrize("how", ["text", "replay"])
@pytest.mark.parametrize("game", list(GAMES))
def test_session_resume_names_the_damaged_save(game: str, how: str) -> None:
    text = _store_damaged(game, how)
    with pytest.raises(RecordError) as exc:
        GAMES[game][1](NAME)
    said = str(exc.value)
    assert SHOWN in said and "damaged" in said, said
    assert _stored(NAME) == text


@pytest.mark.parametrize("game", list(GAMES))
def test_cli_resume_of_a_damaged_save_one_line_exit_2(
        game: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    text = _store_damaged(game, "text")
    args = [game, "resume", NAME] + (["--text"] if game in ("muggins", "showdown") else [])
    code, out, err = run(args, capsys, monkeypatch)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and SHOWN in lines[0] and "damaged" in lines[0], err
    assert _stored(NAME) == text


async def _settle(app: App[None], pilot: Pilot[None]) -> None:
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


def _text(app: App[None], selector: str) -> str:
    return str(app.screen.query_one(selector).render())


@pytest.mark.parametrize("game", list(GAMES))
async def test_screens_resume_of_a_damaged_save_names_it(game: str) -> None:
    text = _store_damaged(game, "text")
    app = GameshelfApp(start=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await _settle(app, pilot)
        if game == "yatz":
            assert isinstance(app.screen, SetupScreen)
            await pilot.press("f3")
            await _settle(app, pilot)
            await pilot.press("enter")
            await _settle(app, pilot)
            said = _text(app, "#setupmsg")
        elif game == "showdown":
            assert isinstance(app.screen, ShowdownStartScreen)
            app.screen.query_one("#sd-saves").focus()
            await pilot.press("enter")
            await _settle(app, pilot)
            said = _text(app, "#sd-msg")
        else:   # no intact save: the level screen, its saves list
            await pilot.press("s")
            await _settle(app, pilot)
            assert isinstance(app.screen, MugginsSavesScreen)
            await pilot.press("enter")
            await _settle(app, pilot)
            game_screen = app.screen_stack[-2]
            assert isinstance(game_screen, MugginsScreen)
            said = game_screen.last_message
        assert SHOWN in said and "damaged" in said, said
        assert _stored(NAME) == text
