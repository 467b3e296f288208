"""Every turn passes through the Special phase and the keep phase, even when the hand holds no
Special that could be played (issue 47): skipping them told the opponent so. Records from before
(no `phases` key) replay with the skips they were played with."""

from __future__ import annotations

import random

from cardgen.engine import load_game
from cardgen.engine.registry import load_recorded_game
from cardgen.gyonrg.position import DISCARD, KEEP, SPECIAL_PHASE


def _phase_after(state, action):
    s = state.clone()
    s.apply_action(action)
    return s.phase, s.current_player()


def test_the_phase_after_a_turn_ends_is_the_same_whatever_the_hidden_hand():
    game = load_game("gyonrg")
    checked = 0
    for seed in (1, 2, 3):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while not state.is_terminal() and state.turn < 16:
            acts = state.legal_actions()
            end = game.layout.end
            if state.phase in (DISCARD, KEEP) and end in acts:
                # the step that leads into the keep phase, or into the other seat's Special phase
                viewer = 1 - state.player
                seen = _phase_after(state, end)
                for k in range(6):
                    world = state.determinize(viewer, random.Random(k))
                    assert _phase_after(world, end) == seen, "the phase tells the opponent what the hand holds"
                checked += 1
            state.apply_action(acts[rng.randrange(len(acts))])
    assert checked >= 20


def test_each_turn_opens_with_the_special_phase_even_with_nothing_to_play():
    game = load_game("gyonrg")
    state = game.new_initial_state(4)
    rng = random.Random(4)
    passes = 0
    while not state.is_terminal() and state.turn < 20:
        if state.phase == SPECIAL_PHASE and state.legal_actions() == [game.layout.end]:
            passes += 1
        acts = state.legal_actions()
        state.apply_action(acts[rng.randrange(len(acts))])
    assert passes >= 1


def test_a_record_without_the_option_skips_as_it_was_played():
    game = load_recorded_game("gyonrg", {})
    assert game.config["phases"] == "skip" and load_game("gyonrg").config["phases"] == "every_turn"
