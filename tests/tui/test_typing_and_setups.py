"""Keys and text fields, and setups kept for the run (Pilot).

Every screen with a text field: while a field has the focus, the footer names no key the
field would type (``+``, ``n``, ``s``...: the field takes them first), so every key it
names acts. The Yatz setup's seat keys work from a name field (F6 / F7 / F2; ``+`` typed
there is a plus). Every setup screen opened again in the same run starts from the last
game's seats, names and levels."""

from __future__ import annotations

from textual.widgets import Input, OptionList, Select

from gameshelf.games.dollar.tui.screen import DollarScreen
from gameshelf.games.muggins.tui.level import LevelScreen
from gameshelf.games.showdown.tui.screen import ShowdownScreen
from gameshelf.games.showdown.tui.setup import ShowdownStartScreen
from gameshelf.games.yatz.tui.screen import GameScreen
from gameshelf.games.yatz.tui.setup import SetupScreen
from gameshelf.tui.app import GameshelfApp
from gameshelf.tui.widgets import typed_key
from tests.tui.setups import opened, running


def _footer_keys(app: GameshelfApp) -> dict[str, str]:
    """The key the footer names for each action it shows (its first binding's)."""
    out: dict[str, str] = {}
    for b in app.screen.active_bindings.values():
        if b.binding.show and b.enabled:
            shown = b.binding.key_display or b.binding.key
            out.setdefault(b.binding.action, shown if len(shown) == 1 else shown.lower())
    return out


async def _walk_fields(app: GameshelfApp, pilot) -> int:  # type: ignore[no-untyped-def]
    """Focus each enabled text field of the screen in turn; the footer's keys then."""
    fields = [f for f in app.screen.query(Input) if f.display and not f.disabled]
    for field in fields:
        field.focus()
        await pilot.pause()
        shown = _footer_keys(app)
        typed = {a: k for a, k in shown.items() if typed_key(k)}
        assert not typed, (type(app.screen).__name__, field.id, typed)
    return len(fields)


async def test_no_footer_names_a_key_a_focused_field_would_type() -> None:
    async with running() as (app, pilot):
        for screen in (SetupScreen(), ShowdownStartScreen(), DollarScreen(seed=4)):
            await opened(app, pilot, screen)
            assert await _walk_fields(app, pilot) > 0, type(screen).__name__
            app.pop_screen()
            await pilot.pause()
        await opened(app, pilot, ShowdownStartScreen())
        await pilot.press("enter")                  # You,cpu,cpu: the game
        await pilot.pause()
        await app.workers.wait_for_complete()
        assert isinstance(app.screen, ShowdownScreen)
        await pilot.press("colon")                  # the command box
        await pilot.pause()
        assert isinstance(app.screen.focused, Input)
        shown = _footer_keys(app)
        assert not {a: k for a, k in shown.items() if typed_key(k)}, shown


async def test_yatz_seat_keys_work_from_a_name_field_and_plus_is_typed() -> None:
    async with running((80, 24)) as (app, pilot):
        screen = await opened(app, pilot, SetupScreen())
        name = screen.query_one("#name1", Input)
        assert screen.focused is name and screen.count == 2
        await pilot.press("end", "plus")
        assert name.value == "You+" and screen.count == 2
        await pilot.press("f6")
        await pilot.pause()
        assert screen.count == 3
        await pilot.press("f7")
        assert screen.count == 2
        seed = screen.query_one("#seed", Input).value
        await pilot.press("f2")
        assert screen.query_one("#seed", Input).value != seed


async def test_setups_opened_again_start_from_the_last_games_seats() -> None:
    async with running() as (app, pilot):
        yatz = await opened(app, pilot, SetupScreen())
        await pilot.press("f6")                     # three seats: Ann, CPU 1, Bob
        await pilot.pause()
        yatz.query_one("#name1", Input).value = "Ann"
        yatz.query_one("#name3", Input).value = "Bob"
        yatz.query_one("#kind2", Select).value = "casual"
        await pilot.press("f5")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        app.pop_screen()
        app.pop_screen()
        await pilot.pause()
        again = await opened(app, pilot, SetupScreen())
        assert again.count == 3
        assert [again.query_one(f"#name{i}", Input).value for i in (1, 2, 3)] == [
            "Ann", "CPU 1", "Bob"]
        assert str(again.query_one("#kind2", Select).value) == "casual"
        app.pop_screen()

        showdown = await opened(app, pilot, ShowdownStartScreen())
        showdown.query_one("#sd-players", Input).value = "Zed,cpu"
        await pilot.press("enter")
        await pilot.pause()
        await app.workers.wait_for_complete()
        app.pop_screen()
        app.pop_screen()
        await pilot.pause()
        await opened(app, pilot, ShowdownStartScreen())
        assert app.screen.query_one("#sd-players", Input).value == "Zed,cpu"
        app.pop_screen()

        await opened(app, pilot, LevelScreen())
        await pilot.press("down", "enter")          # the level after the default
        await pilot.pause()
        chosen = app.setups["muggins"]
        again_level = await opened(app, pilot, LevelScreen())
        ol = again_level.query_one("#levels", OptionList)
        assert ol.highlighted is not None
        assert ol.get_option_at_index(ol.highlighted).id == chosen
