"""The executor: independent jobs (games) run on local processes or a Ray cluster, results in job order.

Simulations, arenas and balance reports play thousands of independent games.
Each task carries its own seed, so a task's result depends on nothing but the
task: the executor may run them anywhere, in any order, and hands back the
results in the order of the tasks. Figures are therefore the same for the same
seed on any backend and any number of workers.

    local  `jobs` worker processes on this machine (or this process when jobs is 1)
    ray    a Ray cluster (the optional extra cardgen[cluster]): a local one with `jobs`
           CPUs, or the one at `address` (e.g. head:6379, ray://head:10001 or auto; see
           cluster.py for the token); tasks travel in chunks, so a game costs one function
           call there, not one network round trip
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Iterable, Sequence
from typing import Any, TypeVar

from cardgen.errors import CardgenError
from cardgen.processes import worker_pool

from .cluster import RAY_INSTALL

T = TypeVar("T")
R = TypeVar("R")

BACKENDS = ("local", "ray")
MAX_CHUNK = 16  # tasks sent to a Ray worker at once: large enough to hide the per-task overhead

# initializers already run in this worker process (Ray reuses its workers between chunks)
_INITIALISED: set[tuple[str, str, str]] = set()


def effective_jobs(jobs: int, tasks: int) -> int:
    """0 means one per CPU core; never more processes than tasks."""
    return max(1, min(jobs or os.cpu_count() or 1, tasks))


def check_backend(backend: str) -> None:
    """CardgenError (one line, saying how to install it) when `backend` cannot run here."""
    if backend not in BACKENDS:
        raise CardgenError(f"unknown backend {backend!r} (expected {' or '.join(BACKENDS)})")
    if backend == "ray" and importlib.util.find_spec("ray") is None:  # not imported: see cluster.connect
        raise CardgenError(RAY_INSTALL)


def chunks(tasks: Sequence[T], workers: int) -> list[list[T]]:
    """The tasks in consecutive chunks: about four per worker, at most MAX_CHUNK tasks each."""
    size = max(1, min(MAX_CHUNK, -(-len(tasks) // (4 * workers))))
    return [list(tasks[i : i + size]) for i in range(0, len(tasks), size)]


def run_chunk(func: Callable[[T], R], chunk: list[T], initializer: Callable[..., Any] | None = None,
              initargs: tuple = ()) -> list[R]:  # fmt: skip
    """func over one chunk, in a worker; the initializer runs once per process and arguments."""
    if initializer is not None:
        key = (initializer.__module__, initializer.__qualname__, repr(initargs))
        if key not in _INITIALISED:
            initializer(*initargs)
            _INITIALISED.add(key)
    return [func(task) for task in chunk]


def run_jobs(
    func: Callable[[T], R],
    tasks: Sequence[T],
    jobs: int = 1,
    *,
    initializer: Callable[..., Any] | None = None,
    initargs: Iterable[Any] = (),
    progress: Callable[[int], None] | None = None,
    backend: str = "local",
    address: str | None = None,
) -> list[R]:
    """func(task) for every task on `backend`; `progress(k)` as k more tasks finish.

    `func` and `initializer` must be module-level functions (they are pickled).
    """
    check_backend(backend)
    workers = effective_jobs(jobs, len(tasks))
    if backend == "ray":
        return _run_ray(func, tasks, workers, initializer, tuple(initargs), progress, address)
    results: list[R] = []
    if workers == 1:
        if initializer is not None:
            initializer(*initargs)
        for task in tasks:
            results.append(func(task))
            if progress:
                progress(1)
        return results
    with worker_pool(workers, initializer, tuple(initargs)) as pool:
        for result in pool.imap(func, tasks, chunksize=1):
            results.append(result)
            if progress:
                progress(1)
    return results


def _run_ray(func, tasks, workers, initializer, initargs, progress, address) -> list:
    from .cluster import connect

    started = connect(address, workers)
    import ray

    try:
        remote = ray.remote(run_chunk)
        parts = chunks(tasks, workers)
        pending = {remote.remote(func, part, initializer, initargs): k for k, part in enumerate(parts)}
        done: list[list | None] = [None] * len(parts)
        waiting = list(pending)
        while waiting:
            ready, waiting = ray.wait(waiting, num_returns=1)
            for ref in ready:
                k = pending[ref]
                done[k] = ray.get(ref)
                if progress:
                    progress(len(parts[k]))
        return [r for part in done for r in (part or [])]
    finally:
        if started:
            ray.shutdown()
