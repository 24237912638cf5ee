"""The One Dollar Pinball screen's refusals never stand once the form is typed in again
(Pilot), and a bill taken says the round's count in plain words.

Every place on the screen that says a refusal of what was typed: the message line under the
bill form (a serial of 7 digits; a round with no bill yet played) and the game number's
field (F4, a number that does not read). Each is said, then one key typed in its form takes
it off; a bill drawn (F2) after a refusal says its own line instead. A bill taken says how
many bills are in and how many more the round takes (``1 bill in, room for 7 more``), the
last one that the round is full.
"""

from __future__ import annotations

from textual.widgets import Input, Static

from gameshelf.games.dollar.game import MAX_PLAYERS
from gameshelf.games.dollar.tui.number import GameNumberScreen
from gameshelf.games.dollar.tui.screen import DollarScreen
from gameshelf.tui.app import GameshelfApp

SHORT = "L4000002A"


def _said(screen: DollarScreen | GameNumberScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


def _told(screen: DollarScreen) -> str:
    """The message line and the how-to line while shown (one of them says the count)."""
    howto = screen.query_one("#howto", Static)
    return f"{_said(screen, '#message')} | {str(howto.render()) if howto.display else ''}"


async def test_a_refusal_goes_once_the_form_is_typed_in_again() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = DollarScreen(seed=42, step_seconds=3600)
        await app.push_screen(screen)
        await pilot.pause()
        await pilot.press("f5")                          # no bill yet
        await pilot.pause()
        assert "at least one bill" in _said(screen, "#message")
        await pilot.press(*"Ann", "enter")               # on to the bill's field
        await pilot.pause()
        assert _said(screen, "#message") == ""
        for field in ("bill", "series", "name"):
            screen.query_one("#bill", Input).value = SHORT
            screen.query_one("#bill", Input).focus()
            await pilot.press("enter")
            await pilot.pause()
            assert "exactly 8 digits" in _said(screen, "#message"), field
            screen.query_one(f"#{field}", Input).focus()
            await pilot.press("1")
            await pilot.pause()
            assert _said(screen, "#message") == "", field
            screen.query_one(f"#{field}", Input).value = ""
        screen.query_one("#bill", Input).value = SHORT
        screen.query_one("#bill", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        screen.action_toggle_howto()                     # the how-to line off: the message
        await pilot.press("f2")                          # a bill drawn, nothing typed
        await pilot.pause()
        said = _told(screen)
        assert "exactly 8 digits" not in said, said
        assert "1 bill in, room for 7 more. Add another bill" in _said(screen, "#message")
        assert said.count("room for 7 more") == 1, said
        screen.action_toggle_howto()                     # on again: it says the count
        await pilot.press(*["f2"] * (MAX_PLAYERS - 1))
        await pilot.pause()
        said = _told(screen)
        assert said.count(f"{MAX_PLAYERS} bills in, the most") == 1, said
        assert "(player" not in said, said

        await pilot.press("f5", "end")                   # played: F4 asks a game number
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        number = app.screen
        assert isinstance(number, GameNumberScreen)
        await pilot.press(*"abc", "enter")
        await pilot.pause()
        assert "whole number" in _said(number, "#error")
        await pilot.press("backspace")
        await pilot.pause()
        assert _said(number, "#error") == ""
