"""The server's rules of the room (issue 13): refused messages (another seat's token, out of
turn, illegal, malformed, over 64 KiB, another version, faster than the rate limit) get an
error on that connection only and change nothing; a dropped client rejoins; an away seat
is played by a computer until it returns; tokens are never logged."""

from __future__ import annotations

import asyncio
import json
import logging
import time

import pytest

from gameshelf.server import protocol as p
from tests.server.bots import Bot
from tests.server.helpers import Running

HOST, OPEN = p.SeatSpec("host", "Ann"), p.SeatSpec("open")


async def _pair(url: str, away: float = 60.0) -> tuple[Bot, Bot]:
    """A started two-person Showdown room: (host, second)."""
    a, b = Bot(url, 1), Bot(url, 2)
    await a.open()
    await b.open()
    await a.create("showdown", [HOST, OPEN], away=away)
    await b.join(a.code, "Bob")
    await a.start()
    await a.until(p.State)
    await b.until(p.State)
    return a, b


async def _drain(bot: Bot, quiet: float = 0.15) -> list[p.Message]:
    out = []
    while True:
        try:
            out.append(await bot.recv(quiet))
        except TimeoutError:
            return out


def test_refused_messages_change_nothing_and_the_connection_goes_on(
        server: Running, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO)

    async def scenario() -> None:
        a, b = await _pair(server.url)
        await _drain(a)
        await _drain(b)
        st = a.state
        assert st is not None
        mover, other = (a, b) if st.to_act == a.seat else (b, a)
        assert mover.state is not None
        legal = mover.state.legal[0]
        seq = st.seq
        code = a.code
        cases: list[tuple[Bot, p.Message | str, str]] = [
            (other, p.Act(code, other.token, legal), "not_your_turn"),
            (mover, p.Act(code, "x" * 43, legal), "bad_token"),
            (mover, p.Act(code, other.token, legal), "not_your_turn"),
            (mover, p.Act(code, mover.token, legal, seat=other.seat), "not_your_seat"),
            (mover, p.Act(code, mover.token, "offer P99"), "illegal"),
            (mover, p.Act(code, mover.token, "fly\x1b[2J away"), "illegal"),
            (mover, p.Act(code, mover.token, legal, seq=seq + 5), "stale"),
            (mover, p.Act("ZZZZ", mover.token, legal), "no_room"),
            (mover, p.Join(code, "Cat"), "already_started"),
            (mover, p.Start(code, a.token), "already_started"),
            (mover, p.GetRecord(code, mover.token), "not_over"),
            (mover, "not json", "malformed"),
            (mover, '{"v": 1, "type": "action", "code": 5}', "malformed"),
            (mover, '{"v": 1, "type": "fly"}', "unknown_type"),
            (mover, '{"v": 2, "type": "action"}', "version"),
            (mover, json.dumps({"v": 1, "type": "action", "code": code,
                                "token": mover.token, "action": "x" * 70_000}),
             "too_large"),
        ]
        for sender, msg, want in cases:
            if isinstance(msg, str):
                await sender.send_raw(msg)
            else:
                await sender.send(msg)
            err = await sender.recv()
            assert isinstance(err, p.Error) and err.code == want, (want, err)
            assert "\n" not in err.message
        # nothing changed: the same seat is to act at the same action number, and the
        # other connection heard nothing of the refusals
        assert [m for m in await _drain(other) if isinstance(m, p.Error | p.State)] == []
        await mover.act(legal)
        new = await mover.until(p.State)
        assert new.seq > seq
        for bot in (a, b):
            await bot.close()
        tokens = (a.token, b.token)
        assert not any(t in r.getMessage() for r in caplog.records for t in tokens)

    asyncio.run(scenario())


