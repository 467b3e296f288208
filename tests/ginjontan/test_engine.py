"""Gin-jon-tan rules on hand-made positions: duels, Black hole, the combination round, evaluation,
the start order, personal decks and the prize rule."""

from __future__ import annotations

import random

import pytest

from cardgen.engine import load_game
from cardgen.errors import IllegalActionError, OptionError
from cardgen.ginjontan import layout as L
from cardgen.ginjontan.cards import tables
from cardgen.ginjontan.scoring import hand_value

T = tables()


def zones(s):
    return [z for p in range(s.game.num_players) for z in (s.hand[p], s.active[p], s.reserve[p])] + s.piles


def place(s, seat, names, zone="hand"):
    """Put the cards `names` into seat's zone, swapping out other cards (cards stay conserved)."""
    target = getattr(s, zone)[seat]
    want = [s.cards.index(T.parse(n)) for n in names]
    for i in want:
        if i in target:
            continue
        victim = next(x for x in target if x not in want)
        for z in zones(s):
            if i in z:
                z[z.index(i)] = victim
                break
        target[target.index(victim)] = i
    for z in zones(s)[:-len(s.piles)]:
        s._sort(z)
    assert s.invariant_violations() == []


def play_until(s, phase, rng=None):
    rng = rng or random.Random(0)
    while s.phase != phase and not s.is_terminal():
        acts = s.legal_actions()
        # never give up or leave early by accident: prefer "done" and "gin jon tan" when offered
        pick = L.A_DONE if L.A_DONE in acts else (L.A_GJT if L.A_GJT in acts else rng.choice(acts))
        s.apply_action(pick)
    return s


def test_deal_gives_nine_and_nine_and_the_first_step_is_the_one_exchange():
    s = load_game("ginjontan", players=4).new_initial_state(1)
    assert all(len(h) == 9 for h in s.hand) and all(len(r) == 9 for r in s.reserve)
    assert s.phase == L.SWAP2 and s.current_player() == 0
    acts = s.legal_actions()
    assert acts == [L.A_DONE] + [L.A_GIVE + i for i in range(9)]  # keep, or pick the hand card to swap
    s.apply_action(acts[1])
    assert s.current_player() == 0 and len(s.legal_actions()) == 9  # then the reserve card
    card = s.hand[0][0]
    s.apply_action(s.legal_actions()[4])
    assert card in s.reserve[0] and s.current_player() == 1  # one exchange only


def test_whole_hand_exchange_variant():
    s = load_game("ginjontan", first_exchange="hand").new_initial_state(1)
    hand, res = s.hand[0][:], s.reserve[0][:]
    assert s.legal_actions() == [L.A_DONE, L.A_SWAPHAND]
    s.apply_action(s.string_to_action("swap hand"))
    assert s.hand[0] == res and s.reserve[0] == hand


def test_start_order_follows_the_turned_reserve_values():
    for seed in range(5):
        s = play_until(load_game("ginjontan", players=5).new_initial_state(seed), L.DUEL)
        first = [T.value_of[x[0]] for x in s.turned]
        assert first[s.order[0]] == max(first)
        assert [first[p] for p in s.order] == sorted(first, reverse=True)
        assert s.duel == [s.order[0], s.order[1]]


def duel_state(mine, theirs, **config):
    s = play_until(load_game("ginjontan", **config).new_initial_state(3), L.DUEL)
    a, b = s.duel
    place(s, a, mine, "active")
    place(s, b, theirs, "active")
    s.turn = 0
    s.player = a
    return s, a, b


def test_a_won_action_scores_both_cards_values_and_used_cards_go_to_the_deck():
    s, a, b = duel_state(["Fire-1-white", "Sun-2-red", "Moon-3-red"], ["Night-9-violet", "Life-1-white", "Boat-2-white"])
    before = s.scores[:]
    s.apply_action(s.string_to_action("Fire-1-white on Night-9-violet"))  # Fire overcomes Night
    gain = T.value_of[T.parse("Fire-1-white")] + T.value_of[T.parse("Night-9-violet")]
    assert s.scores[a] == before[a] + gain and s.scores[b] == before[b]
    assert s.current_player() == b
    s.apply_action(s.string_to_action("Life-1-white on Sun-2-red"))  # red beats white: Life loses
    assert s.scores[a] == before[a] + gain + T.value_of[T.parse("Life-1-white")] + T.value_of[T.parse("Sun-2-red")]
    with pytest.raises(IllegalActionError):  # Fire-1-white has acted already
        s.apply_action(s.string_to_action("Fire-1-white on Boat-2-white") if False else L.A_DUEL + 0)
    while s.phase == L.DUEL:
        s.apply_action(s.legal_actions()[0])
    assert s.active[a] == [] and s.active[b] == []
    assert s.invariant_violations() == []


