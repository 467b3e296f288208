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
    checked = 0
    for _ in range(40):
        if state.is_terminal():
            break
        for seat in range(game.num_players):
            tensor = state.observation_tensor(seat)
            assert len(tensor) == layout.size
            checked += _named_entries_hold_what_they_say(layout, tensor, state, seat)
        random_step(state, rng)
    assert checked or name == "gyre"  # Gyre's planes are checked below


def _named_entries_hold_what_they_say(layout, tensor, state, seat) -> int:
    """Spot checks that the names sit where the values are: the phase columns hold one 1 (the
    phase's), a seat's to_move column says whether it is to move. The number of checks made."""
    checks = 0
    mover = state.current_player()
    for part in layout.parts.values():
        names = [c.name for c in part.columns]
        phases = [i for i, n in enumerate(names) if n.startswith("phase_")]
        for r in range(part.rows):
            row = tensor[part.row(r) : part.row(r) + part.width]
            if phases:
                assert sorted(row[i] for i in phases)[-2:] == [0.0, 1.0], f"{part.name}: one phase, not {row}"
                checks += 1
            if "to_move" in names and part.row_label in ("", "seat"):
                who = seat if part.row_label == "" else r
                assert row[names.index("to_move")] == float(mover == who), f"{part.name} row {r}"
                checks += 1
    return checks


def test_gyres_planes_are_named_where_they_lie():
    game = load_game("gyre", size=4)
    state = game.new_initial_state(0)
    state.apply_action(state.legal_actions()[0])
    layout = game.observation_layout()
    tensor = state.observation_tensor(0)
    mover = state.current_player()
    assert all(v == 1.0 for v in tensor[layout["to_move_" + str(mover)].row(0) :][: game.nn])
    placed = [t for t in range(game.nn) if tensor[layout["empty"].row(t)] == 0.0]
    assert len(placed) == 1 and tensor[layout["tiles_0"].row(placed[0])] == 1.0


def test_the_examples_run_as_pasted(tmp_path):
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)
    assert len(blocks) == 3
    for block in blocks:
        r = subprocess.run([sys.executable, "-c", block], cwd=tmp_path, capture_output=True, text=True, timeout=300)
        assert r.returncode == 0, r.stderr[-2000:]
