"""The One Dollar Pinball screen (Pilot): entering bills, playing, winners, the store."""

from __future__ import annotations

import pytest
from textual.widgets import DataTable, Input, Static

from gameshelf.core.store import Store
from gameshelf.games.dollar.game import make_entry
from gameshelf.games.dollar.tui.display import frames
from gameshelf.games.dollar.tui.number import GameNumberScreen
from gameshelf.games.dollar.tui.screen import DollarScreen
from gameshelf.tui.app import GameshelfApp, MenuScreen
from gameshelf.tui.widgets import ConfirmScreen, HelpScreen


async def open_screen(pilot_app: GameshelfApp, seed: int = 42) -> DollarScreen:
    screen = DollarScreen(seed=seed, step_seconds=3600)  # the tests advance it themselves
    await pilot_app.push_screen(screen)
    return screen


def text_of(screen: DollarScreen, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def test_enter_a_bill_by_keyboard_and_play_it() -> None:
    """R-DP-10 on screen: L40000002A with series 1902 scores 88,000,000."""
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_screen(app)
        await pilot.pause()
        await pilot.press(*"Ann", "enter")  # Enter on the name moves to the bill
        await pilot.press(*"L40000002A", "tab", *"1902", "enter")
        await pilot.pause()
        assert [e.name for e in screen.entries] == ["Ann"]
        assert screen.entries[0].score == 88_000_000
        await pilot.press("f5")
        await pilot.pause()
        assert screen.phase == "playing" and screen.frame_no == 0
        screen.advance()
        await pilot.pause()
        assert "JACKPOT" in text_of(screen, "#rule")
        await pilot.press("end")
        await pilot.pause()
        assert screen.phase == "done"
        assert "Ann" in text_of(screen, "#banner") and "88,000,000" in text_of(screen, "#banner")
        with Store() as store:
            rows = store.top_scores("dollar")
        assert [(r.name, r.score, r.seed, r.detail["bill"], r.detail["series"]) for r in rows] == [
            ("Ann", 88_000_000, 42, "L40000002A", "1902")]
        best = screen.query_one("#best", DataTable)
        assert best.row_count == 1


async def test_bad_bill_gets_a_message_and_the_bell(monkeypatch: pytest.MonkeyPatch) -> None:
    app = GameshelfApp()
    bells: list[int] = []
    monkeypatch.setattr(app, "bell", lambda: bells.append(1))
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_screen(app)
        await pilot.pause()
        await pilot.press("f5")  # nobody to play yet
        await pilot.pause()
        assert screen.phase == "setup" and "at least one bill" in text_of(screen, "#message")
        await pilot.press("f1")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        bells.clear()
        for bad, fragment in [("L1234567A", "exactly 8 digits"), ("12345678", "district"),
                              ("Z12345678A", "A to L")]:
            screen.query_one("#bill", Input).value = bad
            screen.query_one("#bill", Input).focus()
            await pilot.press("enter")
            await pilot.pause()
            assert fragment in text_of(screen, "#message")
        assert screen.entries == [] and len(bells) == 3
        # bare digits with a district are fine; a disagreeing district is not
        screen.query_one("#bill", Input).value = "40000002"
        screen.query_one("#district", Input).value = "12"
        screen.add_player()
        screen.query_one("#bill", Input).value = "A40000002A"
        screen.query_one("#district", Input).value = "12"
        assert not screen.add_player()
        assert "district 1, but district 12" in text_of(screen, "#message")
        assert [e.district for e in screen.entries] == [12]
        # playing with nobody, or bad series
        screen.query_one("#series", Input).value = "19"
        screen.query_one("#bill", Input).value = "L40000002A"
        assert not screen.add_player()
        assert "series" in text_of(screen, "#message")


async def test_random_bills_come_from_the_game_number() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        first = await open_screen(app, seed=7)
        await pilot.pause()
        await pilot.press("f2", "f2", "f2")
        await pilot.pause()
        bills = [str(e.bill) for e in first.entries]
        assert len(bills) == 3 and len(set(bills)) == 3
        assert "Game #7" in text_of(first, "#gameno")
        await pilot.press("f4")  # replay game number 7 on the same screen
        await pilot.pause()
        assert isinstance(app.screen, GameNumberScreen)
        await pilot.press(*"abc", "enter")
        await pilot.pause()
        assert "whole number" in str(app.screen.query_one("#error", Static).render())
        await pilot.press("backspace", "backspace", "backspace", "7", "enter")
        await pilot.pause()
        assert app.screen is first and first.seed == 7 and first.entries == []
        await pilot.press("f2", "f2", "f2")
        await pilot.pause()
        assert [str(e.bill) for e in first.entries] == bills
        await pilot.press("f4")
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is first and len(first.entries) == 3


async def test_eight_players_at_most_and_delete_removes_one() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_screen(app)
        await pilot.pause()
        await pilot.press(*["f2"] * 9)
        await pilot.pause()
        assert len(screen.entries) == 8
        assert "at most 8 bills" in text_of(screen, "#message")
        second = screen.entries[1].name
        table = screen.query_one("#players", DataTable)
        table.focus()
        table.move_cursor(row=1)
        await pilot.press("delete")
        await pilot.pause()
        assert len(screen.entries) == 7 and second not in [e.name for e in screen.entries]


async def test_space_skips_one_bill_and_equal_scores_share_the_win() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_screen(app)
        await pilot.pause()
        for name in ("Ann", "Bob", "Cy"):
            screen.query_one("#name", Input).value = name
            screen.query_one("#bill", Input).value = (
                "B12345678C" if name == "Cy" else "L40000002A")
            screen.add_player()
        await pilot.press("f5")
        await pilot.pause()
        await pilot.press("space")
        await pilot.pause()
        assert screen.playing == 0 and screen.frame_no == len(frames(screen.entries[0])) - 1
        screen.advance()
        assert screen.playing == 1
        await pilot.press("end")
        await pilot.pause()
        banner = text_of(screen, "#banner")
        assert "SHARED WIN" in banner and "Ann" in banner and "Bob" in banner
        assert "Cy" not in banner
        table = screen.query_one("#players", DataTable)
        marks = [table.get_row_at(i)[0] for i in range(3)]
        assert marks == ["1 ★", "1 ★", "3"]   # a place, shared by equal scores
        assert str(table.ordered_columns[0].label) == "place"
        # the game is over: no more bills until a new game
        await pilot.press("f2")
        assert len(screen.entries) == 3
        old = screen.seed
        await pilot.press("f3")
        await pilot.pause()
        assert screen.entries == [] and screen.phase == "setup" and screen.seed != old
        with Store() as store:
            assert len(store.top_scores("dollar")) == 3


def test_frames_of_the_maximum_bill() -> None:
    entry = make_entry("Ann", "L40000002A", series="1902")
    titles = [f.title for f in frames(entry)]
    assert titles == ["PLAYER UP", "JACKPOT", "MILLION PLUS 00", "MILLION PLUS 00",
                      "MILLION PLUS 00", "DOUBLE SCORE", "END BONUS", "MATCH"]
    assert frames(entry)[-1].score == 88_000_000
    early = make_entry("Bo", "B78911111Y")
    titles = [f.title for f in frames(early)]
    assert titles[-3:] == ["GAME OVER", "END BONUS", "MATCH NOT CHECKED"]


async def test_menu_opens_it_pace_keys_and_esc_while_playing_leaves_at_once() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, DollarScreen)
        screen.step_seconds = 1.0
        await pilot.press("f2", "f5")
        await pilot.pause()
        await pilot.press("plus")
        assert screen.step_seconds == 0.5 and "Pace: 0.5 s" in text_of(screen, "#message")
        await pilot.press("minus", "minus")
        assert screen.step_seconds == 2.0
        await pilot.press("escape")   # no question while playing: the bills are kept
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        # the round's scores were kept when play started: leaving (or a stop, or a crash)
        # during the display loses nothing, and nothing is kept twice
        with Store() as store:
            assert len(store.top_scores("dollar")) == 1


