"""The rooms without the network (:class:`gameshelf.server.rooms.Lobby`): what is stored is
what a restarted server rebuilds, a Yatz hold that replaces the hold before it included,
and an action the store cannot take is refused with nothing changed and nothing told."""

from __future__ import annotations

import gc
import random
from collections.abc import Sequence
from pathlib import Path

import pytest

from gameshelf.core.errors import StoreError
from gameshelf.server import keeper
from gameshelf.server import protocol as p
from gameshelf.server.room import ELSEWHERE, Refused
from gameshelf.server.rooms import Lobby
from gameshelf.server.storage import FinishedGame, SQLiteRoomStore, StoredAction

HOST, OPEN = p.SeatSpec("host", "Ann"), p.SeatSpec("open")


def _yatz(lobby: Lobby) -> tuple[str, list[str]]:
    room, _, ann = lobby.create(p.Create("yatz", (HOST, OPEN)), 0.0)
    _, _, bob, _ = lobby.join(p.Join(room.code, "Bob"), 0.0)
    lobby.start(p.Start(room.code, ann), 0.0)
    return room.code, [ann, bob]


def test_a_restarted_server_rebuilds_each_room_as_it_was_stored(tmp_path: Path) -> None:
    store = SQLiteRoomStore(tmp_path / "rooms.db")
    lobby = Lobby(store)
    code, (ann, _) = _yatz(lobby)
    for action in ("roll", "hold 1", "hold 1 2", "roll"):   # the second hold replaces the first
        lobby.act(p.Act(code, ann, action), 0.0)
    before = lobby.rooms[code]
    assert before.game is not None
    acts = list(before.game.actions)
    assert "hold 1" not in acts and "hold 1 2" in acts
    again = Lobby(SQLiteRoomStore(tmp_path / "rooms.db"))
    assert again.load_unfinished(5.0) == [code]
    room = again.rooms[code]
    assert room.game is not None and list(room.game.actions) == acts
    assert room.seq == before.seq and room.by_computer == before.by_computer
    assert room.game.view(0) == before.game.view(0)
    # and it plays on from there
    again.act(p.Act(code, ann, "score x1 chance"), 5.0)
    assert room.game.to_act() == 1


def test_two_people_muggins_record_replays_with_seat_1_a_person(tmp_path: Path) -> None:
    from gameshelf.games.muggins.match import Match

    lobby = Lobby(SQLiteRoomStore(tmp_path / "rooms.db"))
    room, _, ann = lobby.create(p.Create("muggins", (HOST, OPEN), {"target": 30}), 0.0)
    _, _, bob, _ = lobby.join(p.Join(room.code, "Bob"), 0.0)
    lobby.start(p.Start(room.code, ann), 0.0)
    tokens = [ann, bob]
    assert room.game is not None
    while not room.game.is_over():
        s = room.game.to_act()
        lobby.act(p.Act(room.code, tokens[s], room.game.stand_in(s)), 0.0)
    record = room.game.record()
    assert record.options["opponent"] == "person"
    assert Match.from_record(record).state.is_terminal()


class _FailingStore(SQLiteRoomStore):
    fail = False

    def append(self, code: str, actions: Sequence[StoredAction], status: str, *,
               known: int | None = None, version: int | None = None,
               finished: FinishedGame | None = None) -> int:
        if self.fail:
            raise StoreError("the disk is full")
        return super().append(code, actions, status, known=known, version=version,
                              finished=finished)


