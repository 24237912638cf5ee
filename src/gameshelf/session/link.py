"""One connection to a game server (``gameshelf serve``), speaking protocol version 1
(docs/online.md, :mod:`gameshelf.server.protocol`) over a WebSocket: requests and their
answers (matched by ``ref``), the messages the server pushes, and a reconnect that rejoins
the seat with its token. Failures say one line (:class:`OnlineError`).
"""

from __future__ import annotations

import itertools
import time
from dataclasses import replace
from typing import TypeVar
from urllib.parse import urlsplit, urlunsplit

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI
from websockets.sync.client import ClientConnection, connect

from gameshelf.core.errors import BadInputError, GameshelfError
from gameshelf.core.inputs import quote
from gameshelf.server import protocol as p

#: Seconds to wait for the server to answer a request (create, join, an action).
ANSWER_WAIT = 15.0
#: How often a dropped connection is tried again, and the pause between tries (seconds).
RECONNECT_TRIES = 5
RECONNECT_PAUSE = 0.5

M = TypeVar("M", bound=p.Message)


class OnlineError(GameshelfError):
    """A server that cannot be used for this: a bad address, no answer, a refusal (wrong
    code, full room, taken name...). Its text is one line for the player; ``code`` is the
    server's error code when it refused (``no_room``, ``room_full``...), else ``""``."""

    def __init__(self, message: str, code: str = "") -> None:
        super().__init__(message)
        self.code = code


class ConnectionLost(OnlineError):
    """The connection went and could not be made again (the server is down or gone)."""


def server_url(text: str) -> str:
    """The WebSocket endpoint for what a person typed: ``ws://``/``wss://`` addresses as
    given (``/ws`` added when no path is), ``http(s)://`` turned into ``ws(s)://``, a bare
    ``host:port`` or ``host`` read as ``ws://`` (port 8765 when none).

    Raises:
        BadInputError: empty, another scheme, no host, a port that is not a number.

    Example:
        >>> server_url("localhost:9000")
        'ws://localhost:9000/ws'
        >>> server_url("https://games.example.org")
        'wss://games.example.org/ws'
    """
    raw = text.strip()
    if not raw:
        raise BadInputError("the server's address is empty (e.g. ws://127.0.0.1:8765)")
    if any(not c.isprintable() or c.isspace() for c in raw):
        raise BadInputError(f"not a game server's address: {quote(text)} (a space or a "
                            "control character in it)")
    if "://" not in raw:
        raw = "ws://" + raw
    try:
        parts = urlsplit(raw)
    except ValueError as exc:   # an unclosed [IPv6 bracket, a host NFKC turns into '/'...
        raise BadInputError(f"not a game server's address: {quote(text)} ({reason_of(exc)})") \
            from None
    scheme = {"ws": "ws", "wss": "wss", "http": "ws", "https": "wss"}.get(parts.scheme.lower())
    if scheme is None:
        raise BadInputError(f"not a game server's address: {quote(text)} (use ws://HOST:PORT)")
    try:
        port = parts.port
        host = parts.hostname
    except ValueError:
        port, host = 0, None
    if port == 0:
        raise BadInputError(f"not a game server's address: {quote(text)} (the port is not a "
                            "number from 1 to 65535)")
    if not host:
        raise BadInputError(f"not a game server's address: {quote(text)} (no host)")
    netloc = parts.netloc if port is not None else f"{parts.netloc}:8765" \
        if scheme == "ws" else parts.netloc
    return urlunsplit((scheme, netloc, parts.path or "/ws", parts.query, ""))


