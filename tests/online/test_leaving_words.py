"""Leaving a room on purpose and a dropped connection are told apart: the protocol's
``leave`` marks the seat ``left`` (the server, in the lobby and through the hub), and the
words every front end reads of it (``Bob left the room.``, ``Bob's connection dropped.``,
``Bob is away: the computer plays for Bob.``, ``Bob came back.``)."""

from __future__ import annotations

import pytest

from gameshelf.server import protocol as p
from gameshelf.server.rooms import Lobby
from gameshelf.server.storage import SQLiteRoomStore
from gameshelf.session.remote import Room, parse_seats, seat_news
from tests.server.helpers import Running

BOB = dict(seat=1, kind="person", name="Bob")


@pytest.mark.parametrize(("before", "after", "said"), [
    (p.SeatInfo(1, "open"), p.SeatInfo(**BOB, connected=True), ["Bob joined."]),
    (p.SeatInfo(**BOB, connected=True), p.SeatInfo(**BOB, left=True), ["Bob left the room."]),
    (p.SeatInfo(**BOB, connected=True), p.SeatInfo(**BOB), ["Bob's connection dropped."]),
    (p.SeatInfo(**BOB), p.SeatInfo(**BOB, away=True),
     ["Bob is away: the computer plays for Bob."]),
    (p.SeatInfo(**BOB, away=True), p.SeatInfo(**BOB, connected=True), ["Bob came back."]),
    (p.SeatInfo(**BOB, left=True), p.SeatInfo(**BOB, connected=True), ["Bob came back."]),
], ids=["joined", "left", "dropped", "away", "back-from-away", "back-from-leaving"])
def test_the_words_for_a_seats_change(before: p.SeatInfo, after: p.SeatInfo,
                                      said: list[str]) -> None:
    assert seat_news([before], [after], 0) == said
    assert seat_news([before], [after], 1) == []           # never of one's own seat


def test_a_leave_marks_the_seat_left_until_it_connects_again(tmp_path: object) -> None:
    lobby = Lobby(SQLiteRoomStore(tmp_path / "s.db"))  # type: ignore[operator]
    room, _, token = lobby.create(p.Create("yatz", (p.SeatSpec("host", "Ann"),
                                                     p.SeatSpec("open"))), 0)
    lobby.connected(room, 0)
    lobby.leave(room, p.Leave(room.code, token))
    out = lobby.disconnected(room, 0, 1.0)
    seat = out[0][1].room.seats[0]  # type: ignore[attr-defined]
    assert not seat.connected and seat.left
    lobby.connected(room, 0)
    assert not room.info().seats[0].left
    lobby.disconnected(room, 0, 2.0)                        # no leave: a drop
    assert not room.info().seats[0].left


def test_two_clients_tell_leaving_from_dropping(server: Running) -> None:
    host = Room.create(server.url, "yatz", parse_seats("me,?", "Ann"))
    bob = Room.join(server.url, host.code, "Bob")
    try:
        def bob_sees_ann() -> p.SeatInfo:
            before = bob.info.seats[0]
            for _ in range(200):
                bob.wait(0.05)
                if bob.info.seats[0] != before and not bob.info.seats[0].connected:
                    break
            return bob.info.seats[0]
        host.disconnect()                    # a program stopped: no leave sent
        dropped = bob_sees_ann()
        assert not dropped.connected and not dropped.left
        assert seat_news([p.SeatInfo(**{**BOB, "seat": 0, "name": "Ann"}, connected=True)],
                         [dropped], 1) == ["Ann's connection dropped."]
    finally:
        bob.close()
