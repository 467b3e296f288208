"""`cardgen play` as a person drives it: typed lines through a pipe into the real command.

The games' scripted-play tests (tests/<game>/test_play_narration.py) use it to read the
screen a seat sees and the record of the game played.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path


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
