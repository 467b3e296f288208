"""Every game's behaviour, frozen: seeded games must play exactly as they did when
tests/golden/games/move_hashes.json was written.

Each game is hashed as it goes: every chance outcome, the legal actions and the chosen one at
every decision (with its text, so the action codec is pinned too), the evaluation a greedy bot
reads after each move, and the returns. Random games pin the rules; greedy games pin the
evaluation as well. Moving code between modules, splitting an engine or a faster evaluation
must keep every hash; a change of the rules is a new golden file, written on purpose
(`python -m tests.engine.test_golden_games`) and said why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from cardgen.engine import CHANCE, SIMULTANEOUS, load_game
from cardgen.engine.bots import make_bot

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "games" / "move_hashes.json"

# name -> (game, options, mover, games). Spherion's own golden file covers its sizes and options.
VARIANTS: dict[str, tuple[str, dict, str, int]] = {
    "gyonrg-random": ("gyonrg", {}, "random", 6),
    "gyonrg-greedy": ("gyonrg", {}, "greedy", 2),
    "gyre-random": ("gyre", {}, "random", 8),
    "gyre-greedy": ("gyre", {}, "greedy", 2),
    "gyre-3-seats": ("gyre", {"players": 3, "size": 5}, "random", 4),
    "spherion-random": ("spherion", {"size": "small"}, "random", 4),
    "spherion-greedy": ("spherion", {"size": "small"}, "greedy", 2),
    "gogmagog-random": ("gogmagog", {}, "random", 6),
    "gogmagog-greedy": ("gogmagog", {}, "greedy", 2),
    "ginjontan-random": ("ginjontan", {}, "random", 6),
    "ginjontan-greedy": ("ginjontan", {"players": 3}, "greedy", 2),
}
MAX_STEPS = 5000


def play(name: str, seed: int) -> dict:
    """One game from `seed`, hashed as it goes."""
    game_name, options, mover, _ = VARIANTS[name]
    game = load_game(game_name, **options)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    bots = [make_bot(mover, game, seat, seed) for seat in range(game.num_players)] if mover != "random" else None
    h = hashlib.sha256()
    steps = 0
    while not state.is_terminal() and steps < MAX_STEPS:
        p = state.current_player()
        if p == CHANCE:
            a = state.sample_chance()
            h.update(f"c{a};".encode())
            state.apply_action(a)
        elif p == SIMULTANEOUS:
            joint = []
            for q in range(game.num_players):
                acts = state.legal_actions(q)
                h.update(f"l{q}{acts};".encode())
                if bots is not None and acts:
                    joint.append(bots[q].step(state))
                else:
                    joint.append(acts[int(rng.random() * len(acts))] if acts else 0)
            h.update(f"j{joint};".encode())
            state.apply_actions(joint)
        else:
            acts = state.legal_actions()
            a = bots[p].step(state) if bots is not None else acts[int(rng.random() * len(acts))]
            h.update(f"s{p}{acts}{a}{state.action_to_string(a)};".encode())
            state.apply_action(a)
            h.update(f"e{[round(v, 9) for v in state.evaluate_all()]};".encode())
        steps += 1
    h.update(f"r{state.returns()}".encode())
    return {"seed": seed, "steps": steps, "returns": state.returns(), "sha256": h.hexdigest()}


def games(name: str) -> list[dict]:
    return [play(name, seed) for seed in range(VARIANTS[name][3])]


@pytest.mark.parametrize("name", list(VARIANTS))
def test_games_play_as_recorded(name):
    golden = json.loads(GOLDEN.read_text())
    assert name in golden, f"{name} is not in {GOLDEN.name}: write it with `python -m tests.engine.test_golden_games`"
    assert games(name) == golden[name]


if __name__ == "__main__":
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_text(json.dumps({name: games(name) for name in VARIANTS}, indent=1) + "\n")
    print(f"wrote {GOLDEN}")
