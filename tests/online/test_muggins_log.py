"""The ``log`` field of the server's ``state`` messages (issue 13): every game writes its
recent moves in words as the receiving seat may know them, never a hidden tile or card, and
the client's log takes each line once (a rejoin sees the current turn's moves)."""

from __future__ import annotations

import random
import re

import pytest

from gameshelf.server import protocol as p
from gameshelf.server.games import Game, SeatPlan, game_class
from gameshelf.server.room import Room, Seat
from gameshelf.session.remote import MoveLog

TILE = re.compile(r"\b\d-\d\b")
CARD = re.compile(r"\bP\d\d\b")


def _room(game: Game, kinds: list[str]) -> Room:
    room = Room("LOGS", game.key, {}, [Seat(k, f"S{i}") for i, k in enumerate(kinds)], 0,
                60.0, 1)
    room.game = game
    return room


def _play_out(game: Game, kinds: list[str], seed: int, check: object) -> Room:
    """Play ``game`` to its end with random legal moves for the people, calling
    ``check(room)`` after every move (the room's ``by_computer`` kept in step)."""
    room = _room(game, kinds)
    pick = random.Random(seed)
    while not game.is_over():
        before = len(game.actions)
        if not game.step():
            seat = game.to_act()
            game.play(seat, pick.choice(game.legal(seat)))
        room.mark(before, False)
        check(room)  # type: ignore[operator]
    return room


def test_muggins_log_names_only_played_tiles_and_says_draws_without_the_tile() -> None:
    game = game_class("muggins").new([SeatPlan("person", "Ann"), SeatPlan("person", "Bob")],
                                {"target": 60}, 11)
    played: set[str] = set()
    drew_lines = 0

    def check(room: Room) -> None:
        nonlocal drew_lines
        st = game.match.state  # type: ignore[attr-defined]
        played.update(ev.tile and str(ev.tile) for ev in st.events if ev.kind == "play")
        for seat in (0, 1):
            msg = room.state_for(seat, room.seq)
            assert len(msg.log) <= p.LOG_LINES
            for line in msg.log:
                assert line.seq <= room.seq
                tiles = TILE.findall(line.text)
                assert set(tiles) <= played, line.text   # never a rack's or drawn tile
                if "drew" in line.text:
                    drew_lines += 1
                    assert not tiles and line.text.endswith("drew a tile")
                assert "You" not in line.text or line.text.startswith(("You ", "Round"))
                assert ("Ann" not in line.text) if seat == 0 else ("Bob" not in line.text)

    _play_out(game, ["person", "person"], 3, check)
    assert drew_lines and played


def test_showdown_log_never_names_a_card_hidden_from_the_seat() -> None:
    game = game_class("showdown").new([SeatPlan("person", "Ann"), SeatPlan("person", "Bob"),
                                  SeatPlan("computer", "Cy", "heuristic")], {}, 5)
    lines = 0

    def check(room: Room) -> None:
        nonlocal lines
        st = game.match.state  # type: ignore[attr-defined]
        for seat in (0, 1):
            view = st.view(seat)
            hidden = set()
            for other in range(3):
                if other != seat:
                    hidden |= set(st.hands[other]) - set(view.known_in_hand[other])
            from gameshelf.games.showdown.actions import card_text
            secret = {card_text(c) for c in hidden}
            msg = room.state_for(seat, room.seq)
            for line in msg.log:
                lines += 1
                assert not set(CARD.findall(line.text)) & secret, line.text

    room = _play_out(game, ["person", "person", "computer"], 8, check)
    assert lines
    view = room.state_for(0, room.seq).view
    assert all(isinstance(k, int) for k in view["removed"])   # one form: counts


def test_yatz_log_says_who_did_what() -> None:
    game = game_class("yatz").new([SeatPlan("person", "Ann"), SeatPlan("computer", "Cy")], {}, 2)
    room = _play_out(game, ["person", "computer"], 1, lambda room: None)
    log = [line.text for line in room.state_for(0, room.seq).log]
    # in words, each line naming its seat (seat 0 reads its own moves as "You")
    assert log and all(t.startswith(("You ", "Cy ")) for t in log), log
    assert any(t.startswith("Cy scored ") for t in log) and any(
        t.startswith("You rolled ") for t in log)


@pytest.mark.parametrize("with_log", [True, False])
def test_the_client_log_takes_each_line_once_and_reads_an_older_server(with_log: bool) -> None:
    log = MoveLog()

    def state(seq: int, lines: list[tuple[int, str]]) -> p.State:
        return p.State("X", seq, 0, 0, events=tuple(p.Event(s, 1, t) for s, t in lines),
                       log=tuple(p.LogLine(s, t) for s, t in lines) if with_log else ())

    log.take(state(2, [(1, "a"), (2, "b")]), lambda e: e.action)
    log.take(state(3, [(1, "a"), (2, "b"), (3, "c")]) if with_log else state(3, [(3, "c")]),
             lambda e: e.action)
    assert log.lines == ["a", "b", "c"]
