"""One rule names a computer seat given no name, in every game and every front end: the
game's folder says it (its options' ``computer_name``: ``CPU 1``, ``CPU 2``... counting the
computer seats; Muggins' ``Mugsy``), and the layers above use it; its level is said beside
the name, never in it.

Walked for every game the server plays: a room's computer seat given no name, an open seat
filled by a computer at the start (the page's and the online lobby's rooms are these), and
a computer seat whose name a person took already, typed any way that tidies to it (the next
number, never a refusal); and for the terminal's own seats: Yatz's and Showdown's
``players`` words (the command line and the setup screens read them) and Muggins' end
(Mugsy against you).
"""

from __future__ import annotations

import asyncio

import pytest

from gameshelf.core.errors import BadInputError
from gameshelf.core.options import GameOptions
from gameshelf.games import REGISTRY
from gameshelf.games.muggins.session import ENDING as MUGGINS_END
from gameshelf.games.showdown.match import parse_players
from gameshelf.games.yatz.match import parse_seats
from gameshelf.server import protocol as p
from gameshelf.server.games import playable
from tests.server.bots import Bot, BotError
from tests.server.helpers import Running


def _options(game: str) -> type[GameOptions]:
    found: type[GameOptions] = REGISTRY.get(game).load("options")
    return found


async def _names(url: str, game: str, seats: list[p.SeatSpec], start: bool) -> list[str]:
    bot = Bot(url, 1)
    await bot.open()
    try:
        joined = await bot.create(game, seats, {})
        if not start:
            assert joined.room is not None
            return [s.name for s in joined.room.seats]
        await bot.start()
        while True:
            room = await bot.until(p.RoomUpdate)
            if room.room.status != "lobby":
                return [s.name for s in room.room.seats]
    finally:
        await bot.close()


def test_every_game_server_names_its_computers_by_the_games_rule(server: Running) -> None:
    async def scenario() -> None:
        for game in playable():
            options = _options(game)
            first = options.computer_name(1)
            made = await _names(server.url, game, [p.SeatSpec("host", "Ann"),
                                                   p.SeatSpec("computer")], False)
            assert made == ["Ann", first], (game, made)
            filled = await _names(server.url, game, [p.SeatSpec("host", "Ann"),
                                                     p.SeatSpec("open")], True)
            assert filled == ["Ann", first], (game, filled)
            taken = await _names(server.url, game, [p.SeatSpec("host", first),
                                                    p.SeatSpec("computer")], False)
            assert taken == [first, options.computer_name(1, {first})], (game, taken)
            assert taken[1] != first and taken[1].startswith(options.COMPUTER_NAME)
            for level in options.LEVELS:
                assert level.casefold() not in first.casefold(), (game, level)
            for typed in _typed_like(first):
                for host in (0, 1):   # the person's seat after the computer's, or before
                    seats = [p.SeatSpec("computer")]
                    seats.insert(host, p.SeatSpec("host", typed))
                    try:
                        got = await _names(server.url, game, seats, False)
                    except BotError as exc:   # a game whose seats go in one order
                        assert str(exc).startswith("bad_options"), (game, typed, exc)
                        continue
                    assert got[host] == " ".join(typed.split()), (game, typed, got)
                    assert got[0].casefold() != got[1].casefold(), (game, typed, got)
    asyncio.run(scenario())


def _typed_like(name: str) -> list[str]:
    """The ways of typing ``name`` that tidy to it, any case: blanks doubled, a no-break
    space, blanks at the ends, another case."""
    return [name.replace(" ", "  "), name.replace(" ", "\u00a0"), f"  {name} ",
            name.swapcase(), name.upper().replace(" ", "\u2003")]


def test_the_terminals_seats_follow_the_same_rule() -> None:
    yatz, showdown = _options("yatz"), _options("showdown")
    assert [s.name for s in parse_seats("Ann,cpu,strong")] == [
        "Ann", yatz.computer_name(1), yatz.computer_name(2)]
    assert [s.name for s in parse_players("Ann,cpu,search")] == [
        "Ann", showdown.computer_name(1), showdown.computer_name(2)]
    assert [s.name for s in parse_players("CPU 1,cpu")] == ["CPU 1", "CPU 2"]
    assert [s.name for s in MUGGINS_END.seats(type("M", (), {"options": {}})())] == [
        "you", _options("muggins").computer_name(1)]
    assert _options("muggins").computer_name(1) == "Mugsy"
    assert yatz.computer_name(1) == showdown.computer_name(1) == "CPU 1"


def test_a_person_typed_as_the_computers_name_keeps_it_from_the_computer() -> None:
    """Every way of typing a name that tidies to the computer's (``CPU  1``, a no-break
    space, another case), before or after the computer's seat: the computer takes the
    next number, in Yatz's and Showdown's players words alike."""
    for options, parse in ((_options("yatz"), parse_seats), (_options("showdown"),
                                                              parse_players)):
        first = options.computer_name(1)
        for typed in _typed_like(first):
            for text in (f"cpu,{typed}", f"{typed},cpu"):
                names = [s.name for s in parse(text)]
                assert len({n.casefold() for n in names}) == 2, (text, names)
                assert " ".join(typed.split()) in names, (text, names)
                assert options.computer_name(2) in names, (text, names)
    assert [s.name for s in parse_players("cpu,CPU  1")] == ["CPU 2", "CPU 1"]
    assert GameOptions.computer_name(1, {"cpu\u00a0 1 "}) == "CPU 2"


def test_showdowns_same_name_check_folds_case_as_the_server_does() -> None:
    """Two of Showdown's players whose names differ only in case, ``ß`` against ``SS``
    included (casefold, as a room's seats are compared), are refused."""
    for text in ("Stra\u00dfe,STRASSE", "Ann,aNN", "\u0130lk,i\u0307lk"):
        with pytest.raises(BadInputError, match="two players are called"):
            parse_players(text)
