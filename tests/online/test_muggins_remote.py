"""Muggins through ``gameshelf serve`` on the one match interface (issue 13): complete games
of a person against Mugsy and of two people with bot clients on :class:`RemoteMuggins`; no
message to a seat holds a tile that seat's engine view does not show (its ``log``
included); a client that comes back sees the current turn's moves; the prompt plays a room
(``online create muggins``)."""

from __future__ import annotations

import io
import json
import random
import re
import threading
from typing import Any

import pytest

from gameshelf.cli import main
from gameshelf.core.records import GameRecord
from gameshelf.games.muggins.game import MugginsState, parse_action
from gameshelf.games.muggins.online import RemoteMuggins
from gameshelf.games.muggins.tiles import parse_tile
from gameshelf.games.muggins.view import MugginsView
from gameshelf.server import protocol as p
from gameshelf.session.remote import Room, parse_seats
from tests.server.helpers import Running

TILE = re.compile(r"(?<![\d-])(\d)-(\d)(?![\d-])")
TARGET = 40


def _catching(game: RemoteMuggins, kept: list[p.State]) -> None:
    """Keep every ``state`` message the client takes (what the server sent this seat)."""
    take = game._take

    def spy(msg: p.Message | None) -> bool:
        if isinstance(msg, p.State):
            kept.append(msg)
        return take(msg)
    game._take = spy  # type: ignore[method-assign]


def _bot(game: RemoteMuggins, seed: int, moves: int = 10_000) -> None:
    """Play random legal moves (a tile alone when it fits one chain) until the end."""
    pick = random.Random(seed)
    while not game.finished() and moves:
        if game.here_to_act():
            legal = game.legal_actions()
            assert legal == list(game.view(game.seat).legal)
            game.play(str(pick.choice(legal)))
            moves -= 1
        else:
            game.advance()


def _start(url: str, seats: str, target: int = TARGET) -> tuple[Room, Room | None]:
    host = Room.create(url, "muggins", parse_seats(seats, "Ann"), {"target": target})
    guest = Room.join(url, host.code, "Bob") if "?" in seats else None
    while any(s.kind == "open" for s in host.info.seats):
        host.wait(0.1)
    host.start()
    return host, guest


def _record(game: RemoteMuggins) -> GameRecord:
    record = game.record()
    assert record is not None
    return record


def _check_secrets(record: GameRecord, seat: int, states: list[p.State]) -> int:
    """Replay the record: every tile in a state's view to ``seat`` is one that seat's engine
    view shows then (its rack or the chains: never the other rack or the boneyard), and
    every tile in its log and events is one played onto a chain (public) by then."""
    st = MugginsState(target=int(record.options.get("target", TARGET)))
    shown: list[set[Any]] = []
    played: list[set[Any]] = []
    done: set[Any] = set()
    for text in [*record.actions, None]:
        view = MugginsView.of(st, seat)
        shown.append(set(view.hand) | {q.tile for q in st.left} | {q.tile for q in st.right})
        played.append(set(done))
        if text is not None:
            words = text.split()
            if words[0] not in ("draw", "pass", "take"):
                done.add(parse_tile(words[0]))
            st.apply_action(parse_action(text))
    checked = 0
    for msg in states:
        assert msg.seat == seat
        for a, b in TILE.findall(json.dumps(msg.view)):
            assert parse_tile(f"{a}-{b}") in shown[msg.seq], (msg.seq, a, b)
            checked += 1
        told = [line.text for line in msg.log] + [e.action or "" for e in msg.events]
        for a, b in TILE.findall(" ".join(told)):
            assert parse_tile(f"{a}-{b}") in played[msg.seq], (msg.seq, a, b, told)
            checked += 1
    return checked


