"""A losing bot loses the least (issue 47): the evaluation keeps ranking a deeper loss below a
lesser one however far behind a seat is (a hard cut made them equal, and a losing bot gave away
+5,347 points where 289 was possible)."""

from __future__ import annotations

import random

from cardgen.engine import load_game
from tests.engine.piped import random_step


def _finished(players=2):
    game = load_game("ginjontan", players=players)
    state = game.new_initial_state(9)
    rng = random.Random(9)
    while not state.is_terminal():
        random_step(state, rng)
    return state


def test_a_deeper_loss_evaluates_lower_far_behind():
    state = _finished()
    values = []
    for behind in (10**8, 10**9, 10**10):
        state.scores = [10, behind]
        values.append(state.evaluate_all()[0])
    assert values[0] > values[1] > values[2]


def test_a_bigger_win_evaluates_higher_and_a_win_beats_any_loss():
    state = _finished()
    state.scores = [10**9, 10]
    big = state.evaluate_all()[0]
    state.scores = [10**10, 10]
    bigger = state.evaluate_all()[0]
    state.scores = [9, 10]
    lost = state.evaluate_all()[0]
    assert bigger > big > 0 > lost
