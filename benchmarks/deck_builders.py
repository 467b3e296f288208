"""What the deck builders build, and how their strategies fare against each other (prints JSON).

    python benchmarks/deck_builders.py [--decks 20] [--games 40] [--bots greedy,greedy] [--game NAME ...]
        [--trap-games 1000] [--trap-greedy-games 20] [--draw-games 40] [--medium-games 0] [--jobs 2]
        [--pairing A/B]

For every game with decks:

- spread: the decks `cardgen <game> deck build --seed S` makes for seeds 1..--decks: cards per
  kind, cost or level, ability or effect (each game's own words), distinct cards, and the most
  copies one ability holds;
- round robin: each strategy (a set of the builder's options, or a naive deck: the first legal
  cards of the same pool) against each other, --games games a pairing, each deck playing each
  seat half the time, both decks built from the same seed's pool; the first strategy's share of
  the points (a draw is half) with its 95 % Wilson interval.
- variety (issue 48): over the same seeds, how many different decks, and for Spherion how many
  different spell and trap sections and monster level profiles (cards counted by what they are
  in play, Card.identity, so serials that differ only in flavour are one card);
- Spherion's traps: placed traps that go off (run into, their condition holding) per 1,000 games
  on each board size, between random bots (--trap-games a board) and between greedy bots
  (--trap-greedy-games a board: greedy walks its set traps towards the opposing deck master, the
  lure in its evaluation), over --jobs processes;
- Gog & Magog's draws: the share of drawn games, greedy against greedy (--draw-games) and medium
  against medium (--medium-games, 0 by default: a medium game takes minutes).

Figures, never asserts: the notes of issues 35 and 48 quote them.
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
from cardgen.engine import load_game
from cardgen.engine.pool import run_jobs
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
               "dear curve": {"curve": {2: 2, 3: 6, 4: 8, 5: 6}}, "1 AP curve": {"curve": {1: 20, 2: 4}}},
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


def _identity(kit: Any, card: Any) -> Any:
    """What a card is in play (Card.identity) where a game has several serials for one card, else its serial."""
    return getattr(card, "identity", None) or kit.serial(card)


def variety(name: str, decks: int) -> dict[str, Any]:
    """Different decks over seeds 1..decks; for Spherion, different spell/trap sections and level profiles."""
    kit = registry.game(name).load_kit()
    whole, sections, levels = set(), set(), set()
    for seed in range(1, decks + 1):
        cards = kit.deck.cards(kit.deck.build(seed, None, None, None).deck)
        whole.add(tuple(sorted(Counter(repr(_identity(kit, c)) for c in cards).items())))
        if name == "spherion":
            sections.add(tuple(sorted(Counter(repr(c.identity) for c in cards if not c.is_monster).items())))
            levels.add(tuple(sorted(Counter(c.level for c in cards if c.is_monster).items())))
    out: dict[str, Any] = {"seeds": decks, "distinct_decks": len(whole)}
    if name == "spherion":
        out.update(distinct_spell_trap_sections=len(sections), distinct_level_profiles=len(levels))
    return out


def _trap_games(job: tuple) -> dict[str, Any]:
    """Games of Spherion on one board between two `bot`s (random or greedy): placed traps run into,
    and those whose condition held."""
    import random

    from cardgen.engine import CHANCE, SIMULTANEOUS
    from cardgen.engine.bots import make_bot

    size, seeds, bot = job
    game = load_game("spherion", size=size)
    cls = type(game.new_initial_state(0))
    hit, condition = cls._spell_or_trap_hit, cls._condition
    counts = Counter()

    def counted_hit(self, q, card, p, piece):  # the resolution's one door for a card run into
        st = self.game.cards[q][card]
        if st.kind == 2:
            counts["run_into"] += 1
            counts["went_off"] += bool(condition(self, q, st, self._toucher(p, piece)))
        return hit(self, q, card, p, piece)

    cls._spell_or_trap_hit = counted_hit
    try:
        for seed in seeds:
            state = game.new_initial_state(seed)
            rng = random.Random(seed)
            bots = [make_bot(bot, game, q, seed) for q in range(2)] if bot != "random" else None
            while not state.is_terminal():
                p = state.current_player()
                if p == CHANCE:
                    state.apply_action(state.sample_chance())
                elif p == SIMULTANEOUS:
                    if bots:
                        state.apply_actions([bots[q].step(state) if state.legal_actions(q) else game.noop_action
                                             for q in range(2)])  # fmt: skip
                        continue
                    options = [state.legal_actions(q) or [game.noop_action] for q in range(2)]
                    state.apply_actions([acts[rng.randrange(len(acts))] for acts in options])
                else:
                    acts = state.legal_actions()
                    state.apply_action(bots[p].step(state) if bots else acts[rng.randrange(len(acts))])
    finally:
        cls._spell_or_trap_hit = hit
    return {"size": size, "games": len(seeds), "went_off": counts["went_off"], "run_into": counts["run_into"]}


def traps(games: int, jobs: int, bot: str = "random") -> dict[str, Any]:
    """Placed traps that go off (and that are run into, going off or not) per 1,000 games between two
    `bot`s, on each board size."""
    from cardgen.spherion.board import SIZES

    chunk = max(1, -(-games // max(1, 2 * jobs)))
    todo = [(size, list(range(k, min(games, k + chunk))), bot) for size in SIZES for k in range(0, games, chunk)]
    totals: dict[str, list[int]] = {size: [0, 0, 0] for size in SIZES}
    for r in run_jobs(_trap_games, todo, jobs):
        totals[r["size"]][0] += r["went_off"]
        totals[r["size"]][1] += r["run_into"]
        totals[r["size"]][2] += r["games"]
    return {size: {"games": n, "went_off_per_1000_games": round(1000 * k / n, 1), "run_into_per_1000_games": round(1000 * t / n, 1)}
            for size, (k, t, n) in totals.items()}


def draws(greedy_games: int, medium_games: int, jobs: int) -> dict[str, Any]:
    """Gog & Magog: the share of drawn games between sensible bots, with the default rules."""
    out: dict[str, Any] = {}
    for label, bots, n in (("greedy vs greedy", ["greedy", "greedy"], greedy_games), ("medium vs medium", ["medium", "medium"], medium_games)):
        if n <= 0:
            out[label] = "not run (--medium-games N: a medium game takes minutes)" if "medium" in label else "not run"
            continue
        result = simulate("gogmagog", {}, bots, n, seed="draws", jobs=jobs)
        out[label] = {"games": n, "draws": result.draws, "draw_rate": round(result.draws / n, 3)}
    return out


def _deck_file(folder: Path, name: str, label: str, seed: int, options: dict[str, Any]) -> Path:
    kit = registry.game(name).load_kit()
    built = kit.deck.build(seed, None, f"{label} {seed}", None, **options).deck
    path = folder / f"{name}-{label.replace(' ', '_')}-{seed}.txt"
    path.write_text(kit.deck.text(built), encoding="utf-8")
    return path


def round_robin(name: str, games: int, bots: list[str], folder: Path, only: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    out = []
    strategies = STRATEGIES[name]
    for (a, opts_a), (b, opts_b) in combinations(strategies.items(), 2):
        if only is not None and {a, b} != set(only):
            continue
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
    ap.add_argument("--trap-games", type=int, default=1000, help="random Spherion games a board for the trap count (0: skip)")
    ap.add_argument("--trap-greedy-games", type=int, default=20,
                    help="Spherion games of greedy against greedy a board for the trap count (0: skip)")
    ap.add_argument("--draw-games", type=int, default=40, help="Gog & Magog games of greedy against greedy for the draw rate")
    ap.add_argument("--medium-games", type=int, default=0, help="Gog & Magog games of medium against medium (minutes each)")
    ap.add_argument("--jobs", type=int, default=2, help="processes for the trap count and the draw rates")
    ap.add_argument("--pairing", default=None, metavar="A/B",
                    help="only this pairing of strategies in the round robin, e.g. '1 AP curve/default'")
    args = ap.parse_args(argv)
    only = tuple(args.pairing.split("/", 1)) if args.pairing else None
    if only is not None and (len(only) != 2 or not any(set(only) <= set(s) for s in STRATEGIES.values())):
        ap.error(f"--pairing {args.pairing!r}: two strategies of one game, A/B: "
                 + "; ".join(f"{g}: {', '.join(s)}" for g, s in STRATEGIES.items() if len(s) > 1))
    if args.decks < 1 or args.games < 4:
        ap.error("--decks must be at least 1 and --games at least 4")
    report: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.game or sorted(PROFILE):
            print(f"{name}: spread", file=sys.stderr)
            entry: dict[str, Any] = {"spread": spread(name, args.decks), "variety": variety(name, args.decks)}
            if name == "spherion" and args.trap_games > 0:
                print(f"{name}: traps", file=sys.stderr)
                entry["traps_per_board"] = traps(args.trap_games, args.jobs)
            if name == "spherion" and args.trap_greedy_games > 0:
                print(f"{name}: traps, greedy against greedy", file=sys.stderr)
                entry["traps_per_board_greedy"] = traps(args.trap_greedy_games, args.jobs, "greedy")
            if name == "gogmagog":
                print(f"{name}: draws", file=sys.stderr)
                entry["draws"] = draws(args.draw_games, args.medium_games, args.jobs)
            if len(STRATEGIES[name]) > 1:
                print(f"{name}: round robin", file=sys.stderr)
                entry["round_robin"] = round_robin(name, args.games, args.bots.split(","), Path(tmp), only)
            report[name] = entry
    print(json.dumps(report, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main()