class Link:
    """One WebSocket connection to a game server at ``url`` (:func:`server_url`).

    Raises:
        OnlineError: the server cannot be reached or is not a gameshelf server.
    """

    def __init__(self, url: str) -> None:
        self.url = url
        self._refs = itertools.count(1)
        #: pushed messages read while waiting for an answer, oldest first
        self.pending: list[p.Message] = []
        self.ws = self._open()
        #: the room and seat to rejoin after a dropped connection
        self.rejoin: tuple[str, str] | None = None
        #: True once closed here: nothing is made again (a screen left while it waited)
        self.closed = False

    def _open(self) -> ClientConnection:
        try:
            ws = connect(self.url, open_timeout=5, close_timeout=1, proxy=None,
                         max_size=p.MAX_MESSAGE_BYTES, legacy=True)
        except InvalidURI as exc:
            raise OnlineError(f"not a game server's address: {quote(self.url)} "
                              f"({exc})") from None
        except (OSError, InvalidHandshake, TimeoutError) as exc:
            raise OnlineError(f"cannot reach the game server at {quote(self.url)}: "
                              f"{reason_of(exc)}") from None
        assert isinstance(ws, ClientConnection)
        return ws

    def close(self, goodbye: p.Message | None = None) -> None:
        """Close the connection (quietly); it is not made again. ``goodbye`` is sent first
        on the connection as it is (never made again for it; not sent when it is gone)."""
        if goodbye is not None and not self.closed:
            try:
                self.ws.send(p.dump(goodbye))
            except Exception:  # noqa: BLE001 - a connection gone: the server sees it dropped
                pass
        self.closed = True
        try:
            self.ws.close()
        except Exception:  # noqa: BLE001 - closing a dead connection is done already
            pass

    def send(self, message: p.Message) -> None:
        """Send ``message``; a dropped connection is made again first when it can be.

        Raises:
            ConnectionLost: the server is gone.
        """
        try:
            self.ws.send(p.dump(message))
        except ConnectionClosed:
            self.reconnect()
            try:
                self.ws.send(p.dump(message))
            except ConnectionClosed as exc:
                raise ConnectionLost(f"the connection to {self.url} was lost: "
                                     f"{reason_of(exc)}") from None

    def receive(self, timeout: float) -> p.Message | None:
        """The next message from the server (a pushed one kept earlier first), or None
        after ``timeout`` seconds.

        Raises:
            ConnectionLost: the connection dropped and could not be made again.
            OnlineError: the server speaks another protocol version.
        """
        if self.pending:
            return self.pending.pop(0)
        try:
            text = self.ws.recv(timeout=timeout)
        except TimeoutError:
            return None
        except ConnectionClosed:
            if self.closed:
                return None
            self.reconnect()
            return self.pending.pop(0) if self.pending else None
        try:
            return self._parse(text)
        except p.ProtocolError:
            return None  # a message this client cannot read: left aside

    def _parse(self, text: str | bytes) -> p.Message:
        """A server's message; OnlineError for another protocol version."""
        try:
            return p.parse_server(text)
        except p.ProtocolError as exc:
            if exc.code == "version":
                raise OnlineError(f"the server at {self.url}: {exc.message}",
                                  "version") from None
            raise

    def request(self, message: p.Message, answer: type[M],
                wait: float = ANSWER_WAIT) -> M:
        """Send ``message`` (with a fresh ``ref``) and wait for its answer of type
        ``answer``; messages pushed meanwhile are kept for :meth:`receive`.

        Raises:
            OnlineError: the server refused it (its message, its code) or did not answer.
        """
        ref = f"r{next(self._refs)}"
        self.send(replace(message, ref=ref))  # type: ignore[call-arg]
        end = time.monotonic() + wait
        kept: list[p.Message] = []
        unreadable: p.ProtocolError | None = None   # the first message not understood
        said: p.Error | None = None     # an error to the connection itself (no ref)
        try:
            while (left := end - time.monotonic()) > 0:
                try:
                    text = self.ws.recv(timeout=left)
                except TimeoutError:
                    break
                except ConnectionClosed as exc:
                    why = said.message if said is not None else reason_of(exc)
                    raise ConnectionLost(f"the connection to {self.url} was lost: "
                                         f"{why}") from None
                try:
                    got = self._parse(text)
                except p.ProtocolError as exc:
                    unreadable = unreadable or exc
                    continue
                if isinstance(got, p.Error) and got.ref == ref:
                    raise OnlineError(got.message, got.code)
                if isinstance(got, p.Error) and got.ref is None:
                    said = got      # kept too (an action sent without a ref was refused)
                if isinstance(got, answer) and getattr(got, "ref", ref) in (ref, None):
                    return got
                kept.append(got)
        finally:
            self.pending.extend(kept)
        if unreadable is not None:
            raise OnlineError(f"the game server at {self.url} did not answer in "
                              f"{wait:.0f} seconds with a message this program can read "
                              f"(one it sent: {unreadable.message})")
        if said is not None:
            raise OnlineError(said.message, said.code)
        raise OnlineError(f"the game server at {self.url} did not answer in "
                          f"{wait:.0f} seconds")

    def reconnect(self) -> None:
        """Connect again and rejoin the seat (the server then sends the room and the
        current state, kept for :meth:`receive`).

        Raises:
            ConnectionLost: no connection after :data:`RECONNECT_TRIES` tries.
        """
        last: Exception | None = None
        for _ in range(RECONNECT_TRIES):
            try:
                self.ws = self._open()
                if self.rejoin is not None:
                    code, token = self.rejoin
                    joined = self.request(p.Rejoin(code=code, token=token), p.Joined)
                    if joined.room is not None:   # the room as the rejoin found it, told
                        self.pending.append(p.RoomUpdate(joined.room))
                return
            except OnlineError as exc:
                last = exc
                if exc.code:  # refused (a bad token...): trying again does not help
                    break
                time.sleep(RECONNECT_PAUSE)
        raise ConnectionLost(f"the connection to the game server at {self.url} was lost "
                             f"and could not be made again ({last})")


def reason_of(exc: BaseException) -> str:
    """An exception's text as one line of at most 200 characters (its type when it has no
    text)."""
    text = str(exc) or type(exc).__name__
    return " ".join(text.split())[:200]
