"""Check that the Gyon-RG engine still plays exactly as it did: digests of many random games.

    python benchmarks/check_gyonrg_engine_equivalence.py            # compare with the reference
    python benchmarks/check_gyonrg_engine_equivalence.py --save     # write the reference anew
    python benchmarks/check_gyonrg_engine_equivalence.py --games 5  # a quicker, partial look

Speed work on the engine (issue 10) must not change behaviour at all: every state's legal
actions (same numbers, same order) and every state's to_json(). For several rule
configurations this plays seeded random games and hashes, at every step, the legal
actions and the position; now and then also the text of the chosen action, what an
illegal action is told, a clone, a JSON round trip and a determinized copy, so the
caches behind those paths are checked too. It prints one JSON line per configuration
and exits 1 when a digest differs from benchmarks/gyonrg_engine_equivalence.json
(written with --save from the code before the optimisation).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from pathlib import Path

from cardgen.engine.registry import load_game
from cardgen.errors import CardgenError
from cardgen.files import write_text

REFERENCE = Path(__file__).with_name("gyonrg_engine_equivalence.json")

# The default rules, the rules before the options of issue 10, the largest fleets (255 subsets
# to move), a bigger opening hand for the second seat, and other decks (other specials).
# Uniform random play seldom stacks more than four ships, so two runs favour building.
CONFIGS: list[tuple[str, dict, str]] = [
    ("default", {}, "uniform"),
    ("salvage=latest discard=down_to_5 rotation=quarter enough=exceeds",
     {"salvage": "latest", "discard": "down_to_5", "rotation": "quarter", "enough": "exceeds"}, "uniform"),
    ("max_fleet=8", {"max_fleet": 8}, "uniform"),
    ("second_player_cards=2", {"second_player_cards": 2}, "uniform"),
    ("decks=seed:1,seed:2 max_fleet=3 second_player_ap=2",
     {"decks": "seed:1,seed:2", "max_fleet": 3, "second_player_ap": 2}, "uniform"),
    ("max_fleet=8 action_points=30, building", {"max_fleet": 8, "action_points": 30}, "build"),
    ("default, building", {}, "build"),
]  # fmt: skip


def _choose(legal: list[int], layout, policy: str, rng: random.Random) -> int:
    """Uniform; or, to build big fleets, deploys and replaces first and moves seldom."""
    pick = legal
    if policy == "build":
        r = rng.random()
        build = [a for a in legal if layout.deploy <= a < layout.move]
        still = [a for a in legal if not layout.move <= a < layout.rotate]
        pick = build if build and r < 0.6 else still if still and r < 0.9 else legal
    return pick[int(rng.random() * len(pick))]


def _dump(data: object) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":")).encode()


def play(config: dict, policy: str, games: int, label: str) -> dict:
    """Digest of `games` seeded random games under `config`, and how many steps they took."""
    game = load_game("gyonrg", **config)
    h = hashlib.sha256()
    steps = 0
    for seed in range(games):
        rng = random.Random(f"equivalence/{label}/{seed}")
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            steps += 1
            roll = rng.random()
            if roll < 0.1:
                # a legality check without legal_actions() asked first (a replay's path)
                legal = state.clone().legal_actions()
                fresh = game.state_from_json(state.to_json())
                h.update(_dump(fresh.legal_actions()))
            else:
                legal = state.legal_actions()
            h.update(_dump(legal))
            h.update(_dump(state.to_json()))
            action = _choose(legal, game.layout, policy, rng)
            if roll < 0.3:
                h.update(state.action_to_string(action).encode())
            if 0.3 <= roll < 0.45:
                # what any action number is told now: legal (and where it leads) or why not
                probe = rng.randrange(game.num_distinct_actions)
                copy = state.clone()
                try:
                    copy.apply_action(probe)
                    h.update(b"ok" + _dump(copy.to_json()))
                except CardgenError as exc:
                    h.update(str(exc).encode())
            if 0.45 <= roll < 0.5:
                other = state.determinize(state.current_player(), random.Random(steps))
                h.update(_dump(other.to_json()) + _dump(other.legal_actions()))
            state.apply_action(action)
            if 0.5 <= roll < 0.6:
                state = state.clone()
            elif 0.6 <= roll < 0.65:
                back = game.state_from_json(json.loads(json.dumps(state.to_json())))
                back._hist = state._hist  # history is not part of the position
                state = back
        h.update(_dump(state.returns()) + _dump(state.history()))
    return {"games": games, "steps": steps, "digest": h.hexdigest()}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100, help="games per configuration (the reference has 100)")
    ap.add_argument("--save", action="store_true", help=f"write the figures to {REFERENCE.name} as the reference")
    args = ap.parse_args()
    if args.games < 1:
        ap.error(f"--games must be at least 1, got {args.games}")
    reference = {} if args.save or not REFERENCE.exists() else json.loads(REFERENCE.read_text())
    out, bad = {}, []
    for label, config, policy in CONFIGS:
        start = time.process_time()
        got = play(config, policy, args.games, label)
        out[label] = got
        want = reference.get(label)
        same = None if want is None or want["games"] != args.games else want == got
        if same is False:
            bad.append(label)
        print(json.dumps({"config": label, **got, "cpu_seconds": round(time.process_time() - start, 1),
                          "same_as_reference": same}), flush=True)  # fmt: skip
    if args.save:
        write_text(REFERENCE, json.dumps(out, indent=2) + "\n")
        print(f"reference written to {REFERENCE}")
    if bad:
        print(f"DIFFERENT from the reference: {', '.join(bad)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