def test_an_action_the_store_cannot_take_is_refused_and_nothing_changes(
        tmp_path: Path) -> None:
    store = _FailingStore(tmp_path / "rooms.db")
    lobby = Lobby(store)
    code, (ann, _) = _yatz(lobby)
    lobby.act(p.Act(code, ann, "roll"), 0.0)
    room = lobby.rooms[code]
    assert room.game is not None
    seq, acts = room.seq, list(room.game.actions)
    store.fail = True
    with pytest.raises(Refused) as info:
        lobby.act(p.Act(code, ann, "score x1 chance"), 0.0)
    assert info.value.code == "internal"
    room = lobby.rooms[code]            # rebuilt from the store
    assert room.game is not None and room.seq == seq and list(room.game.actions) == acts
    store.fail = False
    lobby.act(p.Act(code, ann, "score x1 chance"), 0.0)
    assert lobby.rooms[code].seq > seq


def test_the_away_rule_plays_for_a_person_gone_longer_than_the_timeout(
        tmp_path: Path) -> None:
    lobby = Lobby(SQLiteRoomStore(tmp_path / "rooms.db"))
    room, seat, ann = lobby.create(p.Create("yatz", (HOST, OPEN), away_timeout=30), 0.0)
    _, bob_seat, _, _ = lobby.join(p.Join(room.code, "Bob"), 0.0)
    lobby.start(p.Start(room.code, ann), 0.0)
    lobby.connected(room, seat)
    lobby.connected(room, bob_seat)
    assert room.game is not None and room.game.to_act() == 0
    lobby.disconnected(room, seat, 100.0)
    assert lobby.tick(129.0) == {}                 # not yet
    sent = lobby.tick(130.0)[room.code]            # 30 s gone: a computer plays for Ann
    assert room.seats[0].away and room.game.to_act() == 1
    assert all(room.by_computer[i] for i in range(len(room.by_computer))
               if room.game.actor(i) == 0)
    assert any(isinstance(m, p.State) for _, m in sent)
    lobby.connected(room, seat)                    # back: not away
    assert not room.seats[0].away


def test_a_person_another_server_says_is_there_is_not_played_for(tmp_path: Path) -> None:
    """Ann's connection is on another server process, which announces her seat: this one
    shows her connected and does not take her for gone; once the announcements stop, she is
    shown dropped after ``ELSEWHERE`` seconds, the away rule counts from the last one, and
    an announcement brings her back from away."""
    lobby = Lobby(SQLiteRoomStore(tmp_path / "rooms.db"))
    room, _, ann = lobby.create(p.Create("yatz", (HOST, OPEN), away_timeout=30), 0.0)
    _, bob_seat, _, _ = lobby.join(p.Join(room.code, "Bob"), 0.0)
    lobby.start(p.Start(room.code, ann), 0.0)
    lobby.connected(room, bob_seat)
    lobby.disconnected(room, 0, 0.0)          # Ann is not connected here
    assert room.game is not None and room.game.to_act() == 0
    assert not room.info().seats[0].connected
    told = lobby.present(room.code, (0,), 20.0)   # shown connected (through the other)
    assert isinstance(told[0][1], p.RoomUpdate) and told[0][1].room is not None
    assert told[0][1].room.seats[0].connected and not told[0][1].room.seats[0].away
    assert lobby.tick(20.0 + ELSEWHERE) == {}
    for now in (40.0, 60.0):
        assert lobby.present(room.code, (0,), now) == []     # nothing new to show
        assert lobby.tick(now) == {}
    # not said again within ELSEWHERE seconds: shown dropped, once
    lapsed = lobby.tick(60.0 + ELSEWHERE + 0.5)[room.code]
    assert [m.room.seats[0].connected for _, m in lapsed
            if isinstance(m, p.RoomUpdate) and m.room] == [False]
    assert lobby.tick(85.0) == {}                 # announced 25 s ago: not yet away
    assert room.game.to_act() == 0 and not room.seats[0].away
    assert lobby.tick(90.0)[room.code]           # 30 s after the last announcement
    assert room.seats[0].away
    told = lobby.present(room.code, (0, 7), 95.0)    # back (a seat number out of range left)
    assert not room.seats[0].away and isinstance(told[0][1], p.RoomUpdate)
    assert told[0][1].room is not None and told[0][1].room.seats[0].connected


