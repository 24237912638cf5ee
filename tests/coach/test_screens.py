"""The coach on screen (issue 16, Pilot): ``h`` opens the hint on the Muggins board and the
Showdown table (only when the person on screen is to act), ``r`` the review from the game's
end; the windows say their figures are estimates, show names and deck texts literally, and
close with Esc."""

from __future__ import annotations

from textual.widgets import Static

from gameshelf.core.chance import Chance
from gameshelf.games.muggins.match import PERSON
from gameshelf.games.muggins.match import Match as MugginsMatch
from gameshelf.games.muggins.mugsy import Mugsy
from gameshelf.games.muggins.options import MugginsOptions
from gameshelf.games.muggins.tui.coach import MugginsHintScreen, MugginsReviewScreen
from gameshelf.games.muggins.tui.screen import MugginsScreen
from gameshelf.games.muggins.tui.summary import SummaryScreen
from gameshelf.games.muggins.view import MugginsView
from gameshelf.games.showdown.cards import default_deck_text
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.showdown.match import Seat, parse_players
from gameshelf.games.showdown.tui.coach import ShowdownHintScreen, ShowdownReviewScreen
from gameshelf.games.showdown.tui.scores import ScoreScreen
from gameshelf.games.showdown.tui.screen import ShowdownScreen
from gameshelf.tui.app import GameshelfApp
from tests.coach.test_muggins_coach import SAMPLES
from tests.hostile import NAMES, hostile_deck
from tests.tui.test_habits import footer_complete
from tests.tui.test_literal_screens import check, settle


def _body(app: GameshelfApp) -> str:
    return str(app.screen.query_one("#body", Static).render())


def _offered(app: GameshelfApp) -> set[str]:
    return {b.binding.description for b in app.screen.active_bindings.values()
            if b.binding.show and b.enabled}


async def test_muggins_hint_key_on_the_board() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = MugginsScreen(level="normal", rules=MugginsOptions(target=61), seed=42, ask=False,
                               pace=0)
        app.push_screen(screen)
        await settle(app, pilot)
        while screen.state.current_player() != PERSON:
            await pilot.pause(0.05)
        await settle(app, pilot)
        assert "Hint" in _offered(app)
        await pilot.press("h")
        await settle(app, pilot)
        assert isinstance(app.screen, MugginsHintScreen)
        body = _body(app)
        assert " now" in body and "estimates" in body and "±" in body
        assert await footer_complete(app) == []
        await pilot.press("question_mark")
        await settle(app, pilot)
        await pilot.press("escape")
        await pilot.press("escape")
        await settle(app, pilot)
        assert app.screen is screen


def _finished_muggins() -> MugginsMatch:
    m = MugginsMatch.new(seed=8, target=60, options={"level": "easy"})
    while not m.state.is_terminal():
        seat = m.state.current_player()
        m.apply(Mugsy("easy", Chance(len(m.actions))).choose(MugginsView.of(m.state, seat))
                if seat == PERSON else m.mugsy_action())
    return m


async def test_muggins_review_from_the_game_over_window() -> None:
    record = _finished_muggins().record()
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(SummaryScreen("Round 1: blocked", False, record=record))
        await settle(app, pilot)
        assert "Review" not in _offered(app)   # between rounds: the game goes on
        app.pop_screen()
        over = SummaryScreen("You win!\n\nPlay again?", True, record=record)
        app.push_screen(over)
        await settle(app, pilot)
        assert "Review" in _offered(app) and await footer_complete(app) == []
        await pilot.press("r")
        await settle(app, pilot)
        assert isinstance(app.screen, MugginsReviewScreen)
        body = _body(app)
        assert ("had a choice" in body or "Nothing to review" in body) and "estimates" in body
        await pilot.press("escape")
        await settle(app, pilot)
        assert app.screen is over


async def test_showdown_hint_for_the_person_to_act_only() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ShowdownScreen(ShowdownMatch(parse_players("You,cpu"), 9))
        app.push_screen(screen)
        await settle(app, pilot)
        assert "Hint" in _offered(app) and "Review" not in _offered(app)
        await pilot.press("r")   # not offered: it says why
        await settle(app, pilot)
        assert app.screen is screen
        await pilot.press("h")
        await settle(app, pilot)
        assert isinstance(app.screen, ShowdownHintScreen)
        assert app.screen.view.seat == 0
        body = _body(app)
        assert body.startswith("Offer P") and "ahead in" in body and "estimates" in body
        assert await footer_complete(app) == []
        await pilot.press("escape")
        await settle(app, pilot)
        assert app.screen is screen


async def test_showdown_review_after_the_game_shows_names_and_cards_literally() -> None:
    deck = hostile_deck(default_deck_text())
    names = NAMES[:2]
    match = ShowdownMatch([Seat(n, "random") for n in names], 4, deck)
    match.run_until_human()
    app = GameshelfApp()
    async with app.run_test(size=(160, 50)) as pilot:
        screen = ShowdownScreen(match)
        app.push_screen(screen)
        await settle(app, pilot)
        if isinstance(app.screen, ScoreScreen):
            await pilot.press("escape")
            await settle(app, pilot)
        assert app.screen is screen
        assert "Review" in _offered(app) and "Hint" not in _offered(app)
        app.push_screen(ShowdownReviewScreen(match.record(), samples=SAMPLES // 2))
        await settle(app, pilot)
        body = _body(app)
        assert "decision" in body and "estimates" in body
        check(app, where="the Showdown review")
        await pilot.press("escape")
        await settle(app, pilot)
        assert app.screen is screen


async def test_showdown_hint_key_in_the_control_step_at_80_columns() -> None:
    """80 columns hold the control step's keys, not Hint too: the footer leaves it out and
    h still opens the hint."""
    match = ShowdownMatch(parse_players("You,cpu"), 9)
    match.run_until_human()
    match.play(str(match.state.legal_actions()[0]))   # the offer
    match.run_until_human()
    assert any(str(a) == "done" for a in match.state.legal_actions())
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = ShowdownScreen(match)
        app.push_screen(screen)
        await settle(app, pilot)
        assert "Hint" not in _offered(app) and "Done" in _offered(app)
        assert await footer_complete(app) == []
        await pilot.press("h")
        await settle(app, pilot)
        assert isinstance(app.screen, ShowdownHintScreen)
