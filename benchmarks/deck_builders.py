"""What the deck builders build, and how their strategies fare against each other (prints JSON).

    python benchmarks/deck_builders.py [--decks 20] [--games 40] [--bots greedy,greedy] [--game NAME ...]

For every game with decks:

- spread: the decks `cardgen <game> deck build --seed S` makes for seeds 1..--decks: cards per
  kind, cost or level, ability or effect (each game's own words), distinct cards, and the most
  copies one ability holds;
- round robin: each strategy (a set of the builder's options, or a naive deck: the first legal
  cards of the same pool) against each other, --games games a pairing, each deck playing each
  seat half the time, both decks built from the same seed's pool; the first strategy's share of
  the points (a draw is half) with its 95 % Wilson interval.

Figures, never asserts: the note of issue 35 quotes them.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from collections.abc import Callable
from itertools import combinations
from pathlib import Path
from typing import Any

from cardgen import games as registry
from cardgen.engine.simulate import simulate
from cardgen.engine.stats import wilson


def _gyonrg(card: Any) -> dict[str, Any]:
    return {"kind": "drone" if card.is_drone else "ship", "cost": card.ship.deploy_cost, "ability": card.special.name,
            "element": card.element.name}  # fmt: skip


def _gogmagog(card: Any) -> dict[str, Any]:
    return {"kind": card.kind_name, "cost": card.cost, "ability": card.effect.name if card.effect else "none",
            "guild": card.guild.name}  # fmt: skip


def _spherion(card: Any) -> dict[str, Any]:
    if card.is_monster:
        return {"kind": "monster", "cost": f"L{card.level}", "ability": "monster", "element": card.element}
    return {"kind": card.kind_name, "cost": f"{card.stars}*", "ability": card.name, "element": card.element}


def _ginjontan(code: int) -> dict[str, Any]:
    from cardgen.ginjontan.cards import tables

    facts = tables().describe(code)
    return {"kind": facts.get("kind", "normal"), "cost": facts.get("colour"), "ability": facts.get("symbol"),
            "element": facts.get("colour")}  # fmt: skip


PROFILE: dict[str, Callable[[Any], dict[str, Any]]] = {
    "gyonrg": _gyonrg, "gogmagog": _gogmagog, "spherion": _spherion, "ginjontan": _ginjontan,
}

# name -> the builder's options, per game; "naive" is the first legal cards of the same pool.
STRATEGIES: dict[str, dict[str, dict[str, Any]]] = {
    "gyonrg": {"default": {}, "no drones": {"drones": 0}, "cheap curve": {"curve": {1: 10, 2: 8, 3: 2}},
               "dear curve": {"curve": {2: 2, 3: 6, 4: 8, 5: 6}}},
    "gogmagog": {"default": {}, "many spells": {"spells": 12}, "no resources": {"resources": 0},
                 "cheap curve": {"curve": {1: 8, 2: 8, 3: 4}}, "rush": {"strategy": "rush"}},
    "spherion": {"default": {}, "fire focus": {"elements": ("Fire",)}, "few spells": {"spells": 4},
                 "60 cards": {"size": 60}},
    "ginjontan": {"default": {}},
}


def spread(name: str, decks: int) -> dict[str, Any]:
    kit = registry.game(name).load_kit()
    profile = PROFILE[name]
    rows = []
    for seed in range(1, decks + 1):
        deck = kit.deck.build(seed, None, None, None).deck
        cards = kit.deck.cards(deck)
        facts = [profile(c) for c in cards]
        abilities = Counter(f["ability"] for f in facts)
        rows.append({
            "seed": seed, "cards": len(cards), "distinct": len({kit.serial(c) for c in cards}),
            "kinds": dict(Counter(str(f["kind"]) for f in facts)),
            "costs": dict(sorted(Counter(str(f["cost"]) for f in facts).items())),
            "abilities": len(abilities), "top_ability": abilities.most_common(1)[0],
        })  # fmt: skip
    kinds: Counter[str] = Counter()
    for r in rows:
        kinds.update(r["kinds"])
    return {
        "decks": rows,
        "mean_kinds": {k: round(v / decks, 1) for k, v in sorted(kinds.items())},
        "distinct_abilities": [min(r["abilities"] for r in rows), max(r["abilities"] for r in rows)],
        "largest_ability_share": max(r["top_ability"][1] / r["cards"] for r in rows),
    }


def _deck_file(folder: Path, name: str, label: str, seed: int, options: dict[str, Any]) -> Path:
    kit = registry.game(name).load_kit()
    built = kit.deck.build(seed, None, f"{label} {seed}", None, **options).deck
    path = folder / f"{name}-{label.replace(' ', '_')}-{seed}.txt"
    path.write_text(kit.deck.text(built), encoding="utf-8")
    return path


def round_robin(name: str, games: int, bots: list[str], folder: Path) -> list[dict[str, Any]]:
    out = []
    strategies = STRATEGIES[name]
    for (a, opts_a), (b, opts_b) in combinations(strategies.items(), 2):
        points = 0.0
        played = 0
        for half in range(2):  # each deck plays each seat in half the games
            for i in range(games // 2 // 2 or 1):
                seed = 1000 + i
                fa = _deck_file(folder, name, a, seed, opts_a)
                fb = _deck_file(folder, name, b, seed, opts_b)
                decks = f"{fa},{fb}" if half == 0 else f"{fb},{fa}"
                result = simulate(name, {"decks": decks}, bots, 2, seed=f"rr-{a}-{b}-{i}-{half}", rotate=True)
                seat = 0 if half == 0 else 1
                points += result.seats[seat].wins  # a draw gives each seat half
                played += result.games
        low, high = wilson(points, played)
        out.append({"a": a, "b": b, "games": played, "a_share": round(points / played, 3),
                    "interval95": [round(low, 3), round(high, 3)]})  # fmt: skip
    return out


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--decks", type=int, default=20, help="decks per game for the spread (seeds 1..N)")
    ap.add_argument("--games", type=int, default=40, help="games a pairing of strategies")
    ap.add_argument("--bots", default="greedy,greedy", help="the two bots that play the decks")
    ap.add_argument("--game", action="append", choices=sorted(PROFILE), help="only these games (repeatable)")
    args = ap.parse_args(argv)
    if args.decks < 1 or args.games < 4:
        ap.error("--decks must be at least 1 and --games at least 4")
    report: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.game or sorted(PROFILE):
            print(f"{name}: spread", file=sys.stderr)
            entry: dict[str, Any] = {"spread": spread(name, args.decks)}
            if len(STRATEGIES[name]) > 1:
                print(f"{name}: round robin", file=sys.stderr)
                entry["round_robin"] = round_robin(name, args.games, args.bots.split(","), Path(tmp))
            report[name] = entry
    print(json.dumps(report, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