def test_a_lobby_refuses_bad_rooms_names_and_starts(server: Running) -> None:
    async def scenario() -> None:
        a, b = Bot(server.url), Bot(server.url)
        await a.open()
        await b.open()
        bad = [
            p.Create("chess", (HOST,)),
            p.Create("yatz", (OPEN,)),
            p.Create("yatz", (HOST, HOST)),
            p.Create("showdown", (HOST,)),
            p.Create("showdown", (HOST, OPEN), {"deck": "x"}),
            p.Create("muggins", (HOST, OPEN, OPEN)),
            p.Create("muggins", (p.SeatSpec("computer"), HOST)),
            p.Create("yatz", (HOST, p.SeatSpec("computer", level="genius"))),
            p.Create("yatz", (HOST,), away_timeout=-1),
            p.Create("yatz", (p.SeatSpec("host", "a\x00b"),)),
            p.Create("yatz", (p.SeatSpec("host", "x" * 30),)),
            p.Create("yatz", (p.SeatSpec("host", ""),)),
        ]
        for msg in bad:
            await a.send(msg)
            err = await a.until(p.Error)
            assert err.code in ("bad_options", "bad_name"), msg
        await a.create("yatz", [HOST, OPEN])
        await b.send(p.Join(a.code, "ann"))
        assert (await b.until(p.Error)).code == "bad_name"     # taken, in any case
        await b.send(p.Join(a.code, "Bob", seat=0))
        assert (await b.until(p.Error)).code == "room_full"
        await b.join(a.code.lower(), "Bob")
        await b.send(p.Start(a.code, b.token))
        assert (await b.until(p.Error)).code == "not_host"
        await b.send(p.Act(a.code, b.token, "roll"))
        assert (await b.until(p.Error)).code == "not_started"
        c = Bot(server.url)
        await c.open()
        await c.send(p.Join(a.code, "Cat"))
        assert (await c.until(p.Error)).code == "room_full"
        for bot in (a, b, c):
            await bot.close()

    asyncio.run(scenario())


def test_faster_than_the_rate_limit_is_refused_then_the_connection_goes_on(
        server: Running) -> None:
    hub = server.hub
    rate, burst = hub.rate, hub.burst
    hub.rate, hub.burst = 2.0, 3.0

    async def scenario() -> None:
        a = Bot(server.url)
        await a.open()
        for _ in range(6):
            await a.send(p.Hello("bot"))
        got = [await a.recv() for _ in range(6)]
        assert sum(isinstance(m, p.Welcome) for m in got) == 3
        assert {m.code for m in got if isinstance(m, p.Error)} == {"rate_limited"}
        await asyncio.sleep(0.6)
        await a.send(p.Hello("bot"))
        assert isinstance(await a.recv(), p.Welcome)
        await a.close()

    try:
        asyncio.run(scenario())
    finally:
        hub.rate, hub.burst = rate, burst


def test_a_dropped_client_rejoins_with_its_token_and_sees_the_current_state(
        server: Running) -> None:
    async def scenario() -> None:
        a, b = await _pair(server.url)
        await b.close()
        room = await a.until(p.RoomUpdate)
        assert room.room.seats[b.seat].connected is False
        # the seats play on: whoever is to act acts, b from a new connection
        await b.open()
        joined = await b.rejoin()
        assert joined.seat == 1 and joined.token == b.token
        state = await b.until(p.State)
        assert a.state is not None and state.seq == a.state.seq
        assert state.view["hand"] and state.events == ()
        # a wrong token does not rejoin
        c = Bot(server.url)
        await c.open()
        await c.send(p.Rejoin(a.code, "not-a-token"))
        assert (await c.until(p.Error)).code == "bad_token"
        for bot in (a, b, c):
            await bot.close()

    asyncio.run(scenario())


def test_an_away_seat_is_played_by_a_computer_until_it_returns(server: Running) -> None:
    async def scenario() -> None:
        a, b = await _pair(server.url, away=0.3)
        await b.close()
        seen_away = stood_in = False
        deadline = asyncio.get_running_loop().time() + 20
        while not (seen_away and stood_in):
            assert asyncio.get_running_loop().time() < deadline
            st = a.state
            if st is not None and st.legal and a.over is None:
                await a.act(a.choose(st))
            msg = await a.recv(5)
            if isinstance(msg, p.RoomUpdate) and msg.room.seats[b.seat].away:
                seen_away = True
            if isinstance(msg, p.State):
                stood_in = stood_in or any(e.seat == b.seat and e.by_computer
                                           for e in msg.events)
        await b.open()
        await b.rejoin()
        back = await a.until(p.RoomUpdate)
        while back.room.seats[b.seat].away or not back.room.seats[b.seat].connected:
            back = await a.until(p.RoomUpdate)
        for bot in (a, b):
            await bot.close()

    asyncio.run(scenario())


