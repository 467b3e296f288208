"""A bot that marches moves something (issue 47: 'march' then 'end' at once, a turn that moves
no creature and is only a `pass` said twice, was a fifth of greedy's marches)."""

from cardgen.engine import CHANCE, load_game
from cardgen.engine.bots import make_bot


def test_bots_never_march_without_moving_a_creature():
    game = load_game("gogmagog")
    marches = 0
    for seed in range(8):
        state = game.new_initial_state(seed)
        bots = [make_bot("greedy", game, 0, seed), make_bot("mcts:iterations=60", game, 1, seed)]
        last = None
        while not state.is_terminal():
            p = state.current_player()
            if p == CHANCE:
                state.apply_action(state.sample_chance())
                continue
            said = state.action_to_string(bots[p].step(state))
            assert (last, said) != ("march", "end"), f"seed {seed}: seat {p} marched and moved nothing"
            marches += said == "march"
            last = said
            state.apply_action(state.string_to_action(said))
    assert marches, "no bot marched: the test would prove nothing"


def test_end_stays_open_to_a_player_who_marched():
    """bot_actions only: a person may still march and end at once (the rules allow it)."""
    game = load_game("gogmagog")
    state = game.new_initial_state(3)
    while "march" not in [state.action_to_string(a) for a in state.legal_actions()] or state.current_player() < 0:
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance())
        else:
            state.apply_action(state.legal_actions()[-1])
    state.apply_action(state.string_to_action("march"))
    assert "end" in [state.action_to_string(a) for a in state.legal_actions()]
    assert "end" not in [state.action_to_string(a) for a in state.bot_actions()]
