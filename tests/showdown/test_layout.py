"""Issue 11 section 3: every Pinball Showdown screen and state laid out for 80x24, 120x40 and
160x50 (Pilot).

At 120x40 the Combination cards and the discard pile's names were cut ("Spin …", "Slin…")
and the log was a 27-column column wrapping every line. In every state (offer, bid, buy, flip,
take, hand-off, game over, piles, start screen with its saves, help) the lines a player needs
are whole: the status, the prompt, each card's name, the combinations, the footer's keys.
"""

from __future__ import annotations

import pytest
from textual.widget import Widget
from textual.widgets import Button, OptionList, RichLog, Static

from gameshelf.core.text import literal
from gameshelf.games.showdown.match import Match, parse_players
from gameshelf.games.showdown.table import Phase
from gameshelf.games.showdown.tui.cards import CardLine, CardView
from gameshelf.games.showdown.tui.handoff import HandOffScreen
from gameshelf.games.showdown.tui.help import HELP
from gameshelf.games.showdown.tui.howto import LEGEND
from gameshelf.games.showdown.tui.layout import Layout
from gameshelf.games.showdown.tui.scores import ScoreScreen
from gameshelf.games.showdown.tui.screen import ShowdownScreen
from gameshelf.games.showdown.tui.setup import ShowdownStartScreen
from gameshelf.games.showdown.tui.table import players_text
from gameshelf.session.match import SeatInfo
from gameshelf.tui.app import GameshelfApp
from gameshelf.tui.widgets import HelpScreen
from tests.tui.test_habits import SIZES, footer_complete, shown_whole

#: (players, game number, the people's moves) reaching each state, the computer playing
#: between them (found by playing the games).
STATES: dict[str, tuple[str, int, tuple[str, ...]]] = {
    "offer": ("You,cpu", 9, ()),
    "bid": ("You,cpu", 9, ("offer P25",)),
    "buy": ("You,cpu", 2, ("offer P43", "done", "take P43", "offer P09")),
    "flip": ("You,cpu", 1, ("offer P43", "bid P46 1", "done", "offer P29", "bid P14 1",
                            "done", "offer P27", "bid P51 1", "done")),
    "take": ("You,cpu", 1, ("offer P43", "bid P46 1", "done", "offer P29", "bid P14 1",
                            "done", "offer P27", "bid P51 1", "done", "flip 1")),
}


def reach(players: str, seed: int, moves: tuple[str, ...]) -> Match:
    match = Match(parse_players(players), seed)
    for move in moves:
        match.run_until_human()
        match.play(move)
    match.run_until_human()
    return match


def drawn(widget: Widget) -> str:
    return "\n".join(line.text for line in widget.render_lines(widget.region.reset_offset))


_BOX = set("│┃─━╭╮╰╯┏┓┗┛▔▁█▀▄ ")


def whole(widget: Widget) -> bool:
    """``shown_whole`` for a widget with a border: its border's lines are not words."""
    if shown_whole(widget):
        return True
    said = str(widget.render()).split()
    words = [w for w in drawn(widget).split() if not set(w) <= _BOX]
    screen = widget.screen.region
    return (words == said and widget.region.height > 0
            and widget.region.bottom <= screen.bottom and widget.region.right <= screen.right)


async def _settle(app: GameshelfApp, pilot) -> None:  # type: ignore[no-untyped-def]
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


def check_table(screen: ShowdownScreen, where: object) -> None:
    """The status, prompt, hand label and combinations whole; every card's name whole."""
    for selector in ("#sd-status", "#sd-prompt", "#sd-hand-label", "#sd-side",
                     "#sd-faceup-label", "#sd-discard-label"):
        assert whole(screen.query_one(selector, Static)), (where, selector)
    cards = list(screen.query(CardLine)) + list(screen.query(CardView))
    for card in cards:
        assert literal(card.card.device) in drawn(card), (where, card.card.device, drawn(card))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("state", list(STATES))
