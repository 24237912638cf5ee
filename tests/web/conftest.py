"""The page tests' one headless Chromium per test process: a launch and its close cost about
a second, and the page tests launched one each. It runs as its own process with the
DevTools protocol on a free loopback port (the port Chromium picks, read from its profile
folder), started before the process's first page test, so it is no test's child (the check
that every test ends its children leaves it alone), and ended with the process's tests. A
test connects to it through :func:`tests.web.gamepage.browser` and opens its own contexts,
every one closed after the test, so the tests' pages share nothing. (One Playwright kept
for the whole process cannot be: its synchronous API holds an event loop running in the
test process, so every ``asyncio.run`` of a later test would fail.)"""

from __future__ import annotations

import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.browser import ARGS, SHARED, chromium

#: Seconds Chromium may take to say its DevTools port (a hang guard).
START = 60.0


@pytest.fixture(autouse=True, scope="session")
def _one_chromium() -> Iterator[None]:
    executable = chromium()
    if executable is None:      # the tests skip (or fail where they must run) as before
        yield
        return
    with tempfile.TemporaryDirectory(prefix="gameshelf-chromium-") as profile:
        process = subprocess.Popen(
            [executable, *ARGS, "--remote-debugging-address=127.0.0.1",
             "--remote-debugging-port=0", f"--user-data-dir={profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            told = Path(profile) / "DevToolsActivePort"
            deadline = time.monotonic() + START
            while process.poll() is None and time.monotonic() < deadline:
                lines = told.read_text().split() if told.exists() else []
                if len(lines) == 2:
                    SHARED[executable] = f"ws://127.0.0.1:{lines[0]}{lines[1]}"
                    break
                time.sleep(0.05)
            yield
        finally:
            SHARED.pop(executable, None)
            process.terminate()
            try:
                process.wait(10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait(10)
