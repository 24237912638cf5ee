"""Two clients play Pinball Showdown through ``gameshelf serve`` with the remote match
(``session.remote``): each sees only its own hand, the game ends the same for both and its
record replays to what they saw; a dropped connection rejoins its seat with the token kept
in the store."""

from __future__ import annotations

import json
import random
import threading
from pathlib import Path

import pytest

from gameshelf.core.records import GameRecord
from gameshelf.games.showdown.actions import Deal, parse_action
from gameshelf.games.showdown.match import Match
from gameshelf.games.showdown.online import RemoteShowdown
from gameshelf.server import protocol as p
from gameshelf.session import link, remote
from gameshelf.session.remote import Room, kept_seat, parse_seats
from tests.server.helpers import Running, running


def _pair(url: str, seats: str = "me,?") -> tuple[RemoteShowdown, RemoteShowdown]:
    """Ann creates a room, Bob joins it, Ann's client starts it (no seat left open)."""
    host = Room.create(url, "showdown", parse_seats(seats, "Ann"))
    bob = Room.join(url, host.code, "Bob")
    while any(s.kind == "open" for s in host.info.seats):
        host.wait(0.1)
    host.start()
    games: dict[str, RemoteShowdown] = {}
    threads = [threading.Thread(target=lambda k=k, r=r: games.__setitem__(k, RemoteShowdown(r)))
               for k, r in (("ann", host), ("bob", bob))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return games["ann"], games["bob"]


def _play(game: RemoteShowdown, seed: int, hands: list[tuple[int, ...]],
          drop_at: int = -1) -> None:
    """Play random legal actions for this client's seat until the end, keeping every hand
    it was shown; ``drop_at``: close the connection under the client at that action."""
    pick = random.Random(seed)
    acted = 0
    while not game.finished():
        if game.here_to_act():
            view = game.view(game.seat)
            hands.append(view.hand)
            legal = game.legal_actions()
            assert legal == view.legal_actions()
            if acted == drop_at:
                game.room.link.ws.close()   # the connection drops: the next send rejoins
            game.play(str(pick.choice(legal)))
            acted += 1
        else:
            game.advance()
    hands.append(game.view(game.seat).hand)


def _record(game: RemoteShowdown) -> GameRecord:
    answer = game.room.link.request(p.GetRecord(code=game.room.code, token=game.room.token),
                                    p.Record)
    return GameRecord.from_json(json.dumps(answer.record))


def test_two_clients_play_a_full_game_each_seeing_only_its_own_hand(server: Running) -> None:
    ann, bob = _pair(server.url, "me,?,cpu")
    assert [s.name for s in ann.seats] == ["Ann", "Bob", "CPU 1"]
    assert ann.here() == [0] and bob.here() == [1] and not ann.keeps_saves
    for game in (ann, bob):   # another seat's view is not known here
        other = 1 - game.seat
        try:
            game.view(other)
        except Exception as exc:  # noqa: BLE001
            assert "own seat" in str(exc)
        else:
            raise AssertionError("another seat's view was given")
    seen: dict[int, list[tuple[int, ...]]] = {0: [], 1: []}
    threads = [threading.Thread(target=_play, args=(g, g.seat, seen[g.seat], 3))
               for g in (ann, bob)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert ann.finished() and bob.finished() and not ann.errors and not bob.errors
    a, b = ann.table(), bob.table()
    assert [a.score(s) for s in range(3)] == [b.score(s) for s in range(3)]
    assert a.is_terminal() and a.winners() == b.winners()
    # the record replays to the same end, and each client was shown its own hand only
    record = _record(ann)
    match = Match.from_record(record)
    assert match.state.is_terminal()
    assert [match.state.score(s) for s in range(3)] == [a.score(s) for s in range(3)]
    deal = parse_action(record.actions[0])
    assert isinstance(deal, Deal)
    start = Match(match.seats, record.seed)
    start.step()   # the deal
    for seat in (0, 1):
        assert seen[seat][0] == tuple(start.state.hands[seat])
        other = set(start.state.hands[1 - seat])
        assert not other & set(seen[seat][0])
    assert ann.log() and any(line.startswith("Bob") for line in ann.log())
    ann.close()
    bob.close()


def test_a_client_comes_back_to_its_seat_with_the_kept_token(server: Running) -> None:
    """Closed and opened again (join with the same name): the same seat, the current state;
    another name gets no seat (the room has started)."""
    ann, bob = _pair(server.url)
    code, seq = ann.room.code, ann.seq
    kept = kept_seat(server.url, code, "Ann")
    assert kept is not None and kept.seat == 0 and kept.name == "Ann"
    ann.close()
    again = RemoteShowdown(Room.join(server.url, code, "Ann"))
    assert again.seat == 0 and again.seq == seq
    assert again.view(0).hand == ann.view(0).hand
    try:
        Room.join(server.url, code, "Cleo")
    except Exception as exc:  # noqa: BLE001
        assert getattr(exc, "code", "") == "already_started"
    else:
        raise AssertionError("a stranger joined a started room")
    again.close()
    bob.close()


def test_a_server_gone_for_good_ends_the_game_here_saying_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The server stops mid-game: the client tries again, then says the connection is lost
    and that the server keeps the game (nothing is shown as a finished game)."""
    monkeypatch.setattr(link, "RECONNECT_PAUSE", 0.01)
    with running(tmp_path / "gone.db") as srv:
        ann, bob = _pair(srv.url)
    for game in (ann, bob):
        for _ in range(50):
            if game.finished():
                break
            if game.here_to_act():
                try:
                    game.play(str(game.legal_actions()[0]))
                except remote.OnlineError:
                    break
            else:
                game.advance()
    lost = [g for g in (ann, bob) if g.end_problem() is not None]
    assert len(lost) == 2, "a client did not notice the server had gone"
    for game in lost:
        assert game.finished() and "lost" in (game.end_problem() or "")
        assert f"join room {game.room.code} again" in (game.end_problem() or "")
