"""Load on `cardgen serve` over 127.0.0.1: JSON lookups, card pages, images and bad serials (prints JSON).

    python benchmarks/bench_web.py [--requests 12000] [--clients 32] [--workers 2] [--cards 1000]
                                   [--http h11|httptools] [--phases json,page,mixed,new_pages,new_images,hostile]

Starts the real server (`cardgen serve`, uvicorn) on a free loopback port, warms
the image cache for a pool of cards, then runs bounded phases from concurrent
keep-alive clients (a small asyncio HTTP/1.1 client, so the load generator
leaves the server most of the CPU on a small machine):

    json    /c/SERIAL.json only             target >= 1,000 per second
    page    /c/SERIAL only, images cached   target >= 300 per second
    mixed   --requests of every kind:       40 % JSON, 30 % pages, 10 % images (cached),
            20 % bad serials (typos, unicode, over-long, unknown games)
    new_pages   pages of serials never asked before (nothing cached)
    new_images  images of serials never asked before, drawn by the servers' image workers:
                images/s (target >= 150 on two cores), p50/p99, the server's CPU (every
                process of it: uvicorn workers and their image workers)
    hostile     --hostile-seconds of normal traffic (JSON, pages, cached images) while slow
                clients send heads a byte at a time, trickle bodies, hold half-open connections
                (--half-open, 1,500: past the cap of 1,000 per process where a process gets
                more than its half, the cap's 503s are counted apart), post huge decks (the 99999999999999999999 line, 1,200-line decks) and
                drop uploads mid-body; --hostile-rounds 2 rounds; reports 5xx, the normal
                traffic's errors and the server's memory (RSS of all its processes) before and
                after each round

--http httptools runs the server with uvicorn's httptools parser (CARDGEN_HTTP; measurements
only: no head deadline) to compare with the default h11, e.g. `--phases json --http httptools`.

An error is a 5xx, an unexpected status (a bad serial must get its 4xx, a good
one 200), a dropped connection or a timeout; the target is 0. Latencies are
per request, in milliseconds (p50, p99, max).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import quote

TIMEOUT = 30.0  # seconds one request may take before it counts as an error

BAD = [
    ("/c/A7QH-ANSG-2XF", 400),  # check character
    ("/c/A7QH-NASG-2XE.json", 400),  # swapped pair
    ("/c/A7QH-ANSG", 400),  # too short
    ("/c/Z7QH-ANSG-2XE", 404),  # no game uses Z
    ("/c/" + quote("Ａ7QH-ANSG-2XE"), 400),  # fullwidth look-alike
    ("/c/" + quote("<script>alert(1)"), 400),
    ("/c/" + quote("<script>alert(1)</script>"), 404),  # the '/' makes it a path no card has
    ("/c/" + "A" * 600, 414),
    ("/nothing", 404),
]


@dataclass
class Stats:
    latencies: dict[str, list[float]] = field(default_factory=dict)
    errors: dict[str, int] = field(default_factory=dict)
    examples: list[str] = field(default_factory=list)
    server_errors: int = 0  # answers 500-599 but the connection cap's 503
    cap_503: int = 0  # the connection cap's 503 (intended past 1,000 connections per process)

    def ok(self, kind: str, seconds: float) -> None:
        self.latencies.setdefault(kind, []).append(seconds)

    def error(self, kind: str, what: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1
        if len(self.examples) < 5:
            self.examples.append(f"{kind}: {what}")


async def _request(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, path: str) -> tuple[int, bytes]:
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: */*\r\n\r\n".encode())
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split()[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.lower() == "content-length":
            length = int(value)
    body = await reader.readexactly(length) if length else b""
    return status, body


async def _open(port: int, stats: Stats) -> tuple[asyncio.StreamReader, asyncio.StreamWriter] | None:
    """A keep-alive connection to the server, or None (counted as a connect error)."""
    try:
        return await asyncio.open_connection("127.0.0.1", port)
    except OSError as exc:
        stats.error("connect", type(exc).__name__)
        return None


async def _client(port: int, jobs: list[tuple[str, str, int]], stats: Stats, until: float | None = None) -> None:
    if (conn := await _open(port, stats)) is None:
        return
    reader, writer = conn
    try:
        for kind, path, expected in jobs:
            if until is not None and time.monotonic() > until:
                break
            start = time.perf_counter()
            try:
                status, body = await asyncio.wait_for(_request(reader, writer, path), TIMEOUT)
            except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError) as exc:
                stats.error(kind, f"{path[:60]}: {type(exc).__name__}")
                writer.close()
                if (conn := await _open(port, stats)) is None:
                    return
                reader, writer = conn
                continue
            if is_cap_503(status, body):  # the connection cap (intended): counted apart, on a new connection
                stats.cap_503 += 1
                writer.close()
                if (conn := await _open(port, stats)) is None:
                    return
                reader, writer = conn
                continue
            if status >= 500:
                stats.server_errors += 1
            if status != expected or (status == 200 and not body):
                stats.error(kind, f"{path[:60]}: status {status}, expected {expected}")
            else:
                stats.ok(kind, time.perf_counter() - start)
    finally:
        writer.close()


def _run_phase(port: int, jobs: list[tuple[str, str, int]], clients: int) -> tuple[Stats, float]:
    stats = Stats()
    shares = [jobs[i::clients] for i in range(clients)]

    async def main() -> None:
        await asyncio.gather(*(_client(port, share, stats) for share in shares if share))

    start = time.perf_counter()
    asyncio.run(main())
    return stats, time.perf_counter() - start


def _summary(stats: Stats, seconds: float) -> dict:
    out: dict = {"seconds": round(seconds, 2)}
    every = [x for xs in stats.latencies.values() for x in xs]
    total = len(every) + sum(stats.errors.values()) + stats.cap_503
    out["requests"] = total
    out["per_second"] = round(total / seconds, 1)
    out["errors"] = sum(stats.errors.values())
    out["5xx"] = stats.server_errors
    if stats.cap_503:
        out["cap_503"] = stats.cap_503
    if stats.examples:
        out["error_examples"] = stats.examples
    out["latency_ms"] = _latency(every)
    if len(stats.latencies) > 1:
        out["by_kind"] = {k: {"count": len(v), "per_second": round(len(v) / seconds, 1), "latency_ms": _latency(v)}
                          for k, v in sorted(stats.latencies.items())}  # fmt: skip
    return out


def _latency(values: list[float]) -> dict:
    if not values:
        return {}
    ordered = sorted(values)
    pick = lambda q: round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 2)  # noqa: E731
    return {"p50": pick(0.50), "p99": pick(0.99), "max": round(ordered[-1] * 1000, 2), "mean": round(statistics.fmean(ordered) * 1000, 2)}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _tree(pid: int) -> list[int]:
    """`pid` and every process below it (the uvicorn workers, their fork servers and image workers)."""
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                todo += [int(c) for c in open(f"/proc/{p}/task/{task}/children").read().split()]
        except OSError:
            continue
    return found


def _server_cpu(pid: int) -> float:
    """CPU seconds used so far by the server's processes alive now (Linux /proc; ended ones are lost)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    for p in _tree(pid):
        try:
            fields = open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / tick
    return total


