"""What a finished online game records (its top-20 rows, results and history entry), as every
game's end is written (:func:`gameshelf.session.ending.ending`), with the room's seats."""

from __future__ import annotations

from gameshelf.core.store import Store
from gameshelf.server.room import Room
from gameshelf.server.storage import FinishedGame, RoomStore
from gameshelf.session.ending import Ending, EndSeat, ending, rules_of


def _ending(room: Room) -> Ending:
    g = room.game
    assert g is not None
    seats = [EndSeat(s.name, "remote") if s.kind == "person" else
             EndSeat(s.name, "computer", s.level or g.default_level) for s in room.seats]
    return ending(rules_of(room.game_key), g.match, seats, source="online",
                  detail={"online": room.code})


def finished_game(room: Room) -> FinishedGame:
    """What a finished online game records, once (keyed by the room's code and game
    number): the game's end as every game's is written
    (:func:`gameshelf.session.ending.ending`: its top-20 rows and results, ``{"online":
    CODE}`` in their detail, and the whole record in the history, ``source="online"``),
    with the room's seats: people as ``remote``, computers at their level. The lobby
    writes it with the game's last actions (:meth:`RoomStore.append`: PostgreSQL keeps it
    beside the rooms, in their transaction; SQLite in the player store)."""
    end = _ending(room)
    return FinishedGame(end.game, f"online-{room.code}-{room.seed}", end.scores,
                        end.results, end.history)


def record_finished(room: Room, rooms: RoomStore | None = None) -> None:
    """Record a finished online game once (:func:`finished_game`), in one transaction:
    through the rooms' store ``rooms`` (:meth:`RoomStore.finish_game`), or with None in
    the server's player store (``Store()``: the data folder of the server's process,
    through :meth:`Ending.write` as a game ended at the keyboard is).

    Raises:
        StoreError: the store cannot be written.
    """
    key = f"online-{room.code}-{room.seed}"
    if rooms is None:
        with Store() as store:
            _ending(room).write(store, key=key)
        return
    f = finished_game(room)
    rooms.finish_game(f.game, key=f.key, scores=f.scores, results=f.results,
                      history=f.history)