def test_showdown_views_written_together_are_each_seats_own_view() -> None:
    from gameshelf.games.showdown.server import ShowdownGame
    from gameshelf.games.showdown.view import showdown_view
    from gameshelf.server.games import SeatPlan

    for n in (2, 4):
        g = ShowdownGame.new([SeatPlan("person", f"P{i}") for i in range(n)], {}, n)
        checked = 0
        while not g.is_over() and checked < 60:
            while g.step():
                pass
            if g.is_over():
                break
            seats = list(range(n))
            assert g.views(seats) == [showdown_view(g.match, s) for s in seats]
            s = g.to_act()
            g.play(s, g.stand_in(s))
            checked += 1


@pytest.mark.parametrize("game", ["yatz", "showdown", "muggins"])
def test_a_computer_seat_asked_for_with_no_level_keeps_the_level_that_plays(
        game: str, tmp_path: Path) -> None:
    """An online ``cpu`` seat (no level) was kept with level "" and its finished games read
    ``cpu (?)`` in the statistics; it is kept with the game's default level, which plays."""
    from gameshelf.server.games import game_class

    lobby = Lobby(SQLiteRoomStore(tmp_path / "rooms.db"))
    room, _, _ = lobby.create(p.Create(game, (HOST, p.SeatSpec("computer"))), 0.0)
    assert [s.level for s in room.seats if s.kind == "computer"] == [game_class(game).default_level]


def test_a_room_left_by_everyone_before_its_start_is_closed(tmp_path: Path) -> None:
    """Lobbies never expired: a room created and left held its code and memory for ever,
    and was rebuilt at every restart. Now it is closed after ``lobby_idle`` seconds with no
    one in it; one with someone in it, or started, is kept."""
    store = SQLiteRoomStore(tmp_path / "rooms.db")
    lobby = Lobby(store, lobby_idle=600.0)
    left, host, _ = lobby.create(p.Create("yatz", (HOST, OPEN)), 0.0)
    kept, kept_host, _ = lobby.create(p.Create("muggins", (HOST, OPEN)), 0.0)
    lobby.connected(kept, kept_host)
    code, _ = _yatz(lobby)                          # started: the away rule's, never closed
    lobby.connected(left, host)
    lobby.disconnected(left, host, 100.0)
    lobby.tick(699.0)
    assert left.code in lobby.rooms                 # not yet
    lobby.tick(700.0)
    assert left.code not in lobby.rooms and kept.code in lobby.rooms and code in lobby.rooms
    with pytest.raises(Refused, match="was closed") as refused:
        lobby.join(p.Join(left.code, "Bob"), 701.0)
    assert refused.value.code == "no_room"
    again = Lobby(SQLiteRoomStore(tmp_path / "rooms.db"))
    rebuilt = again.load_unfinished(800.0)
    assert kept.code in rebuilt and left.code not in rebuilt
    never = Lobby(SQLiteRoomStore(tmp_path / "never.db"), lobby_idle=0.0)
    room, _, _ = never.create(p.Create("yatz", (HOST, OPEN)), 0.0)
    never.tick(10.0**9)
    assert room.code in never.rooms


def test_a_room_left_by_every_person_waits_instead_of_playing_itself_out(
        tmp_path: Path) -> None:
    """Both people gone past the away timeout: nothing is played for them (the fresh user's
    abandoned Yatz game was finished by the computer and its totals entered the people's
    top-20 table); one back: the other, away, is played for again."""
    lobby = Lobby(SQLiteRoomStore(tmp_path / "rooms.db"))
    room, seat, ann = lobby.create(p.Create("yatz", (HOST, OPEN), away_timeout=30), 0.0)
    _, bob_seat, _, _ = lobby.join(p.Join(room.code, "Bob"), 0.0)
    lobby.start(p.Start(room.code, ann), 0.0)
    for k in (seat, bob_seat):
        lobby.connected(room, k)
        lobby.disconnected(room, k, 100.0)
    assert room.game is not None
    before = room.seq
    lobby.tick(1000.0)
    assert all(s.away for s in room.seats) and room.seq == before and room.status == "playing"
    lobby.connected(room, bob_seat)              # Bob back: Ann, away, is played for
    lobby.tick(1001.0)
    assert room.seq > before and room.game.to_act() == bob_seat


