"""The setup screens' footers offer only what can be done now (issue 11 section 2, through
``gameshelf.tui.widgets.OffersNow``): the Yatz setup offers Resume only with a save, Top 20
only with a score, another seat below 9 and one fewer above 1; a hidden key still says why."""

from __future__ import annotations

from typing import Any

from textual.widgets import Static

from gameshelf.core.store import ScoreEntry, Store
from gameshelf.games.yatz.match import Match, parse_seats
from gameshelf.games.yatz.session import YatzSession
from gameshelf.games.yatz.tui.setup import SetupScreen
from gameshelf.tui.app import GameshelfApp


def _offered(app: GameshelfApp) -> set[str]:
    return {b.binding.description for b in app.screen.active_bindings.values()
            if b.binding.show and b.enabled}


async def _settle(app: GameshelfApp, pilot: Any) -> None:
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


async def test_yatz_setup_offers_resume_top20_and_seats_only_when_possible() -> None:
    app = GameshelfApp()
    bells: list[int] = []
    app.bell = lambda: bells.append(1)  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        await _settle(app, pilot)
        setup = SetupScreen()
        app.push_screen(setup)
        await _settle(app, pilot)
        offered = _offered(app)
        assert "Start" in offered and not offered & {"Resume", "Top 20"}, offered
        await pilot.press("f3")
        await pilot.pause()
        assert app.screen is setup and bells
        assert "no saved Yatz game" in str(setup.query_one("#setupmsg", Static).render())
        await pilot.press("f4")
        await pilot.pause()
        assert app.screen is setup and "No Yatz scores" in str(
            setup.query_one("#setupmsg", Static).render())

        app.set_focus(None)            # + and - act where they are not typed
        await pilot.pause()
        assert {"Add seat", "Remove seat"} <= _offered(app)
        await pilot.press("minus")
        await pilot.pause()
        assert setup.count == 1 and "Remove seat" not in _offered(app)
        await pilot.press("minus")     # hidden, and it says why
        await pilot.pause()
        assert setup.count == 1 and "1 to 9" in str(
            setup.query_one("#setupmsg", Static).render())
        for _ in range(8):
            await pilot.press("plus")
        await pilot.pause()
        assert setup.count == 9 and "Add seat" not in _offered(app)

        YatzSession.new(Match(parse_seats("Ann"), 4)).save()   # another session's save
        with Store() as store:
            store.finish_game("yatz", scores=[ScoreEntry("Ann", 250, seed=4)])
        app.push_screen(SetupScreen())  # covering it, then back: it reads the store again
        await _settle(app, pilot)
        app.pop_screen()
        await _settle(app, pilot)
        assert {"Resume", "Top 20"} <= _offered(app)
