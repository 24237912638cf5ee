"""Output errors in one place: a failed write to stdout or stderr becomes an OutputError.

The command line runs inside :func:`guarded_streams`: a write or flush of ``sys.stdout`` or
``sys.stderr`` that fails with an operating-system error raises
:class:`~gameshelf.core.errors.OutputError` instead of ``OSError``, so the prompt loops save
the game on that one exception and the entry point ends with one line, never a traceback.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import Any, TextIO

from gameshelf.core.errors import OutputError


class GuardedStream:
    """A text stream whose write and flush errors are :class:`OutputError` (all else is the
    wrapped stream's own: ``isatty``, ``fileno``, ``encoding``...)."""

    def __init__(self, stream: TextIO, name: str) -> None:
        self.wrapped = stream
        self.name_ = name

    def write(self, text: str) -> int:
        """Write ``text``; raises OutputError when the system refuses."""
        try:
            return self.wrapped.write(text)
        except OSError as exc:
            raise OutputError(self.name_, exc) from None

    def writelines(self, lines: Iterable[str]) -> None:
        """Write each line; raises OutputError when the system refuses."""
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        """Flush; raises OutputError when the system refuses."""
        try:
            self.wrapped.flush()
        except OSError as exc:
            raise OutputError(self.name_, exc) from None

    def __getattr__(self, attr: str) -> Any:
        return getattr(self.wrapped, attr)


@contextmanager
def guarded_streams() -> Iterator[None]:
    """Run the body with ``sys.stdout`` and ``sys.stderr`` wrapped in :class:`GuardedStream`
    (the originals are put back afterwards)."""
    out, err = sys.stdout, sys.stderr
    if out is not None and not isinstance(out, GuardedStream):
        sys.stdout = GuardedStream(out, "stdout")  # type: ignore[assignment]
    if err is not None and not isinstance(err, GuardedStream):
        sys.stderr = GuardedStream(err, "stderr")  # type: ignore[assignment]
    try:
        yield
    finally:
        sys.stdout, sys.stderr = out, err


def silence(stream: TextIO | None) -> None:
    """Point the file descriptor under ``stream`` at ``/dev/null``, so that what is still in
    its buffer (flushed when Python exits) cannot fail a second time. A stream without a file
    descriptor (a test's capture) is left alone."""
    if stream is None:
        return
    if isinstance(stream, GuardedStream):
        stream = stream.wrapped
    try:
        fd = stream.fileno()
    except (OSError, ValueError, AttributeError):
        return
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, fd)
        os.close(null)
    except OSError:
        pass


def say(line: str) -> bool:
    """Print ``line`` on stderr if stderr still works; True when it did."""
    try:
        print(line, file=sys.stderr, flush=True)
    except (OutputError, OSError, ValueError):
        return False
    return True
