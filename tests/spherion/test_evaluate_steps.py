"""Spherion's evaluate_steps (what the plan bot judges a step by) gives, for each planning step of
a seat, the evaluation of the position with that step added to its plan: exactly what playing it
(the other seat readying) and evaluating gives, on both board sizes, the position left as it was."""

from __future__ import annotations

import random

import pytest

from cardgen.engine import CHANCE, SIMULTANEOUS, load_game
from cardgen.spherion.actions import READY


@pytest.mark.parametrize("size", ["small", "standard"])
def test_each_step_is_valued_as_playing_it(size):
    game = load_game("spherion", size=size)
    compared = 0
    for seed in range(3):
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal() and s.turn <= 12:
            p = s.current_player()
            if p == CHANCE:
                s.apply_action(s.sample_chance())
                continue
            if p == SIMULTANEOUS:
                for q in (0, 1):
                    acts = s.legal_actions(q)
                    if not acts or s.ready[1 - q] or READY not in s.legal_actions(1 - q):
                        continue
                    before = s.to_json()
                    values = s.evaluate_steps(q, acts)
                    assert s.to_json() == before
                    for a, v in zip(acts, values):
                        played = s.clone()
                        played.apply_actions([a, READY] if q == 0 else [READY, a])
                        if played.current_player() == SIMULTANEOUS:  # both ready: the plans resolve
                            assert v == played.evaluate(q), s.action_to_string(a, q)
                            compared += 1
                s.apply_actions([rng.choice(s.legal_actions(q)) if s.legal_actions(q) else game.noop_action
                                 for q in (0, 1)])  # fmt: skip
                continue
            s.apply_action(rng.choice(s.legal_actions()))
    assert compared > 500


def test_outside_planning_there_is_nothing_to_judge():
    s = load_game("spherion", size="small").new_initial_state(1)
    assert s.current_player() == CHANCE and s.evaluate_steps(0, [READY]) is None
