"""Print-run figures (`cardgen GAME run`), as JSON: cards/s per core by game and shop, the speed-up of
2 local workers and of a local Ray cluster, generate's csv/json rate beside the raw generator's, and
projections for a million cards on a 16-core machine and on a 4-node cluster.

    python benchmarks/bench_run.py [--decks 2] [--scale-decks 8] [--repeat 2] [--generate 200000] [--big 0]
                                   [--no-ray] [--parts shops,scaling,ray,generate]

The 1 -> 2 worker speed-up alone, on a quiet 2-core machine (a minute or two; target >= 1.8x in
`speed_up_wall`, the best wall time of 3 runs of 1 worker over the best of 3 runs of 2, interleaved):

    python benchmarks/bench_run.py --parts scaling --scale-decks 32 --repeat 3

Measured (2026-11-28, the 2-core machine with nothing else running, load 1-2.5): 32 Gyon-RG decks,
1,728 cards, one file a deck: 1 worker 40.2 / 53.3 / 40.3 s, 2 workers 21.1 / 20.8 / 21.8 s,
`speed_up_wall` 1.94 (CPU share of 2 workers 1.98, the parent 0.2 % of it); the same manifest. With
16 decks the fixed start (forking the workers, their first layout) weighs more: 1.69.

Figures only, never asserts. The machine is shared: every figure gives wall time and CPU time
(user + system of this process and its local workers), cards per CPU second is what a core does,
and the load average is printed beside the speed-ups (a 2-core machine under a load of 8 cannot
show 2 workers' speed-up in wall time: `speed_up_cpu_bound` is what 2 free cores give, from the cards
per CPU second of 1 and 2 workers, and `cpu_share_*` how much of the machine each run got). --big N also runs N Gyon-RG decks (home sheets, 2 workers)
and projects 20,000 decks from it.

Each run is the real thing: decks from the builder, PDF files through the core writer, every file
preflighted for its shop, the manifest and the audit.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from cardgen.cardlines import write_cards  # noqa: E402 - from this checkout, put on the path above

GAMES = ("gyonrg", "gogmagog", "spherion")
SHOPS = ("home", "pod", "offset")
# a card size each shop's smallest text fits (the run refuses a smaller one, naming one that fits)
CARD_SIZES = {("spherion", "pod"): "tarot", ("spherion", "offset"): "86x121", ("gogmagog", "offset"): "73x102",
              ("gyonrg", "offset"): "77x120"}  # fmt: skip
MILLION = 1_000_000
PARTS = ("shops", "scaling", "ray", "generate")


def _parts(text: str) -> tuple[str, ...]:
    chosen = tuple(p.strip() for p in text.split(",") if p.strip())
    unknown = [p for p in chosen if p not in PARTS]
    if unknown or not chosen:
        raise argparse.ArgumentTypeError(f"unknown part {unknown[0] if unknown else text!r}: give some of {', '.join(PARTS)}")
    return chosen


def _cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def _own_cpu() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    return own.ru_utime + own.ru_stime


def _load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def _kit(name: str):
    from cardgen import games

    return games.game(name).load_kit()


def one_run(game: str, shop: str, decks: int, jobs: int = 1, backend: str = "local", per_file: int = 1,
            keep: Path | None = None) -> dict:  # fmt: skip
    """A run of `decks` decks into a temporary folder; its figures."""
    from cardgen.print.sizes import parse_card_size
    from cardgen.printrun import RunSpec, run

    kit = _kit(game)
    size = CARD_SIZES.get((game, shop), kit.card_size_name)
    spec = RunSpec(game, kit.edition(), "decks", decks, "bench", shop, "a4", parse_card_size(size).format(), per_file)
    folder = Path(tempfile.mkdtemp(prefix="bench-run-")) / "run"
    try:
        cpu0, own0, start = _cpu(), _own_cpu(), time.perf_counter()
        outcome = run(kit, spec, folder, jobs=jobs, backend=backend)
        wall = time.perf_counter() - start
        cpu, own = _cpu() - cpu0, _own_cpu() - own0
        manifest = (folder / "manifest.csv").read_bytes()
        size_bytes = sum(p.stat().st_size for p in folder.glob("*.pdf"))
        if keep is not None:
            shutil.copytree(folder, keep, dirs_exist_ok=True)
    finally:
        shutil.rmtree(folder.parent, ignore_errors=True)
    return {"game": game, "shop": shop, "card_size": size, "decks": decks, "cards": outcome.cards, "files": outcome.files,
            "jobs": jobs, "backend": backend, "wall_s": round(wall, 2), "cpu_s": round(cpu, 2), "parent_cpu_s": round(own, 2),
            "cards_per_s": round(outcome.cards / wall, 1), "cards_per_cpu_s": round(outcome.cards / cpu, 1) if cpu else None,
            "pdf_bytes_per_card": round(size_bytes / outcome.cards), "audit_problems": len(outcome.problems),
            "_manifest": manifest}  # fmt: skip


def _public(figures: dict) -> dict:
    return {k: v for k, v in figures.items() if not k.startswith("_")}


def generate_rates(count: int, repeat: int = 1) -> list[dict]:
    """generate's json and csv writers against the raw generator, in CPU time (one core): each the best of
    `repeat` fresh processes, as many `generate -o FILE` commands (the edition's caches empty at the start,
    the cards written to a file through cardgen.cardlines.write_cards); the imports are not counted."""
    out = []
    for game in GAMES:
        kit = _kit(game)
        row: dict = {"game": game, "cards": count, "raw_per_s": _best_rate(game, "raw", count, repeat)}
        for fmt in ("json", "csv"):
            if fmt == "csv" and not kit.csv_fields:
                row[fmt + "_per_s"] = None
                continue
            row[fmt + "_per_s"] = _best_rate(game, fmt, count, repeat)
            row[fmt + "_share_of_raw"] = round(row[fmt + "_per_s"] / row["raw_per_s"], 2)
        row["parts"] = kit.text_parts is not None
        out.append(row)
    return out


def _best_rate(game: str, fmt: str, count: int, repeat: int) -> int:
    import subprocess

    rates = []
    for _ in range(max(1, repeat)):
        done = subprocess.run([sys.executable, __file__, "--one", game, fmt, str(count)], capture_output=True, text=True,
                              check=True)  # fmt: skip
        rates.append(float(done.stdout))
    return round(max(rates))


def one_rate(game: str, fmt: str, count: int) -> float:
    """Cards per CPU second of this process: `count` cards drawn (fmt raw) or written as json or csv."""
    kit = _kit(game)
    with tempfile.TemporaryDirectory(prefix="bench-generate-") as folder:
        t = time.process_time()
        if fmt == "raw":
            for _ in kit.generate("bench", count, 0):
                pass
        else:
            write_cards(kit.generate("bench", count, 0), fmt, Path(folder) / f"cards.{fmt}", kit.summary,
                        csv_fields=kit.csv_fields, csv_row=kit.csv_row if kit.csv_fields else None,
                        parts=kit.text_parts)  # fmt: skip
        return count / max(time.process_time() - t, 1e-9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decks", type=int, default=2, help="decks per game and shop (one per file)")
    parser.add_argument("--scale-decks", type=int, default=8, help="Gyon-RG decks of the 1-vs-2-worker and Ray runs")
    parser.add_argument("--generate", type=int, default=200_000, help="cards of the csv/json rates")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each of 1 and 2 workers, and processes of each "
                                                              "generate rate (the best counts)")  # fmt: skip
    parser.add_argument("--big", type=int, default=0, help="also run this many Gyon-RG decks (home, 2 workers)")
    parser.add_argument("--no-ray", action="store_true", help="leave out the Ray run")
    parser.add_argument("--parts", type=_parts, default=PARTS, metavar="LIST",
                        help=f"the parts to run, comma-separated: {', '.join(PARTS)} (default: all); ray and the "
                             "projections need scaling")  # fmt: skip
    parser.add_argument("--one", nargs=3, metavar=("GAME", "FORMAT", "COUNT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:  # one generate rate, in a process of its own (generate_rates)
        print(one_rate(args.one[0], args.one[1], int(args.one[2])))
        return

    report: dict = {"machine": {"python": platform.python_version(), "cpus": os.cpu_count(), "load_at_start": _load()}}
    per_shop = []
    for game in GAMES if "shops" in args.parts else ():
        for shop in SHOPS:
            figures = one_run(game, shop, args.decks)
            per_shop.append(_public(figures))
            print(json.dumps(per_shop[-1]), file=sys.stderr)
    if per_shop:
        report["per_game_and_shop"] = per_shop
    if "scaling" not in args.parts:
        if "generate" in args.parts:
            report["generate"] = generate_rates(args.generate, args.repeat)
        report["machine"]["load_at_end"] = _load()
        print(json.dumps(report, indent=1))
        return

    load_before = _load()
    ones, twos = [], []
    for _ in range(args.repeat):  # interleaved, the best of each: the load of a shared machine comes and goes
        ones.append(one_run("gyonrg", "home", args.scale_decks, jobs=1))
        twos.append(one_run("gyonrg", "home", args.scale_decks, jobs=2))
    one, two = min(ones, key=lambda f: f["wall_s"]), min(twos, key=lambda f: f["wall_s"])
    # the main process's own CPU time in the 2-worker run (receiving and writing files, the manifest): the serial part
    serial_share = two["parent_cpu_s"] / two["cpu_s"] if two["cpu_s"] else 0.0
    efficiency = min(1.0, two["cards_per_cpu_s"] / one["cards_per_cpu_s"])
    scaling = {"decks": args.scale_decks, "repeat": args.repeat, "load_before": load_before, "load_after": _load(),
               "one_worker": _public(one), "two_workers": _public(two),
               "speed_up_wall": round(one["wall_s"] / two["wall_s"], 2),
               # what 2 free cores give: 2 workers' work at their own cards per CPU second (no serial part but
               # the main process's writes, which are in cpu_s)
               "speed_up_cpu_bound": round(2 * efficiency, 2),
               "cpu_share_one": round(one["cpu_s"] / one["wall_s"], 2), "cpu_share_two": round(two["cpu_s"] / two["wall_s"], 2),
               "main_process_share_of_cpu_two": round(serial_share, 3),
               "all_walls_s": {"one": [f["wall_s"] for f in ones], "two": [f["wall_s"] for f in twos]},
               "same_manifest": one["_manifest"] == two["_manifest"]}  # fmt: skip
    report["local_1_vs_2_workers"] = scaling
    print(json.dumps({k: v for k, v in scaling.items() if k not in ("one_worker", "two_workers")}), file=sys.stderr)

    if args.no_ray or "ray" not in args.parts:
        report["ray"] = "left out (--no-ray)" if args.no_ray else "left out (--parts)"
    elif importlib.util.find_spec("ray") is None:
        report["ray"] = "Ray is not installed (pip install 'cardgen[cluster]')"
    else:
        ray_run = one_run("gyonrg", "home", args.scale_decks, jobs=2, backend="ray")
        # Ray's workers are not this process's children: cpu_s is the driver's alone, so no rate per CPU second
        ray_run["cards_per_cpu_s"] = None
        report["ray"] = {"local_cluster_cpus": 2, **_public(ray_run), "load_after": _load(),
                         "speed_up_vs_one_local_worker": round(one["wall_s"] / ray_run["wall_s"], 2),
                         "same_manifest_as_local": ray_run["_manifest"] == one["_manifest"]}  # fmt: skip
        print(json.dumps(report["ray"]), file=sys.stderr)

    if "generate" in args.parts:
        report["generate"] = generate_rates(args.generate, args.repeat)
        print(json.dumps(report["generate"]), file=sys.stderr)

    # ----- projections, on paper, from the figures above ------------------------------------------
    rates = {(f["game"], f["shop"]): f["cards_per_cpu_s"] for f in per_shop}
    # how much of a second core a second worker gives, in CPU terms (wall time is the shared machine's)
    projections = []
    for (game, shop), rate in rates.items():
        if not rate:
            continue
        machine = rate * 16 * efficiency
        cluster = machine * 4 * 0.95  # a node's share of the Ray scheduling and file transfer to the head: about 5 %
        projections.append({"game": game, "shop": shop, "cards_per_cpu_s": rate,
                            "million_cards_16_cores_h": round(MILLION / machine / 3600, 2),
                            "million_cards_4_nodes_of_16_cores_h": round(MILLION / cluster / 3600, 2)})  # fmt: skip
    report["projections"] = {"assumptions": f"16 cores at this machine's cards per CPU second, {efficiency:.2f} of a core "
                                            "per worker (the measured CPU rate of 2 workers over 1); a cluster of 4 such "
                                            "nodes loses 5 % to scheduling and to sending files to the head",
                             "rows": projections}  # fmt: skip

    if args.big:
        big = one_run("gyonrg", "home", args.big, jobs=2, per_file=10)
        per_deck_wall = big["wall_s"] / args.big
        per_deck_cpu = big["cpu_s"] / args.big
        report["big_gyonrg_run"] = {**_public(big), "load_after": _load(),
                                    "project_20000_decks_here_h": round(20000 * per_deck_wall / 3600, 2),
                                    "project_20000_decks_cpu_h": round(20000 * per_deck_cpu / 3600, 2),
                                    "project_20000_decks_16_cores_h": round(20000 * per_deck_cpu / (16 * efficiency) / 3600, 2)}  # fmt: skip
    report["machine"]["load_at_end"] = _load()
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