def test_a_room_with_a_slow_computer_plays_in_a_worker_thread(
        server: Running, monkeypatch: pytest.MonkeyPatch) -> None:
    """A room with a slow computer seat (the Yatz solver, the Showdown search) has its
    actions worked out off the event loop; the game is the same."""
    from gameshelf.server.games import game_class
    from tests.server.bots import play_room

    monkeypatch.setattr(game_class("showdown"), "slow_levels", frozenset({"heuristic"}))
    seats = [HOST, p.SeatSpec("computer", level="heuristic")]
    bots = asyncio.run(play_room(server.url, "showdown", seats, seed=11))
    over = bots[0].over
    assert over is not None and {s.name for s in over.scores} == {"Ann", "CPU 1"}
    room = server.hub.lobby.room(bots[0].code)     # rebuilt from the store: it is over
    assert server.hub.slow(room) and room.status == "over"
    deadline = time.monotonic() + 10     # nobody in it: it leaves memory once all are gone
    while bots[0].code in server.hub.lobby.rooms and time.monotonic() < deadline:
        time.sleep(0.02)
    assert bots[0].code not in server.hub.lobby.rooms


#: Look-alikes of "Ann" and names that show nothing (tests/test_name_form.py walks every
#: character that shows nothing), and names holding what real text needs.
LOOK_ALIKES = ["Ann\u034f", "\u3164", "Ann\ufe0f", "A\u200dnn", "\u2800"]
KEPT = ["\u0645\u06cc\u200c\u0646\u0627 \u2764\ufe0f",
        "\U0001f3f4\U000e0067\U000e0062\U000e0077\U000e006c\U000e0073\U000e007f"]


@pytest.mark.parametrize("game", ["yatz", "showdown", "muggins", "dollar"])
def test_the_protocol_refuses_names_that_show_nothing_and_keeps_real_ones(
        server: Running, game: str) -> None:
    """Every name the protocol takes (the host's and a computer's at ``create``, a
    ``join``'s) is refused with ``bad_name`` naming the character when it shows nothing
    beside an ASCII letter or alone; a Persian non-joiner, an emoji with its variation
    selector and Wales' flag are kept as sent."""
    async def scenario() -> None:
        a, b = Bot(server.url), Bot(server.url)
        await a.open()
        await b.open()
        for bad in LOOK_ALIKES:
            code = f"U+{ord(next(c for c in bad if not c.isascii())):04X}"
            for seats in ((p.SeatSpec("host", bad), OPEN),
                          (HOST, p.SeatSpec("computer", bad))):
                await a.send(p.Create(game, seats))
                err = await a.until(p.Error)
                assert err.code == "bad_name" and "invisible" in err.message, err
                assert code in err.message, err
        host, guest = KEPT[0], KEPT[1]
        joined = await a.create(game, [p.SeatSpec("host", host), OPEN])
        assert joined.room is not None and host in [s.name for s in joined.room.seats]
        for bad in LOOK_ALIKES:
            await b.send(p.Join(a.code, bad))
            err = await b.until(p.Error)
            assert err.code == "bad_name" and "invisible" in err.message, err
        joined = await b.join(a.code, guest)
        assert joined.room is not None
        assert [s.name for s in joined.room.seats] == [host, guest]
        await a.close()
        await b.close()

    asyncio.run(scenario())


#: Characters ``str.strip`` takes for blanks that no name may hold, at a name's end.
BLANK_ENDS = ["Zed\u2028", "\u0085Zed", "Zed\x1f", "\tZed", "Zed\u2029"]


def test_the_protocol_checks_every_name_as_sent_before_its_blanks_are_folded(
        server: Running) -> None:
    """The host's and a computer's name at ``create`` and a ``join``'s, ending in U+2028,
    U+0085, U+001F, a tab: refused with ``bad_name`` naming the character, never stripped
    to ``Zed``; spaces at the ends are tidied away, and a computer's name of spaces only is
    the game's computer name."""
    async def scenario() -> None:
        a, b = Bot(server.url), Bot(server.url)
        await a.open()
        await b.open()
        for bad in BLANK_ENDS:
            code = f"U+{ord(next(c for c in bad if c not in 'Zed')):04X}"
            for seats in ((p.SeatSpec("host", bad), OPEN),
                          (HOST, p.SeatSpec("computer", bad))):
                await a.send(p.Create("yatz", seats))
                err = await a.until(p.Error)
                assert err.code == "bad_name" and code in err.message, (bad, err)
        joined = await a.create("yatz", [p.SeatSpec("host", "  Ann  Lee "),
                                         p.SeatSpec("computer", "   "), OPEN])
        assert joined.room is not None
        assert [s.name for s in joined.room.seats][:2] == ["Ann Lee", "CPU 1"]
        for bad in BLANK_ENDS:
            await b.send(p.Join(a.code, bad))
            err = await b.until(p.Error)
            assert err.code == "bad_name" and "U+" in err.message, (bad, err)
        await a.close()
        await b.close()

    asyncio.run(scenario())
