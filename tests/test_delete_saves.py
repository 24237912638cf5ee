"""Saves a player can manage (issue 11, section 1): ``gameshelf <game> delete NAME...`` for
every game with saves, asking first (``--yes`` skips it), an unknown name refused in one line
with nothing deleted; and a key on each saves list screen, with a confirmation."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.widgets import OptionList

from gameshelf.core.records import GameRecord
from gameshelf.core.store import Store
from gameshelf.tui.app import GameshelfApp
from gameshelf.tui.widgets import ConfirmScreen
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

    return Match.new(seed, options={"level": "easy"}).record()


#: Every game with saves: (command, store key, a saved game for a seed).
GAMES: list[tuple[str, str, Callable[[int], GameRecord]]] = [
    ("yatz", "yatz", _yatz), ("showdown", "showdown", _showdown),
    ("muggins", "muggins", _muggins)]




def _saved(key: str, make: Callable[[int], GameRecord], *names: str) -> None:
    with Store() as store:
        for i, name in enumerate(names):
            store.replace_save(name, make(10 + i))


def _names(key: str) -> set[str]:
    with Store() as store:
        return store.save_names(key)


@pytest.mark.parametrize(("cmd", "key", "make"), GAMES, ids=[g[0] for g in GAMES])
def test_delete_asks_first_and_yes_skips_the_question(
        cmd: str, key: str, make: Callable[[int], GameRecord],
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    _saved(key, make, "a", "b", "c", "keep")
    code, out, _ = run([cmd, "delete", "a", "b"], capsys, monkeypatch, "n\n")
    assert code == 1 and "Delete 2 saved" in out and "Nothing deleted." in out
    assert _names(key) == {"a", "b", "c", "keep"}
    code, out, _ = run([cmd, "delete", "a"], capsys, monkeypatch, "")   # end of input: no
    assert code == 1 and _names(key) == {"a", "b", "c", "keep"}
    code, out, _ = run([cmd, "delete", "a", "b", "a"], capsys, monkeypatch, "y\n")
    assert code == 0 and "Deleted 'a'." in out and "Deleted 'b'." in out
    assert _names(key) == {"c", "keep"}
    code, out, _ = run([cmd, "delete", "c", "--yes"], capsys, monkeypatch)
    assert code == 0 and out == "Deleted 'c'.\n"
    assert _names(key) == {"keep"}


@pytest.mark.parametrize(("cmd", "key", "make"), GAMES, ids=[g[0] for g in GAMES])
def test_an_unknown_name_is_one_line_exit_2_and_nothing_is_deleted(
        cmd: str, key: str, make: Callable[[int], GameRecord],
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    _saved(key, make, "a")
    db = Store().path
    before = db.read_bytes()
    code, out, err = run([cmd, "delete", "a", "nope", "--yes"], capsys, monkeypatch)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "'nope'" in err and "nothing deleted" in err and "Traceback" not in err
    assert "the saves are 'a'" in err
    assert db.read_bytes() == before


@pytest.mark.parametrize(("cmd", "key", "make"), GAMES, ids=[g[0] for g in GAMES])
def test_a_damaged_save_can_be_deleted(cmd: str, key: str, make: Callable[[int], GameRecord],
                                       capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import sqlite3

    _saved(key, make, "bad")
    path = Store().path
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE saves SET record='{not json' WHERE name='bad'")
    conn.close()
    code, out, _ = run([cmd, "delete", "bad", "--yes"], capsys, monkeypatch)
    assert code == 0 and "bad" not in _names(key)


async def test_yatz_saves_list_deletes_with_a_confirmation() -> None:
    from gameshelf.games.yatz.tui.saves import SavesScreen

    _saved("yatz", _yatz, "a", "b")
    app = GameshelfApp()
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        app.push_screen(SavesScreen())
        await pilot.pause()
        saves = app.screen.query_one("#saves", OptionList)
        first = str(saves.get_option_at_index(0).id)
        await pilot.press("delete")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await pilot.pause()
        assert _names("yatz") == {"a", "b"}
        await pilot.press("d")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert _names("yatz") == {"a", "b"} - {first}
        assert saves.option_count == 1


async def test_showdown_saves_list_deletes_with_a_confirmation() -> None:
    from gameshelf.games.showdown.tui.setup import ShowdownStartScreen

    _saved("showdown", _showdown, "a", "b")
    app = GameshelfApp(start="showdown")
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ShowdownStartScreen)
        saves = screen.query_one("#sd-saves", OptionList)
        saves.focus()
        saves.highlighted = 0
        first = str(saves.get_option_at_index(0).id)
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and _names("showdown") == {"a", "b"}
        await pilot.press("delete")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert _names("showdown") == {"a", "b"} - {first}
        assert saves.option_count == 1
