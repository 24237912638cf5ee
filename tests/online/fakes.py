"""A room without a server, for the screens' habit and literal-text tests: it holds the seats
it is given; its connection answers nothing twice, then is lost (the lobby says so and its
listener ends, so a test can wait for the app's workers)."""

from __future__ import annotations

from gameshelf.server import protocol as p
from gameshelf.session.remote import ConnectionLost, Room


class _QuietLink:
    url = "ws://127.0.0.1:8765/ws"

    def __init__(self) -> None:
        self.pending: list[p.Message] = []
        self.rejoin: tuple[str, str] | None = None
        self.calls = 0

    def receive(self, timeout: float) -> p.Message | None:
        self.calls += 1
        if self.calls > 2:
            raise ConnectionLost(f"the connection to the game server at {self.url} was "
                                 "lost and could not be made again (a test)")
        return None

    def send(self, message: p.Message) -> None:
        pass

    def close(self, goodbye: p.Message | None = None) -> None:
        """As :meth:`gameshelf.session.link.Link.close`: ``goodbye`` (a ``leave``) is sent
        first; this link sends nothing."""


def offline_room(names: list[str], open_seats: int = 1, code: str = "K7QX") -> Room:
    """A lobby's room: ``names`` as people (the first is this client, the host), then
    ``open_seats`` open seats."""
    seats = tuple(p.SeatInfo(i, "person", n, connected=True) for i, n in enumerate(names)) \
        + tuple(p.SeatInfo(len(names) + k, "open") for k in range(open_seats))
    info = p.RoomInfo(code, "showdown", {}, seats, 0, "lobby", 60.0)
    return Room(_QuietLink(), p.Joined(room=info, seat=0, token="not-a-token"))  # type: ignore[arg-type]
