"""Gyre rules: claims and gyre taking, gyrations and deactivation, captures, scoring, the end."""

from __future__ import annotations

import random

import pytest

from cardgen.engine import TERMINAL, load_game
from cardgen.errors import CardgenError, IllegalActionError, InvalidActionError
from cardgen.gyre.diagram import parse_diagram
from cardgen.gyre.engine import GyreGame, parse_action, tables
from cardgen.gyre.scoring import explain, scores, tile_score


def tile(state, name):
    return parse_action(name, state.game.size)


def play(state, *moves):
    for m in moves:
        state.apply_action(state.string_to_action(m))
    return state


def owned(state, player):
    return [state.action_to_string(g) for g in state.owned[player]]


def test_registry_loads_gyre_with_options():
    g = load_game("gyre", players=3, size=9)
    assert (g.num_players, g.size) == (3, 9)
    assert g.config == {"players": 3, "size": 9, "max_gyrations": None}
    assert load_game("gyre", size="10").size == 10  # CLI text is accepted


@pytest.mark.parametrize(
    "config,needle",
    [({"size": 3}, "4 to 19"), ({"size": 20}, "4 to 19"), ({"players": 5}, "2 to 4"),
     ({"players": 1}, "2 to 4"), ({"colour": 1}, "accepted: max_gyrations, players, size"),
     ({"max_gyrations": -1}, "or none"), ({"size": "eight"}, "'eight'")],
)
def test_bad_config_is_explained(config, needle):
    with pytest.raises(CardgenError) as err:
        load_game("gyre", **config)
    assert needle in str(err.value)


def test_figures_3_and_4_gyre_taking():
    """Red plays; blue diagonal to it takes the one shared corner; red below blue takes two."""
    s = load_game("gyre").new_initial_state()
    play(s, "a1")  # red
    play(s, "b2")  # blue, diagonal: shares the corner between a1 and b2 (gyre a1)
    assert owned(s, 1) == ["a1"] and owned(s, 0) == []
    play(s, "b3")  # red, below blue: shares two corners with b2 (gyres a2 and b2)
    assert owned(s, 0) == ["a2", "b2"]
    assert owned(s, 1) == ["a1"]  # owned gyres stay with their owner


def test_claim_next_to_own_tile_takes_no_gyre():
    s = load_game("gyre").new_initial_state()
    play(s, "a1", "e5", "b1")  # red next to red
    assert owned(s, 0) == [] and owned(s, 1) == []


def test_orthogonal_neighbour_takes_two_corners_and_diagonal_one():
    s = load_game("gyre").new_initial_state()
    play(s, "d4", "e4")  # blue right of red
    assert owned(s, 1) == ["d3", "d4"]  # corners above-right and below-right of d4
    s = load_game("gyre").new_initial_state()
    play(s, "d4", "e5")
    assert owned(s, 1) == ["d4"]


def test_torus_wraps_for_gyres_and_neighbours():
    s = load_game("gyre").new_initial_state()
    play(s, "a1", "h8")  # diagonal across the corner of the torus
    assert owned(s, 1) == ["h8"]  # the gyre at h8's lower-right is a1's upper-left
    neigh = tables(8)[0]
    assert set(neigh[0]) == {1, 7, 8, 9, 15, 56, 57, 63}


def test_gyration_turns_four_tiles_and_deactivates_nine_gyres():
    s = parse_diagram(
        """gyre size=5 players=2 next=R
        R B . . .
        . . . . .
        . . . . .
        . . . . .
        . . . . .
        gyres:
        r . . . .
        . . . r .
        . . . . .
        . . . . .
        . . . . r
        """
    )
    assert s.legal_actions()[-6:] == [tile(s, x) for x in ("a1+", "a1-", "d2+", "d2-", "e5+", "e5-")]
    play(s, "a1+")  # clockwise: a1 -> b1 -> b2 -> a2 -> a1
    assert s.board[0] == 0 and s.board[1] == 1 and s.board[6] == 2 and s.board[5] == 0
    assert s.current_player() == 0 and s.gyrations == 1
    # gyres in the 3x3 block around a1 (e5, a5, b5, e1, b1, e2, a2, b2 and a1) rest; d2 is still active
    acts = [s.action_to_string(a) for a in s.legal_actions() if a >= 25]
    assert acts == ["d2+", "d2-"]
    with pytest.raises(IllegalActionError, match="inactive until this turn ends"):
        play(s, "a1-")
    with pytest.raises(IllegalActionError, match="inactive"):
        play(s, "e5+")
    play(s, "d2-", "c3")  # a second gyration, then the claim ends the turn
    assert s.current_player() == 1
    play(s, "c4")
    # red's next turn: every gyre red owns is active again
    gyrations = [s.action_to_string(a) for a in s.legal_actions() if a >= 25]
    assert gyrations == [f"{n}{d}" for n in owned(s, 0) for d in "+-"]
    assert {"a1", "d2", "e5"} <= set(owned(s, 0))


