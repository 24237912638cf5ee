"""Issue 11: the same habits on every screen, and every screen readable at 80x24, 120x40 and
160x50 (Pilot).

* ``?`` (or F1) opens the help on every screen, also where a text field has the focus, and the
  help scrolls with Up/Down, PageUp/PageDown, Home/End.
* The footer names only what can be done now, and at every size it shows all it names (the
  command palette's key is left out, so 80 columns hold a game's keys).
* The lines a player needs (status, prompt, the dice's roll line, the save message, the ends'
  total) are shown whole, inside the screen.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.pilot import Pilot
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Static

from gameshelf.core.records import GameRecord
from gameshelf.games.dollar.replay import dollar_replay
from gameshelf.games.dollar.tui.screen import DollarScreen
from gameshelf.games.dollar.tui.screen import replay_screen as dollar_replay_screen
from gameshelf.games.muggins.match import Match as MugginsMatch
from gameshelf.games.muggins.options import MugginsOptions
from gameshelf.games.muggins.replay import muggins_replay
from gameshelf.games.muggins.tui.coach import MugginsHintScreen, MugginsReviewScreen
from gameshelf.games.muggins.tui.level import LevelScreen
from gameshelf.games.muggins.tui.screen import MugginsScreen
from gameshelf.games.muggins.tui.screen import replay_screen as muggins_replay_screen
from gameshelf.games.muggins.view import MugginsView
from gameshelf.games.showdown.actions import Action as ShowdownAction
from gameshelf.games.showdown.match import Match as ShowdownMatch
from gameshelf.games.showdown.match import parse_players
from gameshelf.games.showdown.replay import showdown_replay
from gameshelf.games.showdown.table import PlayerView as ShowdownView
from gameshelf.games.showdown.tui.coach import ShowdownHintScreen, ShowdownReviewScreen
from gameshelf.games.showdown.tui.screen import ShowdownScreen, replay_screen
from gameshelf.games.showdown.tui.setup import ShowdownStartScreen
from gameshelf.games.yatz.match import Match as YatzMatch
from gameshelf.games.yatz.match import parse_seats
from gameshelf.games.yatz.replay import yatz_replay
from gameshelf.games.yatz.tui.screen import GameScreen
from gameshelf.games.yatz.tui.screen import replay_screen as yatz_replay_screen
from gameshelf.games.yatz.tui.setup import SetupScreen
from gameshelf.tui.app import GameshelfApp, MenuScreen
from gameshelf.tui.online import LobbyScreen, OnlineScreen
from gameshelf.tui.stats import StatsScreen
from gameshelf.tui.widgets import COMMON_HELP, HelpScreen, HelpText
from tests.online.fakes import offline_room
from tests.replay.games import dollar_round, muggins_record, showdown_record, yatz_record

SIZES = ((80, 24), (120, 40), (160, 50))

#: Every screen a player meets, made fresh; the widgets whose text must be shown whole.
SCREENS: dict[str, tuple[Callable[[], Screen[None] | Screen[str | None]], tuple[str, ...]]] = {
    "menu": (MenuScreen, ()),
    "dollar": (lambda: DollarScreen(seed=1, step_seconds=3600), ("#message",)),
    "yatz setup": (SetupScreen, ()),
    "yatz game": (lambda: GameScreen(YatzMatch(parse_seats("Ann"), 5), "mine"),
                  ("#status", "#rollinfo")),
    "muggins level": (LevelScreen, ()),
    "muggins game": (lambda: MugginsScreen(level="normal", rules=MugginsOptions(61), seed=3,
                                           ask=False, pace=0),
                     ("#mg-status", "#mg-ends", "#mg-rack-title")),
    "showdown start": (ShowdownStartScreen, ()),
    "showdown game": (lambda: ShowdownScreen(ShowdownMatch(parse_players("You,cpu"), 9)),
                      ("#sd-status", "#sd-prompt")),
    **{f"{game} stats": (lambda game=game: StatsScreen(game), ())   # type: ignore[misc]
       for game in ("dollar", "yatz", "muggins", "showdown")},
    # issue 15: each game's screen in replay mode
    "yatz replay": (lambda: yatz_replay_screen(yatz_replay(yatz_record(turns=3)), review=False),
                    ("#status", "#message")),
    "muggins replay": (lambda: muggins_replay_screen(muggins_replay(muggins_record())),
                       ("#mg-status", "#mg-rack-title")),
    "showdown replay": (lambda: replay_screen(showdown_replay(showdown_record())),
                        ("#sd-status", "#sd-prompt")),
    "dollar replay": (lambda: dollar_replay_screen(dollar_replay(dollar_round())), ("#message",)),
    # issue 16: the coach's windows (small sample budgets; their help fits)
    "muggins hint": (lambda: MugginsHintScreen(MugginsView.of(_muggins_start().state, 0)), ()),
    "muggins review": (lambda: MugginsReviewScreen(_muggins_start().record(), samples=4), ()),
    "showdown hint": (lambda: ShowdownHintScreen(*_showdown_start()), ()),
    "showdown review": (lambda: ShowdownReviewScreen(_showdown_record(), samples=4), ()),
    "play online": (OnlineScreen, ()),
    "online lobby": (lambda: LobbyScreen(offline_room(["Ann", "Bob"])), ("#lb-code",
                                                                          "#lb-msg")),
}
#: Screens whose help fits at 80x24 (nothing to scroll).
HELP_FITS = ("menu", "muggins hint", "muggins review", "showdown hint", "showdown review")


def _muggins_start() -> MugginsMatch:
    """A Muggins game at the person's second choice of plays."""
    m = MugginsMatch.new(seed=42, target=100)
    m.apply("0-9 L")
    while m.state.current_player() != 0:
        m.apply(m.mugsy_action())
    return m


