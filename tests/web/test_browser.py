"""Issue 12, end to end in a real browser: ``gameshelf web`` on a free loopback port, opened
in headless Chromium (Debian's ``chromium``, driven by Playwright; nothing downloads a
browser). The menu, one Dollar Pinball bill (L40000002A, series 1902: 88,000,000 on the
page), a Yatz turn holding a die by a mouse click, Ctrl+Q quitting with the game saved, and
``gameshelf yatz saves`` listing the save. The page follows the window's size. A screenshot
of each step is kept under the test's temporary folder (``steps/``).

Without Chromium the test is skipped with a line saying how to install it; where the browser
is required (``GAMESHELF_REQUIRE_BROWSER=1``, set by ``.ci/run``) it fails instead.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.web.browser import (
    REQUIRE_VARIABLE,
    browser_or_skip,
    browser_page,
    cell_point,
    click_text,
    find_text,
    screen,
    wait_for_text,
)
from tests.web.served import MENU_DRAWN, PATIENCE, served, wait_for_no_apps


class Steps:
    """Screenshots of the test's steps, numbered, under ``folder``."""

    def __init__(self, page: Any, folder: Path) -> None:
        self.page, self.folder, self.taken = page, folder, 0
        folder.mkdir(parents=True)

    def shot(self, name: str) -> None:
        self.taken += 1
        self.page.screenshot(path=str(self.folder / f"{self.taken:02d}-{name}.png"))


def _click_die(page: Any, index: int) -> None:
    """Click the middle of die ``index`` (0-4) in the row of dice (small or big dice, as
    the window's size gives)."""
    _, row = find_text(page, "╭─")
    line = screen(page).split("\n")[row]
    die = list(re.finditer(r"╭─+╮", line))[index]
    page.mouse.click(*cell_point(page, (die.start() + die.end()) // 2, row + 2))


def test_play_in_the_browser(tmp_path: Path) -> None:
    executable = browser_or_skip()
    home = tmp_path / "home"
    with served(home) as server, browser_page(executable) as page:
        steps = Steps(page, tmp_path / "steps")
        page.goto(server.url)
        wait_for_text(page, MENU_DRAWN)
        steps.shot("menu")

        # the terminal follows the window's size, and the app draws again at the new size
        columns = page.evaluate("window.gameshelfTerminal.cols")
        page.set_viewport_size({"width": 760, "height": 500})
        # a function, not an expression: the page's policy runs no eval (which Playwright
        # uses to poll an expression)
        page.wait_for_function("n => window.gameshelfTerminal.cols < n", arg=columns)
        wait_for_text(page, MENU_DRAWN)
        steps.shot("menu-smaller-window")
        page.set_viewport_size({"width": 1200, "height": 760})
        page.wait_for_function("n => window.gameshelfTerminal.cols == n", arg=columns)

        # One Dollar Pinball: fields chosen by mouse clicks, the bill played to its end
        page.keyboard.press("1")
        wait_for_text(page, "Best bills ever")
        page.keyboard.type("Ann")
        click_text(page, "bill as printed")
        page.keyboard.type("L40000002A")
        click_text(page, "series, e.g. 2017A")
        page.keyboard.type("1902")
        page.keyboard.press("Enter")
        wait_for_text(page, "plays L40000002A")
        steps.shot("dollar-bill-entered")
        click_text(page, "Play", row_has="Random")
        page.keyboard.press("End")
        wait_for_text(page, "GAME OVER — Ann: 88,000,000 points")
        steps.shot("dollar-88-million")

        # ? opens the help (F1 is the browser's); Esc closes it, Esc again to the menu
        page.keyboard.press("?")
        wait_for_text(page, "Esc closes")
        steps.shot("dollar-help")
        page.keyboard.press("Escape")
        wait_for_text(page, "Best bills ever")
        page.keyboard.press("Escape")
        wait_for_text(page, MENU_DRAWN)

        # Yatz, one player: a roll, a die held by a click, a box filled by two clicks
        page.keyboard.press("2")
        wait_for_text(page, "Start (F5)")
        page.keyboard.type("Ann")
        click_text(page, "-", row_has="players")
        wait_for_text(page, "1 player ")
        click_text(page, "Start (F5)")
        wait_for_text(page, "Ann's card")
        page.keyboard.press("r")
        wait_for_text(page, "roll 1 of 3")
        _click_die(page, 1)
        wait_for_text(page, "2 HELD")
        steps.shot("yatz-die-held")
        page.keyboard.press("r")
        wait_for_text(page, "roll 2 of 3")
        chance = screen(page).split("\n")[find_text(page, "Chance")[1]]
        points = chance.split()[-3]          # the x1 column's points, "(16)"
        click_text(page, points, row_has="Chance")   # a click selects the box...
        click_text(page, points, row_has="Chance")   # ...a second click fills it
        wait_for_text(page, "turn 2 of 39")
        steps.shot("yatz-box-filled")

        # Ctrl+Q quits from anywhere, the game saved; the page says the menu has closed
        page.keyboard.press("Control+q")
        page.wait_for_selector("body.-closed", timeout=PATIENCE * 1000)
        steps.shot("quit")
        assert wait_for_no_apps(server) == []
        code, _out, err = server.stop()
        assert code == 130 and "Traceback" not in err

    listed = subprocess.run([sys.executable, "-m", "gameshelf", "yatz", "saves", "--json"],
                            capture_output=True, text=True, timeout=PATIENCE,
                            env={**os.environ, "GAMESHELF_HOME": str(home)})
    assert listed.returncode == 0, listed.stderr
    saves = json.loads(listed.stdout)
    assert [s["game"].replace("\u00b7", "·") for s in saves] == [
        f"Ann · game {saves[0]['name'].removeprefix('game-')} · turn 2 of 39"]
    assert sorted(p.name for p in (tmp_path / "steps").iterdir()) == [
        "01-menu.png", "02-menu-smaller-window.png", "03-dollar-bill-entered.png",
        "04-dollar-88-million.png", "05-dollar-help.png", "06-yatz-die-held.png",
        "07-yatz-box-filled.png", "08-quit.png"]


def test_no_browser_skips_saying_how_to_install_it(monkeypatch: pytest.MonkeyPatch,
                                                   tmp_path: Path) -> None:
    monkeypatch.setenv("GAMESHELF_CHROMIUM", str(tmp_path / "no-chromium"))
    monkeypatch.delenv(REQUIRE_VARIABLE, raising=False)
    with pytest.raises(pytest.skip.Exception, match="apt-get install chromium"):
        browser_or_skip()


def test_no_browser_fails_where_it_is_required(monkeypatch: pytest.MonkeyPatch,
                                               tmp_path: Path) -> None:
    monkeypatch.setenv("GAMESHELF_CHROMIUM", str(tmp_path / "no-chromium"))
    monkeypatch.setenv(REQUIRE_VARIABLE, "1")
    with pytest.raises(pytest.fail.Exception, match="no Chromium found"):
        browser_or_skip()
