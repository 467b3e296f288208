"""What a Gin-jon-tan seat remembers of an ask (the `known` slot), and believe(): the re-deal the
searching bots use with beliefs=1 keeps what the seat was shown, reads no card it was not, and
deals the other player the best hand his cards allow."""

from __future__ import annotations

import random

import pytest

from cardgen.engine import load_game
from cardgen.engine.bots import make_bot
from cardgen.errors import CardgenError
from cardgen.ginjontan import layout as L
from cardgen.ginjontan.evaluation import _hand_value
from tests.ginjontan.test_engine import play_until


def ask(s, q, src, gives=1):
    """The player to move asks q for `gives` cards of his hand (src 0) or reserve (1), giving his
    first hand cards; returns (the ids given, the ids drawn)."""
    p = s.current_player()
    before = set(s.hand[p])
    s.apply_action(L.A_ASK + 2 * q + src)
    given = []
    for _ in range(gives):
        a = next(a for a in s.legal_actions() if L.A_GIVE <= a < L.A_RETURN)
        given.append(s.hand[p][a - L.A_GIVE])
        s.apply_action(a)
    if gives < 3 and s.sub == 2:
        s.apply_action(L.A_DONE)
    got = sorted(set(s.hand[p]) - before)
    return given, got


def swap_with_reserve(s):
    s.apply_action(next(a for a in s.legal_actions() if L.A_GIVE <= a < L.A_RETURN))
    s.apply_action(s.legal_actions()[0])  # the reserve card
    s.apply_action(L.A_DONE)


def remembered(s, seat):
    return sorted((i, h, z) for o, i, h, z in s.known if o == seat)


def test_an_ask_teaches_the_asker_where_his_cards_went_and_the_asked_which_of_his_left():
    s = play_until(load_game("ginjontan", players=2).new_initial_state(5), L.COMBO)
    p = s.current_player()
    q = 1 - p
    given, got = ask(s, q, 0, gives=2)
    assert len(given) == len(got) == 2 and all(i in s.hand[q] for i in given)
    assert remembered(s, p) == sorted((i, q, 0) for i in given)
    assert remembered(s, q) == sorted((i, p, 0) for i in got)
    assert s.invariant_violations() == []
    # q swaps with his reserve, unseen: p knows its cards are with q, no longer where
    assert s.current_player() == q
    swap_with_reserve(s)
    assert remembered(s, p) == sorted((i, q, 2) for i in given)
    assert remembered(s, q) == sorted((i, p, 0) for i in got)  # p did not swap
    # p asks q's reserve: the card he gives is remembered there
    assert s.current_player() == p
    given2, _ = ask(s, q, 1)
    assert (given2[0], q, 1) in remembered(s, p)
    assert s.invariant_violations() == []
    assert s.game.state_from_json(s.to_json()).known == s.known
    # a new round forgets it all
    play_until(s, L.SWAP2)
    assert s.known == ()


def test_a_third_player_forgets_the_cards_of_two_players_who_traded():
    s = play_until(load_game("ginjontan", players=3).new_initial_state(2), L.COMBO)
    a = s.current_player()
    b, c = [x for x in s.order if x != a][:2]
    given, _ = ask(s, b, 0)
    assert remembered(s, a) == [(given[0], b, 0)]
    while s.current_player() != b:
        s.apply_action(L.A_GJT)
    ask(s, c, 0)  # b and c trade: a cannot tell whether the card he gave b went on to c
    assert remembered(s, a) == []
    assert s.invariant_violations() == []


def test_a_remembered_card_out_of_place_is_a_bad_saved_game():
    s = play_until(load_game("ginjontan", players=2).new_initial_state(5), L.COMBO)
    p = s.current_player()
    ask(s, 1 - p, 0)
    data = s.to_json()
    o, i, h, _ = data["known"][0]
    data["known"][0] = [o, i, h, 1]  # the card is in his hand, not his reserve
    with pytest.raises(CardgenError, match="remembers card .* in his reserve, where it is not"):
        s.game.state_from_json(data)
    for bad in ([[7, i, h, 0]], [[o, i, h]], [[float("inf"), i, h, 0]], 5):  # no such seat, short, huge, no list
        data["known"] = bad
        with pytest.raises(CardgenError, match="bad ginjontan state"):
            s.game.state_from_json(data)


