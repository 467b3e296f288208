"""Spherion's observation tensor holds the whole hand, each card at the row its index names (the
actions' `c7` is row 7 of the hand part), however many cards the hand holds."""

from __future__ import annotations

import random

from cardgen.engine import load_game
from cardgen.spherion.actions import MAXC
from cardgen.spherion.observation import observation_layout
from tests.engine.piped import random_step


def test_a_hand_of_more_than_ten_cards_is_all_in_the_tensor_each_card_at_its_index():
    game = load_game("spherion")
    state = game.new_initial_state(1)
    rng = random.Random(1)
    while not any(len(state.hand[p]) > 10 for p in (0, 1)):
        random_step(state, rng)
        assert not state.is_terminal(), "no hand of more than 10 cards in this game: pick another seed"
    seat = 0 if len(state.hand[0]) > 10 else 1
    layout = observation_layout(state.board.cells)
    hand = layout["hand"]
    assert hand.rows == MAXC >= len(game.cards[seat])
    tensor = state.observation_tensor(seat)
    assert len(tensor) == layout.size == game.observation_size()
    in_hand = [i for i in range(MAXC) if tensor[hand.row(i) + hand.col.in_hand] == 1.0]
    assert in_hand == sorted(state.hand[seat]) == state.observation(seat)["hand"]  # the indices `c7` names
    for i in in_hand:
        card = game.cards[seat][i]
        assert tensor[layout.at("hand", i, "atk")] == card.atk / 4000
    # the opponent's hand is not in it: only its size
    other = state.observation_tensor(1 - seat)
    assert [i for i in range(MAXC) if other[hand.row(i)] == 1.0] == sorted(state.hand[1 - seat])
    assert other[layout.at("global", 0, "opp_hand")] == len(state.hand[seat])
