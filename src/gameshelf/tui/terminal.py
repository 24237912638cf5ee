"""The terminal driver of every gameshelf app: Textual's Linux driver, ended by a dead terminal.

Textual's own driver reads the terminal in a thread that, once the terminal is gone, never
stops: at the end of input (``read`` returns nothing: the input was closed, or a terminal
emulator went away without a hang-up) it selects and reads again in a busy loop (about half
a core), and an ``EIO`` (a closed pseudo-terminal: tmux ``kill-session``, an ``ssh`` whose
connection dropped) panics the app from that thread. Its writer thread dies on the first
``EIO``, after which the app's next 30 writes fill its queue and the app blocks for good.
Textual itself installs no SIGHUP handler (:class:`gameshelf.tui.base.GuardedApp` does), so
a hang-up that is ignored (``nohup``) or never sent left the app running with nobody there.

:class:`HangupDriver` ends that: the end of input or a read or write error on the terminal
stops the reading thread, drops all later output, and tells the app once through its
``terminal_gone`` method (called on the app's event loop), which ends the app as a SIGHUP
does: games are saved after every action already, nothing half written.

It subclasses the Linux driver of the pinned Textual (its input loop is Textual's, with the
end of input handled); on other platforms, and when ``TEXTUAL_DRIVER`` names a driver (the
browser's, which ends with its pipe), the app keeps Textual's choice.
"""

from __future__ import annotations

import os
import selectors
import threading
from codecs import getincrementaldecoder
from typing import IO, Any

from textual._parser import ParseError
from textual._xterm_parser import XTermParser
from textual.drivers.linux_driver import LinuxDriver


class _QuietFile:
    """The terminal's output for the writer thread: a failed write or flush (``EIO`` once
    the terminal is gone) calls ``on_error`` and every later write is dropped."""

    def __init__(self, file: IO[str], on_error: Any) -> None:
        self._file = file
        self._on_error = on_error
        self.broken = False

    def write(self, text: str) -> int:
        if not self.broken:
            try:
                return self._file.write(text)
            except (OSError, ValueError):
                self._broke()
        return len(text)

    def flush(self) -> None:
        if not self.broken:
            try:
                self._file.flush()
            except (OSError, ValueError):
                self._broke()

    def fileno(self) -> int:
        return self._file.fileno()

    def isatty(self) -> bool:
        return True

    def _broke(self) -> None:
        self.broken = True
        self._on_error()


class HangupDriver(LinuxDriver):
    """Textual's Linux driver that notices a dead terminal (see the module's text).

    Attributes:
        gone: True once the terminal was found gone (end of input, or ``EIO``).
    """

    def __init__(self, app: Any, **kwargs: Any) -> None:
        super().__init__(app, **kwargs)
        self.gone = False
        self._told = threading.Lock()
        if self._file is not None:
            self._file = _QuietFile(self._file, self._terminal_gone)  # type: ignore[assignment]

    def _terminal_gone(self) -> None:
        """Tell the app, once and from any thread, that its terminal is gone."""
        with self._told:
            if self.gone:
                return
            self.gone = True
        if isinstance(self._file, _QuietFile):
            self._file.broken = True
        loop, app = self._loop, self._app
        gone = getattr(app, "terminal_gone", None) or app.exit
        if not loop.is_closed():
            try:
                loop.call_soon_threadsafe(gone)
            except RuntimeError:  # the loop closed meanwhile: the app is ending anyway
                pass

    def run_input_thread(self) -> None:
        """Textual's input loop (read, parse, post events) that stops at the end of input
        or a read error, telling the app (:meth:`_terminal_gone`)."""
        selector = selectors.SelectSelector()
        selector.register(self.fileno, selectors.EVENT_READ)
        parser = XTermParser(self._debug)
        decode = getincrementaldecoder("utf-8")().decode

        def read_some() -> bool:
            """Process what the terminal has; False once it has ended."""
            for _key, mask in selector.select(0.1):
                if mask & selectors.EVENT_READ:
                    try:
                        data = os.read(self.fileno, 1024 * 4)
                    except OSError:
                        return False
                    if not data:
                        return False
                    for event in parser.feed(decode(data)):
                        self.process_message(event)
            for event in parser.tick():
                self.process_message(event)
            return True

        try:
            while not self.exit_event.is_set():
                if not read_some():
                    self._terminal_gone()
                    return
        finally:
            selector.close()
            try:
                for _event in parser.feed(""):
                    pass
            except (EOFError, ParseError):
                pass
