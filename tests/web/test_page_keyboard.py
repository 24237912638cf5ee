"""The game server's own page by keyboard only: every game played to its end with Tab,
Shift+Tab, Enter, Space and the arrow keys (and letters typed into a field), never a click.

Each game starts at the menu: Tab to the game's button, Enter; the name typed into the
field that has the focus; arrow keys in the setup's fields (Yatz's computer level from its
default, strong, up to greedy, the quick one: a fresh checkout's first strong move compiles
the solver, up to a minute on a loaded machine; Muggins' target); Tab to ``Create the
room``, Enter. Then, until the game is over, the move is reached by Tab (and Shift+Tab) and made by
Enter or Space: Yatz against a computer (39 turns: ``Roll``, a die held by Space, a box
chosen and filled by Enter), Muggins against Mugsy to a small target (a tile that fits,
``Left end`` when asked, else ``Draw``, else ``Pass``), Showdown against a computer (a card
of the hand offered, ``Done``, a face-up card taken, ``Flip``), One Dollar Pinball
(``L40000002A`` series 1902 typed, Enter). Every control the focus passes shows it (the
browser's ``:focus-visible``, on a shown element), and after every move, once the page has
drawn the state it leads to, the focus is on a control of the page, shown, with its ring:
never lost to the page's body.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.web.browser import browser_or_skip
from tests.web.gamepage import PATIENCE, browser, game_server

#: The focused element, as the test reads it (None: the focus is nowhere, the page's body).
FOCUSED = """() => {
  const a = document.activeElement;
  if (!a || a === document.body || a === document.documentElement) return null;
  const r = a.getBoundingClientRect();
  const label = a.labels && a.labels.length ? a.labels[0].textContent.trim() : "";
  return {
    name: a.getAttribute("aria-label") || label || a.textContent.trim().slice(0, 80),
    tag: a.tagName.toLowerCase(),
    group: (a.closest("[role=group]") || { getAttribute: () => null }).getAttribute("aria-label"),
    shown: a.checkVisibility() && r.width > 0 && r.height > 0,
    ring: a.matches(":focus-visible"),
    usable: !a.disabled,
  };
}"""
#: Presses of Tab to reach a control at most (the page's every control and back).
MOST_TABS = 160
Focus = dict[str, Any]


def focused(page: Any) -> Focus | None:
    found: Focus | None = page.evaluate(FOCUSED)
    return found


def assert_focus_shown(page: Any, after: str) -> Focus:
    """The focus is on a shown element of the page, with its ring."""
    found = focused(page)
    assert found is not None, f"the focus is lost after {after}"
    assert found["shown"] and found["ring"], (after, found)
    return found


def tab_to(page: Any, want: Callable[[Focus], bool], what: str, back: bool = False) -> Focus:
    """Press Tab (Shift+Tab: ``back``) until the focused control is ``want``; every control
    passed shows the focus."""
    for _ in range(MOST_TABS):
        found = focused(page)
        if found is not None:
            assert found["shown"] and found["ring"], (what, found)
            if want(found):
                return found
        page.keyboard.press("Shift+Tab" if back else "Tab")
    raise AssertionError(f"Tab never reached {what}")


def named(pattern: str, group: str | None = None) -> Callable[[Focus], bool]:
    """A control whose name matches ``pattern`` (in the group named ``group``)."""
    return lambda f: bool(re.fullmatch(pattern, f["name"])) and f["usable"] and (
        group is None or f["group"] == group)


def seq(page: Any) -> str:
    return str(page.locator("#game").get_attribute("data-seq"))


def moved(page: Any, before: str, what: str) -> Focus:
    """Wait until the page drew a state after ``before``; the focus is shown."""
    page.wait_for_function("s => document.getElementById('game').dataset.seq !== s",
                           arg=before)
    page.wait_for_timeout(50)   # the frame's focus is put back right after the drawing
    return assert_focus_shown(page, what)


def my_turn(page: Any, over: Any) -> bool:
    """Wait until this seat has something to do (True) or the game is over (False)."""
    page.wait_for_function("""() => !document.getElementById('over').hidden ||
        document.getElementById('prompt').textContent === 'Your turn.'""")
    return not over.is_visible()


def create(page: Any, url: str, title: str, *, arrows: int = 0, level: str = "") -> None:
    """From the menu to a room of ``title`` with the setup's defaults (one computer), by
    keys: the game's button, the name typed, ``level`` chosen by ArrowUp in the level's
    list, ``arrows`` presses of ArrowUp in the target field when there is one, Create the
    room."""
    from playwright.sync_api import expect

    page.goto(url)
    expect(page.get_by_role("button", name=title)).to_be_visible()
    tab_to(page, named(re.escape(title)), title)
    page.keyboard.press("Enter")
    expect(page.get_by_role("textbox", name="Your name")).to_be_focused()
    page.keyboard.type("Ann")
    if level:
        tab_to(page, lambda f: f["tag"] == "select" and f["name"].startswith(
            "Computer level"), "Computer level")
        chosen = page.get_by_role("combobox", name="Computer level")
        for _ in range(5):
            if chosen.input_value() == level:
                break
            page.keyboard.press("ArrowUp")
        expect(chosen).to_have_value(level)
    if arrows:
        tab_to(page, lambda f: f["name"].startswith("Target"), "the target")
        page.keyboard.press("Control+A")
        page.keyboard.type("5")
        for _ in range(arrows):
            page.keyboard.press("ArrowUp")
    tab_to(page, named("Create the room"), "Create the room")
    page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/r/[A-Z0-9]+$"))
    page.wait_for_function("() => document.getElementById('game').dataset.seq !== undefined")
    page.wait_for_timeout(50)
    assert_focus_shown(page, "the room's creation")


def _context(chromium: Any) -> Any:
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(PATIENCE * 1000)
    return context


def test_yatz_to_its_end_by_keyboard(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home", "--rate", "1000") as server, \
            browser(executable) as chromium:
        page = _context(chromium).new_page()
        create(page, server.url, "Yatz", level="greedy")
        over = page.get_by_role("heading", name="Game over")
        die1 = page.get_by_role("button", name="Die 1")
        turns = 0
        while my_turn(page, over):
            tab_to(page, named("Roll"), "Roll")
            before = seq(page)
            page.keyboard.press("Enter")
            moved(page, before, "a roll")
            expect(die1).to_have_accessible_name(re.compile(r"^Die 1: [1-6]$"))
            if turns == 0:    # a die held by Space
                tab_to(page, named(r"Die 1: [1-6]"), "Die 1", back=True)
                before = seq(page)
                page.keyboard.press("Space")
                expect(die1).to_have_attribute("aria-pressed", "true")
                moved(page, before, "a hold")
            tab_to(page, named(r"x[123] .+: scores \d+ now"), "a box to fill")
            page.keyboard.press("Enter")
            fill = assert_focus_shown(page, "a box chosen")
            assert fill["name"].startswith("Fill x"), fill
            before = seq(page)
            page.keyboard.press("Enter")
            moved(page, before, "a box filled")
            turns += 1
        assert turns == 39
        expect(page.get_by_role("region", name="Game over")).to_contain_text("Ann (you):")


def test_muggins_to_its_end_by_keyboard(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home", "--rate", "1000") as server, \
            browser(executable) as chromium:
        page = _context(chromium).new_page()
        create(page, server.url, "Muggins", arrows=5)    # a target of 10
        expect(page.get_by_text("target 10")).to_be_visible()
        over = page.get_by_role("heading", name="Game over")
        moves = 0
        while my_turn(page, over):
            before = seq(page)
            tile = page.get_by_role("group", name="Your tiles").get_by_role(
                "button", disabled=False)
            if tile.count():
                tab_to(page, lambda f: f["group"] == "Your tiles" and f["usable"], "a tile")
                page.keyboard.press("Enter")
                if page.get_by_role("group", name="Which end").is_visible():
                    found = assert_focus_shown(page, "a tile that fits both ends")
                    assert found["name"].startswith("Left end"), found
                    page.keyboard.press("Space")
            else:
                tab_to(page, named("Draw|Pass"), "Draw or Pass")
                page.keyboard.press("Enter")
            moved(page, before, "a move")
            moves += 1
        assert moves > 0
        expect(page.get_by_role("region", name="Game over")).to_contain_text("Ann (you):")


def test_showdown_to_its_end_by_keyboard(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home", "--rate", "1000") as server, \
            browser(executable) as chromium:
        page = _context(chromium).new_page()
        create(page, server.url, "Pinball Showdown")
        over = page.get_by_role("heading", name="Game over")
        move = page.get_by_role("group", name="Your move")
        moves = 0
        while my_turn(page, over):
            before = seq(page)
            if page.get_by_role("group", name="Your hand").get_by_role(
                    "button", disabled=False).count():
                tab_to(page, lambda f: f["group"] == "Your hand" and f["usable"], "a card")
                page.keyboard.press("Enter")
                tab_to(page, named(r"Offer P\d\d .*"), "Offer")
                page.keyboard.press("Enter")
            elif move.get_by_role("button", name="Flip").count():
                tab_to(page, named("Flip"), "Flip")
                page.keyboard.press("Enter")
            elif move.get_by_role("button", name="Done").count():
                tab_to(page, named("Done"), "Done")
                page.keyboard.press("Enter")
            else:
                tab_to(page, lambda f: f["group"] == "Cards this turn" and f["usable"],
                       "a face-up card")
                page.keyboard.press("Space")
                tab_to(page, named(r"Take P\d\d .*"), "Take")
                page.keyboard.press("Enter")
            moved(page, before, "a move")
            moves += 1
        assert moves > 0
        expect(page.get_by_role("region", name="Game over")).to_contain_text("Ann (you):")


def test_dollar_to_its_end_by_keyboard(tmp_path: Path) -> None:
    from playwright.sync_api import expect

    executable = browser_or_skip()
    with game_server(tmp_path / "home", "--rate", "1000") as server, \
            browser(executable) as chromium:
        page = _context(chromium).new_page()
        create(page, server.url, "One Dollar Pinball")
        over = page.get_by_role("heading", name="Game over")
        assert my_turn(page, over)
        tab_to(page, named("Serial number"), "Serial number")
        page.keyboard.type("L40000002A")
        page.keyboard.press("Tab")
        assert assert_focus_shown(page, "Tab")["name"] == "Series"
        page.keyboard.type("1902")
        before = seq(page)
        page.keyboard.press("Enter")
        moved(page, before, "a bill scored")
        expect(over).to_be_visible()
        expect(page.get_by_role("region", name="Game over")).to_contain_text(
            "Ann (you): 88,000,000 points")
        assert_focus_shown(page, "the round's end")
