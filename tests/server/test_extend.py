"""A game read again from the store applies only its new actions (:meth:`Game.extend`):
for every game played online, at every step of a played game, the game extended from an
earlier step stands exactly as the game rebuilt from the record at that step (its match's
state, every seat's view, legal actions and log), and a record that does not continue the
game held is rebuilt in full (:func:`reread`)."""

from __future__ import annotations

import random
from dataclasses import replace
from enum import Enum
from pathlib import Path
from typing import Any

import pytest

from gameshelf.core.errors import RecordError
from gameshelf.core.records import GameRecord
from gameshelf.server import protocol as p
from gameshelf.server.games import Game, SeatPlan, game_class, playable, reread
from gameshelf.server.rooms import Lobby
from gameshelf.server.storage import SQLiteRoomStore

#: each game's seats: people and a computer seat (its moves are checked on extending)
SEATS = {
    "yatz": [SeatPlan("person", "Ann"), SeatPlan("computer", "Cy")],  # 39 turns x 2
    "muggins": [SeatPlan("person", "Ann"), SeatPlan("computer", "Mugsy")],
    "showdown": [SeatPlan("person", "Ann"), SeatPlan("computer", "Cy"),
                 SeatPlan("person", "Bob")],
    "dollar": [SeatPlan("person", "Ann"), SeatPlan("computer", "Cy"),
               SeatPlan("person", "Bob")],
}
OPTIONS: dict[str, dict[str, Any]] = {"muggins": {"target": 100}}


def _plain(obj: Any, depth: int = 0) -> Any:
    """``obj`` as nested tuples of plain values (an object by its attributes, a random
    generator by its state), to compare two matches whole."""
    if depth > 40:
        raise AssertionError("too deep")
    if isinstance(obj, (str, int, float, bool, type(None), Enum)):
        return obj
    if isinstance(obj, random.Random):
        return obj.getstate()
    if isinstance(obj, dict):
        return tuple(sorted((repr(k), _plain(v, depth + 1)) for k, v in obj.items()))
    if isinstance(obj, (list, tuple)):
        return tuple(_plain(v, depth + 1) for v in obj)
    if isinstance(obj, (set, frozenset)):
        return tuple(sorted(repr(v) for v in obj))
    if callable(obj) and not hasattr(obj, "__dict__"):
        return repr(type(obj))
    fields: dict[str, Any] = {}
    for cls in type(obj).__mro__:
        for slot in getattr(cls, "__slots__", ()):
            if hasattr(obj, slot):
                fields[slot] = getattr(obj, slot)
    fields.update(getattr(obj, "__dict__", {}))
    if not fields:      # a stateless object (a player): its kind
        return type(obj).__name__ if type(obj).__repr__ is object.__repr__ else repr(obj)
    return (type(obj).__name__, _plain(fields, depth + 1))


def _move(g: Game, seat: int, rng: random.Random | None) -> str:
    """A person's move: the stand-in's, or (``rng``) a load-test client's pick."""
    if rng is None:
        return g.stand_in(seat)
    return type(g).load_test_choice(g.legal(seat), rng)


def played(key: str, seed: int = 11, rng: random.Random | None = None,
           turns: int | None = None) -> tuple[GameRecord, list[int]]:
    """A game of ``key`` played to its end (or ``turns`` calls), and the number of actions
    after each call (the steps a server stands at between two messages)."""
    cls = game_class(key)
    g = cls.new(SEATS[key], OPTIONS.get(key, {}), seed)
    steps = [len(g.actions)]
    while not g.is_over() and (turns is None or len(steps) <= turns):
        if not g.step():
            seat = g.to_act()
            g.play(seat, _move(g, seat, rng))
        steps.append(len(g.actions))
    return g.record(), steps


def at(record: GameRecord, n: int) -> GameRecord:
    return replace(record, actions=record.actions[:n])