def test_the_lease_holder_plays_for_a_gone_seat_while_someone_is_in_the_room_elsewhere(
        tmp_path: Path) -> None:
    """The process running the room's timed work (its lease) has no connection of it: Bob
    is connected to another process, which announces his seat. Ann, gone, is played for
    here all the same; Bob, announced within the last ``ELSEWHERE`` seconds, is never taken
    for gone even with an away timeout shorter than the announcements' period; once no
    one is announced any more, the room waits."""
    lobby = Lobby(SQLiteRoomStore(tmp_path / "rooms.db"))
    room, _, ann = lobby.create(p.Create("yatz", (HOST, OPEN), away_timeout=2), 0.0)
    _, bob_seat, _, _ = lobby.join(p.Join(room.code, "Bob"), 0.0)
    lobby.start(p.Start(room.code, ann), 0.0)
    assert room.game is not None and room.game.to_act() == 0
    for now in (0.0, 5.0):
        lobby.present(room.code, (bob_seat,), now)
        lobby.tick(now + 4.0)                   # Bob announced 4 s ago, timeout 2 s
        assert not room.seats[bob_seat].away
    assert room.seats[0].away and room.game.to_act() == bob_seat   # Ann played for
    assert all(room.by_computer[i] for i in range(room.seq) if room.game.actor(i) == 0)
    lobby.tick(5.0 + ELSEWHERE + 0.5)           # no announcement since: Bob gone too
    assert room.seats[bob_seat].away and room.game.to_act() == bob_seat   # and it waits