def _showdown_start() -> tuple[ShowdownView, list[ShowdownAction]]:
    m = ShowdownMatch(parse_players("You,cpu"), 9)
    m.run_until_human()
    return m.state.view(0), m.state.legal_actions()


def _showdown_record() -> GameRecord:
    m = ShowdownMatch(parse_players("You,cpu"), 9)
    m.run_until_human()
    m.play(str(m.state.legal_actions()[-1]))
    return m.record()


async def _show(app: GameshelfApp, pilot, screen: Screen) -> None:  # type: ignore[no-untyped-def,type-arg]
    await pilot.pause()
    app.push_screen(screen)
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


def _words(text: str) -> list[str]:
    return text.split()


def shown_whole(widget: Widget) -> bool:
    """True when every word of ``widget``'s text is drawn and the widget lies inside the
    screen (not cut at the bottom or scrolled away)."""
    said = str(widget.render())
    lines = widget.render_lines(widget.region.reset_offset)
    drawn = " ".join(line.text for line in lines)
    screen = widget.screen.region
    inside = (widget.region.height > 0 and widget.region.bottom <= screen.bottom
              and widget.region.right <= screen.right)
    return inside and _words(drawn) == _words(said)


def _footer_missing(app: GameshelfApp) -> list[str]:
    last = app.screen._compositor.render_strips()[-1].text
    offered = {b.binding.description for b in app.screen.active_bindings.values()
               if b.binding.show and b.enabled}
    return sorted(d for d in offered if d not in last)


async def footer_complete(app: GameshelfApp, patience: int = 100) -> list[str]:
    """The footer's keys that are offered but not drawn on the screen's last line, once
    the footer has caught up: the footer redraws itself after the bindings change, later on
    a loaded machine than one ``pilot.pause()`` (the Dollar layout test failed with every
    key missing at load 10), so it is asked again after short pauses, ``patience`` times at
    most (a hang guard, not a timing check)."""
    pilot = Pilot(app)
    for _ in range(patience):
        missing = _footer_missing(app)
        if not missing:
            return []
        await pilot.pause(0.05)
    return _footer_missing(app)


async def _help_scrolls(app: GameshelfApp, pilot: Pilot[None], name: str) -> None:
    """``?`` on the screen shown opens the help; its keys scroll it; Esc closes it."""
    await pilot.press("question_mark")
    await pilot.pause()
    assert isinstance(app.screen, HelpScreen), name
    body = app.screen.query_one(HelpText)
    if name not in HELP_FITS:
        assert body.max_scroll_y > 0, name
    if body.max_scroll_y > 0:
        await pilot.press("end")
        await pilot.wait_for_scheduled_animations()
        assert body.scroll_y == body.max_scroll_y, name
        await pilot.press("home")
        await pilot.wait_for_scheduled_animations()
        assert body.scroll_y == 0, name
        await pilot.press("down")
        await pilot.wait_for_scheduled_animations()
        assert body.scroll_y == 1, name
        await pilot.press("pagedown")
        await pilot.wait_for_scheduled_animations()
        paged = body.scroll_y
        assert paged > 1 or body.max_scroll_y == 1, name
        await pilot.press("pageup")
        await pilot.wait_for_scheduled_animations()
        assert body.scroll_y < paged, name
    await pilot.press("escape")
    await pilot.pause()
    assert not isinstance(app.screen, HelpScreen), name


