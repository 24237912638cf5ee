"""Orderly stops: Ctrl-C, SIGTERM and SIGHUP end the program the same way.

After :func:`install` each of the three signals raises :class:`Stopped` (a
``KeyboardInterrupt``) in the main thread, so a closed terminal or a ``kill`` is handled
exactly like Ctrl-C: the game is already saved, and the program exits with ``128 + signal``.
Work that must not be cut in two (an action applied *and* saved) runs inside
:func:`shielded`. A signal ignored when the program started (``nohup``) stays ignored.

Example:
    >>> with shielded():
    ...     pass   # apply + save here; a Ctrl-C meanwhile is raised after the block
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

#: The signals that stop the program in order (SIGHUP does not exist on Windows).
SIGNALS: tuple[signal.Signals, ...] = tuple(
    s for s in (getattr(signal, n, None) for n in ("SIGINT", "SIGTERM", "SIGHUP"))
    if isinstance(s, signal.Signals))

_depth = 0
_pending: int | None = None
#: The last signal that stopped the program (None: none yet); the entry point reads it
#: because Typer turns every KeyboardInterrupt into exit code 130.
last_signal: int | None = None


class Stopped(KeyboardInterrupt):
    """The program was asked to stop by a signal (Ctrl-C is SIGINT).

    Attributes:
        signum: the signal's number.
    """

    def __init__(self, signum: int = signal.SIGINT) -> None:
        super().__init__(signum)
        self.signum = int(signum)

    @property
    def exit_code(self) -> int:
        """The shell's convention: ``128 + signal number`` (130 for Ctrl-C)."""
        return 128 + self.signum


def exit_code(exc: BaseException) -> int:
    """The exit code for an interrupt: ``128 + signal number``, 130 for a plain Ctrl-C."""
    return exc.exit_code if isinstance(exc, Stopped) else 128 + signal.SIGINT


def _handler(signum: int, _frame: FrameType | None) -> None:
    global _pending, last_signal
    if _depth > 0:
        if _pending is None:
            _pending = signum
        return
    last_signal = signum
    raise Stopped(signum)


def install() -> dict[signal.Signals, object]:
    """Make SIGINT, SIGTERM and SIGHUP raise :class:`Stopped` in the main thread.

    Signals ignored at start stay ignored; outside the main thread (where Python cannot set
    handlers) nothing changes. Calling it again re-installs the handlers (a terminal app that
    ran meanwhile may have reset them).

    Returns:
        The handlers replaced, for :func:`restore`.
    """
    before: dict[signal.Signals, object] = {}
    if threading.current_thread() is not threading.main_thread():
        return before
    for sig in SIGNALS:
        old = signal.getsignal(sig)
        if old is signal.SIG_IGN:
            continue
        before[sig] = old
        signal.signal(sig, _handler)
    return before


def restore(before: dict[signal.Signals, object]) -> None:
    """Put back the handlers :func:`install` replaced."""
    if threading.current_thread() is not threading.main_thread():
        return
    for sig, old in before.items():
        if callable(old) or isinstance(old, (int, signal.Handlers)):
            signal.signal(sig, old)  # type: ignore[arg-type]


@contextmanager
def handled() -> Iterator[None]:
    """:func:`install` for the length of the block, then :func:`restore`."""
    before = install()
    try:
        yield
    finally:
        restore(before)


@contextmanager
def shielded() -> Iterator[None]:
    """Hold the stopping signals while the block runs; raise :class:`Stopped` after it if one
    came (blocks nest; only the outermost raises).

    Raises:
        Stopped: a signal arrived during the block (raised when the block ends).
    """
    global _depth, _pending, last_signal
    _depth += 1
    try:
        yield
    finally:
        _depth -= 1
        if _depth == 0 and _pending is not None:
            signum, _pending = _pending, None
            last_signal = signum
            raise Stopped(signum)


def stop_with_parent(signum: int = signal.SIGHUP) -> None:
    """Ask Linux to send ``signum`` to this process when the one that started it ends, so a
    long-running server (``gameshelf web``, ``gameshelf serve``) whose terminal or script
    went away stops in order instead of holding its port and the store. Nothing is done when
    SIGHUP was ignored at start (``nohup``), elsewhere than Linux, or without ``prctl``.
    """
    hangup = getattr(signal, "SIGHUP", None)
    if not sys.platform.startswith("linux") or (
            hangup is not None and signal.getsignal(hangup) is signal.SIG_IGN):
        return
    parent = os.getppid()
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signum), 0, 0, 0)   # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:   # the parent ended before the request was made
        os.kill(os.getpid(), signum)
