"""The client (``session.remote.Link``) against a server that sends what it cannot read, or
refuses the connection: a clear error that says so, never a silent wait or a bare close."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from websockets.sync.server import ServerConnection, serve

from gameshelf.server import protocol as p
from gameshelf.session.remote import Link, OnlineError
from tests.server.helpers import running

#: Frames no client can read: not JSON, not UTF-8, an unpaired surrogate, NaN.
GARBAGE: tuple[str | bytes, ...] = (
    "}{", b"\xff\xfe\x00", '{"v":1,"type":"welcome","server":"\\ud800"}',
    '{"v":1,"type":"welcome","server":NaN}', '{"v":1,"type":"welcome","games":7}')


@pytest.fixture
def garbage_server() -> Iterator[str]:
    """A server answering every message with every frame of :data:`GARBAGE`."""
    def handler(ws: ServerConnection) -> None:
        for _ in ws:
            for frame in GARBAGE:
                ws.send(frame)

    with serve(handler, "127.0.0.1", 0) as server:
        thread = threading.Thread(target=server.serve_forever, daemon=True)
        thread.start()
        yield f"ws://127.0.0.1:{server.socket.getsockname()[1]}/ws"
        server.shutdown()


def test_unreadable_answers_are_named_not_taken_for_silence(garbage_server: str) -> None:
    link = Link(garbage_server)
    try:
        with pytest.raises(OnlineError) as err:
            link.request(p.Hello("test"), p.Welcome, wait=1.0)
    finally:
        link.close()
    assert "can read" in str(err.value) and "not JSON" in str(err.value)


def test_a_connection_refused_for_its_address_says_why(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMESHELF_HOME", str(tmp_path))
    with running(tmp_path / "server.db", per_host=1) as srv:
        first = Link(srv.url)
        try:
            assert isinstance(first.request(p.Hello("test"), p.Welcome), p.Welcome)
            second = Link(srv.url)
            try:
                with pytest.raises(OnlineError) as err:
                    second.request(p.Hello("test"), p.Welcome, wait=5.0)
            finally:
                second.close()
        finally:
            first.close()
    assert "too many connections from your address" in str(err.value)
