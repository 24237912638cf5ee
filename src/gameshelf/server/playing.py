"""Play in the server's rooms: a person's action checked and played, then chance, computer
seats and stand-ins for away people up to a present person's turn, every new action
committed to the room store before any message about it is returned (:meth:`Playing._accept`;
a room whose commit fails is rebuilt from the store, ``internal``; one another server process
changed first is read again and the action refused ``stale`` with the fresh state), and the
finished game's record. No asyncio, no sockets.
"""

from __future__ import annotations

import logging

from gameshelf.core.errors import GameshelfError, StoreError
from gameshelf.core.safeload import read_json
from gameshelf.core.text import possessive
from gameshelf.server import protocol as p
from gameshelf.server.keeper import RoomKeeper
from gameshelf.server.room import Outbox, Refused, Room, Stale, game_over
from gameshelf.server.storage import StaleError, StoredAction

log = logging.getLogger("gameshelf.server")


class Playing(RoomKeeper):
    """The rules of play in started rooms (the rooms kept by
    :class:`~gameshelf.server.keeper.RoomKeeper`, whose arguments it takes)."""

    def act(self, msg: p.Act, now: float) -> Outbox:
        """A person's action.

        Raises:
            Refused: ``no_room``, ``bad_token``, ``not_your_seat``, ``not_started``,
                ``over``, ``stale``, ``not_your_turn``, ``illegal``, ``internal``.
        """
        room = self.room(msg.code, now)
        seat = room.seat_of(msg.token)
        if msg.seat is not None and msg.seat != seat:
            raise Refused("not_your_seat", f"that token is the token of seat {seat}, not of "
                          f"seat {msg.seat}")
        if room.status == "lobby" or room.game is None:
            raise Refused("not_started", "the game has not started yet")
        g = room.game
        if room.status == "over" or g.is_over():
            raise Refused("over", "the game is over")
        if msg.seq is not None and msg.seq != room.seq:
            raise Refused("stale", f"the game is at action {room.seq}, not {msg.seq}: "
                          "wait for the update")
        if g.to_act() != seat:
            who = g.to_act()
            whose = ("the game's (chance)" if who < 0 else
                     possessive(room.seats[who].name))
            raise Refused("not_your_turn", f"it is {whose} turn, not yours")
        if len(msg.action) > 200:
            raise Refused("illegal", "that is not an action of this game")
        before = len(g.actions)
        try:
            g.play(seat, msg.action)
        except GameshelfError as exc:
            raise Refused("illegal", str(exc)) from None
        room.mark(before, False)
        room.seats[seat].away = False
        return self._accept(room, now)

    def _advance(self, room: Room) -> None:
        """Chance, computer seats and stand-ins for away people, up to a present person's
        turn or the end (in memory; :meth:`_accept` commits)."""
        g = room.game
        assert g is not None
        while not g.is_over():
            n = len(g.actions)
            if g.step():
                room.mark(n, True)
                continue
            s = g.to_act()
            if s < 0 or room.seats[s].kind != "person" or not room.seats[s].away:
                return
            g.play(s, g.stand_in(s))
            room.mark(n, True)

    def _accept(self, room: Room, now: float, *, started: bool = False) -> Outbox:
        """Advance, commit every new action, then the messages: the state of each person
        seat with a connection here (a seat's view is built only to be sent), and on the
        end the room, ``over`` (and the game recorded)."""
        g = room.game
        assert g is not None
        try:
            self._advance(room)
        except GameshelfError as exc:   # a computer player failed: keep what was accepted
            log.error("room %s: a computer player failed: %s", room.code, exc)
        if g.is_over():
            room.status = "over"
        actions = g.actions
        before = len(room.committed)
        if before and (len(actions) < before or actions[before - 1] != room.committed[-1]):
            before -= 1     # the last committed action was replaced (a Yatz hold)
        rows = [StoredAction(i + 1, g.actor(i), actions[i], room.by_computer[i])
                for i in range(before, len(actions))]
        known = len(room.committed)    # another writer first: refused, the room rebuilt
        finished = None
        if room.status == "over" and self.finisher is not None:
            try:
                finished = self.finisher(room)
            except (GameshelfError, OSError) as exc:
                log.error("room %s: the finished game could not be recorded: %s",
                          room.code, exc)
        if self.finish_later and finished is not None:
            room.unrecorded, finished = finished, None   # written by write_finished
        try:
            room.version = self.store.append(room.code, rows, room.status, known=known,
                                             version=room.version, finished=finished)
        except StaleError:
            news = self._reload(room.code, now)
            fresh = self.rooms.get(room.code)
            raise Stale(f"another server changed the room {room.code} first (it is at action "
                        f"{fresh.seq if fresh else '?'} now): this action was not played; "
                        "the new state follows", news) from None
        except StoreError as exc:
            self.failed(exc)
            refusal = self.refusal("the action")
            self._reload(room.code, now)
            raise refusal from None
        room.committed = list(actions)
        room.forget(0 if room.status == "over" else before)
        out: Outbox = []
        if started:
            out.append((None, p.RoomUpdate(room.info())))
        # a seat with no connection here is sent nothing (it is told on connecting, and
        # another process tells its own connections): its view is not built
        people = [i for i, s in enumerate(room.seats)
                  if s.kind == "person" and s.connections > 0]
        out.extend((i, room.state_for(i, before, view))
                   for i, view in zip(people, g.views(people), strict=True))
        if room.status == "over":
            out.append((None, p.RoomUpdate(room.info())))
            out.append((None, game_over(room)))
        return out

    def write_finished(self, room: Room) -> None:
        """Write ``room``'s finished game to the player store when :meth:`_accept` left it
        for later (:attr:`finish_later`); a failure is logged, never raised to the
        players. The store's write waits for the disk (tens of milliseconds), so the
        server calls this in a worker thread, before it tells anyone of the end."""
        finished, room.unrecorded = room.unrecorded, None
        if finished is None:
            return
        try:
            self.store.finish_game(finished.game, key=finished.key, scores=finished.scores,
                                   results=finished.results, history=finished.history)
        except (StoreError, OSError) as exc:
            log.error("room %s: the finished game could not be recorded: %s", room.code, exc)

    def record(self, msg: p.GetRecord, now: float) -> p.Record:
        """The finished game's record for any seat of the room.

        Raises:
            Refused: ``no_room``, ``bad_token``, ``not_over``.
        """
        room = self.room(msg.code, now)
        room.seat_of(msg.token)
        if room.status != "over" or room.game is None:
            raise Refused("not_over", "the game is not over yet: its record is given at "
                          "the end")
        return p.Record(room.code, read_json(room.game.record().to_json()), msg.ref)
