"""benchmarks/ginjontan_beliefs.py: the kept-best re-deal its figures rest on (docs/rules/ginjontan.md,
'What the bots lack is the other hand') deals as a re-deal does and then only moves the other
player's cards between his hand and reserve, never to a weaker hand, telling the seat nothing new;
and the bot that sees the cards puts the engine's determinize back after each search."""

from __future__ import annotations

import random

from cardgen.engine import CHANCE, load_game
from cardgen.engine.bots import MCTSBot, make_bot
from cardgen.ginjontan.engine import GinjontanState
from cardgen.ginjontan.evaluation import _hand_value
from cardgen.ginjontan.layout import COMBO
from tests.benchscripts import load


def _bench():
    return load("ginjontan_beliefs")


def _combo_position(seed: int) -> GinjontanState:
    game = load_game("ginjontan", players=2)
    s = game.new_initial_state(seed)
    bots = [make_bot("greedy", game, q, seed) for q in range(2)]
    while s.phase != COMBO:
        p = s.current_player()
        s.apply_action(s.sample_chance() if p == CHANCE else bots[p].step(s))
    assert isinstance(s, GinjontanState)
    return s


def test_a_kept_best_re_deal_only_rearranges_the_other_hand_and_never_weakens_it():
    bench = _bench()
    raised = 0
    for seed in range(4):
        s = _combo_position(seed)
        p, q = s.current_player(), 1 - s.current_player()
        before = s.to_json()
        for k in range(5):
            plain = s.determinize(p, random.Random(k))
            kept = bench.kept_best(s, p, random.Random(k))
            assert kept.observation(p) == s.observation(p) and kept.render(player=p) == s.render(player=p)
            assert not kept.invariant_violations()
            # the same cards dealt to the other player, his hand the better for it or as good
            mine = {i: kept.cards[i] for i in kept.hand[q] + kept.reserve[q]}
            assert sorted(mine.values()) == sorted(plain.cards[i] for i in plain.hand[q] + plain.reserve[q])
            assert _hand_value(kept, q) >= _hand_value(plain, q)
            raised += _hand_value(kept, q) > _hand_value(plain, q)
        assert s.to_json() == before  # the position searched from keeps its cards where they are
    assert raised >= 10  # a random hand of 9 beside 9 spare cards can nearly always be bettered


def test_the_bot_that_sees_searches_on_the_true_cards_and_puts_the_engines_back(monkeypatch):
    bench = _bench()
    s = _combo_position(1)
    truth = s.to_json()
    worlds: list[bool] = []  # per descent: was it the true position?
    real = MCTSBot._iterate

    def iterate(bot, root, world):
        worlds.append(world.to_json() == truth)
        return real(bot, root, world)

    monkeypatch.setattr(MCTSBot, "_iterate", iterate)
    assert bench.Sees(s.game, s.current_player(), seed=3, iterations=30).step(s) in s.legal_actions()
    assert worlds and all(worlds)
    assert GinjontanState.determinize is bench.PLAIN
    worlds.clear()
    MCTSBot(s.game, s.current_player(), seed=3, iterations=30).step(s)  # a plain search re-deals them
    assert worlds and not any(worlds)
