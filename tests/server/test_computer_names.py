"""One rule names a computer seat given no name, in every game and every front end: the
game's folder says it (its options' ``computer_name``: ``CPU 1``, ``CPU 2``... counting the
computer seats; Muggins' ``Mugsy``), and the layers above use it; its level is said beside
the name, never in it.

Walked for every game the server plays: a room's computer seat given no name, an open seat
filled by a computer at the start (the page's and the online lobby's rooms are these), and
a computer seat whose name a person took already (the next number, never a refusal); and
for the terminal's own seats: Yatz's and Showdown's ``players`` words (the command line
and the setup screens read them) and Muggins' end (Mugsy against you).
"""

from __future__ import annotations

import asyncio

from gameshelf.core.options import GameOptions
from gameshelf.games import REGISTRY
from gameshelf.games.muggins.session import ENDING as MUGGINS_END
from gameshelf.games.showdown.match import parse_players
from gameshelf.games.yatz.match import parse_seats
from gameshelf.server import protocol as p
from gameshelf.server.games import playable
from tests.server.bots import Bot
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
    asyncio.run(scenario())


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
