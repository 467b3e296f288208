"""Searching bots do not sit out a standoff (issue 47). Seed 1005 at 400 playouts a move was the
game the bot-quality report showed: from turn 8 both sides, lanes and hands full, marched their
creatures to and fro and then passed every turn up to the 200-turn limit, because a card in hand
counted for almost nothing, so a War that kills three creatures for one looked like a loss as
soon as the opponent could put three fresh ones down. A card in hand is now worth about half a
creature on the board, and the same game is decided."""

from cardgen.engine import CHANCE, load_game
from cardgen.engine.bots import make_bot


def test_a_standoff_of_full_lanes_and_hands_is_broken_by_war():
    game = load_game("gogmagog")
    state = game.new_initial_state(1005)
    bots = [make_bot("mcts:iterations=400", game, p, 1005) for p in range(2)]
    wars = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance())
            continue
        action = bots[state.current_player()].step(state)
        wars += state.action_to_string(action) == "war"
        state.apply_action(action)
    assert state.returns()[0] != state.returns()[1], f"a draw at turn {state.turn} after {wars} wars"
    assert wars >= 3