async def test_markup_brackets_in_typed_text_show_as_plain_text() -> None:
    """A name or game number like '[/x]' shows as text; it never crashes the screen."""
    from textual.widgets import Input

    from gameshelf.tui.app import GameshelfApp

    app = GameshelfApp(start="dollar")
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        screen.query_one("#name", Input).value = "[/x]"
        screen.query_one("#bill", Input).value = "L12345678A"
        screen.query_one("#bill", Input).focus()
        await pilot.press("enter")
        await pilot.pause()
        assert "[/x] plays" in str(screen.query_one("#message").render())
        await pilot.press("f4")
        await pilot.pause()
        for key in "[/y]":
            await pilot.press(key)
        await pilot.press("enter")
        await pilot.pause()
        assert "[/y]" in str(app.screen.query_one("#error").render())
        await pilot.press("escape")
        await pilot.pause()
        app.push_screen(ConfirmScreen("Delete the saved game '[/z]'?"))
        await pilot.pause()
        assert "[/z]" in str(app.screen.query_one("#question").render())


async def test_f2_uses_the_series_typed_in_the_series_field() -> None:
    app = GameshelfApp()
    bells: list[int] = []
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_screen(app, seed=7)
        app.bell = lambda: bells.append(1)  # type: ignore[method-assign]
        await pilot.pause()
        await pilot.press("f2")   # empty series field: a random series
        screen.query_one("#series", Input).value = "1902"
        await pilot.press("f2", "f2")
        await pilot.pause()
        assert [str(e.series) for e in screen.entries[1:]] == ["1902", "1902"]
        assert all(e.result.match is not None for e in screen.entries)
        # the bills are the game number's draws, whatever the series
        other = await open_screen(app, seed=7)
        await pilot.pause()
        await pilot.press("f2", "f2", "f2")
        await pilot.pause()
        assert [e.bill for e in other.entries] == [e.bill for e in screen.entries]
        other.query_one("#series", Input).value = "19"   # a bad series: refused, no bill
        await pilot.press("f2")
        await pilot.pause()
        assert len(other.entries) == 3 and bells == [1]
        assert "series" in text_of(other, "#message")


