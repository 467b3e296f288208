"""A rotation that changes nothing is no move (issue 47): a fleet may not turn back to a facing
it has held since it last faced the opponent, so neither a bot nor a person spends board actions
(at most 30 a turn) turning a fleet round and back. Option noop_rotations=allow, and records
from before it, play as before."""

from __future__ import annotations

import random

import pytest

from cardgen.engine import load_game
from cardgen.engine.registry import load_recorded_game
from cardgen.errors import CardgenError
from cardgen.gyonrg.board import NAME_INDEX as SEC

from .test_view import board_phase, put


def _rotations(s, sector):
    return sorted(a for a in s.legal_actions() if s.game.layout.decode(a).kind == "rotate"
                  and s.game.layout.decode(a).sector == SEC[sector])  # fmt: skip


@pytest.mark.parametrize("rotation", ["any", "quarter"])
def test_a_fleet_does_not_turn_back_to_a_facing_it_held(rotation):
    game = load_game("gyonrg", rotation=rotation)
    s = board_phase(game, ap=30)
    put(s, "c1", 0)
    L = game.layout
    cw, ccw = L.encode_rotate(SEC["c1"], 1), L.encode_rotate(SEC["c1"], -1)
    assert {cw, ccw} <= set(_rotations(s, "c1"))
    s.apply_action(cw)
    assert ccw not in _rotations(s, "c1") and cw in _rotations(s, "c1")  # back: no; on round: yes
    with pytest.raises(CardgenError, match="would change nothing"):
        s.clone().apply_action(ccw)
    s.apply_action(cw)
    s.apply_action(cw)
    assert _rotations(s, "c1") == []  # every facing held: no rotation of c1 is left
    s2 = s.clone()
    s2._end_turn()
    assert s2.turned == 0


def test_facing_the_opponent_again_forgets_the_rotations():
    game = load_game("gyonrg")
    s = board_phase(game, ap=30)
    put(s, "c1", 0)
    s.apply_action(game.layout.encode_rotate(SEC["c1"], 1))
    s._face_front(SEC["c1"])  # as an attack, a move or a deployment there does
    assert len(_rotations(s, "c1")) == 3


def test_bots_turns_end_without_rotation_spam():
    """Random play: no turn reaches a position it already had (turned and back) by rotations."""
    game = load_game("gyonrg")
    rng = random.Random(5)
    state = game.new_initial_state(5)
    seen: set = set()
    turn = None
    rotations = 0
    while not state.is_terminal() and state.turn < 30:
        if state.turn != turn:
            turn, seen = state.turn, set()
        acts = state.legal_actions()
        a = acts[rng.randrange(len(acts))]
        rotate = game.layout.decode(a).kind == "rotate" if a != game.layout.end else False
        state.apply_action(a)
        if rotate:
            rotations += 1
            key = (tuple(map(tuple, state.board)), tuple(state.facing), state.ap)
            assert key not in seen
            seen.add(key)
        elif state.turn == turn:
            seen.add((tuple(map(tuple, state.board)), tuple(state.facing), state.ap))
    assert rotations >= 10


def test_the_option_and_older_records_allow_them():
    s = board_phase(load_game("gyonrg", noop_rotations="allow"), ap=30)
    put(s, "c1", 0)
    L = s.game.layout
    s.apply_action(L.encode_rotate(SEC["c1"], 1))
    assert L.encode_rotate(SEC["c1"], -1) in _rotations(s, "c1")
    assert load_recorded_game("gyonrg", {}).config["noop_rotations"] == "allow"