def test_a_finished_room_let_go_leaves_no_cyclic_garbage(tmp_path: Path) -> None:
    """A room and its game hold no reference cycle: dropped, they are freed by their
    reference counts alone, so the server may freeze its rooms out of the garbage
    collector's full collections (hub.freezer) and still free them."""
    lobby = Lobby(SQLiteRoomStore(tmp_path / "s.db"))
    seats = (p.SeatSpec("host", "Ann"), p.SeatSpec("open"), p.SeatSpec("open"))
    pick = random.Random(4)
    gc.collect()
    gc.disable()
    try:
        room, _, ann = lobby.create(p.Create("showdown", seats), 0)
        tokens = [ann] + [lobby.join(p.Join(room.code, n), 0)[2] for n in ("Bob", "Cy")]
        lobby.start(p.Start(room.code, ann), 0)
        g = room.game
        assert g is not None
        while not g.is_over():
            s = g.to_act()
            lobby.act(p.Act(room.code, tokens[s], pick.choice(g.legal(s))), 0)
        code = room.code
        del room, g
        lobby.rooms.pop(code)
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_a_room_another_process_wrote_is_brought_up_with_the_new_actions_only(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Told of another process's write, a process holding the room reads the actions
    stored after its own and applies them (Game.extend), not the whole record: the room
    then stands as one rebuilt from the store, and each seat is told the new events."""
    here, there = (Lobby(SQLiteRoomStore(tmp_path / "rooms.db")) for _ in range(2))
    room, _, ann = here.create(p.Create("muggins", (HOST, OPEN), {"target": 60}), 0.0)
    _, _, bob, _ = here.join(p.Join(room.code, "Bob"), 0.0)
    here.start(p.Start(room.code, ann), 0.0)
    held = there.room(room.code)           # the other process holds it too
    replays = []
    real = keeper.game_of_record
    monkeypatch.setattr(keeper, "game_of_record",
                        lambda record: replays.append(record) or real(record))
    tokens = [ann, bob]
    pick = random.Random(5)
    g = room.game
    assert g is not None
    for _ in range(12):
        if g.is_over():
            break
        s = g.to_act()
        seq = held.seq
        here.act(p.Act(room.code, tokens[s], pick.choice(g.legal(s))), 0.0)
        out = there.refresh(room.code, room.version, 0.0)
        assert there.rooms[room.code] is held and held.version == room.version
        assert held.game is not None and list(held.game.actions) == list(g.actions)
        assert held.by_computer == room.by_computer and held.committed == room.committed
        states = [m for _, m in out if isinstance(m, p.State)]
        assert [m.seat for m in states] == [0, 1]
        assert all(m.events[0].seq == seq + 1 and m.seq == room.seq for m in states)
        assert [m.view for m in states] == [g.view(0), g.view(1)]
        assert [m.log for m in states] == [room.state_for(i, 0).log for i in (0, 1)]
    assert replays == []
    rebuilt = Lobby(SQLiteRoomStore(tmp_path / "rooms.db")).room(room.code)
    assert rebuilt.game is not None and held.game.view(0) == rebuilt.game.view(0)


def test_a_join_from_a_client_that_does_not_play_the_game_takes_no_seat(
        tmp_path: Path) -> None:
    """A client names the games it plays (``games``): a room of another is refused
    ``wrong_game`` before a seat is taken, and the store keeps the room as it was."""
    lobby = Lobby(SQLiteRoomStore(tmp_path / "rooms.db"))
    room, _, _ = lobby.create(p.Create("dollar", (HOST, OPEN)), 0.0)
    with pytest.raises(Refused) as refused:
        lobby.join(p.Join(room.code, "Bob", games=("yatz", "muggins")), 0.0)
    assert refused.value.code == "wrong_game" and "web browser" in refused.value.message
    assert [s.kind for s in lobby.rooms[room.code].seats] == ["person", "open"]
    again = Lobby(SQLiteRoomStore(tmp_path / "rooms.db"))
    assert [s.kind for s in again.room(room.code, 0.0).seats] == ["person", "open"]
    _, seat, _, _ = lobby.join(p.Join(room.code, "Bob", games=("dollar",)), 0.0)
    assert seat == 1


def test_the_tick_looks_into_a_room_only_when_the_away_rule_may_change_something(
        tmp_path: Path) -> None:
    """``Room.tick_wanted`` (the tick's look, without the room's lock): false while every
    person is there, and then the away rule changes nothing; true once a person is gone
    past the timeout, and then it marks them away and plays for them."""
    lobby = Lobby(SQLiteRoomStore(tmp_path / "rooms.db"), lobby_idle=0)
    room, seat, ann = lobby.create(p.Create("yatz", (HOST, OPEN), away_timeout=30), 0.0)
    _, bob_seat, _, _ = lobby.join(p.Join(room.code, "Bob"), 0.0)
    assert not room.tick_wanted(0.0, 0)             # a lobby, never closed when idle
    assert room.tick_wanted(0.0, 60)                # no connection: may be closed
    lobby.connected(room, seat)
    lobby.connected(room, bob_seat)
    lobby.start(p.Start(room.code, ann), 0.0)
    for now in (0.0, 100.0, 1000.0):                # everyone there: nothing to do
        assert not room.tick_wanted(now, 0)
        seq = room.seq
        assert lobby.tick_room(room, now) == [] and room.seq == seq
    lobby.disconnected(room, seat, 100.0)
    assert not room.tick_wanted(129.0, 0) and lobby.tick_room(room, 129.0) == []
    assert room.tick_wanted(130.0, 0)               # Ann gone 30 s, to act
    assert lobby.tick_room(room, 130.0) and room.seats[seat].away
    assert room.game is not None and room.game.to_act() == bob_seat
    assert not room.tick_wanted(131.0, 0)           # marked, not to act: nothing more


def test_a_room_moved_on_in_memory_only_is_restored_as_stored(tmp_path: Path) -> None:
    """A message that failed midway may have moved a room's game on without a commit: the
    room read again (``restore``) is the stored one, its connections kept, and plays on."""
    lobby = Lobby(SQLiteRoomStore(tmp_path / "rooms.db"))
    code, (ann, _) = _yatz(lobby)
    lobby.act(p.Act(code, ann, "roll"), 0.0)
    room = lobby.rooms[code]
    assert room.game is not None
    stored, seq = list(room.game.actions), room.seq
    room.seats[0].connections = 1
    room.game.play(0, "hold 1 2")          # in memory only, as a failed message leaves it
    assert list(room.game.actions) != stored
    lobby.restore(code, 1.0)
    again = lobby.rooms[code]
    assert again.game is not None and list(again.game.actions) == stored and again.seq == seq
    assert again.seats[0].connections == 1
    lobby.act(p.Act(code, ann, "hold 3"), 1.0)
    assert again.game.actions[-1] == "hold 3"


def test_a_hold_of_no_die_is_played_and_said(tmp_path: Path) -> None:
    """``hold`` (every die released) is legal and told in words; the room plays on and a
    restarted server rebuilds it."""
    lobby = Lobby(SQLiteRoomStore(tmp_path / "rooms.db"))
    code, (ann, _) = _yatz(lobby)
    for action in ("roll", "hold 1", "hold", "roll"):
        lobby.act(p.Act(code, ann, action), 0.0)
    again = Lobby(SQLiteRoomStore(tmp_path / "rooms.db"))
    assert again.load_unfinished(1.0) == [code]


def test_a_seat_is_left_only_once_its_last_connection_closes_after_a_leave(
        tmp_path: Path) -> None:
    """A leave from one of two connections of a seat is no leave (the person is still there
    on the other): ``left`` is never told beside ``connected``; the last one's leave is."""
    lobby = Lobby(SQLiteRoomStore(tmp_path / "rooms.db"))
    code, (ann, _) = _yatz(lobby)
    room = lobby.rooms[code]
    lobby.connected(room, 0)
    lobby.connected(room, 0)
    lobby.leave(room, p.Leave(code, ann))
    lobby.disconnected(room, 0, 1.0)
    seat = room.info().seats[0]
    assert seat.connected and not seat.left
    lobby.disconnected(room, 0, 2.0)          # the other drops: dropped, not left
    seat = room.info().seats[0]
    assert not seat.connected and not seat.left
    lobby.connected(room, 0)
    lobby.leave(room, p.Leave(code, ann))
    lobby.disconnected(room, 0, 3.0)
    seat = room.info().seats[0]
    assert not seat.connected and seat.left
    lobby.connected(room, 0)
    assert not room.info().seats[0].left


def test_a_room_read_from_the_store_shows_at_once_who_another_process_said_is_there(
        tmp_path: Path) -> None:
    """Another process said Ann is connected there before this one held her room: read
    from the store (a friend's join here), the room shows her connected at once, not
    dropped until the next announcement (and then "came back"); a saying older than
    ``ELSEWHERE`` seconds is not taken."""
    store = SQLiteRoomStore(tmp_path / "rooms.db")
    there = Lobby(store)
    room, _, _ = there.create(p.Create("yatz", (HOST, OPEN)), 0.0)
    late, _, _ = there.create(p.Create("yatz", (HOST, OPEN)), 0.0)
    here = Lobby(store)
    assert room.code not in here.rooms
    assert here.present(room.code, (0,), 10.0) == []       # not held here: kept
    assert here.present(late.code, (0,), 10.0) == []
    assert here.room(room.code, 10.0 + ELSEWHERE).info().seats[0].connected
    assert not here.room(late.code, 10.5 + ELSEWHERE).info().seats[0].connected
