"""A bot holding a Defeat still plays its duels for points (issue 47): the Defeat can be put away
in the exchanges to come, so the round's duel points are not lost yet, and a target that hands
the opponent thousands of points is no better than one that costs nothing."""

from cardgen.engine import CHANCE, load_game
from cardgen.engine.bots import make_bot
from cardgen.ginjontan.cards import DEFEAT
from cardgen.ginjontan.layout import DUEL


def _given(state, action) -> int:
    after = state.clone()
    after.apply_action(action)
    me = state.player
    return sum(after.scores[q] - state.scores[q] for q in range(len(state.scores)) if q != me)


def test_greedy_gives_no_duel_points_away_that_another_move_would_keep():
    game = load_game("ginjontan", players=2)
    t = game.t
    checked = 0
    for seed in range(1000, 1004):
        state = game.new_initial_state(seed)
        bots = [make_bot("greedy", game, p, seed) for p in range(2)]
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                state.apply_action(state.sample_chance())
                continue
            action = bots[p].step(state)
            if state.phase == DUEL:
                least = min(_given(state, a) for a in state.legal_actions())
                holds_defeat = any(t.kind_of[state.cards[i]] == DEFEAT for i in state.hand[p])
                assert _given(state, action) == least, (
                    f"seed {seed}: {state.action_to_string(action)} gave {_given(state, action):,} points "
                    f"where another duel gave {least:,} (holding a Defeat: {holds_defeat})"
                )
                checked += holds_defeat
            state.apply_action(action)
    assert checked, "no duel was played while holding a Defeat: the test would prove nothing"
