"""Headless Chromium (Debian's ``chromium``) driven by Playwright, for the browser test and
``benchmarks/web_sessions.py``.

Nothing here downloads a browser: Playwright is pointed at the system's Chromium. The page
draws the app with xterm.js on a canvas; :data:`READ_SCREEN` (run in the page before its own
script) keeps the page's xterm.js terminal so that :func:`screen` reads the text it shows
from the terminal's buffer, and :func:`cell_point` turns a character cell into the pixel to
click.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

#: Where the browser is looked for: ``GAMESHELF_CHROMIUM``, else ``chromium`` on the PATH.
BROWSER_VARIABLE = "GAMESHELF_CHROMIUM"
#: Set (to 1) where the browser test must run (``.ci/run``): no browser is then a failure.
REQUIRE_VARIABLE = "GAMESHELF_REQUIRE_BROWSER"
INSTALL_HINT = ("no Chromium found: install Debian's `chromium` package (sudo apt-get install "
                "chromium) or set GAMESHELF_CHROMIUM=/path/to/chromium to run the browser test")

#: The DevTools address of the test process's one running Chromium, by its path, while
#: its page tests run (tests/web/conftest.py).
SHARED: dict[str, str] = {}

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]

#: Keeps the page's xterm.js terminal (textual-serve's script does not expose it): the first
#: object given a ``terminal`` that looks like xterm's Terminal is kept as
#: ``window.gameshelfTerminal``; ``window.gameshelfScreen()`` is the text it shows.
READ_SCREEN = """
Object.defineProperty(Object.prototype, "terminal", {
  configurable: true,
  set(value) {
    Object.defineProperty(this, "terminal",
      {value, writable: true, configurable: true, enumerable: true});
    if (value && value.buffer && typeof value.onData === "function") {
      window.gameshelfTerminal = value;
    }
  },
});
window.gameshelfScreen = () => {
  const term = window.gameshelfTerminal;
  if (!term) return "";
  const buffer = term.buffer.active, lines = [];
  for (let y = 0; y < term.rows; y++) {
    const line = buffer.getLine(buffer.viewportY + y);
    lines.push(line ? line.translateToString(true) : "");
  }
  return lines.join("\\n");
};
"""


def chromium() -> str | None:
    """The Chromium to drive, or None when there is none."""
    named = os.environ.get(BROWSER_VARIABLE)
    if named:
        return named if os.access(named, os.X_OK) else None
    return shutil.which("chromium")


def browser_or_skip() -> str:
    """Chromium's path; the test is skipped without it (failed where it is required:
    ``GAMESHELF_REQUIRE_BROWSER=1``)."""
    import pytest

    executable = chromium()
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        executable = None
    if executable is None:
        if os.environ.get(REQUIRE_VARIABLE) == "1":
            pytest.fail(f"{REQUIRE_VARIABLE}=1 and {INSTALL_HINT} (and the test extras)")
        pytest.skip(INSTALL_HINT)
    return executable


@contextmanager
def browser_page(executable: str, width: int = 1200, height: int = 760, *,
                 args: tuple[str, ...] | list[str] = (),
                 bypass_csp: bool = False) -> Iterator[Any]:
    """A fresh headless Chromium (its own profile folder; ``args`` added to its command
    line) and a page of ``width`` x ``height`` pixels that reads the terminal
    (:data:`READ_SCREEN`); ``bypass_csp``: pages' Content Security Policies are set
    aside."""
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="gameshelf-chromium-") as profile, \
            sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            profile, executable_path=executable, headless=True, args=[*ARGS, *args],
            viewport={"width": width, "height": height}, bypass_csp=bypass_csp)
        try:
            context.add_init_script(READ_SCREEN)
            yield context.new_page()
        finally:
            context.close()


def screen(page: Any) -> str:
    """The text the page's terminal shows, one line per row."""
    return str(page.evaluate("window.gameshelfScreen()"))


def wait_for_text(page: Any, text: str, timeout: float = 60.0) -> None:
    """Wait until the terminal shows ``text`` (AssertionError with the screen if it never
    does)."""
    try:
        page.wait_for_function("t => window.gameshelfScreen().includes(t)", arg=text,
                               timeout=timeout * 1000)
    except Exception as exc:
        raise AssertionError(f"{text!r} never shown:\n{screen(page)}") from exc


def cell_point(page: Any, column: int, row: int) -> tuple[float, float]:
    """The pixel at the middle of the terminal's cell (``column``, ``row``)."""
    box = page.locator("#terminal .xterm-screen").bounding_box()
    columns, rows = page.evaluate("[window.gameshelfTerminal.cols, window.gameshelfTerminal.rows]")
    return (box["x"] + (column + 0.5) * box["width"] / columns,
            box["y"] + (row + 0.5) * box["height"] / rows)


def find_text(page: Any, text: str, row_has: str = "") -> tuple[int, int]:
    """The (column, row) of the first ``text`` on the screen (in a row that also has
    ``row_has``)."""
    for row, line in enumerate(screen(page).split("\n")):
        if text in line and row_has in line:
            return line.index(text), row
    raise AssertionError(f"{text!r} not on the screen:\n{screen(page)}")


def click_text(page: Any, text: str, row_has: str = "") -> None:
    """Click the middle of the first ``text`` on the screen."""
    column, row = find_text(page, text, row_has)
    page.mouse.click(*cell_point(page, column + len(text) // 2, row))