def _server_rss_mb(pid: int) -> float:
    """Resident memory of every process of the server, MB (shared pages counted in each)."""
    total = 0
    for p in _tree(pid):
        try:
            for line in open(f"/proc/{p}/status"):
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return round(total / 1024, 1)


def _cpu_phase(port: int, jobs: list[tuple[str, str, int]], clients: int, pid: int) -> dict:
    """A phase with the server's CPU seconds (and cores busy) while it ran."""
    before = _server_cpu(pid)
    stats, seconds = _run_phase(port, jobs, clients)
    out = _summary(stats, seconds)
    used = _server_cpu(pid) - before
    # CPU per request says what the phase would reach with every core free (a shared machine gives less)
    out["server_cpu"] = {"seconds": round(used, 1), "cores_busy": round(used / seconds, 2),
                         "ms_per_request": round(used / max(1, out["requests"]) * 1000, 2),
                         "per_second_on_all_cores": round(out["requests"] / used * (os.cpu_count() or 1), 1) if used else None}  # fmt: skip
    return out


# ----- the hostile phase -------------------------------------------------------------------


CAP_BODIES = (b"the server is busy", b"Service Unavailable")  # the connection cap's 503 (server.py; uvicorn's own)


def is_cap_503(status: int, body: bytes) -> bool:
    """A 503 of the connection cap (intended; counted apart), not a 503 of the app."""
    return status == 503 and any(text in body for text in CAP_BODIES)


