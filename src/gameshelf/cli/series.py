"""What every game's ``sim`` shares: its spread options (``--workers``, ``--ray``,
``--progress``), the check of its figures (:func:`series_start`) and the series played
(:func:`play_series`), the same figures for any spread."""

import os
from collections.abc import Callable, Sequence
from typing import Annotated, Any, TypeVar

import typer

from gameshelf.core.chance import MAX_SEED, parse_seed
from gameshelf.core.errors import BadInputError
from gameshelf.core.inputs import number_parser
from gameshelf.core.progress import progress
from gameshelf.core.text import count
from gameshelf.core.workers import RAY_HELP, check_spread, ray_address, run_jobs

T = TypeVar("T")

#: The most games one ``sim`` plays (a bound that keeps memory small).
MAX_SIM_GAMES = 1_000_000
Workers = Annotated[int, typer.Option(
    "--workers", "-w", metavar="N", parser=number_parser("--workers"),
    help="Processes to use (the results do not depend on it).")]
Ray = Annotated[str | None, typer.Option("--ray", metavar="ADDRESS", help=RAY_HELP,
                                         parser=ray_address)]
ShowProgress = Annotated[bool | None, typer.Option(
    "--progress/--no-progress",
    help="Show progress on stderr (default: only when stderr is a terminal).")]


def series_start(seed: str, games: int, workers: int, ray: str | None) -> int:
    """The first game number of a series of ``games`` games (game ``i`` is number
    ``first + i``), its figures checked: ``--games`` 1 to :data:`MAX_SIM_GAMES`,
    ``--workers`` 1 to four a processor, ``--ray`` only with one worker.

    Raises:
        BadInputError: a figure out of its range, a seed that is no game number, or a series
            past the last game number.
    """
    if not 1 <= games <= MAX_SIM_GAMES:
        raise BadInputError(f"--games must be 1 to {MAX_SIM_GAMES:,}, got {games}")
    most = (os.cpu_count() or 1) * 4
    if not 1 <= workers <= most:
        raise BadInputError(f"--workers must be 1 to {most}, got {workers}")
    check_spread(workers, ray)
    first = parse_seed(seed)
    if first + games - 1 > MAX_SEED:
        raise BadInputError(f"--seed {first} with {count(games, 'game')} goes past the last "
                            f"game number: the last would be {first + games - 1}, past the "
                            f"largest, {MAX_SEED}; use a smaller --seed or --games")
    return first


def play_series(label: str, job: Callable[[Any], T], items: Sequence[Any], workers: int,
                ray: str | None, show: bool | None, *, chunk: tuple[int, int] = (1, 20)
                ) -> list[T]:
    """``job`` over ``items``, results in their order whatever the spread (``workers``
    processes or a Ray cluster at ``ray``: :func:`~gameshelf.core.workers.run_jobs`), with
    progress named ``label`` on stderr (``show`` None: on a terminal only). ``chunk``: the
    items a process takes at once alone, and the most when spread."""
    def size(procs: int) -> int:
        return chunk[0] if procs <= 1 else max(1, min(chunk[1], len(items) // (procs * 8)))

    with progress(label, len(items), show) as advance:
        return run_jobs(job, items, workers=workers, ray=ray, chunksize=size, advance=advance)
