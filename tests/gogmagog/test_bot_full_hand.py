"""A full hand's last card is worth nothing to the bots (issue 47: medium drew into a full hand
twice and lost those cards): at the start of the player's next turn the draw would go to the
used pile, so a hand of max_hand cards holds no more than one of max_hand - 1. What it does to
play is measured in benchmarks/bot_quality.py (cards drawn into a full hand, per game)."""

from tests.gogmagog.test_engine import E44, T34, T36, WELL, empty, game, take


def _magog_holding(cards: int):
    g = game()
    s = empty(g, mana=0)
    s.turn = 1  # magog to move
    take(s, 1, WELL)
    for k in range(cards - 1):
        take(s, 1, (E44, T34, T36)[k % 3])  # each costs more than 0 mana
    return s


def test_the_card_that_fills_the_hand_counts_nothing():
    full = _magog_holding(game().H)
    one_short = _magog_holding(game().H - 1)
    two_short = _magog_holding(game().H - 2)
    assert full.evaluate(1) == one_short.evaluate(1)
    assert one_short.evaluate(1) > two_short.evaluate(1), "any other card in hand still counts"
