"""The same keys on every screen (issue 11 section 2; the policy in ``gameshelf.tui.base``):
on every game screen, opened from the menu or straight by ``play``/``resume --tui``, Esc
leaves with no question and the game stays saved: back to the screen it was opened from (the
menu for a game screen pushed on it here; the game's setup when opened through it: the Yatz
setup, the Showdown start screen, the Muggins level screen, tested in each game's tests), or
out of the app when ``play``/``resume --tui`` opened it; ``s`` saves, Ctrl+Q quits saving
the game in progress; Ctrl+Q is named in every footer and in every help; ``q`` does what Esc
does (every screen's footer, help and ``q``: walked in ``tests/tui/test_habits.py``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from textual.app import App
from textual.screen import Screen

from gameshelf.core.store import Store
from gameshelf.games.muggins.options import MugginsOptions
from gameshelf.games.muggins.session import Session as MugginsSession
from gameshelf.games.muggins.tui.app import MugginsApp
from gameshelf.games.muggins.tui.level import LevelScreen
from gameshelf.games.muggins.tui.screen import MugginsScreen
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.showdown.match import parse_players
from gameshelf.games.showdown.session import ShowdownSession
from gameshelf.games.showdown.tui.screen import ShowdownScreen
from gameshelf.games.showdown.tui.setup import ShowdownStartScreen, match_app
from gameshelf.games.yatz.match import Match as YatzMatch
from gameshelf.games.yatz.match import parse_seats
from gameshelf.games.yatz.session import YatzSession
from gameshelf.games.yatz.tui.screen import GameScreen
from gameshelf.games.yatz.tui.setup import SetupScreen, YatzApp
from gameshelf.tui.app import GameshelfApp, MenuScreen
from gameshelf.tui.base import GuardedApp
from gameshelf.tui.widgets import HelpScreen


@dataclass
class Game:
    """How to open one game's screen on a fresh saved session, from the menu or straight
    (the app ``play``/``resume --tui`` runs)."""

    key: str
    session: Callable[[], Any]
    screen: Callable[[Any], Screen[None]]
    direct: Callable[[Any], GuardedApp]
    kind: type[Screen[None]]
    move: tuple[str, ...] = ()   # keys of a first move (a Yatz game with none is not kept)


GAMES = [
    Game("yatz", lambda: YatzSession.new(YatzMatch(parse_seats("Ann"), 5)),
         GameScreen, YatzApp, GameScreen, ("r",)),
    Game("showdown", lambda: ShowdownSession.new(ShowdownMatch(parse_players("You,cpu"), 9)),
         ShowdownScreen, match_app, ShowdownScreen),
    Game("muggins", lambda: MugginsSession.new("easy", MugginsOptions(61), 3),
         lambda s: MugginsScreen(s, pace=0),
         lambda s: MugginsApp(MugginsScreen(s, exit_app=True, pace=0)), MugginsScreen),
]


def _kept(game: str, session: Any) -> bool:
    """The store holds the session's game as it is now."""
    with Store() as store:
        record = store.load_save(game, session.name)
    return list(record.actions) == list(session.match.record().actions)


async def _settle(app: App[None], pilot: Any) -> None:
    for _ in range(3):
        await pilot.pause()
        await app.workers.wait_for_complete()
    await pilot.pause()


def _footer(app: App[None]) -> str:
    return str(app.screen._compositor.render_strips()[-1].text)


async def _open(game: Game, direct: bool, pilot: Any, app: App[None],
                session: Any) -> Screen[Any]:
    await _settle(app, pilot)
    if not direct:
        app.push_screen(game.screen(session))
        await _settle(app, pilot)
    assert isinstance(app.screen, game.kind), (game.key, app.screen)
    await pilot.press(*game.move)
    await _settle(app, pilot)
    return app.screen


def _spy_saves(session: Any) -> list[str]:
    calls: list[str] = []
    save = session.save

    def spied(*args: Any, **kwargs: Any) -> Any:
        calls.append("save")
        return save(*args, **kwargs)

    session.save = spied
    return calls


@pytest.mark.parametrize("direct", [False, True], ids=["from the menu", "play --tui"])
@pytest.mark.parametrize("game", GAMES, ids=[g.key for g in GAMES])
async def test_esc_s_help_and_ctrl_q_on_every_game_screen(game: Game, direct: bool) -> None:
    session = game.session()
    saves = _spy_saves(session)
    app = game.direct(session) if direct else GameshelfApp()
    exits: list[bool] = []
    app.exit = lambda *a, **kw: exits.append(True)  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _open(game, direct, pilot, app, session)
        assert "^q Quit" in _footer(app), (game.key, _footer(app))
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and "Ctrl+Q" in app.screen._text
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        await pilot.press("s")
        await _settle(app, pilot)
        assert saves and _kept(game.key, session), f"s did not save {game.key}"
        await pilot.press("escape")
        await _settle(app, pilot)
        assert app.screen is not screen or exits, f"Esc asked before leaving {game.key}"
        if direct:
            assert exits == [True], game.key
        else:
            assert isinstance(app.screen, MenuScreen) and not exits, game.key
        assert _kept(game.key, session), f"{game.key} not kept saved on Esc"


@pytest.mark.parametrize("game", GAMES, ids=[g.key for g in GAMES])
async def test_ctrl_q_keeps_the_game_in_progress_saved_and_quits(game: Game) -> None:
    session = game.session()
    app = GameshelfApp()
    exits: list[bool] = []
    app.exit = lambda *a, **kw: exits.append(True)  # type: ignore[method-assign]
    kept: list[bool] = []
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await _open(game, False, pilot, app, session)
        keep = screen.keep_game  # type: ignore[attr-defined]
        screen.keep_game = lambda: (kept.append(True), keep())  # type: ignore[attr-defined]
        await pilot.press("question_mark")  # from a window over the game too
        await pilot.pause()
        await pilot.press("ctrl+q")
        await _settle(app, pilot)
        assert exits == [True] and kept == [True] and _kept(game.key, session), game.key


async def test_the_muggins_level_window_and_the_yatz_setup_name_ctrl_q() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(app, pilot)
        for screen in (LevelScreen(), SetupScreen(), ShowdownStartScreen()):
            app.push_screen(screen)
            await _settle(app, pilot)
            assert "^q Quit" in _footer(app), type(screen).__name__
            await pilot.press("escape")
            await _settle(app, pilot)