def same(a: Game, b: Game, since: int) -> None:
    """``a`` stands as ``b``: the match whole, every seat's view, legal actions and
    prompt, and what each seat is told of the actions from ``since``."""
    seats = list(range(len(b.names())))
    assert list(a.actions) == list(b.actions)
    assert a.record() == b.record()
    assert a.to_act() == b.to_act() and a.is_over() == b.is_over()
    assert _plain(a.match) == _plain(b.match)
    assert a.views(seats) == b.views(seats)
    for s in seats:
        assert a.view(s) == b.view(s)
        assert a.legal(s) == b.legal(s)
        assert a.prompt(s) == b.prompt(s)
    for i in range(since, len(b.actions)):
        assert a.actor(i) == b.actor(i)
        for s in seats:
            assert a.public(i, s) == b.public(i, s)
            assert a.words(i, s) == b.words(i, s)


@pytest.mark.parametrize("key", playable())
def test_every_game_played_online_extends(key: str) -> None:
    assert game_class(key).extend is not Game.extend, f"{key} has no extend"


@pytest.mark.parametrize("key", playable())
def test_a_game_extended_step_by_step_stands_as_one_rebuilt(key: str) -> None:
    """From every step k to the steps after it (1, 2, 3, 1, ... calls on), the game held
    and extended equals the game rebuilt from the record at each step."""
    record, steps = played(key)
    cls = game_class(key)
    held = cls.from_record(at(record, steps[0]))
    i, jumps = 0, [1, 2, 3]
    while i < len(steps) - 1:
        j = min(len(steps) - 1, i + jumps[i % len(jumps)])
        k, n = steps[i], steps[j]
        assert held.extend(record.actions[k:n]) is True
        same(held, cls.from_record(at(record, n)), max(0, k - 2))
        i = j
    same(held, cls.from_record(record), 0)
    assert held.is_over()


