"""What Gyre tells of each move (issue 36): one line per rule that fired, with its reason; the
result; `show`; the board's marks. The words come only while the state narrates."""

from __future__ import annotations

import random

import pytest

from cardgen.engine import load_game
from cardgen.errors import CardgenError
from cardgen.gyre.diagram import parse_diagram


def told(state, *moves):
    state.narrate()
    out = []
    for m in moves:
        state.apply_action(state.string_to_action(m))
        out.append(state.told(None))
    return out


def test_a_claim_tells_its_tiles_score_the_gyres_it_takes_and_the_scores():
    # Figure 3: red plays first, blue claims diagonally next to it and takes the shared gyre
    state = load_game("gyre", size=5).new_initial_state()
    first, second = told(state, "b2", "c3")
    assert first == ["R claims b2: it scores 1 (no occupied neighbour)", "score: R 1 (+1), B 0"]
    assert second == [
        "B claims c3: it scores 0 (-1 for 1 opponent neighbour)",
        "B takes gyre b2: a corner of c3 shared with R's tiles",
        "score: R 0 (-1), B 0",
    ]
    # Figure 4: red below blue takes two gyres
    (third,) = told(state, "c4")
    assert "R takes gyres b3 and c3: corners of c4 shared with B's tiles" in third


def test_a_capture_by_a_claim_names_the_tile_and_the_rule():
    state = parse_diagram("""gyre size=5 players=2 next=R
R R R . .
R B R . .
R . R . .
. . . . .
. . . . .
""")
    (lines,) = told(state, "b3")
    assert "R captures b2: 8 R tiles surround it" in lines
    assert lines[-1].startswith("score: R ")


def test_claiming_into_a_surround_takes_the_gyres_then_loses_the_tile():
    state = parse_diagram("""gyre size=5 players=2 next=B
R R R . .
R . R . .
R R R . .
. . . . .
. . . . .
""")
    (lines,) = told(state, "b2")
    assert lines[0] == "B claims b2, a hole all 8 of whose neighbours are R"
    assert lines[1] == "B takes gyres a1, b1, a2 and b2: corners of b2 shared with R's tiles"
    assert "R captures b2 at once: 8 R tiles surround it" in lines


def test_a_gyration_tells_what_moved_where_and_which_gyres_sleep_without_false_captures():
    state = parse_diagram("""gyre size=5 players=2 next=R
R B . . .
. R . . .
. . . . .
. . . . .
. . . . .
gyres:
r . . . .
. . . . .
. . . . .
. . . . .
. . . . .
""")
    (lines,) = told(state, "a1+")
    assert lines[0] == "R turns gyre a1 clockwise: R a1->b1, B b1->b2, R b2->a2"
    assert lines[1] == "R's gyre a1 is inactive until R claims; no active gyre left"
    assert not any("captures" in line for line in lines)  # tiles that moved are not captured
    empty = parse_diagram("gyre size=4 players=2 next=R\n. . . .\n. . . .\n. . . .\n. . . R\ngyres:\nr . . .\n. . . .\n. . . .\n. . . .\n")
    (lines,) = told(empty, "a1-")
    assert lines[0] == "R turns gyre a1 anticlockwise: its four squares are empty, nothing moves"


def test_the_last_claim_tells_the_end_and_the_result_names_the_winner_and_the_scores():
    state = parse_diagram("""gyre size=4 players=2 next=R
R R R R
B B B B
R R R R
B B B .
""")
    lines = told(state, "d4")[0]
    assert lines[-1].startswith("all 16 tiles are claimed: the game ends; final score R ")
    s = state.scores()
    assert state.result_text(None).startswith(f"winner {'RB'[s[1] > s[0]]}, with the highest score: R {s[0]}, B {s[1]}")
    assert state.result_text(0).endswith(("; you win (R)", "; you lose (R)"))


def test_a_tie_is_said_as_one():
    state = parse_diagram("""gyre size=4 players=2
R R R R
B B B B
R R R R
B B B B
""")
    assert state.is_terminal() and state.scores()[0] == state.scores()[1]
    assert state.result_text(1) == ("tie between R and B, who share the highest score: R -16, B -16 "
                                    "(gyres R 0, B 0, not scored); you share the win (B)")  # fmt: skip


def test_with_three_players_a_claim_names_an_opponent_or_the_colour():
    state = load_game("gyre", players=3, size=6).new_initial_state()
    lines = told(state, "b2", "c3", "c2")
    assert "G takes gyres b1 and c2: corners of c2 shared with an opponent's tiles" in lines[2]


def test_every_line_is_short_and_clones_never_narrate():
    game = load_game("gyre", size=6, players=3)
    state = game.new_initial_state()
    state.narrate()
    rng = random.Random(2)
    while not state.is_terminal():
        acts = state.legal_actions()
        state.apply_action(acts[rng.randrange(len(acts))])
        lines = state.told(None)
        assert lines and all(len(line) <= 100 and "\n" not in line for line in lines)
        assert state.told(0) == lines == state.told(2)  # perfect information: all told the same
        assert state.clone()._told is None


def test_show_a_tile_the_scores_the_gyres_and_one_gyre():
    state = load_game("gyre", size=5).new_initial_state()
    told(state, "b2", "c3")
    assert "start 1, doubled 0 times = 1, minus 1 opponent neighbour = 0" in state.show("b2")
    preview = state.show("c2")
    assert "if R claims it now: it scores 1 (x2 for 1 own neighbour, -1 for 1 opponent neighbour)" in preview
    assert "  and takes gyre c2\n  score: R 2 (+2), B -1 (-1)" in preview
    assert "R0" in state.show("scores") and "B0" in state.show("scores")
    assert "B (blue) owns 1 gyre: b2" in state.show("gyres")
    assert state.show("gyre b2").startswith("gyre b2 (owned by B): at the corner of b2 R, c2 ., c3 B, b3 .")
    assert state.show("").startswith("show what? ")
    for bad in ("zz", "a9", "gyre", "gyre zz"):
        with pytest.raises(CardgenError):
            state.show(bad)


def test_the_board_marks_inactive_gyres_in_brackets_and_says_what_the_player_may_do():
    state = load_game("gyre", size=4).new_initial_state()
    assert "R to move: claim an empty tile (R owns no gyre to turn yet)" in state.render()
    for m in ("a1", "b1", "a2"):
        state.apply_action(state.string_to_action(m))
    board = state.render(player=1)
    assert "B (you) to move: gyrations if any (active gyres: a1, a4), then claim an empty tile" in board
    state.apply_action(state.string_to_action("a1+"))
    board = state.render()
    assert "(b)" in board and "no active gyre left this turn; 1 gyration made" in board
    assert "[13 of 16 tiles empty]" in board
