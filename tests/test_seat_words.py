"""Words for seats mean the same in every game (issue 11 section 2): ``cpu``, ``computer``
and ``ai`` are a computer player in Yatz and in Showdown alike (``computer`` used to be a
person's name in Showdown), ``Name:player`` names a computer seat in both, and a person may
not be called by one of these words in any game (One Dollar Pinball too), on the command
line or on a setup screen: one line says why."""

from __future__ import annotations

import pytest
from textual.widgets import Input, Static

from gameshelf.core.errors import BadInputError
from gameshelf.core.seats import COMPUTER_WORDS, check_person_name, seat_word
from gameshelf.games.dollar.game import make_entry
from gameshelf.games.dollar.tui.screen import DollarScreen
from gameshelf.games.showdown.match import HUMAN as SD_HUMAN
from gameshelf.games.showdown.match import parse_players
from gameshelf.games.showdown.tui.screen import ShowdownScreen
from gameshelf.games.showdown.tui.setup import ShowdownStartScreen
from gameshelf.games.yatz.match import HUMAN as YZ_HUMAN
from gameshelf.games.yatz.match import parse_seats
from gameshelf.games.yatz.tui.setup import SetupScreen
from gameshelf.tui.app import GameshelfApp
from tests.cli_helpers import run

#: The same words, as people type them.
WORDS = [w for word in COMPUTER_WORDS for w in (word, word.upper(), word.capitalize())]


@pytest.mark.parametrize("word", WORDS)
def test_every_game_reads_a_computer_word_as_a_computer(word: str) -> None:
    yatz = parse_seats(f"Ann,{word}")
    showdown = parse_players(f"Ann,{word}")
    assert yatz[0].player == YZ_HUMAN and yatz[1].player != YZ_HUMAN
    assert showdown[0].kind == SD_HUMAN and showdown[1].kind == "heuristic"
    named_yatz, named_showdown = parse_seats(f"Zed:{word}"), parse_players(f"Ann,Zed:{word}")
    assert named_yatz[0].name == "Zed" and named_yatz[0].player != YZ_HUMAN
    assert named_showdown[1].name == "Zed" and named_showdown[1].kind == "heuristic"
    # the word before a level is no name: the game names the seat (CPU 1, not "cpu")
    leveled_yatz = parse_seats(f"Ann,{word}:greedy")
    leveled_showdown = parse_players(f"Ann,{word}:search")
    assert leveled_yatz[1].name == "CPU 1" and leveled_yatz[1].player == "greedy"
    assert leveled_showdown[1].name == "CPU 1" and leveled_showdown[1].kind == "search"


@pytest.mark.parametrize("word", WORDS)
def test_no_game_takes_a_computer_word_as_a_persons_name(word: str) -> None:
    attempts = [lambda: parse_seats(f"{word}:human"), lambda: parse_seats(f"Ann,{word}:person"),
                lambda: parse_players(f"Ann,{word}:human"),
                lambda: make_entry(word, "L40000002A", series="1902"),
                lambda: check_person_name(f"  {word} ")]
    for attempt in attempts:
        with pytest.raises(BadInputError) as exc:
            attempt()
        message = str(exc.value)
        assert "\n" not in message and "means a computer player in every game" in message


def test_each_games_computer_players_are_seat_words_in_that_game() -> None:
    assert [s.player for s in parse_seats("greedy,Casual,Bo:strong")] == [
        "greedy", "casual", "strong"]
    assert [s.kind for s in parse_players("Random,search,Bo:heuristic")] == [
        "random", "search", "heuristic"]
    with pytest.raises(BadInputError, match="means a computer player"):
        parse_seats("Greedy:human")
    with pytest.raises(BadInputError, match="means a computer player"):
        parse_players("Ann,Search:human")
    for parse in (parse_seats, parse_players):
        with pytest.raises(BadInputError, match="no computer player named 'wizard'"):
            parse("Ann,Bo:wizard")
    assert seat_word("Ann") == ("Ann", None) and seat_word(" AI ") == ("", "cpu")


def test_the_command_line_refuses_a_person_called_computer(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    for args in (["yatz", "play", "-p", "computer:human", "--seed", "3"],
                 ["showdown", "play", "--text", "-p", "Ann,cpu:person", "--seed", "3"]):
        code, out, err = run(args, capsys, monkeypatch, "quit\n")
        assert code == 2 and "means a computer player in every game" in err
        assert len(err.strip().splitlines()) == 1
    code, out, err = run(["showdown", "play", "--text", "-p", "Ann,computer", "--seed", "3"],
                         capsys, monkeypatch, "quit\n")
    assert code == 0 and "CPU 1" in out and "computer" not in out.lower().split("saved as")[0]


async def test_the_setup_screens_read_the_words_the_same_way() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(120, 40)) as pilot:
        setup = SetupScreen()
        await app.push_screen(setup)
        await pilot.pause()
        setup.query_one("#name1", Input).value = "Computer"  # seat 1 is a Person
        await pilot.press("f5")
        await pilot.pause()
        assert app.screen is setup
        assert "means a computer player" in str(setup.query_one("#setupmsg", Static).render())
        await pilot.press("escape")
        await pilot.pause()

        start = ShowdownStartScreen()
        await app.push_screen(start)
        await pilot.pause()
        start.query_one("#sd-players", Input).value = "You,computer"
        start.start()
        await pilot.pause()
        assert isinstance(app.screen, ShowdownScreen)
        assert [s.kind for s in app.screen.session.match.seats] == [SD_HUMAN, "heuristic"]
        app.screen.action_leave()
        await pilot.pause()

        dollar = DollarScreen(seed=5, step_seconds=3600)
        await app.push_screen(dollar)
        await pilot.pause()
        dollar.query_one("#name", Input).value = "cpu"
        dollar.query_one("#bill", Input).value = "L40000002A"
        dollar.query_one("#series", Input).value = "1902"
        assert not dollar.add_player() and not dollar.entries
        assert "means a computer player" in str(dollar.query_one("#message", Static).render())