async def test_a_long_bad_bill_message_wraps_above_the_table() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_screen(app)
        await pilot.pause()
        screen.query_one("#bill", Input).value = "XYZ 1234 5678 QQQQQQQQ"
        assert not screen.add_player()
        await pilot.pause()
        message = screen.query_one("#message", Static)
        said = str(message.render())
        assert said.startswith("cannot read the bill") and said.endswith("like L12345678A")
        shown = " ".join(" ".join(line.text.split()) for line in
                         message.render_lines(message.content_region.reset_offset))
        assert " ".join(shown.split()) == " ".join(said.split())   # every word is on screen
        table = screen.query_one("#players", DataTable)
        assert message.region.height >= 4
        assert message.region.bottom < table.region.y   # a blank line before the table


async def test_game_over_shows_the_winners_bill_with_the_winning_score() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(100, 32)) as pilot:
        screen = await open_screen(app)
        await pilot.pause()
        for name, bill in (("Ann", "L40000002A"), ("Bob", "B12345678C")):
            screen.query_one("#name", Input).value = name
            screen.query_one("#bill", Input).value = bill
            screen.add_player()
        await pilot.press("f5")
        await pilot.press("end")
        await pilot.pause()
        assert screen.phase == "done"
        assert screen.entries[0].score > screen.entries[1].score
        serial = text_of(screen, "#serial")
        assert " 4  0  0  0  0  0  0  2 " in serial and " 1  2  3 " not in serial
        assert "Ann" in text_of(screen, "#player")


