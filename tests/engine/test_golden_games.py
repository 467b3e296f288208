"""Every game's behaviour, frozen: seeded games must play exactly as they did when
tests/golden/games/move_hashes.json was written.

Each game is hashed as it goes: every chance outcome, the legal actions and the chosen one at
every decision (with its text, so the action codec is pinned too), the evaluation a greedy bot
reads after each move, and the returns. Random games pin the rules; greedy games pin the
evaluation as well. Moving code between modules, splitting an engine or a faster evaluation
must keep every hash; a change of the rules is a new golden file, written on purpose
(`python -m tests.engine.test_golden_games`) and said why in the commit.

A game VARIANTS does not name (a new game folder, the hidden-bid toy) is found in the engine
registry and pinned in a file of its own, tests/golden/games/<game>.json: the first run writes it
(and skips, saying so), commit it and every later run holds the game to it. To re-pin a game
on purpose, delete its file and run the test again.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from cardgen.engine import CHANCE, SIMULTANEOUS, game_names, load_game
from cardgen.engine.bots import make_bot

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "games" / "move_hashes.json"
Variant = tuple[str, dict, str, int]

# name -> (game, options, mover, games). Spherion's own golden file covers its sizes and options.
VARIANTS: dict[str, Variant] = {
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


def new_game_variants(game: str) -> dict[str, Variant]:
    """The variants a game VARIANTS does not name is pinned by: its defaults, random and greedy."""
    return {f"{game}-random": (game, {}, "random", 6), f"{game}-greedy": (game, {}, "greedy", 2)}


def new_games() -> list[str]:
    """Games with a rules engine that VARIANTS does not name (found in the engine registry)."""
    named = {v[0] for v in VARIANTS.values()}
    return [g for g in game_names() if g not in named]


def play(name: str, seed: int, variant: Variant | None = None) -> dict:
    """One game from `seed`, hashed as it goes."""
    game_name, options, mover, _ = variant or VARIANTS[name]
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


def games(name: str, variant: Variant | None = None) -> list[dict]:
    variant = variant or VARIANTS[name]
    return [play(name, seed, variant) for seed in range(variant[3])]


def pin_new_game(game: str, folder: Path = GOLDEN.parent) -> Path | None:
    """Hold `game` to its golden file folder/<game>.json; write the file when there is none yet
    (the path written is returned: the first run pins the game)."""
    got = {name: games(name, variant) for name, variant in new_game_variants(game).items()}
    path = folder / f"{game}.json"
    if not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(got, indent=1) + "\n")
        return path
    assert got == json.loads(path.read_text()), f"{game} no longer plays as {path} says"
    return None


@pytest.mark.parametrize("name", list(VARIANTS))
def test_games_play_as_recorded(name):
    golden = json.loads(GOLDEN.read_text())
    assert name in golden, f"{name} is not in {GOLDEN.name}: write it with `python -m tests.engine.test_golden_games`"
    assert games(name) == golden[name]


@pytest.mark.parametrize("game", new_games())
def test_a_game_without_a_row_plays_as_its_own_golden_file(game):
    written = pin_new_game(game)
    if written is not None:
        pytest.skip(f"first run: wrote {written}; commit it to pin {game}'s moves")


if __name__ == "__main__":
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_text(json.dumps({name: games(name) for name in VARIANTS}, indent=1) + "\n")
    print(f"wrote {GOLDEN}")
