"""The base of every gameshelf terminal app: orderly stops and crash reports.

* SIGINT, SIGTERM and SIGHUP (a ``kill``, a closed terminal window) end the app the way
  leaving it does: the terminal is restored and :func:`run_guarded` raises
  :class:`~gameshelf.core.interrupt.Stopped`, which the command line turns into exit code
  ``128 + signal``. Nothing is saved at that moment, on purpose: every game screen saves after
  every action (through its game's session), so the save already holds the game, and a save
  made from a signal could catch a computer player's move half done in its thread.
* An unexpected fault anywhere in the app (a screen's handler, a worker) writes a crash report
  under the data folder (:mod:`gameshelf.core.crash`) instead of Textual's traceback on the
  terminal; :func:`run_guarded` then raises
  :class:`~gameshelf.core.crash.CrashReported`, and the command line prints its one line and
  exits non-zero.

Textual's own handling of a fault lives in the private ``App._handle_exception`` (Textual is
pinned to an exact version in ``pyproject.toml``); :class:`GuardedApp` overrides it and keeps
what it does for tests (``App.run_test`` re-raises the fault).
"""

from __future__ import annotations

import asyncio
import signal
import sys
from typing import Any

from textual.app import App
from textual.screen import Screen
from textual.worker import WorkerFailed

from gameshelf.core import interrupt
from gameshelf.core.crash import CrashReported, write_report
from gameshelf.core.errors import GameshelfError


class GuardedApp(App[None]):
    """A Textual app that ends in order on a signal and reports a crash in a file.

    Attributes:
        crash: the crash, once one happened (its report written).
        stopped_by: the signal that ended the app, if one did.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.crash: CrashReported | None = None
        self.stopped_by: int | None = None

    def on_mount(self) -> None:
        if self.is_headless:
            return  # tests: the test runner's own signal handling stays as it is
        try:
            loop = asyncio.get_running_loop()
            for sig in interrupt.SIGNALS:
                if signal.getsignal(sig) is not signal.SIG_IGN:
                    loop.add_signal_handler(sig, self.stop_by_signal, int(sig))
        except (NotImplementedError, RuntimeError, ValueError):
            pass  # no signal handlers here (not the main thread, or not a Unix loop)

    def stop_by_signal(self, signum: int) -> None:
        """Leave the app because of signal ``signum`` (the games are saved already)."""
        if self.stopped_by is None:
            self.stopped_by = signum
        # A computer's turn running in a worker must not draw into screens being taken down
        # (it would mount widgets into removed containers): stop every worker first.
        self.workers.cancel_all()
        self.exit(return_code=128 + signum)

    def _handle_exception(self, error: Exception) -> None:
        """A fault: write the report, then exit the app (no traceback on the terminal)."""
        if self.crash is None:
            fault = error.error if isinstance(error, WorkerFailed) else error
            self.crash = CrashReported(fault, write_report(fault))
        self._return_code = 1
        if self._exception is None:  # what App.run_test re-raises
            self._exception = error
            self._exception_event.set()
        self._close_messages_no_wait()


def on_a_terminal() -> bool:
    """True when standard input and output are both a terminal. (Textual draws on stderr,
    which may be redirected on purpose: a test reads the screen from a pipe there.)"""
    streams = (sys.__stdin__, sys.__stdout__)
    try:
        return all(s is not None and s.isatty() for s in streams)
    except (OSError, ValueError):
        return False


def need_terminal(hint: str = "") -> None:
    """Check that standard input and output are both a terminal (the app reads keys from the
    first; its output must not go to a file or a pipe).

    Raises:
        GameshelfError: one of them is not a terminal (a file, a pipe, ``/dev/null``):
            without one the app would wait for keys that never come and write escape codes
            into the file. ``hint`` names what works instead.
    """
    if not on_a_terminal():
        raise GameshelfError("the game screens need a terminal, and standard input or output "
                             "is not one" + (f"; {hint}" if hint else ""))


def run_guarded(app: GuardedApp, hint: str = "") -> None:
    """Run ``app`` until it ends, only on a terminal. Every command that opens a screen
    comes through here; tests drive the apps through ``App.run_test`` (Textual's Pilot).

    Raises:
        GameshelfError: not on a terminal (see :func:`need_terminal`; ``hint`` says what
            works instead).
        CrashReported: the app crashed (the report is written).
        Stopped: a signal ended it.
    """
    need_terminal(hint)
    try:
        app.run()
    finally:
        interrupt.install()  # the app's event loop reset the handlers when it closed
    if app.crash is not None:
        raise app.crash
    if app.stopped_by is not None:
        interrupt.last_signal = app.stopped_by
        raise interrupt.Stopped(app.stopped_by)


def drawable(screen: Screen[Any]) -> bool:
    """Whether ``screen`` may redraw (mount and remove widgets) now: it is mounted and its
    app is not closing on a signal. Redraws from resizes and computer moves ask this first."""
    return screen.is_mounted and getattr(screen.app, "stopped_by", None) is None
