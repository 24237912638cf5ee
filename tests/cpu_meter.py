"""What each test costs in CPU, for finding where the suite's time goes (switched on with
``GAMESHELF_CPU_LOG=PREFIX``; off, nothing here runs).

Wall-clock on a shared machine says little; CPU says what a test itself spends. One line per
test (setup, call and teardown together), tab-separated, into ``PREFIX.<worker>.tsv``:

    nodeid  wall_s  main_thread_cpu_s  process_cpu_s  children_cpu_s  children  gc_s
    gc_runs  threads_after

* ``main_thread_cpu_s``: ``time.thread_time()`` of the thread running the test; the rest of
  ``process_cpu_s`` (``time.process_time()``) is spent by other threads of the worker
  (servers, event loops, Ray's threads), whoever started them;
* ``children_cpu_s``: user + system time of the children that ended and were waited for
  during the test (``RUSAGE_CHILDREN``);
* ``children``: the ``subprocess.Popen`` objects made during the test;
* ``gc_s``, ``gc_runs``: CPU inside the garbage collector (its ``gc.callbacks``) and how
  many collections ran;
* ``threads_after``: the threads alive in the worker once the test has ended.
"""

from __future__ import annotations

import gc
import os
import resource
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, TextIO

import pytest

ENV = "GAMESHELF_CPU_LOG"


class CpuMeter:
    """The pytest plugin; see the module docstring for what a line holds."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix
        self.out: TextIO | None = None
        self.popens = 0
        self.gc_time = 0.0
        self.gc_runs = 0
        self._gc_start = 0.0

    def _gc(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self._gc_start = time.thread_time()
        else:
            self.gc_time += time.thread_time() - self._gc_start
            self.gc_runs += 1

    @pytest.hookimpl(trylast=True)
    def pytest_sessionstart(self, session: pytest.Session) -> None:
        worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
        path = Path(f"{self.prefix}.{worker}.tsv")
        path.parent.mkdir(parents=True, exist_ok=True)
        self.out = path.open("w", buffering=1)
        gc.callbacks.append(self._gc)
        original = subprocess.Popen.__init__
        meter = self

        def counting(popen: subprocess.Popen[Any], *args: Any, **kwargs: Any) -> None:
            meter.popens += 1
            original(popen, *args, **kwargs)

        subprocess.Popen.__init__ = counting  # type: ignore[method-assign]

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Iterator[object]:
        popens, gc_time, gc_runs = self.popens, self.gc_time, self.gc_runs
        wall, main, proc = time.perf_counter(), time.thread_time(), time.process_time()
        kids = resource.getrusage(resource.RUSAGE_CHILDREN)
        try:
            return (yield)
        finally:
            kids_after = resource.getrusage(resource.RUSAGE_CHILDREN)
            children_cpu = (kids_after.ru_utime - kids.ru_utime
                            + kids_after.ru_stime - kids.ru_stime)
            fields = [item.nodeid, time.perf_counter() - wall, time.thread_time() - main,
                      time.process_time() - proc, children_cpu, self.popens - popens,
                      self.gc_time - gc_time, self.gc_runs - gc_runs,
                      threading.active_count()]
            assert self.out is not None
            self.out.write("\t".join(f"{f:.3f}" if isinstance(f, float) else str(f)
                                     for f in fields) + "\n")


def register(config: pytest.Config) -> None:
    """Switch the meter on when ``GAMESHELF_CPU_LOG`` is set."""
    prefix = os.environ.get(ENV)
    if prefix:
        config.pluginmanager.register(CpuMeter(prefix), "gameshelf-cpu-meter")
