"""The Showdown screens (Pilot): start, hand-off, offering, bad input, saving, the end."""

from __future__ import annotations

import pytest
from textual.widgets import Input, OptionList, Static

from gameshelf.core.store import Store
from gameshelf.games.showdown.match import Match, parse_players
from gameshelf.games.showdown.table import Phase
from gameshelf.games.showdown.tui.cards import CardLine, CardView
from gameshelf.games.showdown.tui.handoff import HandOffScreen
from gameshelf.games.showdown.tui.scores import ScoreScreen
from gameshelf.games.showdown.tui.screen import ShowdownScreen
from gameshelf.games.showdown.tui.setup import ShowdownStartScreen
from gameshelf.tui.app import GameshelfApp
from gameshelf.tui.widgets import HelpScreen


async def _settle(app: GameshelfApp, pilot) -> None:  # type: ignore[no-untyped-def]
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


async def _open(app: GameshelfApp, pilot, players: str,  # type: ignore[no-untyped-def]
                seed: int) -> tuple[Match, ShowdownScreen]:
    """Push a game screen for a new match and let the computers play up to a person."""
    await pilot.pause()
    match = Match(parse_players(players), seed)
    screen = ShowdownScreen(match)
    app.push_screen(screen)
    await _settle(app, pilot)
    return match, screen


async def test_start_screen_starts_a_game_and_enter_offers_a_card() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("4")  # the menu's Pinball Showdown
        await pilot.pause()
        assert isinstance(app.screen, ShowdownStartScreen)
        app.screen.query_one("#sd-players", Input).value = "Ann,cpu,cpu"
        app.screen.query_one("#sd-seed", Input).value = "42"
        await pilot.click("#sd-new")
        await _settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, ShowdownScreen)
        assert screen.match.seed == 42
        hand = [w for w in screen.query(CardView) if w.zone == "hand"]
        assert len(hand) == 10
        before = len(screen.match.actions)
        await pilot.press("right", "enter")
        await _settle(app, pilot)
        assert len(screen.match.actions) > before
        assert screen.match.state.offers[0] is not None or screen.match.state.turn > 1


async def test_hot_seat_hand_off_hides_the_other_hand() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        match, screen = await _open(app, pilot, "Ann,Bob", 3)
        assert isinstance(app.screen, HandOffScreen)
        assert not [w for w in screen.query(CardView) if w.zone == "hand"]  # nothing shown
        first = match.to_act()
        await pilot.press("enter")
        await pilot.pause()
        assert screen.shown_seat == first
        shown = {w.card.id for w in screen.query(CardView) if w.zone == "hand"}
        assert shown == {match.state.cards[c].id for c in match.state.hands[first]}
        await pilot.press("enter")  # offer
        await _settle(app, pilot)
        assert isinstance(app.screen, HandOffScreen)  # next person's turn: hand-off again
        assert screen.shown_seat is None
        assert not [w for w in screen.query(CardView) if w.zone == "hand"]


async def test_bad_typed_action_shows_a_message_and_changes_nothing() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        match, screen = await _open(app, pilot, "Ann,cpu", 12)
        before = list(match.actions)
        await pilot.press("colon")
        for text in ("take P01", "fly away"):
            screen.query_one("#sd-cmd", Input).value = text
            await pilot.press("enter")
            await pilot.pause()
            assert match.actions == before
        assert screen.query_one("#sd-cmd", Input).has_focus  # still there to try again
        await pilot.press("escape")  # leaves the box, not the game
        await pilot.pause()
        assert isinstance(app.screen, ShowdownScreen)
        await pilot.press("u")  # buying in turn 1: refused with a message
        await pilot.pause()
        assert match.actions == before and isinstance(app.screen, ShowdownScreen)
        await pilot.press("p")  # everyone's piles
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ShowdownScreen)


async def test_help_save_and_resume_from_the_start_screen() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("4")  # the menu's Pinball Showdown
        await pilot.pause()
        app.screen.query_one("#sd-players", Input).value = "Ann,cpu"
        app.screen.query_one("#sd-seed", Input).value = "77"
        await pilot.click("#sd-new")
        await _settle(app, pilot)
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")  # offer
        await _settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, ShowdownScreen)
        n = len(screen.match.actions)
        await pilot.press("ctrl+s", "escape")
        await pilot.pause()
        assert isinstance(app.screen, ShowdownStartScreen)
        with Store() as store:
            assert len(store.load_save("showdown", "game-77").actions) == n
        options = app.screen.query_one("#sd-saves", OptionList)
        options.focus()
        options.highlighted = 0
        await pilot.press("enter")
        await _settle(app, pilot)
        assert isinstance(app.screen, ShowdownScreen)
        assert app.screen.match.actions[:n] == screen.match.actions[:n]


