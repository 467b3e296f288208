"""A plan's projection is kept up to date step by step and carried by clones (for speed); it must
always equal the one computed afresh from the plan, and a clone's must never leak into the original."""

from __future__ import annotations

import random

from cardgen.engine import CHANCE, SIMULTANEOUS, load_game
from cardgen.spherion.planning import Proj

FIELDS = [f for f in Proj.__slots__ if f != "fixed"]  # fixed: a cache the legal steps fill as they ask


def fresh(state, p):
    """The projection of seat p computed from the plan's start (what the kept one must equal)."""
    j = state._project(p)
    j.legal = state._plan_actions_now(p, j)
    return j


def same(a: Proj, b: Proj) -> bool:
    return all(getattr(a, f) == getattr(b, f) for f in FIELDS)


def test_kept_projections_equal_fresh_ones_and_clones_stay_apart():
    game = load_game("spherion", size="small")
    checked = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                state.apply_action(state.sample_chance())
                continue
            if p != SIMULTANEOUS:
                state.apply_action(state.legal_actions()[0])
                continue
            legal = [state.legal_actions(q) for q in (0, 1)]
            for q in (0, 1):
                if legal[q]:
                    assert same(state.projection(q), fresh(state, q))
                    checked += 1
            # a clone plays another step; the original must not notice
            copy = state.clone()
            copy.apply_actions([acts[rng.randrange(len(acts))] if acts else 0 for acts in legal])
            if copy.current_player() == SIMULTANEOUS:
                for q in (0, 1):
                    if copy.legal_actions(q):
                        assert same(copy.projection(q), fresh(copy, q))
            assert [state.legal_actions(q) for q in (0, 1)] == legal
            state.apply_actions([acts[rng.randrange(len(acts))] if acts else 0 for acts in legal])
    assert checked > 500


def test_clones_share_nothing_they_change():
    """A clone shares the position's lists until one of the two changes the board (copy on write):
    whichever plays on, through chance outcomes and resolutions to the end, or is re-dealt by
    determinize, the other's position stays exactly as it was."""
    game = load_game("spherion", size="small")
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        clones = 0
        while not state.is_terminal():
            if rng.random() < 0.15:  # at chance nodes too
                before = state.to_json()
                copy = state.clone()
                copy_before = copy.to_json()
                world = state.determinize(rng.randrange(2), rng)
                _play_out(world, rng)
                _play_out(copy, rng)  # the copy changes first
                assert state.to_json() == before
                again = state.clone()
                _play_out(state, random.Random(seed))  # now the original first
                assert again.to_json() == before
                state = game.state_from_json(before)
                assert copy_before == before
                clones += 1
            _step(state, rng)
        assert clones > 5


def _step(state, rng) -> None:
    """One step of a game: chance sampled, both plans at random, a turn-based choice the first."""
    p = state.current_player()
    if p == CHANCE:
        state.apply_action(state.sample_chance())
    elif p == SIMULTANEOUS:
        state.apply_actions([acts[rng.randrange(len(acts))] if acts else 0
                             for acts in (state.legal_actions(q) for q in (0, 1))])  # fmt: skip
    else:
        state.apply_action(state.legal_actions()[0])


def _play_out(state, rng, most: int = 400) -> None:
    for _ in range(most):
        if state.is_terminal():
            return
        _step(state, rng)
