"""The hint key and the post-game review in the Yatz screens (Pilot)."""

from __future__ import annotations

from textual.widgets import Static

from gameshelf.games.yatz.match import Match, Seat
from gameshelf.games.yatz.tui.hints import HintScreen, ReviewScreen
from gameshelf.games.yatz.tui.over import GameOverScreen
from gameshelf.games.yatz.tui.screen import GameScreen

from .helpers import GameApp


async def test_h_shows_best_hold_and_best_box_with_expected_scores() -> None:
    match = Match([Seat("Ann")], seed=4242)
    app = GameApp(match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("h")  # no dice yet: refused with a message
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert "Roll first" in str(screen.query_one("#message", Static).render())
        await pilot.press("r", "h")
        await pilot.pause()
        assert isinstance(app.screen, HintScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        body = str(app.screen.query_one("#body", Static).render())
        assert "Best now:" in body and "Best box:" in body and "Best hold:" in body
        assert "Expected final score" in body and "if the strong player plays on" in body
        assert "vs best" in body
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and match.state.roll_number() == 1  # nothing changed


async def test_game_over_review_lists_costly_choices() -> None:
    """v on the game-over screen lists every choice that cost expected points."""
    match = Match([Seat("Gus", "greedy")], seed=9)
    match.play_computers()
    app = GameApp(match)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(GameOverScreen(match, set()))
        await pilot.pause()
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, ReviewScreen)
        await app.workers.wait_for_complete()
        await pilot.pause()
        body = str(app.screen.query_one("#body", Static).render())
        assert "turn " in body and "best" in body and "expected points in all" in body
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