@dataclass
class Hostile:
    """What the hostile clients saw: answers by status, connections the server closed, the cap's 503s."""

    statuses: dict[str, int] = field(default_factory=dict)
    closed: dict[str, int] = field(default_factory=dict)
    cap_503: int = 0

    def answer(self, kind: str, answer: tuple[int, bytes] | None) -> None:
        if answer is None:
            self.close(f"{kind}: closed by the server with no answer")
        elif is_cap_503(*answer):
            self.cap_503 += 1
        else:
            key = f"{kind} {answer[0]}"
            self.statuses[key] = self.statuses.get(key, 0) + 1

    def close(self, kind: str) -> None:
        self.closed[kind] = self.closed.get(kind, 0) + 1


async def _read_answer(reader: asyncio.StreamReader) -> tuple[int, bytes] | None:
    """(status, the start of the body) of the answer on a connection, or None when it closed without one."""
    try:
        head = await reader.readuntil(b"\r\n\r\n")
        body = await asyncio.wait_for(reader.read(200), 2)
    except (OSError, asyncio.IncompleteReadError, asyncio.LimitOverrunError, TimeoutError):
        return None
    parts = head.split(None, 2)
    return (int(parts[1]), body) if len(parts) > 1 and parts[1].isdigit() else None


async def _connect(port: int) -> tuple[asyncio.StreamReader, asyncio.StreamWriter] | None:
    try:
        return await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 5)
    except (OSError, TimeoutError):
        return None


async def _dribble(port: int, until: float, seen: Hostile, name: str, sent: bytes, dribbled: bytes, pause: float) -> None:
    """Connections that send `sent`, then `dribbled` a byte every `pause` seconds, until the server
    answers or closes them (its deadline) or the phase ends."""
    while time.monotonic() < until:
        conn = await _connect(port)
        if conn is None:
            seen.close(f"{name}: could not connect")
            await asyncio.sleep(0.5)
            continue
        reader, writer = conn
        answer = asyncio.ensure_future(_read_answer(reader))
        try:
            writer.write(sent)
            for byte in dribbled:
                if time.monotonic() > until or answer.done():
                    break
                writer.write(bytes([byte]))
                await writer.drain()
                await asyncio.sleep(pause)
        except OSError:
            pass
        if answer.done() or time.monotonic() <= until:
            seen.answer(name, await answer)
        else:
            answer.cancel()
            seen.close(f"{name}: still sending at the end")
        writer.close()


def _slow_head(port: int, until: float, seen: Hostile) -> Coroutine[Any, Any, None]:
    """A request head sent a byte every 0.5 s: the server closes it at its head deadline (10 s)."""
    head = b"GET /c/A7QH-ANSG-2XE HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: " + b"a" * 200
    return _dribble(port, until, seen, "slow_head", b"", head, 0.5)


