"""The game screen as a fresh user found it: the footer offering a Bid already made and a
Save after the end, the end's Esc hint, Esc leaving without the "Game saved" notice, and
the log not wrapped again after a resize."""

from __future__ import annotations

from textual.app import App

from gameshelf.core.store import Store
from gameshelf.games.showdown.actions import DONE, Bid, Buy, Speed
from gameshelf.games.showdown.match import Match, parse_players
from gameshelf.games.showdown.table import Phase
from gameshelf.games.showdown.tui.log import ReflowLog
from gameshelf.games.showdown.tui.scores import ScoreScreen
from gameshelf.games.showdown.tui.screen import ShowdownScreen
from gameshelf.tui.app import GameshelfApp

_KINDS = {"Bid": Bid, "Speed+1": Speed, "Buy": Buy}


def _offered(app: App[None]) -> set[str]:
    return {b.binding.description for b in app.screen.active_bindings.values()
            if b.enabled and b.binding.show}


def _check_footer(app: App[None], screen: ShowdownScreen) -> None:
    """Every turn key is in the footer exactly when the rules allow an action of its kind."""
    st = screen.match.state
    footer = _offered(app)
    legal = st.legal_actions() if screen.can_act() else []
    for label, kind in _KINDS.items():
        assert (label in footer) == any(isinstance(a, kind) for a in legal), \
            (label, st.phase, st.has_bid, footer)
    assert ("Done" in footer) == (DONE in legal), (st.phase, footer)
    assert ("Save" in footer) == (not st.is_terminal()), footer


async def _settle(app: GameshelfApp, pilot) -> None:  # type: ignore[no-untyped-def]
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


async def test_footer_offers_only_what_can_be_done_in_every_step_and_at_the_end() -> None:
    """It offered `b Bid` after the bid ("you have already bid this turn") and `s Save` after
    the end ("could not save: ... already finished"); the end said "Esc returns to the menu",
    untrue when `showdown play` opened the screen."""
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        match = Match(parse_players("Ann,cpu"), 21)
        screen = ShowdownScreen(match)
        app.push_screen(screen)
        await _settle(app, pilot)
        seen_bid = False
        for _ in range(300):
            if match.state.is_terminal():
                break
            _check_footer(app, screen)
            st = match.state
            if st.pending_return is not None:
                await pilot.press("0")
            elif st.phase is Phase.CONTROL and not st.has_bid[0] and st.control[0] > 2:
                screen.choice.zone, screen.choice.cursor = "faceup", 0
                screen.choice.tokens = screen.choice.least_bid(screen.view())
                await pilot.press("b")
            elif st.phase is Phase.CONTROL:
                seen_bid = seen_bid or st.has_bid[0]
                await pilot.press("d")
            else:
                await pilot.press("enter")
            await _settle(app, pilot)
        assert seen_bid and match.state.is_terminal()
        assert isinstance(app.screen, ScoreScreen)
        await pilot.press("enter")
        await pilot.pause()
        _check_footer(app, screen)
        prompt = str(screen.query_one("#sd-prompt").render())
        assert "Esc leaves" in prompt and "menu" not in prompt
        await pilot.press("s")   # hidden, and says why
        await pilot.pause()
        assert "nothing to save" in str(screen.query_one("#sd-prompt").render())


async def test_esc_says_game_saved_as_name() -> None:
    """Yatz and Muggins say "Game saved as 'NAME'." and how to resume it on the way out;
    Showdown said nothing."""
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = ShowdownScreen(Match(parse_players("Ann,cpu"), 5))
        app.push_screen(screen)
        await _settle(app, pilot)
        await pilot.press("escape")
        await pilot.pause()
        told = [n.message for n in app._notifications]
        with Store() as store:
            names = store.save_names("showdown")
        assert len(names) == 1
        name = next(iter(names))
        assert any(t.startswith(f"Game saved as '{name}'.") and
                   f"gameshelf showdown resume {name}" in t for t in told), told


async def test_log_wraps_again_after_a_resize() -> None:
    """At 80x24 the log's lines wrapped at ~30 columns and stayed so at 120x40."""
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = ShowdownScreen(Match(parse_players("Ann,cpu,cpu"), 7))
        app.push_screen(screen)
        await _settle(app, pilot)
        log = screen.query_one("#sd-log", ReflowLog)
        narrow = log.scrollable_content_region.width
        longest = max(len(line) for line in (screen.match.state.log or []))
        assert longest > narrow
        wrapped_narrow = len(log.lines)
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        await pilot.pause()
        wide = log.scrollable_content_region.width
        assert wide > narrow
        widest = max(line.cell_length for line in log.lines)
        assert widest > narrow, (narrow, wide, widest)
        assert len(log.lines) < wrapped_narrow


async def test_control_prompt_offers_no_speed_or_buy_without_tokens() -> None:
    """With every control token bid, the prompt still said "v: speed +1 (costs 2)" and showed
    a Speed+1 button, as the footer offered Bid after a bid."""
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        match = Match(parse_players("Ann,cpu"), 21)
        screen = ShowdownScreen(match)
        app.push_screen(screen)
        await _settle(app, pilot)
        for _ in range(40):
            st = match.state
            if st.phase is Phase.CONTROL and match.to_act() == 0 and st.pending_return is None:
                break
            await pilot.press("0" if st.pending_return is not None else "enter")
            await _settle(app, pilot)
        st = match.state
        assert st.phase is Phase.CONTROL and not st.has_bid[0]
        screen.choice.zone, screen.choice.cursor = "faceup", 0
        screen.choice.tokens = st.control[0]
        await pilot.press("b")
        await _settle(app, pilot)
        st = match.state
        assert st.has_bid[0] and st.control[0] == 0 and match.to_act() == 0
        prompt = str(screen.query_one("#sd-prompt").render())
        names = {b.name for b in screen.query("#sd-buttons Button")}
        assert "speed +1" not in prompt and "to buy" not in prompt and "d: done" in prompt
        assert names == {"btn-done"}, names
        _check_footer(app, screen)
