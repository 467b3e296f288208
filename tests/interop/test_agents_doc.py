"""docs/agents.md is generated from the code (cardgen.interop.agents_doc): it says what the code
does, tensor index by tensor index, and its examples run as pasted."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install 'cardgen[rl]')")

from cardgen.engine import game_names, load_game  # noqa: E402
from cardgen.interop import agents_doc  # noqa: E402
from tests.engine.piped import random_step  # noqa: E402

DOC = Path(__file__).resolve().parents[2] / "docs" / "agents.md"


def test_docs_agents_md_is_what_the_generator_writes():
    assert DOC.read_text() == agents_doc.text(), "docs/agents.md is stale: run python -m cardgen.interop.agents_doc"


@pytest.mark.parametrize("name", sorted(n for n in game_names() if not n.startswith("toy-")))
def test_every_games_tensor_is_its_layout_part_after_part(name):
    """The layout the docs print covers the tensor exactly, along a random game."""
    game = load_game(name)
    layout = game.observation_layout()
    assert layout is not None and layout.size == game.observation_size()
    assert [p.start for p in layout.parts.values()] == sorted(p.start for p in layout.parts.values())
    state = game.new_initial_state(3)
    rng = random.Random(3)
    for _ in range(40):
        if state.is_terminal():
            break
        for seat in range(game.num_players):
            assert len(state.observation_tensor(seat)) == layout.size
        random_step(state, rng)


def test_the_examples_run_as_pasted(tmp_path):
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)
    assert len(blocks) == 3
    for block in blocks:
        r = subprocess.run([sys.executable, "-c", block], cwd=tmp_path, capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, r.stderr[-2000:]