#: The walk of every screen at 80x24 in this many parts, for the suite's workers.
WALK_SHARDS = 4


async def _settle(app: GameshelfApp, pilot: Pilot[None]) -> None:
    for _ in range(3):
        await pilot.pause()
        await app.workers.wait_for_complete()
    await pilot.pause()


def _last_line(app: GameshelfApp) -> str:
    return str(app.screen._compositor.render_strips()[-1].text)


@pytest.mark.parametrize("shard", range(WALK_SHARDS))
async def test_every_screen_at_80x24_its_footer_help_and_keys(shard: int) -> None:
    """Every ``WALK_SHARDS``-th screen of :data:`SCREENS` from ``shard`` on (the parts
    together walk them all), made fresh and pushed in turn on one app's menu at 80x24, then
    popped again (one app, not one per screen: starting an app costs about a second of CPU,
    a screen pushed on a running one a quarter of that; and each screen is pushed once for
    all its checks): its footer shows all it names, among them ``^q Quit``, and its needed
    lines whole; F1 opens the help with the keys every screen shares and ``q`` closes it, as
    Esc does; ``?`` opens the help and its keys scroll it; ``q`` where it is not typed into
    a field leaves the screen as Esc does (the menu: out of the app). The help's scroll is
    not animated here: the walk checks where each key scrolls to, and drawing the glide of
    five scrolls on 23 screens took a third of the walk's CPU. The other sizes:
    :func:`test_every_screen_shows_its_footer_and_status_lines_whole`."""
    walked = list(SCREENS.items())[shard::WALK_SHARDS]
    assert len(SCREENS) >= 4 * WALK_SHARDS and walked
    app = GameshelfApp()
    app.animation_level = "none"
    exits: list[bool] = []
    app.exit = lambda *a, **kw: exits.append(True)  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(app, pilot)
        for name, (make, needed) in walked:
            screen = make()
            app.push_screen(screen)
            await _settle(app, pilot)
            assert await footer_complete(app) == [], (name, (80, 24))
            for selector in needed:
                assert shown_whole(app.screen.query_one(selector, Static)), (name, selector)
            assert "^q Quit" in _last_line(app), (name, _last_line(app))
            await pilot.press("f1")
            await pilot.pause()
            assert isinstance(app.screen, HelpScreen) and COMMON_HELP in app.screen._text, name
            await pilot.press("q")   # closes the help, as Esc does
            await pilot.pause()
            assert app.screen is screen, name
            await _help_scrolls(app, pilot, name)
            assert app.screen is screen, name
            app.set_focus(None)      # q where it is not typed into a field
            exits.clear()
            await pilot.press("q")
            await _settle(app, pilot)
            if name == "menu":
                assert exits == [True]
            else:
                assert app.screen is not screen, f"q did not leave {name} as Esc does"
            while len(app.screen_stack) > 1:
                app.pop_screen()
            await _settle(app, pilot)