async def test_a_whole_game_by_keys_ends_with_the_score_breakdown() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        match, screen = await _open(app, pilot, "Ann,cpu", 21)
        for _ in range(200):
            if match.state.is_terminal():
                break
            if match.state.phase is Phase.CONTROL:
                await pilot.press("v" if match.state.speed[0] < 4 else "d")
                if match.state.pending_return is not None:
                    await pilot.press("0")
            else:
                await pilot.press("enter")
            await _settle(app, pilot)
        assert match.state.is_terminal()
        assert isinstance(app.screen, ScoreScreen)
        with Store() as store:
            assert [r.name for r in store.top_scores("showdown")] == ["Ann"]


async def test_clicking_a_face_up_card_twice_bids_on_it() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        match, screen = await _open(app, pilot, "Ann,cpu", 8)
        while match.state.phase is not Phase.CONTROL or match.to_act() != 0:
            await pilot.press("enter" if match.state.phase is not Phase.CONTROL else "d")
            await _settle(app, pilot)
        target = [w for w in screen.query(CardView) if w.zone == "faceup"][1]
        card = match.state.faceup[1]
        await pilot.click(target, offset=(2, 2))
        await pilot.pause()
        assert screen.selected() == card
        await pilot.click([w for w in screen.query(CardView) if w.zone == "faceup"][1],
                          offset=(2, 2))
        await _settle(app, pilot)
        assert any(str(a).startswith(f"bid P{card + 1:02d}") for a in match.actions)
        # Enter again on a face-up card: what is left this turn, not the rules' refusal
        assert match.to_act() == 0 and match.state.phase is Phase.CONTROL
        n = len(match.actions)
        await pilot.press("enter")
        await pilot.pause()
        said = str(screen.query_one("#sd-prompt", Static).render())
        assert "You have bid this turn" in said and "d Done" in said
        assert "already bid" not in said and len(match.actions) == n


async def test_names_with_markup_brackets_show_as_plain_text() -> None:
    """A player named '[/x]' (hot seat, bids, hand label, saves list) never crashes a screen."""
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        match, screen = await _open(app, pilot, "a[/],[/x],cpu", 5)
        assert isinstance(app.screen, HandOffScreen)
        for _ in range(6):  # hand-offs and offers of both people
            await pilot.press("enter")
            await _settle(app, pilot)
        assert screen.match.state.turn >= 1
        await pilot.press("ctrl+s")
        await _settle(app, pilot)
        await pilot.press("escape")  # leave (saves), back to the start screen's save list
        await _settle(app, pilot)
        while isinstance(app.screen, HandOffScreen):
            await pilot.press("enter")
            await _settle(app, pilot)


async def test_start_screen_error_quoting_typed_names_is_plain_text() -> None:
    app = GameshelfApp(start="showdown")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, ShowdownStartScreen)
        app.screen.query_one("#sd-players", Input).value = "[/x],[/x]"
        await pilot.click("#sd-new")
        await pilot.pause()
        assert isinstance(app.screen, ShowdownStartScreen)
        assert "two players are called" in str(app.screen.query_one("#sd-msg").render())


def _selected(screen: ShowdownScreen) -> list[CardView | CardLine]:
    return [w for w in screen.query(".selected") if isinstance(w, CardView | CardLine)]


@pytest.mark.parametrize("size", [(80, 24), (100, 32), (120, 40)])
async def test_every_hand_card_can_be_chosen_and_is_on_screen(size: tuple[int, int]) -> None:
    """Right through the whole hand: each chosen card lies inside the visible hand area, and
    the face-up cards and the action bar stay on screen (the user's 100x32 and 80x24)."""
    app = GameshelfApp()
    async with app.run_test(size=size) as pilot:
        match, screen = await _open(app, pilot, "You,cpu", 5)
        hand = list(match.state.hands[0])
        assert len(hand) == 10 and match.state.phase is Phase.OFFER
        area = screen.query_one("#sd-hand").region
        whole = screen.region
        for k, card in enumerate(hand):
            if k:
                await pilot.press("right")
            await pilot.pause()
            await pilot.pause()
            chosen = _selected(screen)
            assert [(w.zone, w.card.id) for w in chosen] == [
                ("hand", match.state.cards[card].id)]
            assert chosen[0].region.area > 0 and area.contains_region(chosen[0].region)
            label = str(screen.query_one("#sd-hand-label", Static).render())
            assert f"card {k + 1} of 10: {match.state.cards[card].id}" in label
        for part in ("#sd-faceup", "#sd-prompt", "#sd-buttons", "#sd-cmd"):
            region = screen.query_one(part).region
            assert region.area > 0 and whole.contains_region(region), part
        assert isinstance(chosen[0], CardLine if size < (120, 40) else CardView)
        await pilot.press("enter")  # offers the last card of the hand
        await _settle(app, pilot)
        assert match.state.offers[0] == hand[-1] or hand[-1] in match.state.faceup


