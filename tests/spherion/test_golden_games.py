"""Spherion's behaviour, frozen: seeded random games on every board size (and under each rule
option) must play exactly as they did when tests/spherion/golden/random_games.json was written.

Each game is hashed along the way: every chance outcome, both seats' legal steps and the joint
step at every planning node, and the whole position (to_json(), its log included) whenever the
phase changes. Speed work on the engine must keep every hash; a change of the rules is a new
golden file, written on purpose (`python -m tests.spherion.test_golden_games`) and said why in
the commit. The moves come from a private random.Random, not the shared random bot, so the file
pins the engine alone.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from cardgen.engine import CHANCE, SIMULTANEOUS, load_game

GOLDEN = Path(__file__).parent / "golden" / "random_games.json"

# name -> (game options, games): every size with the default rules, then the options that change
# random games on the small sphere (clash_tie, checkmate and godai left no trace in 30 random games
# there; tests/spherion/test_rules.py plays them on hand-made positions)
VARIANTS: dict[str, tuple[dict, int]] = {
    "small": ({"size": "small"}, 30),
    "medium": ({"size": "medium"}, 30),
    "standard": ({"size": "standard"}, 30),
    "large": ({"size": "large"}, 30),
    "small-defender-position": ({"size": "small", "defender": "position"}, 30),
    "small-no-wall": ({"size": "small", "wall": 0}, 30),
    "small-decks-seeded": ({"size": "small", "decks": "seed:7,seed:8"}, 30),
    "medium-full-wall-6-dice-3-steps": ({"size": "medium", "wall": 100, "dice": 6, "plan": 3}, 30),
    "small-touch-spent-uncapped-face-up": ({"size": "small", "activate": "touch", "blocked": "spent", "heal": "uncapped",
                                            "attacker": "face-up"}, 30),
    "small-set-cards-fixed": ({"size": "small", "set_cards": "fixed"}, 30),
}


def play(game, seed: int) -> dict:
    """One random game from `seed` (the game's seed and the movers'), hashed as it goes."""
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    h = hashlib.sha256()
    phase = None
    actions = 0
    while not state.is_terminal():
        if state.phase != phase:
            phase = state.phase
            h.update(json.dumps(state.to_json(), sort_keys=True).encode())
        p = state.current_player()
        if p == CHANCE:
            a = state.sample_chance()
            h.update(f"c{a};".encode())
            state.apply_action(a)
        elif p == SIMULTANEOUS:
            joint = []
            for q in (0, 1):
                acts = state.legal_actions(q)
                h.update(f"l{q}{acts};".encode())
                joint.append(acts[int(rng.random() * len(acts))] if acts else 0)
            h.update(f"j{joint};".encode())
            state.apply_actions(joint)
        else:
            acts = state.legal_actions()
            a = acts[int(rng.random() * len(acts))]
            h.update(f"s{acts}{a};".encode())
            state.apply_action(a)
        actions += 1
    h.update(json.dumps(state.to_json(), sort_keys=True).encode())
    return {"seed": seed, "actions": actions, "returns": state.returns(), "sha256": h.hexdigest()}


def games(name: str) -> list[dict]:
    options, count = VARIANTS[name]
    game = load_game("spherion", **options)
    return [play(game, seed) for seed in range(count)]


@pytest.mark.parametrize("name", list(VARIANTS))
def test_random_games_play_as_golden(name):
    want = json.loads(GOLDEN.read_text())[name]
    got = games(name)
    for w, g in zip(want, got):
        assert g == w, f"{name} seed {w['seed']}: the game played differently (want {w}, got {g})"
    assert len(got) == len(want)


def write() -> None:
    """Write the golden file anew: only for an intended change of the rules."""
    data = {name: games(name) for name in VARIANTS}
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    write()
