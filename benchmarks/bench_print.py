"""Print pipeline figures, as JSON: deck time, cards/s, PDF bytes/card, peak RSS.

    python benchmarks/bench_print.py [--cards 10000] [--face gyonrg|test]

Each run happens in its own child process, so its peak RSS is its own (a
1,000-card run is measured too: if memory is flat, the two peaks are close).
Targets (issue 3): 54 cards with backs < 1 s; 10,000 cards < 10 KB/card and
peak RSS < 300 MB. Figures only, never asserts.

--face gyonrg (default) prints real Gyon-RG cards; --face test uses the small
face of tests/print (frame form, title, wrapped text, QR code, back form), to
tell the machinery's cost from a game face's.
"""

from __future__ import annotations

import argparse
import json
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


def run_one(cards: int, face_name: str, backs: str) -> dict:
    """Print `cards` cards to a temporary PDF; figures for this process alone."""
    from cardgen.print.imposition import Layout, impose
    from cardgen.print.pdf import write_pdf

    face, make_cards = _face_and_cards(face_name)
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        summary = write_pdf(make_cards(cards), face, impose(Layout(backs=backs)), Path(folder) / "deck.pdf")
        seconds = time.perf_counter() - start
    return {
        "cards": summary.cards,
        "pages": summary.pages,
        "backs": backs,
        "seconds": round(seconds, 3),
        "cards_per_second": round(summary.cards / seconds, 1),
        "bytes": summary.bytes,
        "bytes_per_card": round(summary.bytes / summary.cards, 1),
        "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
    }


def child(cards: int, face: str, backs: str) -> dict:
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(cards), "--face", face, "--backs", backs],
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--face", default="gyonrg", choices=["gyonrg", "test"])
    parser.add_argument("--backs", default="long-edge")
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        print(json.dumps(run_one(args.child, args.face, args.backs)))
        return
    deck = child(54, args.face, "long-edge")
    small = child(1_000, args.face, args.backs)
    big = child(args.cards, args.face, args.backs)
    print(
        json.dumps(
            {
                "face": args.face,
                "python": platform.python_version(),
                "deck_54_with_backs": deck,
                "run_1000": small,
                f"run_{args.cards}": big,
                "targets": {"deck_seconds": 1.0, "bytes_per_card": 10_240, "peak_rss_mb": 300},
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