async def test_prompt_on_a_discard_card_offers_to_buy_it() -> None:
    """With the cursor on the discard pile the prompt and Enter buy; after buying the prompt
    never speaks of 'no card'."""
    app = GameshelfApp()
    async with app.run_test(size=(100, 32)) as pilot:
        match, screen = await _open(app, pilot, "You,cpu", 5)
        st = match.state
        for _ in range(40):
            if st.phase is Phase.CONTROL and st.turn >= 2 and st.discard and \
                    match.to_act() == 0 and not st.has_bid[0]:
                break
            await pilot.press("d" if st.phase is Phase.CONTROL else "enter")
            await _settle(app, pilot)
            st = match.state
        assert st.phase is Phase.CONTROL and st.discard and match.to_act() == 0
        prompt = screen.query_one("#sd-prompt", Static)
        assert "Bid 1 on" in str(prompt.render()) and screen.choice.zone == "faceup"
        while screen.choice.zone != "discard":
            await pilot.press("right")
            await pilot.pause()
        text = str(prompt.render())
        target = screen.selected()
        assert target is not None
        assert f"Buy P{target + 1:02d}" in text and "Bid" not in text.split(".", 1)[1]
        await pilot.press("enter")
        await _settle(app, pilot)
        assert f"buy P{target + 1:02d}" in match.actions
        if match.to_act() == 0 and match.state.phase is Phase.CONTROL:
            assert "no card" not in str(prompt.render())


async def test_start_screen_fits_80x24_with_the_saves_list() -> None:
    """The setup screen at 80x24: the note is not cut, the saved games are on screen and
    show the turn reached; new saves are named game-<seed> (no space)."""
    with Store() as store:
        old = Match(parse_players("You,cpu"), 9)
        old.run_until_human()
        store.replace_save("game 9", old.record())  # an older name still resumes
    app = GameshelfApp(start="showdown")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ShowdownStartScreen)
        saves = screen.query_one("#sd-saves", OptionList)
        assert saves.region.area > 0 and screen.region.contains_region(saves.region)
        assert "turn 1/10" in str(saves.get_option_at_index(0).prompt)
        note = screen.query_one("#sd-note")
        assert screen.region.contains_region(note.region)
        saves.focus()
        saves.highlighted = 0
        await pilot.press("enter")
        await _settle(app, pilot)
        game = app.screen
        assert isinstance(game, ShowdownScreen) and game.session.name == "game 9"
        await pilot.press("enter", "escape")  # offer, leave: saved under the old name
        await _settle(app, pilot)
    with Store() as store:
        assert [r.name for r in store.list_saves("showdown")] == ["game 9"]
        assert len(store.load_save("showdown", "game 9").actions) > len(old.actions)


def test_the_help_says_when_wizard_mode_stays_on_and_when_it_turns_off() -> None:
    """Issue 17: the in-game help gives the whole Wizard Mode rule (as the engine plays it,
    see test_rules' Wizard Mode tests) and the rulings R-PS-10 to R-PS-13."""
    from gameshelf.games.showdown.tui.help import HELP

    text = " ".join(HELP.split())
    assert ("**Wizard Mode stays On** after a Wizard Mode turn in which a combination was "
            "claimed or at whose end any player has speed 12 or more; otherwise it "
            "**turns Off**. Speed 12 alone never turns it On.") in text
    assert "a missed card has none" in text and "missed cards too" in text
    assert "as many as your tokens pay for" in text
    assert "all your control to speed if even that is short of N" in text


async def test_no_redraw_once_the_app_is_closing_on_a_signal() -> None:
    """A resize or a computer's move after a signal began closing the app must not mount
    into containers being removed (it crashed with MountError); the screen's redraws ask
    ``drawable`` first."""
    from gameshelf.tui.base import drawable

    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        _match, screen = await _open(app, pilot, "Ann,cpu", 3)
        assert drawable(screen)
        hand = [w for w in screen.query(CardView) if w.zone == "hand"]
        app.stopped_by = 15
        assert not drawable(screen)
        screen.refresh_table()
        screen.on_resize()
        await pilot.pause()
        assert [w for w in screen.query(CardView) if w.zone == "hand"] == hand
        app.stopped_by = None