def test_a_person_against_mugsy_plays_a_whole_game_and_sees_only_its_rack(
        server: Running) -> None:
    host, _ = _start(server.url, "me,cpu:easy")
    ann = RemoteMuggins(host)
    kept: list[p.State] = []
    _catching(ann, kept)
    assert ann.level == "easy" and ann.names(0) == ("You", "Mugsy") and ann.here() == [0]
    with pytest.raises(Exception, match="own seat"):
        ann.view(1)
    _bot(ann, 1)
    assert ann.finished() and not ann.errors and ann.end_problem() is None
    table = ann.view(0)
    assert max(table.scores) >= TARGET and table.winner is not None
    record = _record(ann)
    assert _check_secrets(record, 0, kept) > 0
    lines = list(ann.log())
    assert any(line.startswith("Mugsy played") for line in lines)
    assert any(line.startswith("You played") for line in lines)
    assert all(not TILE.search(line) for line in lines if "drew" in line)
    ann.close()


def test_two_people_play_a_whole_game_each_seeing_only_its_own_rack(server: Running) -> None:
    host, guest = _start(server.url, "me,?")
    assert guest is not None
    games: dict[int, RemoteMuggins] = {}
    starters = [threading.Thread(target=lambda r=r: games.__setitem__(r.seat, RemoteMuggins(r)))
                for r in (host, guest)]
    for t in starters:
        t.start()
    for t in starters:
        t.join(30)
    kept: dict[int, list[p.State]] = {0: [], 1: []}
    for seat, game in games.items():
        _catching(game, kept[seat])
    assert games[1].level is None and games[1].names(1) == ("Ann", "You")
    threads = [threading.Thread(target=_bot, args=(g, 10 + s)) for s, g in games.items()]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    ann, bob = games[0], games[1]
    assert ann.finished() and bob.finished() and not ann.errors and not bob.errors
    assert ann.view(0).scores == bob.view(1).scores
    record = _record(ann)
    for seat in (0, 1):
        assert _check_secrets(record, seat, kept[seat]) > 0
    assert any(line.startswith("Bob played") for line in ann.log())
    assert any(line.startswith("Ann played") for line in bob.log())
    ann.close()
    bob.close()


def test_a_client_that_comes_back_sees_the_current_turns_moves(server: Running) -> None:
    # to 500: a game to 40 can end within the first dozen moves (a round won on pips), with
    # the server's game number drawn at random
    host, guest = _start(server.url, "me,?", target=500)
    assert guest is not None
    ann = RemoteMuggins(host)
    bob = RemoteMuggins(guest)
    pick = random.Random(4)
    moves = 0
    while moves < 12 or not bob.here_to_act():   # some moves, up to Bob's turn
        assert not ann.finished()
        mover = ann if ann.here_to_act() else bob if bob.here_to_act() else None
        if mover is None:
            ann.advance()
            bob.advance()
            continue
        mover.play(str(pick.choice(mover.legal_actions())))
        moves += 1
    code = ann.room.code
    ann.close()
    bob.play(str(pick.choice(bob.legal_actions())))   # a move while Ann is gone
    back = RemoteMuggins(Room.join(server.url, code, "Ann"))
    assert back.seat == 0 and len(back.log()) >= 5   # the recent moves, at once
    mine, theirs = back.log()[-1], bob.log()[-1]
    assert theirs.startswith(("You ", "Round")), theirs
    assert mine == theirs.replace("You ", "Bob ", 1) or mine.startswith("Round"), (mine,
                                                                                    theirs)
    back.close()
    bob.close()


def test_the_prompt_plays_a_room_against_mugsy(server: Running,
                                               capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("help\nhint\nquit\n"))
    with pytest.raises(SystemExit) as exc:
        main(["online", "create", "muggins", "--seats", "me,cpu:easy", "--name", "Ann",
              "--target", "40", "--server", server.url])
    out = capsys.readouterr()
    assert int(exc.value.code or 0) == 0, out.err
    room = re.search(r"Room ([A-Z0-9]+) on ", out.out)
    assert room is not None
    assert "Muggins in room" in out.out and "against Mugsy (easy)" in out.out
    assert "your tiles:" in out.out and "join the room again" in out.out
    assert f"You left room {room.group(1)}" in out.out
    with pytest.raises(SystemExit) as exc:
        main(["online", "create", "showdown", "--seats", "me,cpu", "--target", "40",
              "--server", server.url])
    err = capsys.readouterr().err
    assert exc.value.code == 2
    assert "not an option of Pinball Showdown (Muggins: the points that end the game)" in err
