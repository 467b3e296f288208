"""MCTS plays the cheapest of the moves its search rates alike (State.move_cost): a person who
cannot tell two moves apart keeps what he can. Moves the search rates lower, or visited too
little for their mean to say much, are not taken for their price."""

from cardgen.engine.bots import CHEAPEST_TIE, MCTSBot


class Priced:
    """A position whose moves cost what `prices` says (None: the game counts no cost)."""

    def __init__(self, prices):
        self.prices = prices

    def move_cost(self, action):
        return self.prices.get(action)


def test_the_cheapest_of_the_moves_rated_alike_is_played():
    state = Priced({1: 500, 2: 300, 3: 0})
    counts = {1: 100, 2: 90, 3: 30}
    means = {1: 0.40, 2: 0.40 - CHEAPEST_TIE / 2, 3: 0.395}
    assert MCTSBot._cheapest(state, 1, counts, means) == 3


def test_a_cheaper_move_the_search_rates_lower_is_not_taken():
    state = Priced({1: 500, 2: 0})
    assert MCTSBot._cheapest(state, 1, {1: 100, 2: 90}, {1: 0.40, 2: 0.40 - 2 * CHEAPEST_TIE}) == 1


def test_a_cheaper_move_visited_too_little_is_not_taken():
    # four visits where the choice has a hundred: its mean is a guess
    state = Priced({1: 500, 2: 0})
    assert MCTSBot._cheapest(state, 1, {1: 100, 2: 4}, {1: 0.40, 2: 0.45}) == 1


def test_where_the_game_counts_no_cost_the_most_visited_stays():
    assert MCTSBot._cheapest(Priced({}), 1, {1: 100, 2: 99}, {1: 0.4, 2: 0.4}) == 1
    # a choice that costs nothing already is kept even beside moves of equal price
    assert MCTSBot._cheapest(Priced({1: 0, 2: 0}), 1, {1: 100, 2: 99}, {1: 0.4, 2: 0.4}) == 1


def test_equal_prices_go_to_the_more_visited():
    state = Priced({1: 500, 2: 100, 3: 100})
    assert MCTSBot._cheapest(state, 1, {1: 100, 2: 60, 3: 80}, {1: 0.4, 2: 0.4, 3: 0.4}) == 3