async def test_question_mark_in_the_dollar_name_field_opens_help() -> None:
    """It was typed into the name field."""
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = DollarScreen(seed=1, step_seconds=3600)
        await _show(app, pilot, screen)
        assert isinstance(app.focused, Input)
        field = app.focused
        await pilot.press("A", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and field.value == "A"


@pytest.mark.parametrize("size", SIZES[1:], ids=lambda s: f"{s[0]}x{s[1]}")
async def test_every_screen_shows_its_footer_and_status_lines_whole(
        size: tuple[int, int]) -> None:
    """The sizes past 80x24 (that one in
    :func:`test_every_screen_at_80x24_its_footer_help_and_keys`)."""
    app = GameshelfApp()   # one app, each screen pushed on the menu and popped again
    async with app.run_test(size=size) as pilot:
        for name, (make, needed) in SCREENS.items():
            await _show(app, pilot, make())
            assert await footer_complete(app) == [], (name, size)
            for selector in needed:
                assert shown_whole(app.screen.query_one(selector, Static)), (name, size, selector)
            while len(app.screen_stack) > 1:
                app.pop_screen()
            await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_yatz_roll_line_and_save_message_whole_and_the_card_uses_the_width(
        size: tuple[int, int]) -> None:
    """At 120x40 the roll line read "roll 3 of 3 · fill a b", the save message was cut
    before its command; at 160x50 the card stayed 80 columns wide (now the big dice and
    the card share the width, and the card's columns are never stretched)."""
    app = GameshelfApp()
    async with app.run_test(size=size) as pilot:
        screen = GameScreen(YatzMatch(parse_seats("Ann"), 5), "a long save name")
        await _show(app, pilot, screen)
        await pilot.press("r", "r", "r", "s")
        await pilot.pause()
        assert "fill a box" in str(screen.query_one("#rollinfo", Static).render())
        assert shown_whole(screen.query_one("#rollinfo", Static))
        message = screen.query_one("#message", Static)
        assert "gameshelf yatz resume" in str(message.render()) and shown_whole(message)
        assert await footer_complete(app) == []
        card = screen.query_one("#card")
        used = card.virtual_size.width
        assert used <= card.region.width
        if size[0] >= 160:   # it was 38 columns of 160, then 80 of stretched columns:
            # now the big dice and the card sit side by side, neither stretched
            left = screen.query_one("#left").region
            assert 50 <= used <= 70 and card.region.width <= used + 4, (used, card.region)
            assert left.width >= 50 and left.right <= card.region.x, (left, card.region)


async def test_footers_offer_only_what_can_be_done_now() -> None:
    """Yatz solo: no computer pace or skip, no Roll after the third roll; Showdown after the
    game: no Bid, Speed, Buy, Done; Muggins: Draw only when nothing fits."""
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = GameScreen(YatzMatch(parse_seats("Ann"), 5), "mine")
        await _show(app, pilot, screen)
        offered = {b.binding.description for b in app.screen.active_bindings.values()
                   if b.binding.show}
        assert {"Roll", "Save", "Help", "Leave"} <= offered
        assert not offered & {"Faster", "Slower", "Skip cpu", "Cards"}
        await pilot.press("r", "r", "r")
        offered = {b.binding.description for b in app.screen.active_bindings.values()
                   if b.binding.show}
        assert "Roll" not in offered
        await pilot.press("r")   # the hidden key still says why
        assert "no rolls left" in str(screen.query_one("#message", Static).render())

        over = ShowdownMatch(parse_players("cpu,cpu"), 9)
        while not over.state.is_terminal():
            over.step()
        sd = ShowdownScreen(over)
        await _show(app, pilot, sd)
        while not isinstance(app.screen, ShowdownScreen):   # the score table on top
            await pilot.press("escape")
            await pilot.pause()
        offered = {b.binding.description for b in app.screen.active_bindings.values()
                   if b.binding.show}
        assert not offered & {"Bid", "Speed+1", "Buy", "Done", "Type", "Save"}
        assert {"Leave", "Help"} <= offered   # nothing to save after the end


async def test_showdown_saves_with_s_like_the_other_games() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        sd = ShowdownScreen(ShowdownMatch(parse_players("You,cpu"), 9))
        await _show(app, pilot, sd)
        shown = {key: b.binding.description for key, b in app.screen.active_bindings.items()
                 if b.binding.show}
        assert shown.get("s") == "Save"
        notes: list[str] = []
        sd.notify = lambda message, **kw: notes.append(str(message))  # type: ignore[method-assign]
        await pilot.press("s")
        await pilot.pause()
        assert notes and "Resume with: gameshelf showdown resume" in notes[-1]


async def test_esc_on_a_game_opened_by_showdown_play_leaves_the_app() -> None:
    """As Yatz's and Muggins's play/resume --tui do (it went back to the gameshelf menu)."""
    from gameshelf.games.showdown.tui.setup import match_app

    app = match_app(ShowdownMatch(parse_players("You,cpu"), 9))
    left: list[bool] = []
    app.exit = lambda *a, **kw: left.append(True)  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert isinstance(app.screen, ShowdownScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert left == [True]


def test_showdown_circles_read_in_one_style() -> None:
    """It read "=●●●●" on one card and "=6 ●" on another."""
    from gameshelf.games.showdown.cards import default_deck
    from gameshelf.games.showdown.tui.cards import effect_text

    for card in default_deck().playfield:
        text = effect_text(card).plain
        assert text == "no effect" or (text[0] in "+-=" and text[1:-1].isdigit()
                                       and text[-1] == "●"), (card.id, text)
