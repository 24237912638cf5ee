"""Progress of long work (simulations, benchmarks, the solver) on stderr.

Shown when stderr is a terminal, or when asked for (``--progress``); never on stdout, so
``--json`` output stays a clean document. On a terminal it is a live bar (rich); asked for
on a pipe or a file it is a plain line at every tenth of the work.

Example:
    >>> import io
    >>> err = io.StringIO()
    >>> with progress("games", 4, show=True, stream=err) as advance:
    ...     for _ in range(4):
    ...         advance(1)
    >>> err.getvalue().splitlines()[-1]
    'games: 4/4 (100%)'
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import TextIO, TypeVar

T = TypeVar("T")

#: ``advance(n)``: ``n`` more units of the work are done.
Advance = Callable[[int], None]


def wanted(show: bool | None, stream: TextIO | None = None) -> bool:
    """Whether to show progress: ``show`` when given (``--progress``/``--no-progress``),
    else whether ``stream`` (default: stderr) is a terminal."""
    if show is not None:
        return show
    out = sys.stderr if stream is None else stream
    return bool(getattr(out, "isatty", lambda: False)())


@contextmanager
def progress(description: str, total: int, show: bool | None = None,
             stream: TextIO | None = None) -> Iterator[Advance]:
    """A progress display for ``total`` units of work (games, seeds...) described as
    ``description``, yielding ``advance(n)``; ``show`` forces it on or off (None: only when
    ``stream``, default stderr, is a terminal)."""
    out = sys.stderr if stream is None else stream
    if not wanted(show, out):
        yield lambda n: None
        return
    if getattr(out, "isatty", lambda: False)():
        # start-up: rich loads only when a bar is drawn on a terminal
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        with Progress("[progress.description]{task.description}", BarColumn(),
                      MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                      console=Console(file=out), transient=False) as bar:
            task = bar.add_task(description, total=total)
            yield lambda n: bar.advance(task, n)
        return
    done = 0
    shown = -1

    def advance(n: int) -> None:
        nonlocal done, shown
        done += n
        tenth = 10 * done // total if total else 10
        if tenth != shown:
            shown = tenth
            pct = 100 * done // total if total else 100
            print(f"{description}: {done}/{total} ({pct}%)", file=out, flush=True)

    yield advance


def tracked(items: Iterable[T], description: str, total: int,
            show: bool | None = None) -> Iterator[T]:
    """``items`` one by one, advancing a :func:`progress` display of ``total`` units by one
    per item (for ``pool.imap(...)`` and plain loops alike).

    Example:
        >>> list(tracked(range(3), "steps", 3, show=False))
        [0, 1, 2]
    """
    with progress(description, total, show) as advance:
        for item in items:
            advance(1)
            yield item


def add_progress_option(parser: argparse.ArgumentParser) -> None:
    """Add ``--progress/--no-progress`` (stored as ``progress``: True, False or None) to a
    benchmark script's argument parser."""
    parser.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="progress on stderr (default: only when stderr is a terminal)")
