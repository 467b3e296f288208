"""Gog & Magog's hard level scores positions with evaluate_deep, the evaluation fitted on games'
results (issue 47: more playouts with the one-move evaluation did not beat medium). Its strength
is measured in benchmarks/bot_quality.py; here, what a player relies on whatever the numbers:
the hard bot uses it, it judges only what the seat can see, and it reads the game's own facts
the right way round."""

from __future__ import annotations

import random

import pytest

from cardgen.engine import CHANCE
from cardgen.engine.bots import make_bot
from cardgen.gogmagog import rules
from tests.engine.piped import random_step
from tests.gogmagog.test_engine import E44, T36, empty, game, put, take


def _positions(count: int):
    """Positions of random games, every seventh move."""
    g = game()
    rng = random.Random(5)
    found = []
    for seed in range(3):
        s = g.new_initial_state(seed)
        k = 0
        while not s.is_terminal() and len(found) < count * (seed + 1) // 3:
            if s.current_player() != CHANCE:
                k += 1
                if k % 7 == 0:
                    found.append(s.clone())
            random_step(s, rng)
    return found


def test_hard_searches_with_the_deep_evaluation_and_medium_does_not(monkeypatch):
    calls = []
    real = rules.Rules.evaluate_deep
    monkeypatch.setattr(rules.Rules, "evaluate_deep", lambda self: calls.append(1) or real(self))
    g = game()
    state = next(s for s in _positions(12) if len(s.bot_actions()) > 1)
    seat = state.current_player()
    make_bot("mcts:iterations=200,deep=1", g, seat, seed=1).step(state)
    assert calls, "a search with deep=1 scores its positions with evaluate_deep"
    calls.clear()
    make_bot("mcts:iterations=200", g, seat, seed=1).step(state)
    assert not calls
    assert make_bot("hard", g, 0).deep and not make_bot("medium", g, 0).deep


@pytest.mark.parametrize("k", range(12))
def test_the_deep_evaluation_reads_only_what_the_seat_can_see(k):
    state = _positions(12)[k]
    seat = state.current_player()
    mine = state.evaluate_deep()[seat]
    for r in range(4):
        world = state.determinize(seat, random.Random(r))
        assert world.evaluate_deep()[seat] == pytest.approx(mine)


def test_energy_creatures_wells_and_cards_count_for_their_owner():
    g = game()
    assert empty(g, mana=0).evaluate_deep() == [0.0, 0.0]

    def better_for_gog(change) -> bool:
        s = empty(g, mana=0)
        change(s)
        v = s.evaluate_deep()
        return v[0] > 0 > v[1]

    assert better_for_gog(lambda s: s.energy.__setitem__(1, s.energy[1] - 3))
    assert better_for_gog(lambda s: put(s, 0, 2, T36))
    assert better_for_gog(lambda s: take(s, 0, E44))
    assert better_for_gog(lambda s: s.wells.__setitem__(0, 1))
    # a bigger creature counts more than a smaller one in the same lane
    big, small = empty(g, mana=0), empty(g, mana=0)
    put(big, 0, 2, T36)
    put(small, 0, 2, E44)
    assert big.evaluate_deep()[0] > small.evaluate_deep()[0]
