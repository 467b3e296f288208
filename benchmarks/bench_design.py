"""How long `cardgen GAME design` takes (prints JSON, one object per line).

    python benchmarks/bench_design.py [--games 0] [--repeat 3] [--dpi 110]

For each game with a designer's report: seconds to build it without the balance section
(loading the tables, the exact figures, the example cards drawn by the print code, the page),
the best of --repeat runs in this process after one warm-up (the first build of a process also
imports the print pipeline: its time is printed apart), the page's size, and with --games N
the seconds per balance game.
"""

from __future__ import annotations

import argparse
import json
import time

from cardgen import games as registry
from cardgen.design import balance, report
from cardgen.design.model import design_of


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=0, help="balance games to time per game (0: none)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--dpi", type=int, default=report.EXAMPLE_DPI)
    args = parser.parse_args()
    for name in ("gyonrg", "gogmagog", "spherion", "ginjontan"):
        entry = registry.registry().get(name)
        assert entry is not None
        kit = entry.load_kit()
        design = design_of(name)
        start = time.perf_counter()
        built = report.build(design, kit, None, dpi=args.dpi)
        first = time.perf_counter() - start
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            built = report.build(design, kit, None, dpi=args.dpi)
            times.append(time.perf_counter() - start)
        row = {"game": name, "first_build_s": round(first, 2), "build_s": round(min(times), 2),
               "page_kb": round(len(built.html.encode()) / 1024), "options": sum(len(t.options) for t in built.snapshot.tables)}  # fmt: skip
        if args.games and design.generated:
            start = time.perf_counter()
            balance.run(design, args.games)
            row["s_per_balance_game"] = round((time.perf_counter() - start) / args.games, 2)
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