def _trickle(port: int, until: float, seen: Hostile) -> Coroutine[Any, Any, None]:
    """A deck body of 4 KB trickled a byte every 0.2 s: 408 at the body deadline (30 s)."""
    body = b"game=auto&deck=" + b"1+A7QH-ANSG-2XE%0A" * 230
    head = (b"POST /deck HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            b"Content-Length: %d\r\n\r\n" % len(body))  # fmt: skip
    return _dribble(port, until, seen, "trickle", head, body, 0.2)


async def _half_open(port: int, count: int, seen: Hostile) -> None:
    """`count` connections that send nothing: each is closed at the head deadline (10 s); past the
    cap (1,000 per process) it is answered 503 at once. Waits up to 15 s for each."""
    conns = await asyncio.gather(*(_connect(port) for _ in range(count)))
    held = [c for c in conns if c is not None]
    for _ in range(len(conns) - len(held)):
        seen.close("half_open: could not connect")
    results = await asyncio.gather(*(asyncio.wait_for(_read_answer(r), 15) for r, _ in held), return_exceptions=True)
    for result in results:
        if isinstance(result, BaseException):
            seen.close("half_open: still open after 15 s")
        elif result is None:
            seen.close("half_open: closed at the head deadline")
        else:
            seen.answer("half_open", result)
    for _, writer in held:
        writer.close()


def _deck_post(text: str) -> bytes:
    body = ("game=auto&deck=" + quote(text)).encode()
    return (b"POST /deck HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            b"Content-Length: %d\r\n\r\n" % len(body)) + body  # fmt: skip


async def _huge_decks(port: int, serials: list[str], until: float, seen: Hostile) -> None:
    """Decks the server must refuse by counting, never by expanding: a line of 10**20 copies, 1,200 lines."""
    decks = [f"99999999999999999999 {serials[0]}\n", "".join(f"1 {s}\n" for s in (serials * 2)[:1200]),
             "".join(f"{10**15} {s}\n" for s in serials[:1000])]  # fmt: skip
    k = 0
    while time.monotonic() < until:
        conn = await _connect(port)
        if conn is None:
            seen.close("huge_deck: could not connect")
            await asyncio.sleep(0.5)
            continue
        reader, writer = conn
        try:
            writer.write(_deck_post(decks[k % len(decks)]))
            await writer.drain()
            seen.answer("huge_deck", await asyncio.wait_for(_read_answer(reader), 15))
        except (OSError, TimeoutError):
            seen.close("huge_deck: no answer within 15 s")
        finally:
            writer.close()
        k += 1
        await asyncio.sleep(0.05)


async def _dropped_uploads(port: int, until: float, seen: Hostile) -> None:
    """Uploads that announce 100 KB, send 10 KB and close."""
    while time.monotonic() < until:
        try:
            _reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), 5)
            writer.write(b"POST /deck HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                         b"Content-Length: 100000\r\n\r\ngame=auto&deck=" + b"x" * 10_000)  # fmt: skip
            await writer.drain()
            writer.close()
            seen.close("dropped_upload: sent 10 of 100 KB and left")
        except (OSError, TimeoutError):
            seen.close("dropped_upload: could not connect")
        await asyncio.sleep(0.02)


def _hostile_phase(port: int, jobs: list[tuple[str, str, int]], clients: int, seconds: float, half_open: int,
                   serials: list[str]) -> tuple[Stats, float, Hostile]:  # fmt: skip
    stats = Stats()
    seen = Hostile()

    async def normal(share: list[tuple[str, str, int]], until: float) -> None:
        while time.monotonic() < until:
            await _client(port, share, stats, until)

    async def main() -> None:
        until = time.monotonic() + seconds
        shares = [jobs[i::clients] for i in range(clients)]
        tasks = [normal(share, until) for share in shares if share]
        tasks += [_slow_head(port, until, seen) for _ in range(20)]
        tasks += [_trickle(port, until, seen) for _ in range(20)]
        tasks += [_huge_decks(port, serials, until, seen) for _ in range(4)]
        tasks += [_dropped_uploads(port, until, seen) for _ in range(4)]
        tasks.append(_half_open(port, half_open, seen))
        await asyncio.gather(*tasks)

    start = time.perf_counter()
    asyncio.run(main())
    return stats, time.perf_counter() - start, seen


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=12_000, help="requests in the mixed phase (at least 10,000 for the issue)")
    ap.add_argument("--phase", type=int, default=5_000, help="requests in each of the json and page phases")
    ap.add_argument("--clients", type=int, default=32, help="concurrent keep-alive connections")
    ap.add_argument("--workers", type=int, default=2, help="server processes (cardgen serve --workers)")
    ap.add_argument("--cards", type=int, default=1_000, help="distinct cards the requests spread over")
    ap.add_argument("--image-cards", type=int, default=200, help="cards whose images are cached first and then asked for")
    ap.add_argument("--new-pages", type=int, default=3_000, help="pages of new serials in the new_pages phase")
    ap.add_argument("--new-images", type=int, default=3_000, help="images of new serials in the new_images phase")
    ap.add_argument("--hostile-seconds", type=float, default=35.0, help="length of the hostile phase (the body deadline is 30 s)")
    ap.add_argument("--hostile-rounds", type=int, default=2, help="hostile rounds (memory after each: flat after the first)")
    ap.add_argument("--half-open", type=int, default=1_500, help="half-open connections in the hostile phase (cap: 1,000 per process)")
    ap.add_argument("--server-log", help="write the server's log (stderr) to this file")
    ap.add_argument("--http", choices=("h11", "httptools"), default="h11", help="the server's HTTP parser (CARDGEN_HTTP)")
    ap.add_argument("--phases", default="json,page,mixed,new_pages,new_images,hostile", help="phases to run, comma-separated")
    ap.add_argument("--seed", default="bench-web")
    args = ap.parse_args()
    wanted = [p.strip() for p in args.phases.split(",") if p.strip()]
    known = {"json", "page", "mixed", "new_pages", "new_images", "hostile"}
    if not wanted or set(wanted) - known:
        ap.error(f"--phases {args.phases!r}: choose from {', '.join(sorted(known))}")
    with contextlib.suppress(ValueError, OSError):  # the hostile phase holds thousands of sockets
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 20_000)), hard))

    from cardgen.gyonrg.generator import generate
    from cardgen.web import render, renderpool

    serials = [c.serial for c in generate(args.seed, args.cards)]
    # Serials no phase has asked for: from other seeds, one set per phase.
    fresh_pages = [c.serial for c in generate(args.seed + "-new-pages", args.new_pages)]
    fresh_images = [c.serial for c in generate(args.seed + "-new-images", args.new_images)]
    rng = random.Random(args.seed)
    port = _free_port()
    env = {**os.environ, "CARDGEN_LOOKUP_URL": f"http://127.0.0.1:{port}/c/", "CARDGEN_HTTP": args.http}
    # The server's log goes to a file: a pipe nobody reads fills at 64 KB and then blocks the
    # server in its next log line (the hostile phase logs every dropped upload).
    log_file = tempfile.TemporaryFile()
    server = subprocess.Popen([sys.executable, "-m", "cardgen", "serve", "--port", str(port), "--workers", str(args.workers)],
                              stdout=subprocess.DEVNULL, stderr=log_file, env=env)  # fmt: skip
    out: dict = {"benchmark": "web lookup under load",
                 "server": {"command": f"cardgen serve --workers {args.workers}", "http": args.http,
                            "image_workers_per_process": renderpool.default_workers(),
                            "image_dpi": render.IMAGE_DPI, "image_batch": renderpool.MAX_BATCH},
                 "clients": args.clients, "cards": args.cards,
                 "image_cards": args.image_cards, "cpus": os.cpu_count(), "phases": wanted}  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5).close()  # noqa: S310
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    log_file.seek(0)
                    raise SystemExit("the server did not start: " + log_file.read().decode("utf-8", "replace")) from None
                time.sleep(0.2)
        out["server_rss_mb_at_start"] = _server_rss_mb(server.pid)

        # Warm-up: each worker process has its own image cache and a connection lands on any
        # worker, so every image is asked for 4 times per worker over shuffled connections.
        pictured = serials[: args.image_cards]
        warm = [("image", f"/c/{s}.png", 200) for s in pictured] * (4 * args.workers)
        warm += [("json", f"/c/{s}.json", 200) for s in serials]
        rng.shuffle(warm)
        stats, seconds = _run_phase(port, warm, args.clients)
        out["warm_up"] = _summary(stats, seconds)

        phases = {
            "json": [("json", f"/c/{rng.choice(serials)}.json", 200) for _ in range(args.phase)],
            "page": [("page", f"/c/{rng.choice(serials)}", 200) for _ in range(args.phase)],
        }
        mixed = []
        for _ in range(args.requests):
            roll = rng.random()
            if roll < 0.4:
                mixed.append(("json", f"/c/{rng.choice(serials)}.json", 200))
            elif roll < 0.7:
                mixed.append(("page", f"/c/{rng.choice(serials)}", 200))
            elif roll < 0.8:
                mixed.append(("image", f"/c/{rng.choice(pictured)}.png", 200))
            else:
                path, status = rng.choice(BAD)
                mixed.append(("bad", path, status))
        phases["mixed"] = mixed
        phases["new_pages"] = [("new_page", f"/c/{s}", 200) for s in fresh_pages]
        phases["new_images"] = [("new_image", f"/c/{s}.png", 200) for s in fresh_images]
        cpu_before = _server_cpu(server.pid)
        usage_before = resource.getrusage(resource.RUSAGE_SELF)
        for name in [p for p in wanted if p != "hostile"]:
            out[name] = _cpu_phase(port, phases[name], args.clients, server.pid)
        if "hostile" in wanted:
            normal = [job for job in mixed if job[0] != "bad"]
            out["hostile"] = _hostile(port, server.pid, normal, args, serials)
        usage = resource.getrusage(resource.RUSAGE_SELF)
        out["cpu_seconds"] = {"server": round(_server_cpu(server.pid) - cpu_before, 1),
                              "load_client": round(usage.ru_utime + usage.ru_stime - usage_before.ru_utime - usage_before.ru_stime, 1)}  # fmt: skip
        ran = [p for p in wanted if p != "hostile"]
        out["errors"] = sum(out[p]["errors"] for p in ran) + (out["hostile"]["normal_traffic_errors"] if "hostile" in wanted else 0)
        targets = {"json": ("json_per_second>=1000", lambda o: o["per_second"] >= 1000),
                   "page": ("page_per_second>=300", lambda o: o["per_second"] >= 300),
                   "mixed": ("mixed_requests>=10000", lambda o: o["requests"] >= 10_000),
                   "new_images": ("new_images_per_second>=150", lambda o: o["per_second"] >= 150),
                   "hostile": ("hostile_5xx==0", lambda o: o["5xx"] == 0)}  # fmt: skip
        out["targets"] = {targets[p][0]: targets[p][1](out[p]) for p in wanted if p in targets}
        out["targets"]["errors==0"] = out["errors"] == 0 and out["warm_up"]["errors"] == 0
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    log_file.seek(0)
    errors_log = log_file.read()
    log_file.close()
    if args.server_log:
        with open(args.server_log, "wb") as f:
            f.write(errors_log)
    lines = [line for line in errors_log.decode("utf-8", "replace").splitlines() if line.strip()]
    out["server_log"] = {"lines": len(lines), "errors": sum(1 for line in lines if "ERROR" in line or "Traceback" in line),
                         "first": lines[:3]}  # fmt: skip
    print(json.dumps(out, indent=2))


