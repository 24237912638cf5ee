"""The base of every gameshelf terminal app: the keys every screen shares, orderly stops
and crash reports.

* **Ctrl+Q** quits from any screen, every game on the stack saved first
  (:meth:`GuardedApp.action_quit_saving`), and the player is told where each game is kept
  (its save's name and how to resume it, or that nothing was saved): a game screen's
  ``keep_game`` returns that sentence; the app keeps them in :attr:`GuardedApp.farewells`,
  printed on the terminal once the app has quit (:func:`say_farewells`), or in a browser
  shown on screen for a moment before the app quits. That moment never holds the app:
  Ctrl+Q again, a signal, a closed tab or the web server stopping end it at once. **q**
  does what Esc does wherever it is not typed into a text field nor one of the screen's own
  keys (on the menu it quits). The help of every screen names them
  (:data:`gameshelf.tui.widgets.COMMON_HELP`).
* A notice (a Textual toast: ``Game saved as 'x'. Resume it ...`` after Esc leaves a game)
  stands in the bottom right corner over whatever screen comes next: at 80x24 over a
  setup's buttons or its saves. A notice that informs goes at
  the player's next key or click (the key still does what it does), so that it never
  stands over what the player uses next; unread, it goes after Textual's few seconds.
  Warnings and errors stay their time (:meth:`GuardedApp.notes_seen`).
* SIGINT, SIGTERM and SIGHUP end the app the way leaving it does, and :func:`run_guarded`
  raises :class:`~gameshelf.core.interrupt.Stopped` (exit code ``128 + signal``). A
  terminal that is gone without a hang-up (the end of its input, ``EIO``) counts as SIGHUP
  (:mod:`gameshelf.tui.terminal`: Textual's driver would read it in a busy loop forever). Nothing is
  saved at that moment, on purpose: every game screen saves after every action, and a save
  made from a signal could catch a computer player's move half done in its thread.
* An unexpected fault anywhere in the app writes a crash report
  (:mod:`gameshelf.core.crash`) instead of Textual's traceback; :func:`run_guarded` then
  raises :class:`~gameshelf.core.crash.CrashReported`. It overrides Textual's private
  ``App._handle_exception`` (Textual is pinned) and keeps what it does for tests
  (``App.run_test`` re-raises the fault).
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from typing import Any

from textual import constants, events
from textual.app import App
from textual.binding import Binding
from textual.driver import Driver
from textual.drivers.linux_driver import LinuxDriver
from textual.screen import Screen
from textual.timer import Timer
from textual.worker import WorkerFailed

from gameshelf.core import interrupt
from gameshelf.core.crash import CrashReported, write_report
from gameshelf.core.errors import GameshelfError
from gameshelf.core.text import error_line
from gameshelf.tui.terminal import HangupDriver

#: The key that quits the app from any screen, as Textual names it and as the footer shows it.
QUIT_KEY, QUIT_SHOWN = "ctrl+q", "^q"
#: Seconds a browser shows where the games are kept before the app quits on Ctrl+Q.
FAREWELL_SECONDS = 3.0
#: The key that leaves a screen as Esc does, where the screen does not use it itself.
LEAVE_KEY = "q"


def quit_binding() -> Binding:
    """Ctrl+Q, quitting from any screen (a game in progress saved first), shown in the
    footer. Every app has it (:class:`GuardedApp`); a modal screen with a footer lists it
    too (a modal's footer shows only its own keys; the key works there anyway)."""
    return Binding(QUIT_KEY, "app.quit_saving", "Quit", key_display=QUIT_SHOWN, priority=True,
                   tooltip="Quit the app; a game in progress is saved first.")


class GuardedApp(App[None]):
    """A Textual app that ends in order on a signal and reports a crash in a file, with the
    keys every screen shares (Ctrl+Q, and q as Esc: see the module's text).

    Attributes:
        crash: the crash, once one happened (its report written).
        stopped_by: the signal that ended the app, if one did.
        farewells: what Ctrl+Q's saves said of each game left (``Game saved as 'x'.
            Resume it ...``), for the terminal after the app quits.
    """

    BINDINGS = [
        quit_binding(),
        Binding(LEAVE_KEY, "as_escape", "Leave", show=False),
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.crash: CrashReported | None = None
        self.stopped_by: int | None = None
        self._quit_failed = False
        self.farewells: list[str] = []
        #: Each game's last setup in this run (seats, names, levels, options), by game key:
        #: a setup screen opened again starts from it (kept for the run, not in the store).
        self.setups: dict[str, Any] = {}
        #: The browser's farewell under way (its timer ends the app), if one is.
        self._farewell: Timer | None = None

    def get_key_display(self, binding: Binding) -> str:
        """The key the footer shows for ``binding``. In a browser (``gameshelf web``) F1 is
        the browser's own key, so a binding of F1 shows the action's other key instead
        (``? Help``; in Yatz's classic keys ``r Roll``)."""
        if binding.key == "f1" and self.is_web:
            for active in self.screen.active_bindings.values():
                other = active.binding
                if other.action == binding.action and other.key != "f1":
                    return super().get_key_display(other)
        return super().get_key_display(binding)

    def action_quit_saving(self) -> None:
        """Ctrl+Q: keep every game on the screen stack saved, then end the app. A failed
        save is said (with the bell) and the app stays; Ctrl+Q again ends it anyway. What each
        game's ``keep_game`` says of where it is kept goes to :attr:`farewells`; in a
        browser, where nothing printed after the app is seen, it is shown for
        :data:`FAREWELL_SECONDS` before the app ends; Ctrl+Q during that time ends it at once
        (as a signal or a closed tab does: :meth:`stop_by_signal`)."""
        if self._farewell is not None:
            self._end_farewell()
            self.exit()
            return
        if not self._quit_failed:
            for screen in reversed(self.screen_stack):
                keep = getattr(screen, "keep_game", None)
                if keep is None:
                    continue
                try:
                    said = keep()
                except GameshelfError as exc:
                    self._quit_failed = True
                    self.bell()
                    self.notify(f"could not save: {error_line(exc)}. Ctrl+Q again quits "
                                "without saving.", severity="error", markup=False)
                    return
                if isinstance(said, str) and said and said not in self.farewells:
                    self.farewells.append(said)
        if self.is_web and self.farewells:
            for said in self.farewells:
                self.notify(said, title="Quitting", markup=False,
                            timeout=FAREWELL_SECONDS)
            self._farewell = self.set_timer(FAREWELL_SECONDS, self._farewell_seen,
                                            name="farewell")
            return
        self.exit()

    def _farewell_seen(self) -> None:
        """The farewell has been shown: end the app, unless a signal has ended it already
        (its exit code stays ``128 + signal``)."""
        self._farewell = None
        if self.stopped_by is None:
            self.exit()

    def _end_farewell(self) -> None:
        """Stop the farewell's timer, if one runs: the app ends now, not when it fires."""
        farewell, self._farewell = self._farewell, None
        if farewell is not None:
            farewell.stop()

    async def action_as_escape(self) -> None:
        """q: what Esc does on the screen on top (leave, back, close); nothing where Esc
        does nothing."""
        active = self.screen.active_bindings.get("escape")
        if active is not None and active.enabled:
            await self.run_action(active.binding.action, active.node)

    async def on_event(self, event: events.Event) -> None:
        """Every key and click of the player's, before it acts: the notices seen
        (:meth:`notes_seen`)."""
        if isinstance(event, (events.Key, events.MouseDown)) and not event.is_forwarded:
            self.notes_seen()
        await super().on_event(event)

    def notes_seen(self) -> None:
        """The player acts: the notices that inform go, so that none stands over what the
        player uses next (at 80x24 a setup's buttons, the saves); warnings and errors stay
        for their time."""
        seen = [n for n in self._notifications if n.severity == "information"]
        for note in seen:
            self._unnotify(note, refresh=False)
        if seen:
            self._refresh_notifications()

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

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this terminal, made to end the app when the terminal is gone
        (:class:`~gameshelf.tui.terminal.HangupDriver`) wherever Textual would take its
        Linux driver; a driver named by ``TEXTUAL_DRIVER`` (the browser's) is kept."""
        chosen: type[Driver] = super().get_driver_class()
        if constants.DRIVER is None and chosen is LinuxDriver:
            return HangupDriver
        return chosen

    def terminal_gone(self) -> None:
        """The terminal went away without a hang-up signal (the end of its input, or
        ``EIO``): end the app as SIGHUP does (exit code 129), the games saved already."""
        self.stop_by_signal(signal.SIGHUP)

    def stop_by_signal(self, signum: int) -> None:
        """Leave the app because of signal ``signum`` (the games are saved already)."""
        if self.stopped_by is None:
            self.stopped_by = signum
        self._end_farewell()   # a farewell under way never holds a signal's end
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
    which may be redirected on purpose: a test reads the screen from a pipe there.)

    Also True when ``TEXTUAL_DRIVER`` names a driver: it brings its own input and output
    instead of the terminal's (``gameshelf web`` runs each browser tab's app with one that
    talks to the web server over standard input and output, pipes there as they must be).
    """
    if os.environ.get("TEXTUAL_DRIVER"):
        return True
    streams = (sys.__stdin__, sys.__stdout__)
    try:
        return all(s is not None and s.isatty() for s in streams)
    except (OSError, ValueError):
        return False


def need_terminal(hint: str = "") -> None:
    """Check that standard input and output are both a terminal: without one the app would
    wait for keys that never come and write escape codes into a file.

    Raises:
        GameshelfError: one of them is not a terminal; ``hint`` names what works instead.
    """
    if not on_a_terminal():
        raise GameshelfError("the game screens need a terminal, and standard input or output "
                             "is not one" + (f"; {hint}" if hint else ""))


def run_guarded(app: GuardedApp, hint: str = "") -> None:
    """Run ``app`` until it ends, only on a terminal. Every command that opens a screen
    comes through here; tests drive the apps through ``App.run_test`` (Textual's Pilot).

    Raises:
        GameshelfError: not on a terminal (:func:`need_terminal`).
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


def say_farewells(app: GuardedApp) -> None:
    """Print on the terminal, once ``app`` has quit, where each game left by Ctrl+Q is kept
    (:attr:`GuardedApp.farewells`; nothing in a browser, which showed them on screen)."""
    if app.is_web:
        return
    for said in app.farewells:
        print(said)


def drawable(screen: Screen[Any]) -> bool:
    """Whether ``screen`` may redraw (mount and remove widgets) now: it is mounted, or its
    own ``on_mount`` is running (its widgets are composed; Textual counts a screen mounted
    only once that handler has returned, and the first draw, of a resumed game's dice too,
    is made there), and its app is not closing on a signal. Redraws from resizes and
    computer moves ask this first."""
    up = screen.is_mounted or (screen.is_running and screen.is_attached)
    return up and getattr(screen.app, "stopped_by", None) is None
