"""Yatz through ``gameshelf serve`` on the one match interface (``session.remote``): two
clients play a whole 2-seat game, each seeing every move (its own and the other's) and the
same table; a hold after a hold (the last one counts) is told at once; a refused action
gets the server's words and changes nothing; the record replays to the totals both saw."""

from __future__ import annotations

import json
import random
import threading

import pytest

from gameshelf.core.errors import IllegalMoveError
from gameshelf.core.records import GameRecord
from gameshelf.games.yatz.game import Hold, Roll, Score
from gameshelf.games.yatz.match import Match
from gameshelf.games.yatz.online import RemoteYatz
from gameshelf.games.yatz.scoring import Box
from gameshelf.server import protocol as p
from gameshelf.session.remote import Room, parse_seats
from tests.server.helpers import Running


def yatz_pair(url: str, seats: str = "me,?") -> tuple[RemoteYatz, RemoteYatz]:
    """Ann creates a Yatz room, Bob joins it, Ann's client starts it."""
    host = Room.create(url, "yatz", parse_seats(seats, "Ann"))
    bob = Room.join(url, host.code, "Bob")
    while any(s.kind == "open" for s in host.info.seats):
        host.wait(0.1)
    host.start()
    games: dict[str, RemoteYatz] = {}
    threads = [threading.Thread(target=lambda k=k, r=r: games.__setitem__(k, RemoteYatz(r)))
               for k, r in (("ann", host), ("bob", bob))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return games["ann"], games["bob"]


def play_turn(game: RemoteYatz, pick: random.Random) -> None:
    """One turn of this client's seat: a roll, sometimes two holds (the second replacing the
    first) and a second roll, then a random empty box."""
    game.play("roll")
    if pick.random() < 0.3:
        game.play("hold 1 2")
        game.play("hold 1")
        assert game.state.held_positions() == (1,)
        game.play("roll")
    legal = [a for a in game.legal_actions() if isinstance(a, Score)]
    game.play(str(pick.choice(legal)))


def test_a_whole_two_seat_game_each_client_sees_every_move(server: Running) -> None:
    ann, bob = yatz_pair(server.url)
    assert [s.name for s in ann.seats] == ["Ann", "Bob"] and ann.here() == [0]
    assert bob.here() == [1] and not ann.keeps_saves and ann.title == f"room {ann.name}"
    errors: list[BaseException] = []

    def bob_plays() -> None:
        pick = random.Random(2)
        try:
            while not bob.finished():
                if bob.here_to_act():
                    play_turn(bob, pick)
                else:
                    bob.advance()
        except BaseException as exc:  # noqa: BLE001 - shown by the assertion below
            errors.append(exc)

    thread = threading.Thread(target=bob_plays)
    thread.start()
    pick = random.Random(1)
    refused = False
    while not ann.finished():
        if ann.here_to_act():
            if not refused and ann.state.turns_done >= 2:
                ann.play("roll")
                seq, table = ann.seq, ann.state.clone()
                taken = next(str(Score(c, b)) for c in range(3) for b in Box
                             if ann.state.boxes[0][c][b] is not None)
                with pytest.raises(IllegalMoveError, match="already filled"):
                    ann.play(taken)     # the server's words; nothing changed
                assert ann.seq == seq and ann.state.boxes == table.boxes
                assert ann.state.dice == table.dice
                refused = True
                ann.play(str(pick.choice([a for a in ann.legal_actions()
                                          if isinstance(a, Score)])))
            else:
                play_turn(ann, pick)
        else:
            ann.advance()
    thread.join(60)
    assert not errors, errors
    assert refused
    for game in (ann, bob):
        assert game.state.is_terminal() and game.end_problem() is None
    totals = [ann.state.grand_total(i) for i in range(2)]
    assert totals == [bob.state.grand_total(i) for i in range(2)]
    # every move seen by both, in the same words: 39 boxes each, every roll with its dice
    assert ann.log() == bob.log()
    boxes = [m for m in ann.moves if isinstance(m.action, Score)]
    assert [sum(m.seat == s for m in boxes) for s in (0, 1)] == [39, 39]
    assert all(len(m.dice) == 5 for m in ann.moves if isinstance(m.action, Roll))
    assert any(isinstance(m.action, Hold) and m.seat == 1 for m in ann.moves)
    # the record replays to what both saw, and to the moves they were told
    answer = ann.room.link.request(p.GetRecord(code=ann.room.code, token=ann.room.token),
                                   p.Record)
    match = Match.from_record(GameRecord.from_json(json.dumps(answer.record)))
    assert [match.state.grand_total(i) for i in range(2)] == totals
    assert ann.played_actions() == match.played_actions()
    for game in (ann, bob):
        game.close()
