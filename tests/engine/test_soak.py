"""Soak: 10,000 random games of every game, every rule variant in turn, with the game's own
invariants (State.invariant_violations) and the protocol's checked after every move.

Slow (about 5 minutes for Gyon-RG on two cores): `pytest -m slow tests/engine/test_soak.py`.
CARDGEN_SOAK_GAMES sets another number of games per game; CARDGEN_SOAK_DEFAULT=1 plays every game
with its default options only (-k NAME picks one game).
"""

from __future__ import annotations

import os
import random

import pytest

from cardgen.engine import CHANCE, SIMULTANEOUS, game_names, load_game
from cardgen.engine.pool import run_jobs
from tests.engine.test_conformance import configs

pytestmark = pytest.mark.slow

GAMES = int(os.environ.get("CARDGEN_SOAK_GAMES", "10000"))
CHUNK = 50


def _soak(task: tuple) -> dict:
    """Play the games of one chunk; what broke (at most 5 lines) and the counts."""
    name, config, seeds = task
    game = load_game(name, **config)
    broken: list[str] = []
    actions = longest = 0
    for seed in seeds:
        rng = random.Random(f"soak/{name}/{seed}")
        state = game.new_initial_state(seed)
        steps = 0
        while not state.is_terminal() and len(broken) < 5:
            where = f"{name} {config} seed {seed} move {steps + 1}"
            p = state.current_player()
            if p == CHANCE:
                state.apply_action(state.sample_chance())
            elif p == SIMULTANEOUS:
                joint = []
                for q in range(game.num_players):
                    acts = state.legal_actions(q)
                    joint.append(acts[rng.randrange(len(acts))] if acts else game.noop_action)
                state.apply_actions(joint)
            else:
                acts = state.legal_actions()
                if not acts or acts[0] < 0 or acts[-1] >= game.num_distinct_actions or acts != sorted(set(acts)):
                    broken.append(f"{where}: legal actions {acts[:3]}...{acts[-3:]} not sorted, unique and in range")
                    break
                state.apply_action(acts[rng.randrange(len(acts))])
            steps += 1
            broken += [f"{where}: {v}" for v in state.invariant_violations()]
            if steps > game.max_game_length:
                broken.append(f"{where}: longer than the stated maximum {game.max_game_length}")
                break
        actions += steps
        longest = max(longest, steps)
        if state.is_terminal():
            ret = state.returns()
            if not all(game.min_return <= r <= game.max_return for r in ret):
                broken.append(f"{name} {config} seed {seed}: returns {ret} out of bounds")
    return {"games": len(seeds), "actions": actions, "longest": longest, "broken": broken[:5]}


@pytest.mark.parametrize("name", [n for n in game_names() if not n.startswith("toy-")])
def test_ten_thousand_random_games_keep_every_invariant(name):
    variants = [{}] if os.environ.get("CARDGEN_SOAK_DEFAULT") else configs(name)
    tasks = []
    for start in range(0, GAMES, CHUNK):
        config = variants[(start // CHUNK) % len(variants)]
        tasks.append((name, config, range(start, min(start + CHUNK, GAMES))))
    results = run_jobs(_soak, tasks, jobs=0)
    broken = [line for r in results for line in r["broken"]]
    assert sum(r["games"] for r in results) == GAMES
    assert not broken, "\n".join(broken[:10])
    print(f"\n{name}: {GAMES} games in {len(variants)} variants, {sum(r['actions'] for r in results):,} moves, "
          f"longest {max(r['longest'] for r in results)}")