def _hostile(port: int, pid: int, normal: list[tuple[str, str, int]], args: argparse.Namespace, serials: list[str]) -> dict:
    """--hostile-rounds rounds; the server's memory before (after one pass of the normal traffic,
    which fills the page caches it would fill anyway) and after each round."""
    _run_phase(port, normal, args.clients)
    rss = [_server_rss_mb(pid)]
    cpu_before = _server_cpu(pid)
    rounds = []
    for _ in range(args.hostile_rounds):
        stats, seconds, seen = _hostile_phase(port, normal, args.clients, args.hostile_seconds, args.half_open, serials)
        time.sleep(2.0)  # the server closes what is left
        rss.append(_server_rss_mb(pid))
        fives = sum(n for key, n in seen.statuses.items() if key.split()[1].startswith("5"))
        rounds.append({
            "seconds": round(seconds, 1),
            "normal_traffic": _summary(stats, seconds),
            "hostile_answers": dict(sorted(seen.statuses.items())),
            "hostile_closed": dict(sorted(seen.closed.items())),
            "cap_503": {"hostile": seen.cap_503, "normal_traffic": stats.cap_503},
            "5xx": fives + stats.server_errors,
        })  # fmt: skip
    return {
        "rounds": rounds,
        "5xx": sum(r["5xx"] for r in rounds),
        "cap_503": sum(r["cap_503"]["hostile"] + r["cap_503"]["normal_traffic"] for r in rounds),
        "normal_traffic_errors": sum(r["normal_traffic"]["errors"] for r in rounds),
        "server_rss_mb": {"before": rss[0], "after_each_round": rss[1:], "growth": round(rss[-1] - rss[0], 1),
                          "growth_in_last_round": round(rss[-1] - rss[-2], 1)},
        "server_cpu_seconds": round(_server_cpu(pid) - cpu_before, 1),
    }


if __name__ == "__main__":
    main()
