"""Hard's evaluation (evaluate_deep) sees a main sector left open to a rush: an empty main sector
that an enemy ship can walk onto in its next turn, and then wins unless driven out. The searches
reach the opponent's turn only deep in the tree, so without it hard left its main open (seed 5:
red moved its guard off c1, blue's ship entered in two moves, red could not drive it out and
lost at blue's next turn)."""

from __future__ import annotations

import pytest

from cardgen.engine.bots import make_bot
from cardgen.engine.registry import load_game
from cardgen.gyonrg.evaluation import CONFIDENCE, RUSH

from .test_engine_rules import blank, card_of, put, sec


@pytest.fixture
def game():
    return load_game("gyonrg", decks="seed:rules-a,seed:rules-b")


def board(game, player=0):
    """Board phase of `player`'s turn on an empty board, with a turn's Action Points."""
    return blank(game, player, ap=game.ap)


def place(s, name, cid):
    put(s, sec(name), cid)


def test_an_empty_main_sector_is_open_when_an_enemy_ship_can_reach_it(game):
    s = board(game)
    place(s, "a1", card_of(game, 0, 0, speed=0))
    rusher = card_of(game, 1, 0, speed=2, move_cost=game.ap)  # one move a turn, two steps
    place(s, "c3", rusher)
    assert s.open_to_rush(0)  # c3, c2, c1
    guard = card_of(game, 0, 1, speed=0)
    place(s, "c2", guard)  # the way through c2 is red's: around it is four steps
    assert not s.open_to_rush(0)
    # a cheaper move goes as often as the Action Points allow: one step, six times
    card_of(game, 1, 0, speed=1, move_cost=1)
    assert s.open_to_rush(0)
    # an occupied main sector is not open
    place(s, "c1", card_of(game, 0, 2, speed=0))
    assert not s.open_to_rush(0)


def test_nor_is_it_when_red_has_no_ship_on_the_board(game):
    s = board(game)
    place(s, "c3", card_of(game, 1, 0, speed=4, move_cost=1))
    assert not s.open_to_rush(0)  # the rules: a main sector is entered only while its owner has a card on the board


def test_a_ship_deployed_to_the_enemy_main_sector_can_rush_from_there(game):
    s = board(game)
    place(s, "a1", card_of(game, 0, 0, speed=0))
    fast = card_of(game, 1, 1, deploy_cost=1, speed=4, move_cost=1)
    s.hands[1] = [fast]
    assert s.open_to_rush(0)  # deployed at c5, then four steps to c1
    place(s, "c5", card_of(game, 1, 2, speed=0))
    assert not s.open_to_rush(0)  # blue's main sector is taken: nothing is deployed there first
    s.board[sec("c5")], s.owner[sec("c5")] = [], -1
    card_of(game, 1, 1, deploy_cost=game.ap)  # deployed, it has no Action Point left to move
    assert not s.open_to_rush(0)


def test_hard_reads_it_as_a_cost_to_the_seat_to_move(game):
    s = board(game)
    place(s, "a1", card_of(game, 0, 0, speed=0))
    place(s, "c3", card_of(game, 1, 0, speed=2, move_cost=1))
    assert s.open_to_rush(0) and not s.open_to_rush(1)
    plain, deep = s.evaluate_all(), s.evaluate_deep()
    assert deep[0] == pytest.approx(plain[0] - RUSH * CONFIDENCE) and deep[1] == -deep[0]
    s.player = 1  # blue to move: red's open main is blue's to take now, not a cost to blue
    assert s.evaluate_deep() == s.evaluate_all()


def test_hard_keeps_its_guard_on_the_main_sector(game):
    """Red's only ship stands on its main sector; moving it forward gains a little (nearer the
    enemy's main) and opens the main to blue's ship at e2. The search without the term moves it
    away; with it, it stays."""
    s = board(game)
    place(s, "c1", card_of(game, 0, 0, speed=1, move_cost=1))
    place(s, "e2", card_of(game, 1, 0, speed=3, move_cost=game.ap))
    place(s, "c5", card_of(game, 1, 1, speed=0))  # blue's main sector taken: no ship deployed there
    away = s.clone()
    act = away.string_to_action("move c1 c2")
    away.apply_action(act)
    assert away.open_to_rush(0) and not s.open_to_rush(0)

    def first_move(deep):
        bot = make_bot(f"mcts:iterations=200,deep={deep}", game, 0, seed=3)
        return s.action_to_string(bot.step(s.clone()))

    assert first_move(0).startswith("move c1")
    assert not first_move(1).startswith("move c1")