def test_black_hole_empties_the_opponents_reserve():
    s, a, b = duel_state(["Blackhole-1-white", "Sun-2-red", "Moon-3-red"], ["Life-1-white", "Boat-2-white", "Sun-5-white"])
    assert s.reserve[b]
    s.apply_action(s.string_to_action("Blackhole-1-white on Life-1-white"))
    assert s.reserve[b] == [] and s.reserve[a]
    s2, a2, b2 = duel_state(["Blackhole-1-white", "Sun-2-red", "Moon-3-red"], ["Life-1-white", "Boat-2-white", "Sun-5-white"],
                            black_hole="both")
    s2.apply_action(s2.string_to_action("Blackhole-1-white on Life-1-white"))
    assert s2.reserve[b2] == [] and s2.reserve[a2] == []


def test_black_hole_others_empties_both_opponents_reserves_at_a_table_of_three():
    # "When used, both opponents loses their reserves": at a table of three, the two other players,
    # the one in the duel and the one waiting for his; the Black hole's player keeps his reserve
    for how, emptied in (("others", 2), ("opponent", 1)):
        s, a, b = duel_state(["Blackhole-1-white", "Sun-2-red", "Moon-3-red"],
                             ["Life-1-white", "Boat-2-white", "Sun-5-white"], players=3, black_hole=how)
        (c,) = {0, 1, 2} - {a, b}
        kept = s.reserve[a][:]
        assert s.reserve[b] and s.reserve[c] and kept
        waiting = s.reserve[c][:]
        s.apply_action(s.string_to_action("Blackhole-1-white on Life-1-white"))
        assert s.reserve[a] == kept and s.reserve[b] == []
        assert s.reserve[c] == ([] if emptied == 2 else waiting)
        assert all(i in s.piles[0] for i in waiting) == (emptied == 2)  # back into the (common) deck
        assert s.invariant_violations() == []
        while not s.is_terminal():  # the game goes on to its end with the emptied reserves
            s.apply_action(s.legal_actions()[0])
            assert s.invariant_violations() == []


def combo_state(hands, seed=2, **config):
    s = play_until(load_game("ginjontan", players=len(hands), **config).new_initial_state(seed), L.COMBO)
    for p, h in enumerate(hands):
        place(s, p, h)
    return s


HANDS = [
    "Sun-1-blue Sun-2-blue Sun-3-blue Moon-5-white Fire-7-red Air-9-orange Love-4-green Hope-6-yellow Earth-8-white",
    "Life-1-white Life-3-red Boat-5-white Death-7-orange Night-9-white Path-2-green Abyss-4-red Weapon-6-white Sin-8-white",
    "Fire-1-white Water-3-white Air-5-red Night-7-orange Earth-9-white Path-2-white Abyss-4-orange Sun-6-red Moon-8-yellow",
]


def test_evaluation_adds_the_best_and_deducts_the_others_by_rank():
    s = combo_state([h.split() for h in HANDS])
    values = [hand_value([s.cards[i] for i in s.hand[p]]) for p in range(3)]
    assert values == [160_481_574, 5_998_212, 29_614_167]  # three orders 1..9 (hand-checked with `score`)
    before = s.scores[:]
    while s.phase == L.COMBO:
        s.apply_action(L.A_GJT)
    want = [values[0], -values[1] * 2, -values[2] * 1]  # best adds; second deducts x1, third x2
    assert [s.last[p]["delta"] for p in range(3)] == want
    assert [s.scores[p] - before[p] for p in range(3)] == want


def test_kat_oh_keeps_the_points_and_defeat_cancels_the_rounds_duel_points():
    hands = [h.split() for h in HANDS]
    hands[1][0] = "Defeat-1-white"
    s = combo_state(hands)
    before = s.scores[:]
    gained = s.gained[:]
    order = s.order[:]
    for p in order:  # seat 0 gives up, the others say gin jon tan
        assert s.current_player() == p
        s.apply_action(L.A_KATOH if p == 0 else L.A_GJT)
    while s.round == 1 and not s.is_terminal():
        s.apply_action(L.A_GJT)
    assert s.last[0]["note"] == "kat oh" and s.last[0]["delta"] == 0
    assert s.last[1]["note"] == "defeat" and s.last[1]["delta"] == -gained[1]
    assert s.last[2]["delta"] == hand_value([T.parse(c) for c in hands[2]]) > 0  # the only one ranked: best hand
    assert s.scores[0] == before[0] and s.scores[1] == before[1] - gained[1]


def test_gin_jon_tan_locks_until_asked():
    s = combo_state([h.split() for h in HANDS])
    p, q = s.order[0], s.order[1]
    s.apply_action(L.A_GJT)
    assert s.locked[p]
    # q asks p for one card of his hand: p is unlocked
    assert s.current_player() == q
    s.apply_action(L.A_ASK + 2 * p)
    s.apply_action(s.legal_actions()[-1])  # give one card
    s.apply_action(L.A_DONE)
    assert not s.locked[p] and len(s.hand[p]) == 9 and len(s.hand[q]) == 9
    assert s.streak == 0 and s.invariant_violations() == []