@pytest.mark.parametrize("key", playable())
def test_a_game_extended_from_each_step_to_the_end(key: str) -> None:
    """From each of some steps k straight to the end of the game."""
    record, steps = played(key, seed=5)
    cls = game_class(key)
    whole = cls.from_record(record)
    for k in steps[:: max(1, len(steps) // 6)]:
        held = cls.from_record(at(record, k))
        assert held.extend(record.actions[k:]) is True
        same(held, whole, 0)


@pytest.mark.parametrize("key", playable())
def test_reread_extends_the_game_held_when_the_record_continues_it(key: str) -> None:
    record, steps = played(key)
    cls = game_class(key)
    k, n = steps[len(steps) // 3], steps[2 * len(steps) // 3]
    held = cls.from_record(at(record, k))
    got = reread(held, at(record, n))
    assert got is held
    same(got, cls.from_record(at(record, n)), 0)


@pytest.mark.parametrize("key", playable())
def test_a_record_whose_first_actions_differ_is_rebuilt_in_full(key: str) -> None:
    """Another game on the same seed and seats (people choosing otherwise): its record
    does not continue the game held, which is not extended but dropped for the record's
    game, rebuilt."""
    mine, steps = played(key)
    theirs, their_steps = played(key, rng=random.Random(3))
    first = next(i for i, (a, b) in enumerate(zip(mine.actions, theirs.actions,
                                                   strict=False)) if a != b)
    k = next(s for s in steps if s > first)
    n = next((s for s in their_steps if s >= k), len(theirs.actions))
    cls = game_class(key)
    held = cls.from_record(at(mine, k))
    got = reread(held, at(theirs, n))
    assert got is not held
    same(got, cls.from_record(at(theirs, n)), 0)
    assert list(held.actions) == list(mine.actions[:k])    # the game held is untouched


@pytest.mark.parametrize("key", playable())
def test_a_record_of_another_seed_is_rebuilt_in_full(key: str) -> None:
    mine, steps = played(key, seed=11, turns=6)
    theirs, _ = played(key, seed=12)
    cls = game_class(key)
    held = cls.from_record(at(mine, steps[2]))
    got = reread(held, theirs)
    assert got is not held
    same(got, cls.from_record(theirs), 0)


def test_a_computer_bill_that_is_not_the_one_drawn_is_refused() -> None:
    """One Dollar Pinball's chance is the bill a computer seat draws from the game number:
    another one is refused, as the record's replay refuses it."""
    record, _ = played("dollar")
    cls = game_class("dollar")
    other, _ = played("dollar", seed=12)
    bad = (record.actions[0], other.actions[1])      # seat 1 (Cy) is a computer's
    with pytest.raises(RecordError, match="computer player .Cy."):
        cls.from_record(at(record, 0)).extend(bad)
    with pytest.raises(RecordError, match="computer player .Cy."):
        reread(cls.from_record(at(record, 0)), replace(record, actions=bad))


@pytest.mark.parametrize("key", ["yatz", "muggins", "showdown"])
def test_chance_that_is_not_the_game_numbers_is_refused(key: str) -> None:
    """A die, tile or deal another process recorded that the game number does not give is
    refused as the record's replay refuses it; :func:`reread` then rebuilds, and the
    record itself does not replay."""
    record, steps = played(key)
    cls = game_class(key)
    held = cls.from_record(at(record, steps[0]))
    actors = cls.from_record(record)
    n = next(i for i in range(steps[0], len(record.actions)) if actors.actor(i) < 0)
    other, _ = played(key, seed=12)
    theirs = cls.from_record(other)
    forged = next(other.actions[i] for i in range(len(other.actions))
                  if theirs.actor(i) < 0 and other.actions[i] != record.actions[n])
    bad = record.actions[steps[0]:n] + (forged,)
    with pytest.raises(RecordError):
        cls.from_record(at(record, steps[0])).extend(bad)
    with pytest.raises(RecordError):
        reread(held, replace(record, actions=record.actions[:steps[0]] + bad))


@pytest.mark.parametrize("key", playable())
def test_a_room_another_process_moves_on_is_extended_as_it_stands_there(
        key: str, tmp_path: Path) -> None:
    """Two lobbies on one store (two server processes): the second, told of each write
    of the first, holds the same game object, extended, and it stands as the first's."""
    one, two = SQLiteRoomStore(tmp_path / "rooms.db"), SQLiteRoomStore(tmp_path / "rooms.db")
    try:
        lobby, other = Lobby(one), Lobby(two)
        n = len(SEATS[key])
        seats = (p.SeatSpec("host", "Ann"), *[p.SeatSpec("open")] * (n - 1))
        room, _, ann = lobby.create(p.Create(key, seats, OPTIONS.get(key, {})), 0.0)
        tokens = [ann] + [lobby.join(p.Join(room.code, name), 0.0)[2]
                          for name in ("Bob", "Cy", "Di")[:n - 1]]
        lobby.start(p.Start(room.code, ann), 0.0)
        held = other.room(room.code).game
        room = lobby.rooms[room.code]
        assert room.game is not None and held is not None
        writes, known, rebuilt = 0, len(room.committed), 0
        while not room.game.is_over() and writes < 120:
            s = room.game.to_act()
            lobby.act(p.Act(room.code, tokens[s], room.game.stand_in(s)), 0.0)
            other.refresh(room.code, room.version, 0.0)
            there = other.rooms.get(room.code) or other.finished.get(room.code)
            if room.game.is_over() and there is None:
                break
            assert there is not None and there.committed == room.committed
            if there.game is not held:      # rebuilt: nothing held before (the room
                # keeper extends from its last action), or a Yatz hold replaced
                assert known == 0 or key == "yatz"
                held, rebuilt = there.game, rebuilt + 1
            known = len(there.committed)
            assert held is not None
            same(held, room.game, max(0, len(room.game.actions) - 8))
            writes += 1
        assert rebuilt <= 1 + writes // 10, f"{rebuilt} of {writes} writes rebuilt"
    finally:
        one.close()
        two.close()
