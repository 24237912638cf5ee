"""What the server sends of each seat's view, game by game, at every step of a played game:
the ``state`` text written for a whole outbox at once (views made together, a view the
seats share written once) is byte for byte the text of the message alone, and its view is
the game's own view of that seat (its view codec's output); views made together, in any
order of the seats, never carry another seat's hidden part; a seat with no connection is
sent nothing and its view is not made."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from gameshelf.server import protocol as p
from gameshelf.server.batch import dump_all
from gameshelf.server.games import Game, game_class, playable
from gameshelf.server.room import Room
from gameshelf.server.rooms import Lobby
from gameshelf.server.storage import SQLiteRoomStore

#: People in a room of each game (4, or as many as the game takes; Yatz 2: a game of 4
#: is some 600 actions).
PEOPLE = {"muggins": 2, "yatz": 2}
#: Actions played at most in one game (a Yatz game of 2 is about 300).
MOST = 1000


def _room(lobby: Lobby, game: str) -> tuple[Room, list[str]]:
    """A started room of ``game`` with every seat a person with a connection."""
    n = PEOPLE.get(game, 4)
    seats = (p.SeatSpec("host", "Ann"), *(p.SeatSpec("open") for _ in range(n - 1)))
    room, host, token = lobby.create(p.Create(game, seats), 0.0)
    tokens = {host: token}
    for i in range(1, n):
        _, seat, tok, _ = lobby.join(p.Join(room.code, f"P{i}"), 0.0)
        tokens[seat] = tok
    for seat in tokens:
        lobby.connected(room, seat)
    lobby.start(p.Start(room.code, token), 0.0)
    return room, [tokens[s] for s in range(n)]


def _played(game: str, tmp_path: Path, seed: int = 1) -> list[tuple[Game, p.Message, str, int]]:
    """Every ``state`` message of a played game, as ``(game, message, text sent, seat)``
    (the text written with the rest of its outbox), checked as it is played: each one's
    view is the game's own view of its seat at that step."""
    lobby = Lobby(SQLiteRoomStore(tmp_path / f"{game}.db"))
    room, tokens = _room(lobby, game)
    g = room.game
    assert g is not None
    cls, rng = game_class(game), random.Random(seed)
    sent = []
    for _ in range(MOST):
        if g.is_over():
            break
        seat = g.to_act()
        out = lobby.act(p.Act(room.code, tokens[seat], cls.load_test_choice(g.legal(seat), rng)),
                        0.0)
        texts = dump_all([m for _, m in out])
        for (to, msg), text in zip(out, texts, strict=True):
            assert text == p.dump(msg)          # written at once: the same bytes
            if isinstance(msg, p.State):
                assert to == msg.seat
                view = json.loads(text)["view"]
                assert view == json.loads(json.dumps(g.view(msg.seat)))
                sent.append((g, msg, text, msg.seat))
    assert g.is_over(), f"{game}: not over after {MOST} actions"
    return sent


@pytest.mark.parametrize("game", playable())
def test_the_view_sent_is_the_games_view_of_the_seat_at_every_step(
        game: str, tmp_path: Path) -> None:
    sent = _played(game, tmp_path)
    seats = {seat for *_, seat in sent}
    assert seats == set(range(PEOPLE.get(game, 4)))     # every seat was told every step
    assert len(sent) >= 4 * len(seats) and len(sent) % len(seats) == 0


def _own(view: dict[str, Any]) -> set[str]:
    """What of a view only its seat may see, as texts: a Showdown hand and offer, a Muggins
    rack, a One Dollar bill before every bill is in; none in a game with nothing hidden."""
    game = view.get("game")
    if game == "showdown":
        return {*view["hand"], *([view["my_offer"]] if view["my_offer"] else [])}
    if game == "muggins":
        return set(view["hand"])
    if game == "dollar" and view["to_act"] != -2:
        return {b["bill"] for b in view["bills"] if b is not None and not b.get("hidden")}
    return set()


@pytest.mark.parametrize("game", playable())
def test_views_made_together_never_carry_another_seats_hidden_part(
        game: str, tmp_path: Path) -> None:
    """Made for every seat at once, in either order of the seats, or for one seat alone:
    each seat's view is its own view (no part kept or shared from one seat's view reaches
    another's); a seat's hidden part is not in another seat's own part (a One Dollar
    bill: nowhere in its text) while it is hidden."""
    lobby = Lobby(SQLiteRoomStore(tmp_path / "rooms.db"))
    room, tokens = _room(lobby, game)
    g = room.game
    assert g is not None
    cls, rng = game_class(game), random.Random(7)
    seats = list(range(len(tokens)))
    steps = 0
    while not g.is_over() and steps < MOST:
        own = [g.view(s) for s in seats]
        for order in (seats, seats[::-1]):
            made = dict(zip(order, g.views(order), strict=True))
            assert [made[s] for s in seats] == own
            for s in seats:
                for other in seats:
                    if other == s:
                        continue
                    assert not _own(own[s]) & _own(made[other]), (steps, s, other)
                    if game == "dollar":
                        text = p.dump(p.State(room.code, room.seq, other, view=made[other]))
                        assert not any(bill in text for bill in _own(own[s])), (steps, s)
        assert [g.views([s])[0] for s in seats] == own
        seat = g.to_act()
        lobby.act(p.Act(room.code, tokens[seat], cls.load_test_choice(g.legal(seat), rng)),
                  0.0)
        steps += 1
    assert steps > 3


def test_a_seat_with_no_connection_is_sent_nothing_and_its_view_is_not_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    lobby = Lobby(SQLiteRoomStore(tmp_path / "rooms.db"))
    room, tokens = _room(lobby, "showdown")
    g = room.game
    assert g is not None
    lobby.disconnected(room, 2, 0.0)
    asked: list[list[int]] = []
    made = g.views

    def views(seats: list[int]) -> list[dict[str, Any]]:
        asked.append(list(seats))
        return made(seats)

    monkeypatch.setattr(g, "views", views)
    seat = g.to_act()
    out = lobby.act(p.Act(room.code, tokens[seat], g.legal(seat)[0]), 0.0)
    assert asked == [[0, 1, 3]]
    assert sorted(m.seat for _, m in out if isinstance(m, p.State)) == [0, 1, 3]
    told = lobby.connected(room, 2)         # back: told the game as it stands
    state = next(m for _, m in told if isinstance(m, p.State))
    assert state.seat == 2 and state.view == g.view(2) and state.seq == room.seq


def test_a_view_several_seats_hold_is_written_once_and_the_same_bytes() -> None:
    shared = {"game": "yatz", "dice": [1, 2, 3], "names": ["Ann", "Bob"]}
    other = dict(shared)            # equal, not the same object: written apart
    msgs: list[p.Message] = [p.State("K7QX", 3, 0, view=shared),
                             p.RoomUpdate(None),
                             p.State("K7QX", 3, 1, view=shared, legal=("roll",)),
                             p.State("K7QX", 3, 2, view=other)]
    assert dump_all(msgs) == [p.dump(m) for m in msgs]
    assert dump_all([]) == []
