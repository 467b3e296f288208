"""Load on `cardgen serve` over 127.0.0.1: JSON lookups, card pages, images and bad serials (prints JSON).

    python benchmarks/bench_web.py [--requests 12000] [--clients 32] [--workers 2] [--cards 1000]

Starts the real server (`cardgen serve`, uvicorn) on a free loopback port, warms
the image cache for a pool of cards, then runs bounded phases from concurrent
keep-alive clients (a small asyncio HTTP/1.1 client, so the load generator
leaves the server most of the CPU on a small machine):

    json    /c/SERIAL.json only             target >= 1,000 per second
    page    /c/SERIAL only, images cached   target >= 300 per second
    mixed   --requests of every kind:       40 % JSON, 30 % pages, 10 % images (cached),
            20 % bad serials (typos, unicode, over-long, unknown games)

An error is a 5xx, an unexpected status (a bad serial must get its 4xx, a good
one 200), a dropped connection or a timeout; the target is 0. Latencies are
per request, in milliseconds (p50, p99, max).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
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


async def _client(port: int, jobs: list[tuple[str, str, int]], stats: Stats) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    try:
        for kind, path, expected in jobs:
            start = time.perf_counter()
            try:
                status, body = await asyncio.wait_for(_request(reader, writer, path), TIMEOUT)
            except (TimeoutError, OSError, asyncio.IncompleteReadError, ValueError) as exc:
                stats.error(kind, f"{path[:60]}: {type(exc).__name__}")
                writer.close()
                reader, writer = await asyncio.open_connection("127.0.0.1", port)
                continue
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
    total = len(every) + sum(stats.errors.values())
    out["requests"] = total
    out["per_second"] = round(total / seconds, 1)
    out["errors"] = sum(stats.errors.values())
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


def _server_cpu(pid: int) -> float:
    """CPU seconds used so far by the server and its worker processes (Linux /proc)."""
    total = 0.0
    tick = os.sysconf("SC_CLK_TCK")
    pids = [pid]
    try:
        for child in open(f"/proc/{pid}/task/{pid}/children").read().split():
            pids.append(int(child))
        for p in pids:
            fields = open(f"/proc/{p}/stat").read().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
    except OSError:
        return float("nan")
    return total


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=12_000, help="requests in the mixed phase (at least 10,000 for the issue)")
    ap.add_argument("--phase", type=int, default=5_000, help="requests in each of the json and page phases")
    ap.add_argument("--clients", type=int, default=32, help="concurrent keep-alive connections")
    ap.add_argument("--workers", type=int, default=2, help="server processes (cardgen serve --workers)")
    ap.add_argument("--cards", type=int, default=1_000, help="distinct cards the requests spread over")
    ap.add_argument("--image-cards", type=int, default=200, help="cards whose images are cached first and then asked for")
    ap.add_argument("--seed", default="bench-web")
    args = ap.parse_args()

    from cardgen.gyonrg.generator import generate

    serials = [c.serial for c in generate(args.seed, args.cards)]
    rng = random.Random(args.seed)
    port = _free_port()
    env = {**os.environ, "CARDGEN_LOOKUP_URL": f"http://127.0.0.1:{port}/c/"}
    server = subprocess.Popen([sys.executable, "-m", "cardgen", "serve", "--port", str(port), "--workers", str(args.workers)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)  # fmt: skip
    out: dict = {"benchmark": "web lookup under load", "server": f"cardgen serve --workers {args.workers}",
                 "clients": args.clients, "cards": args.cards,
                 "image_cards": args.image_cards, "cpus": os.cpu_count()}  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=5).close()  # noqa: S310
                break
            except OSError:
                if time.monotonic() > deadline or server.poll() is not None:
                    raise SystemExit("the server did not start: " + (server.stderr.read().decode() if server.stderr else "")) from None
                time.sleep(0.2)

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
        cpu_before = _server_cpu(server.pid)
        usage_before = resource.getrusage(resource.RUSAGE_SELF)
        for name, jobs in phases.items():
            stats, seconds = _run_phase(port, jobs, args.clients)
            out[name] = _summary(stats, seconds)
        usage = resource.getrusage(resource.RUSAGE_SELF)
        out["cpu_seconds"] = {"server": round(_server_cpu(server.pid) - cpu_before, 1),
                              "load_client": round(usage.ru_utime + usage.ru_stime - usage_before.ru_utime - usage_before.ru_stime, 1)}  # fmt: skip
        out["errors"] = sum(out[p]["errors"] for p in phases)
        out["targets"] = {
            "json_per_second>=1000": out["json"]["per_second"] >= 1000,
            "page_per_second>=300": out["page"]["per_second"] >= 300,
            "mixed_requests>=10000": out["mixed"]["requests"] >= 10_000,
            "errors==0": out["errors"] == 0 and out["warm_up"]["errors"] == 0,
        }
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(timeout=30)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
