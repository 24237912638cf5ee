"""Independent games played on worker processes: one helper for every sim and benchmark.

:func:`run_jobs` plays ``fn(job)`` for each job, in this process or on ``workers`` processes,
and returns the results in the jobs' order (so they never depend on the number of workers).
It stops at once, with its workers, when the run is interrupted:

* Ctrl-C (SIGINT) in the parent: the queued jobs are dropped and the workers are terminated
  (they ignore SIGINT themselves, so a terminal's Ctrl-C, sent to the whole process group,
  reaches only the parent, which stops them); ``KeyboardInterrupt`` goes on up.
* SIGTERM to the parent: the same, then SIGTERM is delivered again to whatever handled it
  before (by default the process ends by that signal, exit status 143 in a shell).
* The parent killed outright (SIGKILL): on Linux each worker gets SIGKILL too
  (``PR_SET_PDEATHSIG``), so no worker outlives it.

Example:
    >>> run_jobs(abs, [-3, 1, -2], workers=1)
    [3, 1, 2]
"""

from __future__ import annotations

import ctypes
import multiprocessing
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import FrameType
from typing import Any, TypeVar

J = TypeVar("J")
R = TypeVar("R")

_PR_SET_PDEATHSIG = 1


class _Terminated(BaseException):
    """SIGTERM arrived while workers ran (internal: turned back into the signal)."""


def _die_with_parent(parent: int) -> None:
    """In a worker: ask Linux to SIGKILL this process when the parent dies; leave at once
    if it died already."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(_PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:
        os._exit(1)


#: Blocked in the parent while it starts the workers, so that a worker gets them only once
#: it has its own handlers (a Ctrl-C in that moment is no traceback from a worker).
_STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}


def _init_worker(parent: int, initializer: Callable[..., object] | None,
                 initargs: tuple[Any, ...]) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # the parent stops us
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)
    _die_with_parent(parent)
    if initializer is not None:
        initializer(*initargs)


def _run_chunk(task: tuple[Callable[[Any], Any], int, Sequence[Any]]) -> tuple[int, list[Any]]:
    fn, start, items = task
    return start, [fn(item) for item in items]


@contextmanager
def _sigterm_stops() -> Iterator[None]:
    """While the body runs, SIGTERM raises :class:`_Terminated`; afterwards the signal is
    delivered again to the handler that was there before."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    got: list[int] = []

    def handler(signum: int, frame: FrameType | None) -> None:
        if not got:           # once: a second SIGTERM must not break the clean-up
            got.append(signum)
            raise _Terminated

    old = signal.signal(signal.SIGTERM, handler)
    try:
        yield
    except _Terminated:
        pass
    finally:
        signal.signal(signal.SIGTERM, old)
        if got:
            os.kill(os.getpid(), signal.SIGTERM)
    if got:  # the old handler ignored it: stop as an interruption all the same
        raise KeyboardInterrupt


def run_jobs(fn: Callable[[J], R], jobs: Sequence[J], *, workers: int = 1,
             chunksize: int = 1, advance: Callable[[int], None] | None = None,
             initializer: Callable[..., object] | None = None,
             initargs: tuple[Any, ...] = ()) -> list[R]:
    """``[fn(job) for job in jobs]``, on ``workers`` processes when ``workers > 1``.

    Args:
        fn: a top-level function (worker processes must be able to import it; a
            ``functools.partial`` of one is fine).
        jobs: the jobs, each a picklable value.
        workers: processes to use; 1 or less runs everything in this process.
        chunksize: jobs sent to a worker at a time (larger: less overhead; smaller: finer
            progress and a quicker stop).
        advance: called with the number of jobs just done after each chunk (a
            :func:`gameshelf.core.progress.progress` display's ``advance``).
        initializer: called with ``initargs`` once in each worker (and once here when
            ``workers <= 1``), e.g. to load a deck.

    Returns:
        The results in the order of ``jobs``.

    Raises:
        Whatever ``fn`` raises (the run stops, the workers are terminated);
        KeyboardInterrupt on Ctrl-C (the workers are terminated first).
    """
    size = max(1, chunksize)
    tasks = [(fn, i, jobs[i:i + size]) for i in range(0, len(jobs), size)]
    results: list[Any] = [None] * len(jobs)

    def take(start: int, part: list[Any]) -> None:
        results[start:start + len(part)] = part
        if advance is not None:
            advance(len(part))

    if workers <= 1 or len(tasks) <= 1:
        if initializer is not None:
            initializer(*initargs)
        for task in tasks:
            take(*_run_chunk(task))
        return results
    with _sigterm_stops():
        blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
        try:
            pool = multiprocessing.Pool(min(workers, len(tasks)), initializer=_init_worker,
                                        initargs=(os.getpid(), initializer, initargs))
        finally:
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        try:
            for start, part in pool.imap_unordered(_run_chunk, tasks):
                take(start, part)
        except BaseException:
            pool.terminate()   # drops the queued jobs and ends the workers now
            raise
        else:
            pool.close()
        finally:
            pool.join()
    return results
