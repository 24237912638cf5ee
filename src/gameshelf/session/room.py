"""A seat in a room of a game server: the room created or joined, its lobby, its start, and
the seat's token kept in the local store to come back to it.

Every seat token is kept in the local store's settings (:func:`remember_seat`), so a client
that was closed or lost its connection comes back to its seat by joining again with the same
name. A wrong code, a full room or a taken name is an
:class:`~gameshelf.session.link.OnlineError`.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gameshelf.core.errors import BadInputError, GameshelfError
from gameshelf.core.inputs import quote
from gameshelf.core.safeload import read_json
from gameshelf.core.store import Store
from gameshelf.server import protocol as p
from gameshelf.session.base import open_store
from gameshelf.session.link import Link, OnlineError

#: The server a person is offered first (``gameshelf serve``'s own default).
DEFAULT_SERVER = "ws://127.0.0.1:8765/ws"
#: The settings key of the server last used (the app offers it again).
SERVER_SETTING = "online.server"


def _seat_key(url: str, code: str, name: str) -> str:
    """One key per server, room and name: two terminals of one machine (one store) keep
    their seats apart."""
    return f"online.seat.{url}.{code.upper()}.{' '.join(name.split()).lower()}"


@dataclass(frozen=True)
class KeptSeat:
    """A seat held in a room, as the local store keeps it (to rejoin)."""

    seat: int
    token: str
    name: str


def remember_seat(url: str, code: str, seat: KeptSeat, store: Store | None = None) -> None:
    """Keep ``seat``'s token for the room ``code`` on ``url`` under its name (and the server
    as the last used); a store that cannot be written only loses the rejoining (never
    raised)."""
    try:
        s = store or open_store(wait=5.0)
        s.set_setting(_seat_key(url, code, seat.name), json.dumps(
            {"seat": seat.seat, "token": seat.token, "name": seat.name}))
        s.set_setting(SERVER_SETTING, url)
    except GameshelfError:
        pass


def kept_seat(url: str, code: str, name: str, store: Store | None = None) -> KeptSeat | None:
    """The seat ``name`` holds in the room ``code`` on ``url`` (kept here), or None."""
    try:
        s = store or open_store(wait=5.0)
        raw = s.get_setting(_seat_key(url, code, name))
        data = read_json(raw) if raw else None
        if isinstance(data, dict) and isinstance(data.get("token"), str) \
                and type(data.get("seat")) is int and isinstance(data.get("name"), str):
            return KeptSeat(data["seat"], data["token"], data["name"])
    except (GameshelfError, ValueError):
        pass
    return None


def last_server() -> str:
    """The server last used (:data:`DEFAULT_SERVER` when none was, or the store cannot be
    read)."""
    try:
        return open_store(wait=5.0).get_setting(SERVER_SETTING) or DEFAULT_SERVER
    except GameshelfError:
        return DEFAULT_SERVER


# ----- rooms -----------------------------------------------------------------------------
def parse_seats(text: str, me: str) -> list[p.SeatSpec]:
    """Seats from ``"me,?,cpu"``: ``me`` is the creator (the host, named ``me``'s name),
    ``?`` or ``open`` a seat for someone to join by code, ``cpu`` / ``computer`` / ``ai``
    a computer player of the game's default level, ``cpu:LEVEL`` (or a level word itself)
    one of that level.

    Raises:
        BadInputError: no ``me`` or more than one, an empty seat.
    """
    specs: list[p.SeatSpec] = []
    for word in (w.strip() for w in text.split(",")):
        low = word.lower()
        if not word:
            raise BadInputError(f"an empty seat in {quote(text)} (use me, ?, cpu)")
        if low == "me":
            specs.append(p.SeatSpec("host", me))
        elif low in ("?", "open"):
            specs.append(p.SeatSpec("open"))
        elif low in ("cpu", "computer", "ai"):
            specs.append(p.SeatSpec("computer"))
        elif low.startswith(("cpu:", "computer:", "ai:")):
            specs.append(p.SeatSpec("computer", level=low.split(":", 1)[1].strip()))
        else:
            specs.append(p.SeatSpec("computer", level=low))
    hosts = sum(s.kind == "host" for s in specs)
    if hosts != 1:
        raise BadInputError(f"the seats {quote(text)} must name 'me' (your seat) exactly "
                            "once, e.g. me,?,cpu")
    return specs


class Room:
    """A seat in a room of a game server (before and after its start): ``info`` is the
    room as last told, ``seat`` and ``token`` this client's seat and its secret."""

    def __init__(self, link: Link, joined: p.Joined) -> None:
        assert joined.room is not None
        self.link = link
        self.info: p.RoomInfo = joined.room
        self.seat = joined.seat
        self.token = joined.token
        link.rejoin = (self.code, self.token)
        name = self.info.seats[self.seat].name if self.seat < len(self.info.seats) else ""
        remember_seat(link.url, self.code, KeptSeat(self.seat, self.token, name))

    @property
    def code(self) -> str:
        """The room's code."""
        return self.info.code

    @property
    def is_host(self) -> bool:
        """True when this seat is the host's (it starts the room)."""
        return self.info.host == self.seat

    @classmethod
    def create(cls, url: str, game: str, seats: Sequence[p.SeatSpec],
               options: dict[str, Any] | None = None, away_timeout: float = 60.0) -> Room:
        """Create a room on ``url``; this client sits at the host seat.

        Raises:
            OnlineError: unreachable, or the server refused the room (bad seats...).
        """
        link = Link(url)
        try:
            joined = link.request(p.Create(game=game, seats=tuple(seats),
                                           options=dict(options or {}),
                                           away_timeout=away_timeout), p.Joined)
        except OnlineError:
            link.close()
            raise
        return cls(link, joined)

    @classmethod
    def join(cls, url: str, code: str, name: str,
             games: tuple[str, ...] | None = None) -> Room:
        """Join the room ``code`` on ``url`` as ``name``: back to one's own seat when this
        store keeps its token (a client that was closed), else an open seat. ``games``: the
        game keys this program plays online; a room of another game is refused by the
        server before a seat is taken.

        Raises:
            OnlineError: unreachable, no such room, a game not in ``games``, no open seat,
                a taken or bad name.
        """
        code = code.strip().upper()
        link = Link(url)
        try:
            kept = kept_seat(url, code, name)
            if kept is not None:
                try:
                    return cls(link, link.request(p.Rejoin(code=code, token=kept.token),
                                                  p.Joined))
                except OnlineError as exc:
                    if exc.code not in ("bad_token",):
                        raise
            return cls(link, link.request(p.Join(code=code, name=name, games=games),
                                          p.Joined))
        except OnlineError:
            link.close()
            raise

    def start(self) -> None:
        """Start the room (the host): open seats left become computer players.

        Raises:
            OnlineError: not the host, already started.
        """
        self.link.send(p.Start(code=self.code, token=self.token, ref="start"))

    def wait(self, timeout: float) -> p.Message | None:
        """The next message of the room (``room`` updates kept in :attr:`info`), or None."""
        msg = self.link.receive(timeout)
        if isinstance(msg, p.RoomUpdate) and msg.room is not None:
            self.info = msg.room
        return msg

    def close(self) -> None:
        """Leave on purpose: the server is told (``leave``: the others read that this seat
        left the room, not that its connection dropped), then the connection is closed. The
        server keeps the seat for a rejoin."""
        self.link.close(p.Leave(self.code, self.token))

    def disconnect(self) -> None:
        """Close the connection without leaving (the program is stopping: a signal, a
        closed terminal, a fault): the others read that the connection dropped."""
        self.link.close()
