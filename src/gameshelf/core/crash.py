"""Crash reports: a fault in the program ends with one line naming a report file.

A programming error (anything that is not a :class:`~gameshelf.core.errors.GameshelfError`)
is written with its traceback to ``<data folder>/crash/crash-<UTC time>-<pid>.txt`` (else in
the system's temporary folder), and the player reads one line: what failed and where the full
report is. The game in progress is not touched: every game saves after every action.

Example:
    >>> try:
    ...     1 / 0
    ... except ZeroDivisionError as exc:
    ...     line = crash_line(exc, None)
    >>> line
    'gameshelf: internal error (ZeroDivisionError); no report could be written'
"""

from __future__ import annotations

import os
import platform
import sys
import tempfile
import traceback
from datetime import UTC, datetime
from pathlib import Path

from gameshelf.core.files import write_file

#: The exit code of a crash (BSD ``EX_SOFTWARE``: an internal software error).
EXIT_CODE = 70


class CrashReported(Exception):
    """Raised by a front end after it wrote the report of a crash (the terminal app catches
    the fault inside its event loop); the entry point prints :attr:`line` and exits.

    Attributes:
        error: the fault.
        path: the report written, or None when none could be.
    """

    def __init__(self, error: BaseException, path: Path | None) -> None:
        super().__init__(crash_line(error, path))
        self.error = error
        self.path = path

    @property
    def line(self) -> str:
        """The one line for the player."""
        return str(self)


def data_dir() -> Path:
    """The store's data folder, where reports go first."""
    # start-up: the store module (sqlite3, platformdirs) loads only for a report
    from gameshelf.core.store import data_dir as store_data_dir

    return store_data_dir()


def _version() -> str:
    # start-up: importlib.metadata (and its e-mail parser) loads only for a report
    from importlib import metadata

    try:
        return metadata.version("gameshelf")
    except metadata.PackageNotFoundError:
        return "unknown"


def report_text(error: BaseException) -> str:
    """The report: program and Python versions, the command, the time, the traceback."""
    head = [
        f"gameshelf {_version()} crash report",
        f"time: {datetime.now(UTC).isoformat(timespec='seconds')}",
        f"python: {sys.version.split()[0]} on {platform.platform()}",
        f"command: {' '.join(sys.argv)!r}",
        "",
    ]
    return "\n".join(head) + "".join(traceback.format_exception(error))


def write_report(error: BaseException) -> Path | None:
    """Write the report of ``error``; returns its path, or None when no folder takes it.

    Never raises: a crash report must not fail in its turn.
    """
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    name = f"crash-{stamp}-{os.getpid()}.txt"
    try:
        text = report_text(error)
    except Exception:  # a traceback that cannot be formatted still gets a report
        text = f"gameshelf crash report\n{type(error).__name__}\n"
    folders: list[Path] = []
    try:
        folders.append(data_dir() / "crash")
    except Exception:
        pass
    folders.append(Path(tempfile.gettempdir()))
    data = text.encode("utf-8", "backslashreplace")
    for folder in folders:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / name
            k = 1
            while os.path.lexists(path):
                k += 1
                path = folder / f"crash-{stamp}-{os.getpid()}-{k}.txt"
            # whole or not at all (a full disk leaves no half report), never over a file
            return write_file(path, data)
        except (OSError, ValueError):   # BadInputError is a ValueError
            continue
    return None


def crash_line(error: BaseException, path: Path | None) -> str:
    """The one line the player reads: ``gameshelf: internal error (KIND); full report: PATH``
    (the path shown with any control character escaped, so it stays one line)."""
    kind = type(error).__name__
    if path is None:
        return f"gameshelf: internal error ({kind}); no report could be written"
    shown = "".join(c if c.isprintable() else c.encode("unicode_escape",
                                                          "backslashreplace").decode("ascii")
                    for c in str(path))
    return f"gameshelf: internal error ({kind}); the full report is in {shown}"
