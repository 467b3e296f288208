"""Worker processes that draw the card images of one server process, in parallel (issue 39).

pdfium is not thread-safe and one process draws on one core, so each server
process keeps a pool of worker processes, one per CPU, started with its first
image. A request's image is a job (game, serial, lookup base, dpi) put in a
bounded queue; a thread per worker takes the next job, and with it up to
MAX_BATCH - 1 more waiting jobs of the same game (one in-memory PDF for them
all: the document's own cost is shared), sends them down the worker's pipe and
hands the PNG bytes back to the requests' futures. No lock serialises two
workers.

- Past `max_waiting` jobs waiting, `submit` refuses at once (Busy: the server
  answers 503 with Retry-After) rather than let memory and waits grow.
- A worker that dies (a crash, a kill) or takes over `timeout` seconds fails
  its job alone: it is logged once, that request gets a 500, the worker is
  replaced. (Jobs drawn in the same batch are drawn again one by one, so only
  the one that crashes it fails.)
- Workers come from multiprocessing's fork server where there is one: a fork
  of the threaded server process could inherit a lock another thread holds.
  They ignore Ctrl-C (the server closes the pool as it stops) and end when
  their pipe closes, so they never outlive the server. As with any
  multiprocessing program, a script that serves the app itself must start it
  under `if __name__ == "__main__":` (a worker imports the main module);
  `cardgen serve`, `python -m cardgen` and uvicorn's command line do.
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import io
import logging
import math
import multiprocessing
import os
import signal
import threading
import traceback
from collections import deque
from collections.abc import AsyncIterator
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from cardgen.errors import CardgenError

if TYPE_CHECKING:
    from cardgen.print.imposition import Imposition
    from cardgen.web.games import WebGame

log = logging.getLogger("cardgen.web")

MAX_BATCH = 8  # jobs of one game drawn in one document when that many wait
MAX_WAITING = 256  # jobs waiting for a worker per server process; past it new ones are refused (503)
RENDER_TIMEOUT = 30.0  # seconds a worker may take for a batch before it is replaced
RETRY_AFTER = 1  # seconds the 503 asks a client to wait
WORKERS_ENV = "CARDGEN_IMAGE_WORKERS"  # image workers per server process (default: one per CPU)
MAX_WORKERS = 64
PRELOAD = ["cardgen.web.renderpool", "cardgen.print.pdf", "cardgen.print.png", "pypdfium2"]


class Busy(Exception):
    """Too many images are waiting to be drawn: try again in `retry_after` seconds."""

    retry_after = RETRY_AFTER


class RenderFailed(Exception):
    """A worker crashed, timed out or failed on this image (logged where it happened)."""


def default_workers() -> int:
    """CARDGEN_IMAGE_WORKERS, or one worker per CPU this process may run on. (A worker holds ~80 MB:
    with `cardgen serve --workers N` on many cores, N times the CPUs may be more than needed.)"""
    text = os.environ.get(WORKERS_ENV, "").strip()
    if text:
        if text.isdigit() and 1 <= int(text) <= MAX_WORKERS:
            return int(text)
        log.warning("%s=%r is not a number of image workers from 1 to %d: using one per CPU", WORKERS_ENV, text[:40], MAX_WORKERS)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # not on Linux
        return max(1, os.cpu_count() or 1)


@dataclass
class _Job:
    game: str
    serial: str
    base: str
    dpi: int
    future: Future[bytes] = field(default_factory=Future)

    def fail(self, error: BaseException) -> None:
        if not self.future.done():
            self.future.set_exception(error)


class _Crashed(Exception):
    """The worker died or stopped answering."""


class _Worker:
    """One worker process and the pipe to it."""

    def __init__(self, context: Any) -> None:
        mine, theirs = context.Pipe()
        self.process = context.Process(target=_serve, args=(theirs,), name="cardgen-render", daemon=True)
        self.process.start()
        theirs.close()
        self.conn = mine

    @property
    def pid(self) -> int | None:
        return self.process.pid

    def draw(self, jobs: list[_Job], timeout: float) -> list[bytes | str]:
        game, base = jobs[0].game, jobs[0].base
        try:
            self.conn.send((game, base, [(job.serial, job.dpi) for job in jobs]))
            if not self.conn.poll(timeout):
                raise _Crashed(f"no answer within {timeout:g} s")
            results: list[bytes | str] = self.conn.recv()
        except (EOFError, OSError) as exc:
            self.process.join(1.0)
            code = self.process.exitcode
            raise _Crashed(f"the worker ended (exit code {code})" if code is not None else f"the pipe broke ({exc})") from None
        return results

    def stop(self, now: bool = False) -> None:
        if not now:
            try:
                self.conn.send(None)
            except OSError:
                pass
            self.process.join(2.0)
        if self.process.is_alive():
            self.process.kill()
            self.process.join(2.0)
        self.conn.close()


class RenderPool:
    """Worker processes drawing card images; `submit` returns a Future of the PNG bytes."""

    def __init__(self, workers: int | None = None, max_waiting: int = MAX_WAITING, timeout: float = RENDER_TIMEOUT) -> None:
        self.size = workers or default_workers()
        self.max_waiting = max_waiting
        self.timeout = timeout
        self._waiting: deque[_Job] = deque()
        self._cond = threading.Condition()
        self._threads: list[threading.Thread] = []
        self._workers: list[_Worker | None] = [None] * self.size
        self._drawing = [0] * self.size  # jobs each worker is drawing now
        self._closed = False
        self._context: Any = None

    # --- the server's side -----------------------------------------------------------

    def submit(self, game: str, serial: str, base: str, dpi: int) -> Future[bytes]:
        """A Future of the card's PNG; Busy at once when `max_waiting` jobs already wait."""
        job = _Job(game, serial, base, dpi)
        with self._cond:
            if self._closed:
                raise RenderFailed("the image workers have stopped (the server is shutting down)")
            if len(self._waiting) >= self.max_waiting:
                raise Busy(f"{len(self._waiting)} card images are waiting to be drawn")
            if not self._threads:
                self._start()
            self._waiting.append(job)
            self._cond.notify()
        return job.future

    def drawing(self) -> list[int]:
        """How many jobs each worker is drawing now (for tests and figures)."""
        with self._cond:
            return list(self._drawing)

    def waiting(self) -> int:
        with self._cond:
            return len(self._waiting)

    def pids(self) -> list[int | None]:
        """The workers' process ids (None for one not started yet)."""
        with self._cond:
            return [w.pid if w is not None else None for w in self._workers]

    def close(self) -> None:
        """Stop the workers; jobs still waiting fail (RenderFailed)."""
        with self._cond:
            if self._closed:
                return
            self._closed = True
            waiting = list(self._waiting)
            self._waiting.clear()
            self._cond.notify_all()
        for job in waiting:
            job.fail(RenderFailed("the image workers have stopped (the server is shutting down)"))
        for thread in self._threads:
            thread.join(5.0)

    # --- the dispatching threads -----------------------------------------------------

    def _start(self) -> None:
        if self._context is None:
            methods = multiprocessing.get_all_start_methods()
            self._context = multiprocessing.get_context("forkserver" if "forkserver" in methods else "spawn")
            if "forkserver" in methods:
                self._context.set_forkserver_preload(PRELOAD)
        for slot in range(self.size):
            self._workers[slot] = _Worker(self._context)  # all at once, before the first job waits for one
            thread = threading.Thread(target=self._run, args=(slot,), name=f"cardgen-render-{slot}", daemon=True)
            self._threads.append(thread)
            thread.start()

    def _take(self) -> list[_Job]:
        """The next waiting job and up to MAX_BATCH - 1 more of its game (cancelled ones dropped)."""
        batch: list[_Job] = []
        kept: deque[_Job] = deque()
        while self._waiting and len(batch) < MAX_BATCH:
            job = self._waiting.popleft()
            if batch and (job.game, job.base) != (batch[0].game, batch[0].base):
                kept.append(job)
                continue
            if job.future.set_running_or_notify_cancel():  # False: its client has gone
                batch.append(job)
        kept.extend(self._waiting)
        self._waiting = kept
        return batch

    def _run(self, slot: int) -> None:
        while True:
            with self._cond:
                while not self._waiting and not self._closed:
                    self._cond.wait()
                if self._closed:
                    break
                batch = self._take()
                self._drawing[slot] = len(batch)
            try:
                if batch:
                    self._draw(slot, batch)
            except Exception:  # the thread must live on: every job gets an answer
                log.exception("the card image worker %d failed", slot)
                for job in batch:
                    job.fail(RenderFailed("the image could not be drawn"))
            finally:
                with self._cond:
                    self._drawing[slot] = 0
        worker = self._workers[slot]
        if worker is not None:
            worker.stop()

    def _worker(self, slot: int) -> _Worker:
        worker = self._workers[slot]
        if worker is None or not worker.process.is_alive():
            if worker is not None:
                worker.stop(now=True)
            worker = _Worker(self._context)
            with self._cond:
                self._workers[slot] = worker
        return worker

    def _draw(self, slot: int, batch: list[_Job]) -> None:
        try:
            results = self._worker(slot).draw(batch, self.timeout)
        except _Crashed as crash:
            self._replace(slot)
            if len(batch) == 1:
                self._crashed(batch[0], crash)
                return
            for job in batch:  # which one was it? each drawn alone: only that one fails
                try:
                    (result,) = self._worker(slot).draw([job], self.timeout)
                except _Crashed as again:
                    self._replace(slot)
                    self._crashed(job, again)
                    continue
                self._answer(job, result)
            return
        for job, result in zip(batch, results):
            self._answer(job, result)

    def _replace(self, slot: int) -> None:
        worker = self._workers[slot]
        if worker is not None:
            worker.stop(now=True)
        with self._cond:
            self._workers[slot] = None

    def _crashed(self, job: _Job, crash: _Crashed) -> None:
        log.error("card image %s %s (%d dpi): its worker crashed (%s); the worker was replaced", job.game, job.serial, job.dpi, crash)
        job.fail(RenderFailed(str(crash)))

    def _answer(self, job: _Job, result: bytes | str) -> None:
        if isinstance(result, bytes):
            job.future.set_result(result)
            return
        log.error("card image %s %s (%d dpi) could not be drawn:\n%s", job.game, job.serial, job.dpi, result.rstrip())
        job.fail(RenderFailed("the image could not be drawn"))


