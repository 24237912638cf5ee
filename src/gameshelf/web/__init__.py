"""Play in the browser: ``gameshelf web`` serves the menu app to web pages.

The same Textual app as ``gameshelf`` in a terminal runs once per open browser tab, in its
own process, served by textual-serve (:mod:`gameshelf.web.server`) to an xterm.js page, with
:class:`gameshelf.web.driver.BrowserDriver`. Nothing here knows a game, and saves, scores
and statistics go to the same store.
"""

from __future__ import annotations

#: The Textual driver each tab's app runs with, as ``TEXTUAL_DRIVER`` names it.
DRIVER = "gameshelf.web.driver:BrowserDriver"
#: The default limit of apps at once (``--max-sessions``), sized for a 2-core machine: each
#: is a Python process of its own (see ``benchmarks/web_sessions.py`` for its memory and how
#: many sessions answer a key within 100 ms).
DEFAULT_MAX_SESSIONS = 8
