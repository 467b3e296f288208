"""Gyon-RG generator and lookup speed, one core. Prints JSON.

    python benchmarks/bench_gyonrg.py [--cards 200000]

Targets (issue 2): >= 100,000 cards/s with serials, >= 100,000 lookups/s.
"""

from __future__ import annotations

import argparse
import json
import platform
import time


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--cards", type=int, default=200_000)
    args = ap.parse_args()
    n = args.cards

    t0 = time.perf_counter()
    from cardgen.gyonrg import edition as editions
    from cardgen.gyonrg.cards import decode
    from cardgen.gyonrg.generator import generate

    ed = editions.current()
    t_load = time.perf_counter() - t0
    t0 = time.perf_counter()
    rarity = ed.rarity
    t_rarity = time.perf_counter() - t0

    t0 = time.perf_counter()
    serials = []
    stars = rarity.stars
    for card in generate("bench", n):
        serials.append(card.serial)
        stars(card.weight)
    t_gen = time.perf_counter() - t0

    t0 = time.perf_counter()
    for s in serials:
        decode(s)
    t_lookup = time.perf_counter() - t0

    t0 = time.perf_counter()
    for s in serials[:2000]:
        _ = decode(s).percentile  # the property computes it
    t_pct = time.perf_counter() - t0

    print(
        json.dumps(
            {
                "python": platform.python_version(),
                "cards": n,
                "edition_load_s": round(t_load, 4),
                "rarity_tables_s": round(t_rarity, 4),
                "cards_per_s_with_serial_and_stars": round(n / t_gen),
                "lookups_per_s": round(n / t_lookup),
                "lookups_with_percentile_per_s": round(2000 / t_pct),
                "target_per_s": 100_000,
            },
            indent=2,
        )
    )


if __name__ == "__main__":
    main()