def test_exchanges_are_capped_so_every_round_ends():
    s = combo_state([h.split() for h in HANDS], max_exchanges=1)
    p = s.order[0]
    s.apply_action(next(a for a in s.legal_actions() if L.A_GIVE <= a < L.A_RETURN))
    s.apply_action(s.legal_actions()[0])  # the reserve card
    s.apply_action(L.A_DONE)
    while s.current_player() != p:
        s.apply_action(L.A_GJT)
    assert not any(L.A_SWAP <= a < L.A_RETURN or L.A_ASK <= a < L.A_ACTIVE for a in s.legal_actions())
    assert set(s.legal_actions()) == {L.A_GJT, L.A_KATOH}


def test_rounds_and_the_end():
    g = load_game("ginjontan", rounds=2, players=2)
    s = g.new_initial_state(4)
    rng = random.Random(4)
    rounds = set()
    while not s.is_terminal():
        rounds.add(s.round)
        s.apply_action(rng.choice(s.legal_actions()))
        assert s.invariant_violations() == []
    assert rounds == {1, 2}
    r = s.returns()
    assert sum(r) == pytest.approx(1.0) and r[max(range(2), key=lambda p: s.scores[p])] > 0


def test_personal_decks_play_from_their_own_decks():
    g = load_game("ginjontan", decks="seed:a,seed:b,seed:c")
    assert len(g.config["decks"]) == 3 and all(len(d) == 33 for d in g.config["decks"])
    s = g.new_initial_state(1)
    for p in range(3):
        assert all(s.owner[i] == p for i in s.hand[p] + s.reserve[p])
    assert load_game("ginjontan", **g.config).config == g.config  # a record's config replays
    rng = random.Random(1)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
    assert s.invariant_violations() == []


def test_prize_rule_takes_three_two_one_from_lower_places():
    g = load_game("ginjontan", decks="seed:a,seed:b,seed:c,seed:d", players=4, prize=True, rounds=1)
    s = g.new_initial_state(2)
    rng = random.Random(2)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
    prizes = s.prizes()
    places = [p for p, _ in s.ranking()]
    assert [w for w, _, _ in prizes] == [places[0]] * 3 + [places[1]] * 2 + [places[2]] * 1
    assert all(loser not in places[: places.index(w) + 1] for w, loser, _ in prizes)
    assert "prizes:" in g.on_game_end(s)


@pytest.mark.parametrize("config", [{"decks": "seed:a,seed:b"}, {"players": 9}, {"rounds": 0}, {"duels": "some"},
                                    {"decks": "/no/such/deck.txt,seed:b,seed:c"}])
def test_bad_options_are_refused(config):
    with pytest.raises(Exception) as err:
        load_game("ginjontan", **config)
    assert isinstance(err.value, (OptionError,)) or "deck" in str(err.value)


def test_observation_hides_other_hands_and_reserves():
    s = load_game("ginjontan").new_initial_state(5)
    obs = s.observation(1)
    assert len(obs["hand"]) == 9 and len(obs["reserve"]) == 9
    text = str(obs)
    for i in s.hand[0] + s.reserve[0]:
        assert T.name(s.cards[i]) not in obs["hand"] + obs["reserve"]
    assert "hand" in text and obs["sizes"]["hand"] == [9, 9, 9]
    d = s.determinize(1, random.Random(0))
    assert d.observation(1) == obs and d.hand[1] == s.hand[1]
    assert [d.cards[i] for i in d.hand[0]] != [s.cards[i] for i in s.hand[0]]


def test_a_swap_reads_swap_and_only_a_card_offered_to_the_player_asked_reads_give():
    """In step 6 the move list holds 'ask 2 hand' beside the first half of a swap with the own
    reserve: that half reads 'swap X' (a 'give X' there read as a gift to player 2), and 'give X'
    names only a card offered to the player asked. Typed, either word picks the card."""
    s = combo_state([h.split() for h in HANDS])
    p = s.current_player()
    texts = [s.action_to_string(a) for a in s.legal_actions()]
    picks = [a for a in s.legal_actions() if L.A_GIVE <= a < L.A_RETURN]
    assert picks and not any(t.startswith("give ") for t in texts)
    card = T.name(s.cards[s.hand[p][0]])
    assert s.action_to_string(L.A_GIVE) == f"swap {card}"
    assert s.string_to_action(f"swap {card}") == s.string_to_action(f"give {card}") == L.A_GIVE
    asked = s.clone()
    asked.apply_action(L.A_ASK + 2 * next(q for q in range(s.game.num_players) if q != p))  # asks the hand
    offers = [asked.action_to_string(a) for a in asked.legal_actions() if L.A_GIVE <= a < L.A_RETURN]
    assert offers and all(t.startswith("give ") for t in offers)
    s.apply_action(L.A_GIVE)  # the pick; then the reserve card it swaps with
    assert all(s.action_to_string(a).startswith(f"swap {card} ") for a in s.legal_actions())
