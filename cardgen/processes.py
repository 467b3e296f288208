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

Workers end with the process that started them. When that process ends on a
signal, its handler (cardgen.cli.main) ends the workers first (`end_workers`);
when it ends any other way (SIGKILL, a crash), a worker finds the pipes to it
closed at its next task or result and ends quietly too, rather than printing a
BrokenPipeError traceback after the shell prompt has come back.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from multiprocessing.pool import Pool
from typing import Any

PARENT_WATCH_SECONDS = 0.2  # how soon a worker whose parent has gone notices it (a getppid() call each time)
WORKER_SIGNALS = tuple(getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name))


def can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def worker_pool(jobs: int, initializer: Callable[..., object] | None = None, initargs: Sequence[Any] = ()) -> Pool:
    """A pool of `jobs` workers (forked where the system can, spawned elsewhere)."""
    context = multiprocessing.get_context("fork" if can_fork() else "spawn")
    if not hasattr(signal, "pthread_sigmask"):  # Windows: no signal masks (and no fork)
        return _WorkerPool(jobs, _start_worker, (initializer, tuple(initargs)), context=context)
    before = signal.pthread_sigmask(signal.SIG_BLOCK, WORKER_SIGNALS)
    try:
        return _WorkerPool(jobs, _start_worker, (initializer, tuple(initargs)), context=context)
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def end_workers() -> None:
    """Send SIGTERM to every worker this process started (for a signal handler: never raises).

    A worker ends at once on it (its disposition is the default), before the
    pipes to this process close, so it has no result left to send into them."""
    if multiprocessing.parent_process() is not None:
        return  # a worker's own children are none of ours
    try:
        children = multiprocessing.active_children()
    except Exception:  # a handler must not fail half-way: the main process still has to end
        return
    for child in children:
        try:
            child.terminate()
        except Exception:  # ended meanwhile
            pass


class _WorkerPool(Pool):
    """A Pool whose workers end quietly when the process that started them has gone."""

    @staticmethod
    def Process(ctx, *args, **kwds):  # noqa: N802 (the name Pool calls)
        kwds["args"] = (kwds.pop("target"), os.getpid(), *kwds.get("args", ()))
        kwds["target"] = _run_worker
        return ctx.Process(*args, **kwds)


def _run_worker(target: Callable[..., object], parent: int, *args: Any) -> None:
    """The pool's own worker loop, ended quietly when the parent has gone.

    It ends either way: at a broken pipe to the parent (its next result), or by a
    watch on the parent, for a worker that would never touch a pipe again (one
    started by the pool to replace a worker `end_workers` ended, say, which then
    waits for a queue lock the ended one held)."""
    threading.Thread(target=_watch_parent, args=(parent,), name="parent-watch", daemon=True).start()
    try:
        target(*args)
    except (OSError, EOFError):  # the pool's worker loop sends results; its tasks' errors go back as results
        if not _parent_gone(parent):
            raise
        sys.exit(1)


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(PARENT_WATCH_SECONDS)
    os._exit(1)


def _parent_gone(parent: int, wait: float = 1.0) -> bool:
    """Whether `parent` has ended: its pipes close a moment before this process is handed to another parent."""
    deadline = time.monotonic() + wait
    while os.getppid() == parent:
        if time.monotonic() > deadline:
            return False
        time.sleep(0.01)
    return True


def _start_worker(initializer: Callable[..., object] | None, initargs: tuple[Any, ...]) -> None:
    for signum in WORKER_SIGNALS:
        signal.signal(signum, signal.SIG_DFL)
    if hasattr(signal, "pthread_sigmask"):
        # a signal sent since the fork was held back: it ends the worker now, by default
        signal.pthread_sigmask(signal.SIG_UNBLOCK, WORKER_SIGNALS)
    if initializer is not None:
        initializer(*initargs)
