"""Worker processes on this machine: one way to start a pool, for print and engine alike.

A forked worker inherits the signal handlers of the process that forked it:
cardgen's own (which clean up and exit the main process), or any a library or a
test harness installed. A handler that does not end the worker makes
`Pool.terminate()` wait for it forever, so every worker starts with the
system's default dispositions for Ctrl-C, SIGTERM and SIGHUP: it ends at once,
and the main process alone cleans up and reports. Those signals stay blocked from
the fork until the worker has reset them (the pool is made with them blocked, and
so are the threads it starts to replace workers): one that came in between, when
terminate() is quick, used to meet the inherited handler, be swallowed, and leave
the worker waiting for work that never came.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Sequence
from multiprocessing.pool import Pool
from typing import Any

WORKER_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


def can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def worker_pool(jobs: int, initializer: Callable[..., object] | None = None, initargs: Sequence[Any] = ()) -> Pool:
    """A pool of `jobs` workers (forked where the system can, spawned elsewhere)."""
    context = multiprocessing.get_context("fork" if can_fork() else "spawn")
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal masks (and no fork)
        return context.Pool(jobs, initializer=_start_worker, initargs=(initializer, tuple(initargs)))
    before = signal.pthread_sigmask(signal.SIG_BLOCK, WORKER_SIGNALS)
    try:
        return context.Pool(jobs, initializer=_start_worker, initargs=(initializer, tuple(initargs)))
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _start_worker(initializer: Callable[..., object] | None, initargs: tuple[Any, ...]) -> None:
    for signum in WORKER_SIGNALS:
        signal.signal(signum, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        # a signal sent since the fork was held back: it ends the worker now, by default
        signal.pthread_sigmask(signal.SIG_UNBLOCK, WORKER_SIGNALS)
    if initializer is not None:
        initializer(*initargs)
