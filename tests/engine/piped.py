"""What the games' play-narration tests (tests/<game>/test_play_narration.py) share: `cardgen
play` driven as a person drives it (typed lines through a pipe into the real command), and the
events of random games as every seat is told them.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardgen.engine import CHANCE, SIMULTANEOUS
from cardgen.engine.protocol import Game


def play_piped(game: str, seed: int | str, bots: str, script: Sequence[str], record: Path,
               options: Sequence[str] = (), env: dict[str, str] | None = None) -> tuple[str, dict]:
    """Play `game` with `bots` (e.g. 'human,greedy'), typing `script` line by line; the screen
    (standard output) and the record written to `record`. Options are given as 'key=value'."""
    args = [sys.executable, "-m", "cardgen", "play", game, "--seed", str(seed), "--bots", bots, "--no-color",
            "--record", str(record)]  # fmt: skip
    for option in options:
        args += ["-o", option]
    run = subprocess.run(args, input="\n".join(script) + "\n", capture_output=True, text=True, timeout=60,
                         env=None if env is None else dict(os.environ, **env))  # fmt: skip
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr
    return run.stdout, json.loads(record.read_text())


def random_step(state: Any, rng: random.Random) -> None:
    """One step of a random game: the state's own chance outcome, or a legal move chosen by `rng`
    (at a simultaneous node one per seat, a seat without a move passing the game's noop)."""
    game = state.game
    p = state.current_player()
    if p == CHANCE:
        state.apply_action(state.sample_chance())
    elif p == SIMULTANEOUS:
        options = [state.legal_actions(q) or [game.noop_action] for q in range(game.num_players)]
        state.apply_actions([acts[rng.randrange(len(acts))] for acts in options])
    else:
        acts = state.legal_actions()
        state.apply_action(acts[rng.randrange(len(acts))])


def longest_told(game: Game, seeds: Sequence[int]) -> str:
    """Random games of `game` from `seeds`, narrated: every event told to every seat and to an open
    table is one non-empty line; the longest of them."""
    longest = ""
    for seed in seeds:
        state = game.new_initial_state(seed)
        state.narrate()
        rng = random.Random(seed)
        while not state.is_terminal():
            random_step(state, rng)
            for viewer in (None, *range(game.num_players)):
                lines = state.told(viewer)
                assert all(line and "\n" not in line for line in lines), lines
                longest = max([*lines, longest], key=len)
    return longest