# ----- the worker process ---------------------------------------------------------------


class Drawer:
    """Draws card images: a face per game and lookup base, set up once and kept, and the pixels of
    shared frames (cardgen.print.png) kept per size, so a card costs its own drawing only."""

    def __init__(self) -> None:
        self._faces: dict[tuple[str, str], tuple[WebGame, Any, Imposition]] = {}
        self._frames: dict[tuple[str, str, int], dict[Any, Any]] = {}

    def _face(self, game: str, base: str) -> tuple[WebGame, Any, Imposition]:
        found = self._faces.get((game, base))
        if found is None:
            from cardgen.print.imposition import Layout, impose
            from cardgen.web.games import hooks

            web = hooks(game)
            if web is None:
                raise CardgenError(f"{game!r} has no card images")
            face = web.face(base)
            if hasattr(face, "lazy_forms"):
                face.lazy_forms = True  # fronts only, one document per image: each form drawn when used
            imposition = impose(Layout(card=web.card_size, bleed=0.0, mode="single", crop_marks=False))
            found = self._faces[(game, base)] = (web, face, imposition)
        return found

    def pngs(self, game: str, base: str, jobs: list[tuple[str, int]]) -> list[bytes | CardgenError]:
        """PNG bytes for each (canonical serial, dpi) of one game, drawn in one PDF; a CardgenError
        in place of a card that cannot be drawn."""
        import pypdfium2 as pdfium

        from cardgen.print.pdf import render_pdf
        from cardgen.print.png import _Backgrounds, _render, png_bytes

        web, face, imposition = self._face(game, base)
        out: list[bytes | CardgenError] = []
        cards: list[tuple[int, Any, int]] = []  # (index in jobs, card, dpi)
        for index, (serial, dpi) in enumerate(jobs):
            try:
                cards.append((index, web.card(serial), dpi))
                out.append(b"")
            except CardgenError as exc:
                out.append(exc)
        if not cards:
            return out
        buffer = io.BytesIO()
        forms: list[list[str]] = []
        render_pdf([card for _, card, _ in cards], face, imposition, buffer, backs=False, title=f"{game} cards",
                   forms=forms, compress=False)  # fmt: skip
        document = pdfium.PdfDocument(buffer.getvalue())
        try:
            for page_index, (index, _card, dpi) in enumerate(cards):
                page = document[page_index]
                try:
                    scale = dpi / 72.0
                    size = (math.ceil(page.get_width() * scale), math.ceil(page.get_height() * scale))
                    frames = self._frames.setdefault((game, base, dpi), {})
                    first = forms[page_index][0] if forms[page_index] else None
                    base_pixels = _Backgrounds(document, [(*size, True)], frames).take(page, page_index, first)[0]
                    rows = _render(page, *size, filter_bytes=True, base=base_pixels)
                finally:
                    page.close()
                out[index] = png_bytes(*size, rows, dpi)
        finally:
            document.close()
        return out



