"""A server address that is not one, typed anywhere an address is taken (``online create``
for every game, ``online join``, the Play online screen's Create and Join), is one clear
line (exit code 2 on the command line, a message on the screen), never a traceback: an
unclosed IPv6 bracket, a host that NFKC turns into a separator, control characters, port 0
(urllib raised ValueError for the first two, which ended the command as an internal
error)."""

from __future__ import annotations

import io

import pytest
from textual.widgets import Input

from gameshelf.cli import main
from gameshelf.core.errors import BadInputError
from gameshelf.session.remote import server_url
from gameshelf.tui.app import GameshelfApp
from gameshelf.tui.online import OnlineScreen

#: Addresses that are not a game server's.
BAD = ("http://[::1", "ws://[", "ws://a\u2100b", "[ab]", "ws://a\x00b", "ws://a\x1b[2Jb",
       "ws://a:0", "ws://a:99999", "ws:// a", "ftp://a")


@pytest.mark.parametrize("address", BAD)
def test_server_url_refuses_with_a_clear_error(address: str) -> None:
    with pytest.raises(BadInputError, match="not a game server's address"):
        server_url(address)


ARGS = [["online", "create", game, "--seats", "me,cpu", "--name", "Ann"]
        for game in ("yatz", "muggins", "showdown")] + [["online", "join", "K7QX", "--name",
                                                        "Bob"]]


@pytest.mark.parametrize("args", ARGS, ids=lambda a: " ".join(a[1:3]))
def test_the_command_says_one_line_and_exits_2(args: list[str],
                                               capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    for address in ("http://[::1", "ws://a\u2100b"):
        with pytest.raises(SystemExit) as exc:
            main([*args, "--server", address])
        err = capsys.readouterr().err
        assert exc.value.code == 2, err
        assert len(err.strip().splitlines()) == 1 and "not a game server's address" in err


async def test_the_play_online_screen_says_so() -> None:
    app = GameshelfApp()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(OnlineScreen())
        await pilot.pause()
        screen = app.screen
        for button, address in (("#on-create", "http://[::1"), ("#on-join", "ws://a\u2100b")):
            screen.query_one("#on-server", Input).value = address
            screen.query_one("#on-name", Input).value = "Bob"
            screen.query_one("#on-code", Input).value = "K7QX"
            screen.go("join" if button == "#on-join" else "create")
            await pilot.pause()
            assert app.screen is screen
            assert "not a game server's address" in str(screen.query_one("#on-msg").render())
