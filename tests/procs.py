"""Child processes that tests send signals to.

A test run started in the background of a non-interactive shell (``cmd &``) inherits SIGINT
and SIGQUIT ignored, and the program rightly keeps an ignored signal ignored (as under
``nohup``). A player's terminal leaves them at their defaults, so every child a test signals
starts with the default dispositions: pass :func:`default_signals` as ``preexec_fn``.
"""

from __future__ import annotations

import signal


def default_signals() -> None:
    """Reset the signals a player's terminal sends to their default handling."""
    for sig in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT):
        signal.signal(sig, signal.SIG_DFL)