def _serve(conn: Any) -> None:
    """A worker's loop: (game, base, [(serial, dpi)...]) in, [PNG bytes or error text...] out, until
    the pipe closes or None comes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C reaches the whole process group: the server stops us
    drawer = Drawer()
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        game, base, jobs = message
        try:
            results: list[bytes | str] = [r if isinstance(r, bytes) else f"{type(r).__name__}: {r}"
                                          for r in drawer.pngs(game, base, jobs)]  # fmt: skip
        except Exception:  # a bug while drawing: each image of the batch answered with it
            results = [traceback.format_exc()] * len(jobs)
        try:
            conn.send(results)
        except (OSError, ValueError):
            return


# ----- one pool per server process ------------------------------------------------------

_SHARED: RenderPool | None = None
_SHARED_LOCK = threading.Lock()


def shared() -> RenderPool:
    """This process's pool (made on first use; its workers start with the first image)."""
    global _SHARED
    with _SHARED_LOCK:
        if _SHARED is None or _SHARED._closed:
            _SHARED = RenderPool()
        return _SHARED


def install(pool: RenderPool | None) -> RenderPool | None:
    """Make `pool` this process's pool (None: a default one on next use); returns the one it replaces."""
    global _SHARED
    with _SHARED_LOCK:
        old, _SHARED = _SHARED, pool
    return old


@contextlib.asynccontextmanager
async def lifespan(app: Any) -> AsyncIterator[None]:
    """The app's lifespan (Starlette): this process's image workers stop when the server does."""
    try:
        yield
    finally:
        await asyncio.to_thread(close_shared)


def close_shared() -> None:
    """Stop this process's pool's workers (the app's shutdown; at exit)."""
    with _SHARED_LOCK:
        pool = _SHARED
    if pool is not None:
        pool.close()


atexit.register(close_shared)
