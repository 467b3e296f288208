"""Text diagrams: formatter and parser round-trip, defaults, and one-line errors."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardgen.engine import load_game
from cardgen.errors import CardgenError
from cardgen.gyre.diagram import format_diagram, parse_diagram


def random_state(seed: int, size: int, players: int, steps: int):
    game = load_game("gyre", size=size, players=players)
    s = game.new_initial_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        acts = s.legal_actions()
        s.apply_action(acts[rng.randrange(len(acts))])
    return s


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), size=st.integers(4, 9), players=st.integers(2, 4), steps=st.integers(0, 200))
def test_round_trip_from_played_positions(seed, size, players, steps):
    s = random_state(seed, size, players, steps)
    text = format_diagram(s)
    back = parse_diagram(text)
    expected = dict(s.to_json(), ply=0)  # the move count is not part of a diagram
    assert back.to_json() == expected
    assert format_diagram(back) == text


def test_mid_turn_inactive_gyres_survive_the_round_trip():
    s = load_game("gyre", size=5).new_initial_state()
    for m in ("a1", "b2", "b3", "c2"):
        s.apply_action(s.string_to_action(m))
    own = [g for g in s.owned[0]]
    s.apply_action(25 + 2 * own[0])  # red gyrates
    text = format_diagram(s)
    assert "gyrations=1" in text and any(ch in text.split("gyres:")[1] for ch in "R")
    back = parse_diagram(text)
    assert back.legal_actions() == s.legal_actions()
    assert back.inactive_gyres() == s.inactive_gyres()


def test_minimal_diagram_gets_defaults():
    s = parse_diagram("R . . .\n. B . .\n. . . .\n. . R .\n")
    assert s.game.size == 4 and s.game.num_players == 2
    assert s.current_player() == 1  # three tiles claimed: blue's turn
    assert s.turn == 3 and not any(s.gyres)
    assert parse_diagram("R...\n.B..\n....\n..R.\n").to_json() == s.to_json()  # spaces optional
    s = parse_diagram("# a puzzle\ngyre players=3 next=G\nR...\n.B..\n....\n..R.\n")
    assert s.game.num_players == 3 and s.current_player() == 2


@pytest.mark.parametrize(
    "text,needle",
    [
        ("", "no tile rows"),
        ("R..\n...\n...\n", "3 rows: boards are 4 to 19"),
        ("R...\n....\n...\n....\n", "has 3 tiles, expected 4"),
        ("R..X\n....\n....\n....\n", "'X' is not a tile"),
        ("gyre size=5\nR...\n....\n....\n....\n", "size=5 but there are 4 tile rows"),
        ("gyre colour=red\nR...\n....\n....\n....\n", "'colour=red' in the header"),
        ("gyre players=2\nG...\n....\n....\n....\n", "colour G appears but players=2"),
        ("gyre next=Q\nR...\n....\n....\n....\n", "next='Q'"),
        ("R...\n....\n....\n....\ngyres:\n....\n", "gyres: block has 1 rows"),
        ("R...\n....\n....\n....\ngyres:\nx...\n....\n....\n....\n", "'x' is not a gyre"),
        ("gyre size=x\nR...\n....\n....\n....\n", "size='x' is not a number"),
        ("gyre gyrations=9\nR...\n....\n....\n....\n", "gyrations 9"),
    ],
)
def test_bad_diagrams_are_explained(text, needle):
    with pytest.raises(CardgenError) as err:
        parse_diagram(text)
    msg = str(err.value)
    assert msg.startswith("bad gyre") and needle in msg and "\n" not in msg


def test_render_shows_board_scores_and_colour():
    s = random_state(3, 6, 3, 40)
    plain = s.render()
    assert "score: R" in plain and "\x1b[" not in plain
    assert len([ln for ln in plain.splitlines() if ln[:3].strip().isdigit()]) == 6
    assert "\x1b[1;31m" in s.render(color=True)


def test_the_example_in_the_rules_doc_parses():
    from pathlib import Path

    doc = Path(__file__).resolve().parents[2] / "docs" / "rules" / "gyre.md"
    if not doc.exists():  # tests run against an installed package without the docs
        pytest.skip("docs/rules/gyre.md not present")
    block = doc.read_text().split("```\n")[1]
    s = parse_diagram(block)
    assert format_diagram(s) == block
