"""A computer standing in for a person away is told in words, once (two clients over a
real server on 127.0.0.1): the other person reads ``Ann is away: the computer plays for
Ann.`` once for the whole stand-in turn, then ``Ann came back.``; Ann, back from another
program, reads ``You were away: the computer played your turns meanwhile.``, once; the
prompt and the screens print these lines as they come (``news``)."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from gameshelf.games.yatz.online import RemoteYatz
from gameshelf.server import protocol as p
from gameshelf.session.link import Link
from gameshelf.session.remote import parse_seats
from gameshelf.session.room import Room
from tests.online.test_prompt_waiting import Client
from tests.server.helpers import Running

PATIENCE = 60.0   # a hang guard, not a timing check


def _until(check: object, poll: RemoteYatz) -> None:
    end = time.monotonic() + PATIENCE
    while not check():  # type: ignore[operator]
        if time.monotonic() > end:      # a hang guard
            raise AssertionError("not seen in time")
        poll.advance()


def test_a_stand_in_is_told_once_to_the_others_and_to_the_person_back(
        server: Running) -> None:
    host = Room.create(server.url, "yatz", parse_seats("me,?", "Ann"), away_timeout=0.5)
    bob_room = Room.join(server.url, host.code, "Bob")
    while any(s.kind == "open" for s in host.info.seats):
        host.wait(0.1)
    host.start()
    games: dict[str, RemoteYatz] = {}
    threads = [threading.Thread(target=lambda k=k, r=r: games.__setitem__(k, RemoteYatz(r)))
               for k, r in (("ann", host), ("bob", bob_room))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    ann, bob = games["ann"], games["bob"]
    code, token = host.code, host.token
    back: RemoteYatz | None = None
    try:
        ann.disconnect()                       # Ann's program stopped on her turn
        _until(bob.here_to_act, bob)           # the stand-in played Ann's whole turn
        told = [line for line in bob.news if "away" in line]
        assert told == ["Ann is away: the computer plays for Ann."]
        assert any("(played by the computer while away)" in line for line in bob.log())
        link = Link(server.url)                # Ann again, from another program
        back = RemoteYatz(Room(link, link.request(p.Rejoin(code=code, token=token),
                                                  p.Joined)))
        assert [line for line in back.news if "away" in line] == [
            "You were away: the computer played your turns meanwhile."]
        _until(lambda: "Ann came back." in bob.news, bob)
        bob.play("roll")
        _until(lambda: back.seq == bob.seq, back)
        assert sum("away" in line for line in back.news) == 1      # said once
        assert sum("away" in line for line in bob.news) == 1
    finally:
        bob.close()
        if back is not None:
            back.close()


def test_the_prompt_tells_a_stand_in_once(server: Running, tmp_path: Path) -> None:
    bob = Client(["online", "create", "yatz", "--seats", "me,?", "--name", "Bob", "--away",
                  "0.5", "--server", server.url], tmp_path / "bob")
    ann: RemoteYatz | None = None
    try:
        code = bob.expect(r"Room ([A-Z0-9]+) on ")[0].group(1)
        ann = RemoteYatz(Room.join(server.url, code, "Ann"))
        bob.expect(r"Bob> ")
        bob.type("roll")
        bob.expect(r"Bob> ")
        bob.type("score x1 chance")
        bob.expect(r"\(waiting for Ann\.\.\.\)")
        ann.disconnect()                       # Ann's program stopped on her turn
        bob.expect(r"Ann is away: the computer plays for Ann\.")
        bob.expect(r"Bob's turn 2 of 39")      # the stand-in played Ann's whole turn
        bob.expect(r"Bob> ")
        assert bob.text.count("the computer plays for Ann") == 1
        bob.type("quit")
        assert bob.proc.wait(30) == 0
    finally:
        bob.close()