def _remembering(seed):
    """A combination round where the player to move remembers a card in the other's hand, one in
    his reserve and one or two somewhere in either."""
    s = play_until(load_game("ginjontan", players=2).new_initial_state(seed), L.COMBO)
    p = s.current_player()
    q = 1 - p
    ask(s, q, 0, gives=2)
    swap_with_reserve(s)  # q: those two are now 'in his hand or reserve'
    ask(s, q, 0)  # (it may draw one of them back)
    s.apply_action(L.A_GJT)  # q
    ask(s, q, 1)
    s.apply_action(L.A_GJT)  # q
    assert s.current_player() == p and s.phase == L.COMBO
    assert {z for _, _, z in remembered(s, p)} == {0, 1, 2}
    return s, p, q


def _places(w):
    return ([[sorted(w.cards[i] for i in zone) for zone in (w.hand[x], w.active[x], w.reserve[x])]
             for x in range(w.game.num_players)], sorted(w.cards[i] for pile in w.piles for i in pile))  # fmt: skip


@pytest.mark.parametrize("seed", [1, 5])
def test_believe_keeps_what_the_seat_was_shown_and_reads_nothing_else(seed):
    s, p, q = _remembering(seed)
    before = s.to_json()
    # another position p cannot tell from this one: the hidden cards elsewhere, the two
    # 'hand or reserve' cards perhaps swapped
    other = s.believe(p, random.Random(99))
    assert _places(other) != _places(s)
    for k in range(6):
        w = s.believe(p, random.Random(k))
        assert w.invariant_violations() == []
        assert w.observation(p) == s.observation(p) and w.render(player=p) == s.render(player=p)
        for i, h, z in remembered(s, p):
            where = (w.hand[h], w.reserve[h], w.hand[h] + w.reserve[h])[z]
            assert s.cards[i] in [w.cards[j] for j in where]
        # the same knowledge and the same draws: the same deal, whatever the hidden cards are
        assert _places(other.believe(p, random.Random(k))) == _places(w)
    assert s.to_json() == before


def test_believe_deals_the_other_player_his_best_hand_and_only_in_the_combination_round():
    raised = 0
    for seed in range(3):
        s = play_until(load_game("ginjontan", players=2).new_initial_state(seed), L.COMBO)
        p, q = s.current_player(), 1 - s.current_player()
        for k in range(4):
            plain = s.determinize(p, random.Random(k))
            w = s.believe(p, random.Random(k))
            raised += _hand_value(w, q) > _hand_value(plain, q)
    assert raised >= 10  # of 12: nine cards beside nine spare ones can nearly always be bettered
    # before the combination round, a believed deal is the plain re-deal
    s = load_game("ginjontan", players=2).new_initial_state(3)
    play_until(s, L.CHOOSE)
    assert s.believe(0, random.Random(4)).to_json() == s.determinize(0, random.Random(4)).to_json()


def test_an_mcts_bot_with_beliefs_searches_on_believed_deals(monkeypatch):
    s, p, _ = _remembering(1)
    calls = []
    real = type(s).believe

    def counting(state, player, rng):
        calls.append(player)
        return real(state, player, rng)

    monkeypatch.setattr(type(s), "believe", counting)
    bot = make_bot("mcts:iterations=40,beliefs=1", s.game, p, seed=2)
    assert "beliefs=1" in bot.spec()
    assert bot.step(s) in s.legal_actions()
    assert calls and set(calls) == {p}
    calls.clear()
    make_bot("mcts:40", s.game, p, seed=2).step(s)
    assert not calls


def test_a_search_on_believed_deals_plays_the_same_whatever_the_hidden_cards_are():
    s, p, _ = _remembering(5)
    other = s.believe(p, random.Random(99))  # a position p cannot tell from this one
    assert _places(other) != _places(s) and other.observation(p) == s.observation(p)
    picks = [make_bot("mcts:iterations=300,beliefs=1", x.game, p, seed=4).step(x) for x in (s, other)]
    assert picks[0] == picks[1]
