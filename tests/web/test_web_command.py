"""``gameshelf web``: the game page for one person on this machine, the terminal app in a
page with ``--terminal``.

In a real browser (Debian's Chromium, by accessible names): ``gameshelf web --no-open
--port 0`` serves the page, whose menu starts a Yatz game against a computer seat and
asks for nothing but the frame's files; ``--terminal`` still serves the terminal app's
page. Without one: the default browser is opened only where there is one with a window of
its own (never one drawing in this terminal), and a browser that fails is no failure;
Ctrl+C, SIGTERM and SIGHUP stop the page's server with ``128 + signal``.
"""

from __future__ import annotations

import re
import signal
import threading
import webbrowser
from pathlib import Path
from typing import Any

import pytest

from gameshelf.cli import web as web_command
from tests.web.browser import browser_or_skip, browser_page, wait_for_text
from tests.web.gamepage import PATIENCE, browser, create_room, no_horizontal_scroll, page_server
from tests.web.served import MENU_DRAWN, served


def test_the_page_serves_the_menu_and_starts_a_yatz_game(tmp_path: Path) -> None:
    executable = browser_or_skip()
    home = tmp_path / "home"
    with page_server(home) as server, browser(executable) as b:
        page = b.new_context(viewport={"width": 390, "height": 844}).new_page()
        page.goto(server.url)
        create_room(page, "Yatz")
        roll = page.get_by_role("button", name="Roll", exact=True)
        roll.click(timeout=PATIENCE * 1000)
        page.get_by_role("button", name=re.compile(r"^Die 1: [1-6]$")).wait_for()
        assert no_horizontal_scroll(page)
    # the rooms are kept where ``serve`` keeps them: server.db in the data folder
    assert (home / "server.db").exists()


def test_the_menu_needs_no_request_after_the_frame_s_files(tmp_path: Path) -> None:
    """The games' list comes in the frame itself: /games.json is never asked for."""
    executable = browser_or_skip()
    with page_server(tmp_path / "home") as server, browser(executable) as b:
        page = b.new_context().new_page()
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url))
        page.goto(server.url)
        page.get_by_role("button", name="Muggins").wait_for()
        assert not [url for url in asked if url.endswith("/games.json")], asked


def test_terminal_still_serves_the_terminal_app(tmp_path: Path) -> None:
    executable = browser_or_skip()
    with served(tmp_path / "home") as server, browser_page(executable) as page:
        assert "--terminal" in server.process.args
        page.goto(server.url)
        wait_for_text(page, MENU_DRAWN)


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM, signal.SIGHUP])
def test_a_signal_stops_the_page_s_server_with_128_plus_it(tmp_path: Path,
                                                           sig: signal.Signals) -> None:
    with page_server(tmp_path / "home") as server:
        server.process.send_signal(sig)
        out, err = server.process.communicate(timeout=PATIENCE)
        assert server.process.returncode == 128 + sig
    assert f"gameshelf web: stopped ({sig.name})" in err and "Traceback" not in out + err
    assert err.count("stopped") == 1, err   # said once, not again by the entry point


def test_no_browser_opens_nothing_and_is_no_failure(monkeypatch: pytest.MonkeyPatch) -> None:
    def none() -> Any:
        raise webbrowser.Error("could not locate runnable browser")

    monkeypatch.setattr(webbrowser, "get", none)
    assert web_command.browser() is None
    web_command._open("http://127.0.0.1:1/")   # nothing, no error


@pytest.mark.parametrize("name", ["lynx", "/usr/bin/w3m", "www-browser"])
def test_a_browser_drawing_in_this_terminal_is_not_started(
        name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(webbrowser, "get", lambda: webbrowser.GenericBrowser(name))
    assert web_command.browser() is None
    monkeypatch.setattr(webbrowser, "get", lambda: webbrowser.Elinks("elinks"))
    assert web_command.browser() is None


def test_a_browser_with_a_window_is_opened_and_its_failure_said(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    opened: list[str] = []

    class Window(webbrowser.BackgroundBrowser):
        def open(self, url: str, new: int = 0, autoraise: bool = True) -> bool:
            opened.append(url)
            if len(opened) == 2:
                raise OSError("no display")
            return len(opened) == 1   # the third fails without raising: it says False

    monkeypatch.setattr(webbrowser, "get", lambda: Window("firefox"))
    said = []
    for _ in range(3):
        web_command._open("http://127.0.0.1:5/")
        for thread in [t for t in threading.enumerate() if t.name == "open-browser"]:
            thread.join(PATIENCE)
        said.append(capsys.readouterr().err)
    assert opened == ["http://127.0.0.1:5/"] * 3
    assert said[0] == ""
    assert "could not open a browser (no display)" in said[1]
    assert "could not open a browser (it did not start)" in said[2]
