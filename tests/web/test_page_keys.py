"""Issue 12: in the browser F1 is the browser's own key, so every screen's footer names ``?``
for its help (and, where F1 is another action's key, that action's other key), never F1.
Walks every screen of the habits harness (``tests/tui/test_habits.py``) with the app as
``gameshelf web`` runs it; ``?`` opening the help on each is checked there."""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from gameshelf.games.yatz.match import Match as YatzMatch
from gameshelf.games.yatz.match import parse_seats
from gameshelf.games.yatz.tui.screen import GameScreen
from gameshelf.tui.app import GameshelfApp
from tests.tui.test_habits import SCREENS, _show


def _footer(app: GameshelfApp) -> str:
    return str(app.screen._compositor.render_strips()[-1].text)


async def _footer_with(app: GameshelfApp, pilot: Pilot[None], words: str,
                       patience: int = 100) -> str:
    """The screen's footer once it shows ``words``: the footer draws itself after the
    screen's bindings are set, later than one ``pilot.pause()`` on a loaded machine (it was
    still blank at load 20), so it is read again after short pauses, ``patience`` times at
    most (a hang guard, not a timing check); the last text read."""
    for _ in range(patience):
        if words in (footer := _footer(app)):
            return footer
        await pilot.pause(0.05)
    return _footer(app)


@pytest.fixture
def in_a_browser(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(GameshelfApp, "is_web", property(lambda self: True))


async def test_the_footer_names_question_mark_for_help(in_a_browser: None) -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        for name, (make, _) in SCREENS.items():
            await _show(app, pilot, make())
            footer = await _footer_with(app, pilot, "? Help")
            assert "? Help" in footer, (name, footer)
            assert "f1" not in footer, (name, footer)
            if name != "menu":
                app.pop_screen()
                await pilot.pause()


async def test_yatz_classic_keys_show_r_for_roll(in_a_browser: None) -> None:
    """The 1991 manual's keys roll with F1 too: the footer names r."""
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await _show(app, pilot, GameScreen(YatzMatch(parse_seats("Ann"), 5), "mine",
                                           keys="classic"))
        footer = await _footer_with(app, pilot, "r Roll")
        assert "r Roll" in footer and "f1" not in footer, footer


async def test_in_a_terminal_the_footer_still_names_f1() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await _show(app, pilot, SCREENS["menu"][0]())
        assert "f1 Help" in await _footer_with(app, pilot, "f1 Help")