def test_anticlockwise_is_the_inverse_of_clockwise():
    rng = random.Random(5)
    game = GyreGame(size=6)
    ring = tables(6)[2]
    for _ in range(50):
        s = game.new_initial_state()
        g = rng.randrange(36)
        for t in ring[g]:  # only the ring is occupied, so nothing can be captured
            s.board[t] = rng.randrange(3)
        s.empties = s.board.count(0)
        s.gyres[g] = 1
        s.owned[0] = [g]
        before = s.board[:]
        s.apply_action(36 + 2 * g)
        tl, tr, br, bl = ring[g]
        assert [s.board[t] for t in (tr, br, bl, tl)] == [before[t] for t in (tl, tr, br, bl)]
        s.deact[g] = -1  # let the same gyre turn back
        s.apply_action(36 + 2 * g + 1)
        assert s.board == before


def test_gyration_requires_own_gyre():
    s = load_game("gyre").new_initial_state()
    play(s, "a1", "b2")  # blue owns gyre a1
    with pytest.raises(IllegalActionError) as err:
        play(s, "a1+")
    assert "owned by B" in str(err.value) and "R may only turn their own gyres" in str(err.value)
    with pytest.raises(IllegalActionError, match="unowned"):
        play(s, "c3-")


def test_claiming_a_taken_tile_is_illegal():
    s = load_game("gyre").new_initial_state()
    play(s, "a1")
    with pytest.raises(IllegalActionError) as err:
        play(s, "a1")
    assert str(err.value) == "illegal action 'a1': tile is taken by R; claim an empty tile"


def test_max_gyrations_cap():
    text = """gyre size=8 players=2 next=R
    R . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . B
    gyres:
    r . . r . . r .
    . . . . . . . .
    . . . . . . . .
    r . . r . . r .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    """
    s = parse_diagram(text, max_gyrations=2)
    play(s, "a1+", "d1+")
    assert all(a < 64 for a in s.legal_actions())
    with pytest.raises(IllegalActionError, match="no more gyrations this turn"):
        play(s, "g1+")
    s = parse_diagram(text, max_gyrations=0)
    assert all(a < 64 for a in s.legal_actions())
    s = parse_diagram(text)  # the rulebook: only deactivation limits
    play(s, "a1+", "d1+", "g1+", "a4+", "d4+", "g4+")
    assert s.gyrations == 6


def test_capture_by_claim():
    s = parse_diagram(
        """gyre size=5 players=2 next=R
        R R R . .
        R B . . .
        R R R . .
        . . . . .
        . . . . .
        """
    )
    play(s, "c2")
    assert s.board[6] == 1  # b2 became red
    # the claim took the gyres first (claim, then capture)
    assert owned(s, 0) == ["b1", "b2"]


def test_claiming_into_a_surround_gives_the_tile_away_but_keeps_the_gyres():
    s = parse_diagram(
        """gyre size=5 players=2 next=B
        R R R . .
        R . R . .
        R R R . .
        . . . . .
        . . . . .
        """
    )
    play(s, "b2")
    assert s.board[6] == 1
    assert owned(s, 1) == ["a1", "b1", "a2", "b2"]


def test_capture_by_gyration():
    s = parse_diagram(
        """gyre size=5 players=2 next=R
        R R R R .
        R B . . .
        R R R . .
        . . . . .
        . . . . .
        gyres:
        . . r . .
        . . . . .
        . . . . .
        . . . . .
        . . . . .
        """
    )
    play(s, "c1-")  # anticlockwise: d1 -> c1 -> c2
    assert s.board[6] == 1 and s.board[2] == 1 and s.board[7] == 1
    assert s.current_player() == 0  # a gyration does not end the turn


def test_two_player_tile_score_never_below_minus_six():
    """1 - 7: an eighth opponent neighbour of the same (only) opponent colour captures."""
    rng = random.Random(2)
    game = load_game("gyre", size=5)
    for seed in range(30):
        s = game.new_initial_state(seed)
        while not s.is_terminal():
            acts = s.legal_actions()
            s.apply_action(acts[rng.randrange(len(acts))])
            neigh = tables(5)[0]
            assert min(tile_score(s.board, neigh, t) for t in range(25)) >= -6