async def test_every_state_of_the_table_is_whole(state: str, size: tuple[int, int]) -> None:
    players, seed, moves = STATES[state]
    match = reach(players, seed, moves)
    app = GameshelfApp()
    async with app.run_test(size=size) as pilot:
        screen = ShowdownScreen(match)
        await _settle(app, pilot)
        app.push_screen(screen)
        await _settle(app, pilot)
        st = match.state
        if state == "buy":   # the discard pile's card chosen: "Buy ... for 2 tokens?"
            assert st.phase is Phase.CONTROL and st.discard
            while screen.choice.zone != "discard":
                await pilot.press("right")
            assert "Buy" in str(screen.query_one("#sd-prompt", Static).render())
        if state == "flip":
            assert st.pending_return is not None
        if state == "take":
            assert st.phase is Phase.TAKE
        await pilot.pause()
        check_table(screen, (state, size))
        assert await footer_complete(app) == [], (state, size)
        if state == "buy":
            discard = list(screen.query_one("#sd-discard").query(CardLine))
            assert discard and all(shown_whole(line) for line in discard), size
        log = screen.query_one("#sd-log", RichLog)
        assert log.region.width >= {80: 30, 120: 45, 160: 70}[size[0]], log.region.width


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_four_players_combinations_whole_where_there_is_room(size: tuple[int, int]) -> None:
    """Four Combination cards (the longest, "Kick-out Hole+Pop Bumper", on two lines)."""
    app = GameshelfApp()
    async with app.run_test(size=size) as pilot:
        screen = ShowdownScreen(reach("You,cpu,cpu,cpu", 9, ()))
        await _settle(app, pilot)
        app.push_screen(screen)
        await _settle(app, pilot)
        side = screen.query_one("#sd-side", Static)
        assert "Kick-out Hole+Pop Bumper" in str(side.render())
        if size[1] >= 40:
            check_table(screen, size)
        else:   # 24 rows: the box scrolls, nothing in it is cut
            assert "…" not in str(side.render())
            check_table_cards = list(screen.query(CardLine))
            assert all(literal(c.card.device) in drawn(c) for c in check_table_cards)
        assert await footer_complete(app) == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_hand_off_score_piles_and_help_are_whole(size: tuple[int, int]) -> None:
    app = GameshelfApp()
    async with app.run_test(size=size) as pilot:
        people = ShowdownScreen(Match(parse_players("You,Ann"), 9))
        await _settle(app, pilot)
        app.push_screen(people)
        await _settle(app, pilot)
        assert isinstance(app.screen, HandOffScreen)
        assert shown_whole(app.screen.query_one("#handoff-text", Static))
        assert await footer_complete(app) == [], size
        assert {b.binding.description for b in app.screen.active_bindings.values()
                if b.binding.show} >= {"Ready", "Leave", "Help"}
        button = app.screen.query_one("#ready", Button)
        assert str(button.label) in drawn(button).replace("\n", " ") or \
            " ".join(str(button.label).split()) in " ".join(drawn(button).split())
        await pilot.press("enter")
        await _settle(app, pilot)
        assert isinstance(app.screen, ShowdownScreen)
        check_table(app.screen, ("hot seat", size))
        await pilot.press("p")
        await pilot.pause()
        assert isinstance(app.screen, ScoreScreen)
        assert shown_whole(app.screen.query_one("#breakdown", Static))
        await pilot.press("escape")
        await pilot.press("escape")   # leaves the game
        await _settle(app, pilot)

        over = Match(parse_players("cpu,cpu"), 9)
        while not over.state.is_terminal():
            over.step()
        app.push_screen(ShowdownScreen(over))
        await _settle(app, pilot)
        assert isinstance(app.screen, ScoreScreen)
        assert shown_whole(app.screen.query_one("#breakdown", Static)), size
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ShowdownScreen)
        check_table(app.screen, ("game over", size))
        assert await footer_complete(app) == []
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
async def test_start_screen_and_its_saves_are_whole(size: tuple[int, int]) -> None:
    from gameshelf.games.showdown.session import ShowdownSession

    for seed in (3, 4):
        ShowdownSession.new(reach("Ann,cpu,cpu,cpu", seed, ())).save()
    app = GameshelfApp()
    async with app.run_test(size=size) as pilot:
        app.push_screen(ShowdownStartScreen())
        await _settle(app, pilot)
        for _ in range(3):   # the list fills and lays out its lines
            await pilot.pause()
        screen = app.screen
        for static in screen.query(Static):
            if static.id in {"sd-title", "sd-note", "sd-saves-label"}:
                assert shown_whole(static), (size, static.id)
        saves = screen.query_one("#sd-saves", OptionList)
        on_screen = [strip.text.strip(" ▊▎") for strip in screen._compositor.render_strips()]
        words = " ".join(" ".join(on_screen).split())
        assert saves.option_count == 2
        for i in range(saves.option_count):   # every line whole (wrapped, not cut)
            text = str(saves.get_option_at_index(i).prompt)
            assert " ".join(text.split()) in words, (size, text, on_screen)
        assert await footer_complete(app) == []


async def test_four_players_score_table_and_piles_fit_at_80x24() -> None:
    """The winner's line read "... 32,700" then "wins" on a line of its own; the piles of
    four players ran off the top of the screen."""
    over = Match(parse_players("cpu,cpu,cpu,cpu"), 9)
    while not over.state.is_terminal():
        over.step()
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(ShowdownScreen(over))
        await _settle(app, pilot)
        for view in ("score", "piles"):
            assert isinstance(app.screen, ScoreScreen)
            box = app.screen.query_one("Vertical").region
            assert box.y >= 0 and box.bottom <= 24, (view, box)
            breakdown = app.screen.query_one("#breakdown", Static)
            lines = str(breakdown.render()).splitlines()
            if view == "score":   # each row on one line, the mark beside the total
                assert all(len(line) <= breakdown.region.width for line in lines)
                assert any(line.startswith("CPU 1") and line.endswith("★") for line in lines)
            scroll = app.screen.query_one("#breakdown-scroll")
            await pilot.press("end")
            await pilot.pause()
            assert scroll.scroll_y == scroll.max_scroll_y
            button = app.screen.query_one("#close", Button)
            assert button.region.bottom <= 24 and button.region.height > 0
            await pilot.press("escape")
            await pilot.pause()
            if view == "score":
                await pilot.press("p")
                await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_table_its_legend_and_the_help_say_one_set_of_words(size: tuple[int, int]) -> None:
    """The players table's headings are the words its legend (the how-to line) and the
    help's table of its columns use, at every size: ``speed`` and ``ctrl``, never a
    ``spd``/``ctl`` beside them."""
    match = Match(parse_players("You,cpu"), 9)
    st = match.state.view(0)
    header = players_text([SeatInfo(s.name, s.kind, s.is_human) for s in match.seats], st,
                          Layout(*size)).plain.splitlines()[0].split()
    legend = LEGEND.removeprefix("Table: ").split(" · ")
    for said in legend:
        assert said.split()[0] in header, (size, said, header)
    rows = [line.split("|")[1].strip() for line in HELP.splitlines()
            if line.startswith("| ") and not line.startswith(("| column", "| ---"))]
    for word in ("speed", "ctrl"):
        assert word in header and word in rows, (size, header, rows)
    assert not {"spd", "ctl"} & set(header + rows + LEGEND.split())
