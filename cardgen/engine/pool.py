"""Running independent jobs (games) in worker processes, results in job order.

Simulations and balance reports play thousands of independent games: one
helper runs them in `jobs` processes (or in this one when jobs is 1) and hands
back the results in the order of the tasks, so a run's figures never depend on
how many processes played it.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")


def effective_jobs(jobs: int, tasks: int) -> int:
    """0 means one per CPU core; never more processes than tasks."""
    return max(1, min(jobs or os.cpu_count() or 1, tasks))


def run_jobs(
    func: Callable[[T], R],
    tasks: Sequence[T],
    jobs: int = 1,
    *,
    initializer: Callable[..., Any] | None = None,
    initargs: Iterable[Any] = (),
    progress: Callable[[int], None] | None = None,
) -> list[R]:
    """func(task) for every task, in `jobs` processes; `progress(1)` after each one.

    `func` and `initializer` must be module-level functions (they are pickled).
    """
    workers = effective_jobs(jobs, len(tasks))
    results: list[R] = []
    if workers == 1:
        if initializer is not None:
            initializer(*initargs)
        for task in tasks:
            results.append(func(task))
            if progress:
                progress(1)
        return results
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ctx.Pool(workers, initializer=initializer, initargs=tuple(initargs)) as pool:
        for result in pool.imap(func, tasks, chunksize=1):
            results.append(result)
            if progress:
                progress(1)
    return results
