"""``gameshelf online create/join`` against a server on a loopback port: the room's code
printed and the game at the prompt; leaving keeps the seat and joining again with the same
name comes back to it; a bad address, an unreachable server, a wrong code and a full room are
one line on stderr and exit code 2."""

from __future__ import annotations

import io
import re

import pytest

from gameshelf.cli import main
from gameshelf.session.remote import Room, last_server, parse_seats
from tests.server.helpers import Running, free_socket


def _run(args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
         stdin: str = "") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    with pytest.raises(SystemExit) as exc:
        main(args)
    out = capsys.readouterr()
    return int(exc.value.code or 0), out.out, out.err


def test_create_plays_at_the_prompt_and_join_comes_back_to_the_seat(
        server: Running, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    code, out, err = _run(["online", "create", "showdown", "--seats", "me,cpu", "--name",
                           "Ann", "--server", server.url], capsys, monkeypatch, "legal\n")
    assert code == 0, err
    room = re.search(r"Room ([A-Z0-9]+) on ", out)
    assert room is not None
    assert "Your hand (Ann):" in out and "offer P" in out
    assert f"Left room {room.group(1)}" in out
    assert last_server() == server.url   # remembered for the next time
    code, out, err = _run(["online", "join", room.group(1).lower(), "--name", "Ann",
                           "--server", server.url], capsys, monkeypatch, "")
    assert code == 0, err
    assert f"Joined room {room.group(1)} as Ann." in out and "Your hand (Ann):" in out


def test_refusals_are_one_line_exit_2(server: Running, capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    full = Room.create(server.url, "showdown", parse_seats("me,?", "Ann"))
    Room.join(server.url, full.code, "Bob")
    closed = free_socket()   # a port nobody listens on
    port = closed.getsockname()[1]
    closed.close()
    cases = [
        (["online", "join", full.code, "--name", "Cleo", "--server", server.url],
         "no seat is free"),
        (["online", "join", "ZZZZZ", "--name", "Cleo", "--server", server.url], "ZZZZZ"),
        (["online", "join", "AB CD", "--name", "Cleo", "--server", server.url], "room code"),
        (["online", "join", full.code, "--name", "Cleo", "--server", "ftp://x"], "address"),
        (["online", "join", full.code, "--name", "Cleo", "--server",
          f"127.0.0.1:{port}"], "cannot reach"),
        (["online", "create", "showdown", "--seats", "cpu,cpu", "--server", server.url],
         "'me'"),
        (["online", "create", "chess", "--server", server.url], "not a game"),
    ]
    for args, words in cases:
        code, out, err = _run(args, capsys, monkeypatch)
        assert code == 2 and err.count("\n") == 1 and words in err, (args, err)
        assert "Traceback" not in err


def test_a_room_of_a_game_played_in_browsers_only_is_said_so(
        server: Running, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """One Dollar Pinball has a page and no terminal client: creating it here is refused, and
    joining a room of it made from a page says where it is played, in one line, and takes
    no seat (the server refuses the join before seating: it took the seat, then refused)."""
    code, _, err = _run(["online", "create", "dollar", "--server", server.url], capsys,
                        monkeypatch)
    said = ("dollar cannot be played online from this program yet (only yatz, muggins, "
            "showdown); play it in a web browser, from the server's page (gameshelf serve "
            "serves it)")
    assert code == 2 and err.strip().endswith(said)
    room = Room.create(server.url, "dollar", parse_seats("me,?", "Ann"))
    code, _, err = _run(["online", "join", room.code, "--name", "Bob", "--server",
                         server.url], capsys, monkeypatch)
    assert code == 2 and err.count("\n") == 1
    assert (f"the room {room.code} plays One Dollar Pinball, which this program does not "
            f"play online; open the room's page in a web browser (/r/{room.code} on this "
            "server)") in err
    page = Room.join(server.url, room.code, "Bob")   # as the page joins: every game
    try:
        assert page.seat == 1   # the seat was still open, and the name Bob free
    finally:
        page.close()
