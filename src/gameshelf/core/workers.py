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

With ``ray=ADDRESS`` the same chunks of jobs run as tasks on a Ray cluster instead (the
``cluster`` extra; Ray is imported only then; :data:`RAY_HELP` names the addresses), with the
same results in the same order. On Ctrl-C or SIGTERM the queued and running tasks are
cancelled and this process leaves the cluster before ``KeyboardInterrupt`` goes on up.

Example:
    >>> run_jobs(abs, [-3, 1, -2], workers=1)
    [3, 1, 2]
"""

from __future__ import annotations

import ctypes
import logging
import multiprocessing
import os
import pickle
import re
import signal
import socket
import sys
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from types import FrameType
from typing import Any, TypeVar

from gameshelf.core.errors import BadInputError

J = TypeVar("J")
R = TypeVar("R")

#: How to get Ray, in the messages that need it.
RAY_INSTALL = "pip install 'gameshelf[cluster]'"
#: Seconds to wait for a cluster's head to take a connection before giving up.
RAY_CONNECT_SECONDS = 5.0
RAY_HELP = ("Run the games on a Ray cluster: HOST:PORT of its head (ray start --head prints "
            "it), auto (the cluster started on this machine, or RAY_ADDRESS) or local (a Ray "
            "instance of its own on this machine, stopped at the end). Same results as "
            "--workers. Needs " + RAY_INSTALL + ".")

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


def ray_address(text: str) -> str:
    """Check a ``--ray`` value: ``local``, ``auto``, ``HOST:PORT`` (port 1 to 65535) or
    ``ray://HOST:PORT`` (a Ray Client server); HOST is a name, an IPv4 address or an IPv6
    address in brackets (no other scheme, path or space). Returns it stripped.

    Raises:
        BadInputError: anything else (one line naming the forms).
    """
    value = text.strip()
    if value in ("local", "auto"):
        return value
    host, sep, port = value.removeprefix(RAY_CLIENT).rpartition(":")
    if (not sep or not _HOST.fullmatch(host) or not port.isascii() or not port.isdigit()
            or not 1 <= int(port) <= 65535):
        raise BadInputError("--ray needs HOST:PORT of a Ray cluster's head (like "
                            "10.0.0.5:6379), auto or local")
    return value


#: The scheme of a Ray Client address (``ray://HOST:10001``).
RAY_CLIENT = "ray://"
_HOST = re.compile(r"[A-Za-z0-9._-]+|\[[0-9A-Fa-f:.]+\]")


def check_spread(workers: int, ray: str | None) -> None:
    """A sim's ``--workers N`` and ``--ray ADDRESS`` are one choice: raise BadInputError
    when both are given (``workers > 1`` with ``ray``)."""
    if ray is not None and workers > 1:
        raise BadInputError("use --workers N (processes here) or --ray ADDRESS (a Ray "
                            "cluster), not both")


def _import_ray() -> Any:
    """Ray, or BadInputError saying how to install it."""
    try:
        # start-up: Ray is an optional extra (cluster), slow to import: only --ray loads it
        import ray
    except ImportError:
        raise BadInputError(f"--ray needs Ray, which is not installed: {RAY_INSTALL}"
                            ) from None
    return ray


def _reachable(address: str) -> None:
    """Raise BadInputError unless ``HOST:PORT`` takes a TCP connection within
    :data:`RAY_CONNECT_SECONDS` (Ray itself would wait for a dead address for many
    minutes)."""
    host, _, port = address.removeprefix(RAY_CLIENT).rpartition(":")
    host = host.strip("[]")
    try:
        with socket.create_connection((host, int(port)), timeout=RAY_CONNECT_SECONDS):
            pass
    except OSError as exc:
        reason = exc.strerror or str(exc) or type(exc).__name__
        raise BadInputError(f"no Ray cluster answers at {address} ({reason}); start one "
                            "with 'ray start --head', or use --ray local") from None


def _check_env_address(found: str) -> str:
    """An address ``--ray auto`` found (RAY_ADDRESS, or the file ``ray start`` leaves),
    checked as ``--ray`` checks one: a bad RAY_ADDRESS (``host:abc``) is one line naming it,
    not an internal error.

    Raises:
        BadInputError: not ``HOST:PORT`` (nor ``ray://HOST:PORT``).
    """
    try:
        if ray_address(found) not in ("local", "auto"):
            return found
    except BadInputError:
        pass
    raise BadInputError(f"--ray auto: RAY_ADDRESS={found!r} is not HOST:PORT of a Ray "
                        "cluster's head (like 10.0.0.5:6379); correct or unset it")


def _ray_connect(ray: Any, address: str) -> None:
    """``ray.init`` for :func:`run_jobs`: quiet (no dashboard, no worker output, errors
    only), a fresh instance for ``local``; SIGTERM's handler is left as it was.

    Raises:
        BadInputError: no cluster at ``address`` (checked first, quickly), or Ray refused.
    """
    if address == "auto":
        given = os.environ.get("RAY_ADDRESS", "").strip()
        if given and given != "auto":
            _check_env_address(given)
        found: str | None = given if given.startswith(RAY_CLIENT) else None
        try:
            if found is None:  # Ray's own lookup knows no Ray Client address
                # start-up: Ray is an optional extra, loaded only with --ray (as above)
                from ray._private.services import canonicalize_bootstrap_address
                found = canonicalize_bootstrap_address("auto")
        except Exception:  # noqa: BLE001 - Ray's own lookup; ray.init says it again
            found = None
        if found is None:
            raise BadInputError("--ray auto found no Ray cluster started on this machine "
                                "(ray start --head) and no RAY_ADDRESS; give HOST:PORT, or "
                                "use --ray local")
        _reachable(_check_env_address(found))
    elif address != "local":
        _reachable(address)
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    old = signal.getsignal(signal.SIGTERM) if _main_thread() else None
    options: dict[str, Any] = {"include_dashboard": False} if address == "local" else {}
    try:
        ray.init(address=address, log_to_driver=False, logging_level=logging.ERROR,
                 **options)
    except (ConnectionError, ValueError, RuntimeError) as exc:
        why = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        auth = ("" if os.environ.get("RAY_AUTH_MODE") else
                "; a cluster with token authentication (ray start's default) needs "
                "RAY_AUTH_MODE=token and its token (RAY_AUTH_TOKEN or ~/.ray/auth_token)")
        raise BadInputError(f"cannot use the Ray cluster at {address}: {why[:160]}{auth}"
                            ) from None
    finally:
        if old is not None:
            signal.signal(signal.SIGTERM, old)


def _cannot_run(address: str, exc: BaseException) -> BadInputError:
    """The error for a cluster whose workers cannot load this gameshelf's code."""
    lines = [ln.strip() for ln in str(exc).splitlines() if ln.strip()]
    why = next((ln for ln in reversed(lines) if "Error" in ln), lines[-1] if lines else "")
    return BadInputError(f"the Ray cluster at {address} cannot run these games ({why[:160]}): "
                         "install this same gameshelf on every machine of the cluster")


def _main_thread() -> bool:
    return threading.current_thread() is threading.main_thread()


#: In a Ray worker: the initializers (pickled with their arguments) already run there.
_INITIALIZED: set[bytes] = set()


def _ray_chunk(packed: tuple[Callable[[Any], Any], Callable[..., object] | None,
                             tuple[Any, ...]],
               start: int, items: Sequence[Any]) -> tuple[int, list[Any]]:
    """A Ray task: the initializer once per worker process, then ``fn`` over ``items``."""
    fn, initializer, initargs = packed
    if initializer is not None:
        key = pickle.dumps((initializer, initargs))
        if key not in _INITIALIZED:
            initializer(*initargs)
            _INITIALIZED.add(key)
    return start, [fn(item) for item in items]


def _run_on_ray(address: str, fn: Callable[[Any], Any], jobs: Sequence[Any],
                chunksize: int | Callable[[int], int],
                take: Callable[[int, list[Any]], None],
                initializer: Callable[..., object] | None, initargs: tuple[Any, ...]) -> None:
    ray = _import_ray()
    with _sigterm_stops():
        _ray_connect(ray, address)
        refs: list[Any] = []
        try:
            cpus = max(1, int(ray.cluster_resources().get("CPU", 1)))
            size = max(1, chunksize(cpus) if callable(chunksize) else chunksize)
            task = ray.remote(max_retries=0)(_ray_chunk)
            packed = ray.put((fn, initializer, initargs))
            refs = [task.remote(packed, i, list(jobs[i:i + size]))
                    for i in range(0, len(jobs), size)]
            while refs:
                done, refs = ray.wait(refs, num_returns=len(refs), timeout=0.2)
                for ref in done:
                    try:
                        take(*ray.get(ref))
                    except (ray.exceptions.RaySystemError, ImportError) as exc:
                        raise _cannot_run(address, exc) from None
                    except RuntimeError as exc:
                        if "failed to import" not in str(exc):
                            raise
                        raise _cannot_run(address, exc) from None
        finally:
            for ref in refs:   # cancelled while queued or running (their processes end)
                try:
                    ray.cancel(ref, force=True)
                except Exception:  # noqa: BLE001, S110 - done or gone already
                    pass
            ray.shutdown()     # leaves the cluster; a local instance ends with its processes


def run_jobs(fn: Callable[[J], R], jobs: Sequence[J], *, workers: int = 1,
             ray: str | None = None,
             chunksize: int | Callable[[int], int] = 1,
             advance: Callable[[int], None] | None = None,
             initializer: Callable[..., object] | None = None,
             initargs: tuple[Any, ...] = ()) -> list[R]:
    """``[fn(job) for job in jobs]``, on ``workers`` processes when ``workers > 1``, or on a
    Ray cluster at ``ray`` (:func:`ray_address`'s forms) when given; the results are in the
    order of ``jobs``.

    ``fn`` must be a top-level function (or a ``functools.partial`` of one) and the jobs
    picklable, importable on every node under Ray. ``chunksize`` jobs go to a worker at a
    time (or a function of the number of processes, the cluster's CPUs under Ray, giving
    it); ``advance`` is called with the number of jobs done after each chunk;
    ``initializer(*initargs)`` runs once in each worker (once here when ``workers <= 1``).

    Raises:
        Whatever ``fn`` raises (the run stops, the workers are terminated);
        KeyboardInterrupt on Ctrl-C (the workers are terminated first);
        BadInputError: ``ray`` given but Ray is not installed, or no cluster answers there.
    """
    results: list[Any] = [None] * len(jobs)

    def take(start: int, part: list[Any]) -> None:
        results[start:start + len(part)] = part
        if advance is not None:
            advance(len(part))

    if ray is not None:
        _run_on_ray(ray_address(ray), fn, jobs, chunksize, take, initializer, initargs)
        return results
    size = max(1, chunksize(max(1, workers)) if callable(chunksize) else chunksize)
    tasks = [(fn, i, jobs[i:i + size]) for i in range(0, len(jobs), size)]
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