def test_three_players_reach_the_formula_minimum_minus_seven():
    """The rulebook's "-8" contradicts its own formula: 1 - 8 opponents = -7 (mixed colours, no capture)."""
    s = parse_diagram(
        """gyre size=4 players=3 next=R
        B G B .
        G R G .
        B G B .
        . . . .
        """
    )
    assert explain(s.board, 4, 5)["score"] == -7
    assert s.board[5] == 1  # not captured: the eight neighbours are not one colour


def test_scoring_figures():
    # Figure 5: a lone tile scores 1; Figure 6: two adjacent tiles score 2 each.
    assert scores([1] + [0] * 15, 2, 4) == [1, 0]
    assert scores([1, 1] + [0] * 14, 2, 4) == [4, 0]
    # Figure 7: centre with 6 same-colour neighbours scores 64.
    s = parse_diagram(
        """R R R . .
        R R R . .
        . R . . .
        . . . . .
        . . . . .
        """
    )
    assert explain(s.board, 5, 6)["score"] == 64
    # Figure 8: add two blue neighbours: 64 - 2 = 62.
    s = parse_diagram(
        """R R R . .
        R R R . .
        B R B . .
        . . . . .
        . . . . .
        """
    )
    info = explain(s.board, 5, 6)
    assert (info["same"], info["opponent"], info["score"]) == (6, 2, 62)
    assert explain(s.board, 5, 10)["score"] == 1 - 3  # blue with 3 red neighbours
    # the maximum: a tile surrounded by its own colour
    full = [1] * 16
    assert explain(full, 4, 5)["score"] == 256


def test_game_ends_when_no_tile_is_empty_and_winner_takes_the_return():
    game = load_game("gyre", size=4)
    s = game.new_initial_state()
    rng = random.Random(1)
    claims = 0
    while not s.is_terminal():
        acts = s.legal_actions()
        a = acts[rng.randrange(len(acts))]
        claims += a < 16
        s.apply_action(a)
    assert claims == 16 and 0 not in s.board
    assert s.current_player() == TERMINAL and s.legal_actions() == []
    sc = s.scores()
    ret = s.returns()
    assert sum(ret) == 1.0
    assert ret[sc.index(max(sc))] > 0
    with pytest.raises(IllegalActionError, match="the game is over"):
        s.apply_action(0)


def test_tie_shares_the_return():
    s = parse_diagram("R B R B\nB R B R\nR B R B\nB R B R\n")
    assert s.is_terminal() and s.scores()[0] == s.scores()[1]
    assert s.returns() == [0.5, 0.5]


def test_max_game_length_is_stated_and_respected():
    for size in (4, 5, 8):
        game = load_game("gyre", size=size)
        assert game.max_game_length == size * size * (1 + size * size // 4)
        assert load_game("gyre", size=size, max_gyrations=1).max_game_length == 2 * size * size


@pytest.mark.parametrize("size", [4, 8, 19])
def test_action_text_round_trip(size):
    s = load_game("gyre", size=size).new_initial_state()
    for a in range(3 * size * size):
        assert s.string_to_action(s.action_to_string(a)) == a
    assert s.string_to_action("claim C3") == s.string_to_action("c3") == s.string_to_action("3,3")
    assert s.string_to_action("cw c3") == s.string_to_action("c3+")
    assert s.string_to_action("acw c3") == s.string_to_action("ccw c3") == s.string_to_action("c3-")


@pytest.mark.parametrize("text", ["", "z9", "a0", "a99", "c3*", "spin c3", "c", "1,2,3", "cw"])
def test_bad_action_text(text):
    s = load_game("gyre").new_initial_state()
    with pytest.raises(IllegalActionError) as err:
        s.string_to_action(text)
    msg = str(err.value)
    assert msg.startswith("not an action: ") and repr(text) in msg and "\n" not in msg


@pytest.mark.parametrize("action", [-1, 192, "a1", 3.0, None])
def test_bad_action_values(action):
    """Something that is not an action at all is an InvalidActionError (a kind of IllegalActionError)."""
    s = load_game("gyre").new_initial_state()
    with pytest.raises(InvalidActionError, match="whole numbers from 0 to 191"):
        s.apply_action(action)
    assert s.history() == []


def test_clone_is_independent():
    s = load_game("gyre").new_initial_state()
    play(s, "a1", "b2")
    c = s.clone()
    play(c, "b3")
    assert s.board[17] == 0 and c.board[17] == 1
    assert owned(s, 0) == [] and owned(c, 0) == ["a2", "b2"]


def test_state_from_json_rejects_nonsense():
    game = load_game("gyre", size=4)
    good = game.new_initial_state().to_json()
    for bad in ({}, dict(good, board="X" * 16), dict(good, size=5), dict(good, player=7),
                dict(good, inactive=[3]), dict(good, gyrations=-1)):
        with pytest.raises(CardgenError, match="bad gyre state"):
            game.state_from_json(bad)