async def test_game_over_table_is_ranked_by_place_and_the_name_hint_counts_seats() -> None:
    """Issue 11: the ``#`` column showed the seat number after the game (reading like a wrong
    ranking) and the name hint said "Player 1" for every seat."""
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = await open_screen(app)
        await pilot.pause()
        table = screen.query_one("#players", DataTable)
        name = screen.query_one("#name", Input)
        assert str(table.ordered_columns[0].label) == "seat"
        assert name.placeholder == "name (Player 1)"
        for bill in ("B12345678C", "L40000002A", "A11111111A"):
            screen.query_one("#bill", Input).value = bill
            screen.add_player()
        assert name.placeholder == "name (Player 4)"
        assert [e.name for e in screen.entries] == ["Player 1", "Player 2", "Player 3"]
        assert [table.get_row_at(i)[0] for i in range(3)] == ["1", "2", "3"]
        await pilot.press("f5")
        await pilot.pause()
        await pilot.press("end")
        await pilot.pause()
        assert str(table.ordered_columns[0].label) == "place"
        rows = [table.get_row_at(i) for i in range(3)]
        assert [str(r[1]) for r in rows] == ["Player 2", "Player 1", "Player 3"] or \
            [str(r[1]) for r in rows] == ["Player 2", "Player 3", "Player 1"]
        scores = [int(str(r[2]).replace(",", "")) for r in rows]
        assert scores == sorted(scores, reverse=True)
        assert rows[0][0] == "1 ★" and rows[1][0] == "2"
        assert "Player 2 wins" in text_of(screen, "#player")


async def test_s_is_the_save_key_and_says_there_is_nothing_to_save() -> None:
    """Issue 11: ``s`` saves on every game screen; a Dollar round has nothing to save, so
    ``s`` says so (it skipped every bill to the end, a surprise for a player who meant to
    save); End skips to the end."""
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        screen = DollarScreen(seed=1, step_seconds=3600)
        app.push_screen(screen)
        await pilot.pause()
        await pilot.press("f2", "f2", "f5")
        await pilot.pause()
        assert screen.phase == "playing"
        screen.set_focus(None)
        await pilot.press("s")
        await pilot.pause()
        assert screen.phase == "playing"
        assert "Nothing to save" in str(screen.query_one("#message", Static).render())
        await pilot.press("end")
        await pilot.pause()
        assert screen.phase == "done"


async def test_the_form_says_what_the_series_means_and_how_a_round_starts() -> None:
    """The grey 2017A is an example: the line under the series field says an empty series
    leaves the Match unchecked before any bill is played, and which digit a typed one
    matches; the how-to line says how to start (the message line does not say it again)
    and a bill added counts the bills in against the most a round takes (said once)."""
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_screen(app)
        await pilot.pause()
        assert screen.query_one("#series", Input).placeholder == "series, e.g. 2017A"
        assert "Match (+1 million) is not checked" in text_of(screen, "#series-note")
        # how to enter a bill is said once at 80x24: the how-to line, not the message too
        assert "Type a name and bill" in text_of(screen, "#howto")
        assert "F2 draws one" not in text_of(screen, "#message")
        await pilot.press(*"Ann", "enter", *"L40000002A", "enter")
        await pilot.pause()
        said = text_of(screen, "#message")
        assert "no series, so the Match is not checked" in said, said
        # the round's count is said once: by the how-to line, so not by the message too
        told = f"{said} | {text_of(screen, '#howto')}"
        assert told.count("1 bill in, room for 7 more") == 1 and "F5 plays" in told, told
        screen.query_one("#series", Input).value = "2017A"
        await pilot.pause()
        assert "serial ending in 7 scores the Match" in text_of(screen, "#series-note")


async def test_the_footer_offers_skipping_only_while_there_is_something_to_skip() -> None:
    """Skip bill and Skip all leave the footer on the last bill's last picture and after
    the round; the message line says how to start only when the how-to line is off."""
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_screen(app)
        await pilot.pause()
        await pilot.press(*"Ann", "enter", *"L40000002A", "enter", "f5")
        await pilot.pause()

        def shown() -> set[str]:
            return {b.binding.description for b in screen.active_bindings.values()
                    if b.binding.show and b.enabled}

        assert {"Skip bill", "Skip all"} <= shown()
        await pilot.press("space")       # the one bill to its last picture: nothing left
        await pilot.pause()
        assert screen.phase == "playing" and not {"Skip bill", "Skip all"} & shown()
        screen.advance()
        await pilot.pause()
        assert screen.phase == "done" and not {"Skip bill", "Skip all"} & shown()
        screen.action_toggle_howto()     # the how-to line off: the message says how
        screen.action_new_game(7)
        await pilot.pause()
        assert "F2 draws one" in text_of(screen, "#message")
