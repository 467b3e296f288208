"""Print pipeline figures, as JSON: deck time, cards/s, CPU time, PDF bytes/card, peak RSS, PNG rate.

    python benchmarks/bench_print.py [--cards 10000] [--face gyonrg|test] [--jobs N] [--repeat 2]

Each run happens in its own child process, so its peak RSS is its own (a
1,000-card run is measured too: if memory is flat, the two peaks are close).
Wall time and CPU time (user + system of the process and its workers) are both
given: the machine is shared, and CPU time shows what the code costs.

Targets (issue 11): the 54-card default deck in under 0.3 s of rendering;
10,000-card sheet PDF at 500 cards/s or more, under 10 KB per card, peak RSS
under 300 MB; PNG at 300 dpi at 50 cards/s or more. Figures only, never asserts.

--face gyonrg (default) prints real Gyon-RG cards; --face test uses the small
face of tests/print (frame form, title, wrapped text, QR code, back form), to
tell the machinery's cost from a game face's. The script also runs against an
older checkout (PYTHONPATH=OLD python benchmarks/bench_print.py): options the
old pipeline lacks (--jobs) are left out there and the JSON says so.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _face_and_cards(name: str):
    if name == "gyonrg":
        from cardgen.gyonrg.face import GyonrgFace
        from cardgen.gyonrg.generator import generate

        return GyonrgFace(), lambda n: generate("bench", n)
    if name == "test":
        sys.path.insert(0, str(ROOT))
        from tests.print.conftest import TestFace, make_cards

        return TestFace(), make_cards
    raise SystemExit(f"unknown face {name!r}: use gyonrg or test")


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _peak_mb() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    kids = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return round(max(own, kids) / 1024, 1)


def run_pdf(cards: int, face_name: str, backs: str, jobs: int) -> dict:
    """Print `cards` cards on the default sheet to a temporary PDF; figures for this process alone."""
    from cardgen.print.imposition import Layout, impose
    from cardgen.print.pdf import write_pdf

    face, make_cards = _face_and_cards(face_name)
    kwargs = {}
    if "jobs" in inspect.signature(write_pdf).parameters:
        kwargs["jobs"] = jobs
    imposition = impose(Layout(backs=backs))
    with tempfile.TemporaryDirectory() as folder:
        cpu0, start = _cpu(), time.perf_counter()
        summary = write_pdf(make_cards(cards), face, imposition, Path(folder) / "deck.pdf", **kwargs)
        seconds = time.perf_counter() - start
        cpu = _cpu() - cpu0
    return {
        "cards": summary.cards,
        "pages": summary.pages,
        "backs": backs,
        "jobs": kwargs.get("jobs", "n/a (old pipeline)"),
        "layout": imposition.layout.describe(),
        "seconds": round(seconds, 3),
        "cpu_seconds": round(cpu, 3),
        "cards_per_second": round(summary.cards / seconds, 1),
        "bytes": summary.bytes,
        "bytes_per_card": round(summary.bytes / summary.cards, 1),
        "peak_rss_mb": _peak_mb(),
    }


def run_png(cards: int, face_name: str, jobs: int) -> dict:
    """Render `cards` cards as 300 dpi PNGs (plus the contact sheet) into a temporary folder."""
    from cardgen.print.png import write_pngs
    from cardgen.print.sizes import CARD_SIZES

    face, make_cards = _face_and_cards(face_name)
    kwargs = {}
    if "jobs" in inspect.signature(write_pngs).parameters:
        kwargs["jobs"] = jobs
    with tempfile.TemporaryDirectory() as folder:
        cpu0, start = _cpu(), time.perf_counter()
        summary = write_pngs(make_cards(cards), face, CARD_SIZES["poker"], folder, key=lambda c: c.serial, dpi=300, **kwargs)
        seconds = time.perf_counter() - start
        cpu = _cpu() - cpu0
    return {
        "cards": summary.cards,
        "dpi": 300,
        "jobs": kwargs.get("jobs", "n/a (old pipeline)"),
        "seconds": round(seconds, 3),
        "cpu_seconds": round(cpu, 3),
        "cards_per_second": round(summary.cards / seconds, 1),
        "bytes_per_card": round(summary.bytes / summary.cards, 1),
        "peak_rss_mb": _peak_mb(),
    }


def child(job: list[str], common: list[str]) -> dict:
    out = subprocess.run([sys.executable, __file__, *common, "--child", *job], check=True, capture_output=True, text=True, env=os.environ)
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--png-cards", type=int, default=108)
    parser.add_argument("--face", default="gyonrg", choices=["gyonrg", "test"])
    parser.add_argument("--backs", default="long-edge", help="backs of the 1,000 and big runs (the deck has none, like the default print)")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--repeat", type=int, default=1, help="run everything this many times (to see whether figures are stable)")
    parser.add_argument("--no-accel", action="store_true", help="hide reportlab's C accelerator (rl_accel) from the runs")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.no_accel:
        sys.modules["_rl_accel"] = None  # type: ignore[assignment]  # what reportlab's own tests do to hide it
    if args.child:
        kind, *rest = args.child
        if kind == "pdf":
            result = run_pdf(int(rest[0]), args.face, rest[1], args.jobs)
        else:
            result = run_png(int(rest[0]), args.face, args.jobs)
        print(json.dumps(result))
        return
    common = ["--face", args.face, "--jobs", str(args.jobs)] + (["--no-accel"] if args.no_accel else [])
    rounds = []
    for _ in range(args.repeat):
        rounds.append({
            "deck_54_default": child(["pdf", "54", "none"], common),
            "run_1000": child(["pdf", "1000", args.backs], common),
            f"run_{args.cards}": child(["pdf", str(args.cards), args.backs], common),
            f"png_{args.png_cards}_300dpi": child(["png", str(args.png_cards)], common),
        })
    import cardgen

    print(json.dumps({
        "face": args.face,
        "python": platform.python_version(),
        "cardgen": str(Path(cardgen.__file__).resolve().parent),
        "cpus": os.cpu_count(),
        "rl_accel": _has_accel(),
        "rounds": rounds,
        "targets": {"deck_seconds": 0.3, "cards_per_second": 500, "bytes_per_card": 10_240, "peak_rss_mb": 300, "png_cards_per_second": 50},
    }, indent=2))


def _has_accel() -> bool:
    try:
        import _rl_accel  # noqa: F401
    except ImportError:
        return False
    return True


if __name__ == "__main__":
    main()
