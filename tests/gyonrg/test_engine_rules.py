"""Gyon-RG rules on small hand-made positions (docs/rules/gyonrg.md has the choices)."""

from __future__ import annotations

import json
import random

import pytest

from cardgen.engine.registry import load_game
from cardgen.errors import IllegalActionError
from cardgen.gyonrg import engine as E

STAT = {name: i for i, name in enumerate(E.STATS)}


@pytest.fixture(scope="module")
def base_game():
    return load_game("gyonrg", decks="seed:rules-a,seed:rules-b")


@pytest.fixture
def game(base_game):
    """A private copy of the game whose card stats a test may overwrite."""
    g = load_game("gyonrg", decks=base_game.config["decks"])
    return g


def blank(game, player=0, ap=10):
    """Board phase of `player`'s turn on an empty board, both seats already deployed once."""
    s = game.new_initial_state(1)
    s.board = [[] for _ in range(E.SECTORS)]
    s.owner = [-1] * E.SECTORS
    s.hands = [[], []]
    s.phase, s.player, s.turn, s.ap = E.BOARD, player, 5, ap
    s.deployed = [True, True]
    s.mulligans = 2
    s._legal = None
    return s


def card_of(game, seat, k=0, **stats):
    """The k-th card of a seat's deck, with stats overwritten as given."""
    cid = game.deck_ids[seat][k]
    values = list(game.stats[cid])
    for name, v in stats.items():
        values[STAT[name]] = v
    game.stats[cid] = tuple(values)
    return cid


def put(s, sec, *cids):
    owner = 0 if cids[0] in s.game.deck_ids[0] else 1
    for c in cids:
        for pile in s.decks + s.hands:
            if c in pile:
                pile.remove(c)
        s.board[sec].append(c)
    s.owner[sec] = owner
    s._sort(sec)
    s._legal = None


def sec(name):
    return E.NAMES.index(name)


def act(s, text):
    s.apply_action(s.string_to_action(text))


def weapon_forward(game, cid, seat):
    """Make a card's weapon reach exactly the square ahead (as seen by its seat)."""
    info = game.cards[cid]
    info.weapon = tuple(tuple(E._target_sectors(frozenset({(0, 1)}), p, f) for f in range(4)) for p in range(2))


def no_blindspot(game, cid):
    game.cards[cid].blind_from = tuple(tuple(frozenset() for _ in range(E.SECTORS)) for _ in range(2))


def test_rulebook_attack_example(game):
    """10 attack points against shields 6, 3, 2: the first two ships are destroyed, not the third."""
    s = blank(game)
    attacker = card_of(game, 0, 0, attack=10, attack_cost=1)
    weapon_forward(game, attacker, 0)
    t6 = card_of(game, 1, 0, shield=6, attack=1)
    t3 = card_of(game, 1, 1, shield=3, attack=1)
    t2 = card_of(game, 1, 2, shield=2, attack=1)
    for t in (t6, t3, t2):
        no_blindspot(game, t)
    put(s, sec("c2"), attacker)
    put(s, sec("c3"), t2, t6, t3)
    assert s.board[sec("c3")] == [t6, t3, t2]  # ordered by shield
    act(s, "attack c2 c3")
    assert s.board[sec("c3")] == [t2]
    assert s.scrap[1] == [t6, t3]
    assert s.ap == 9


def test_attack_must_exceed_the_captains_shield_and_blindspot_adds_one(game):
    s = blank(game)
    a = card_of(game, 0, 0, attack=3, attack_cost=1)
    weapon_forward(game, a, 0)
    t = card_of(game, 1, 0, shield=3)
    no_blindspot(game, t)
    put(s, sec("c2"), a)
    put(s, sec("c3"), t)
    with pytest.raises(IllegalActionError, match="attack points do not exceed the shield"):
        act(s, "attack c2 c3")
    # an attacker in the target's blindspot gets +1: 3 + 1 > 3
    game.cards[t].blind_from = tuple(
        tuple(frozenset({sec("c2")}) if x == sec("c3") else frozenset() for x in range(E.SECTORS)) for _ in range(2)
    )
    s._legal = None
    act(s, "attack c2 c3")
    assert s.owner[sec("c3")] == -1 and s.scrap[1] == [t]


def test_fleet_attack_sums_the_fleet(game):
    s = blank(game)
    cap = card_of(game, 0, 0, attack=2, shield=5, attack_cost=2)
    mate = card_of(game, 0, 1, attack=2, shield=1)
    weapon_forward(game, cap, 0)
    t = card_of(game, 1, 0, shield=3)
    no_blindspot(game, t)
    put(s, sec("b2"), cap, mate)
    put(s, sec("b3"), t)
    act(s, "attack b2 b3")
    assert s.owner[sec("b3")] == -1 and s.ap == 8  # only the Captain's attack cost is paid


def test_fleet_order_shield_then_attack(game):
    s = blank(game)
    a = card_of(game, 0, 0, shield=2, attack=5)
    b = card_of(game, 0, 1, shield=4, attack=1)
    c = card_of(game, 0, 2, shield=2, attack=7)
    put(s, sec("a1"), a, b, c)
    assert s.board[sec("a1")] == [b, c, a]


def test_rotate_to_attack_sideways_then_face_the_opponent_again(game):
    s = blank(game)
    a = card_of(game, 0, 0, attack=5, rotate_cost=1, attack_cost=1)
    weapon_forward(game, a, 0)
    t = card_of(game, 1, 0, shield=1)
    no_blindspot(game, t)
    put(s, sec("b2"), a)
    put(s, sec("c2"), t)  # to the right of the attacker
    with pytest.raises(IllegalActionError, match="out of the weapon range"):
        act(s, "attack b2 c2")
    act(s, "rotate b2 cw")
    assert s.facing[sec("b2")] == 1 and s.ap == 9
    act(s, "attack b2 c2")
    assert s.owner[sec("c2")] == -1
    assert s.facing[sec("b2")] == 0


def test_second_seat_faces_the_other_way(game):
    s = blank(game, player=1)
    a = card_of(game, 1, 0, attack=5, attack_cost=1)
    weapon_forward(game, a, 1)
    t = card_of(game, 0, 0, shield=1)
    no_blindspot(game, t)
    put(s, sec("c4"), a)
    put(s, sec("c3"), t)  # "ahead" of blue is towards row 1
    act(s, "attack c4 c3")
    assert s.owner[sec("c3")] == -1


def test_first_deployment_goes_to_the_main_sector(game):
    s = blank(game)
    s.deployed = [False, True]
    cid = card_of(game, 0, 0, deploy_cost=2)
    s.decks[0].remove(cid)
    s.hands[0] = [cid]
    s._legal = None
    with pytest.raises(IllegalActionError, match="first deployment must go to your main sector c1"):
        act(s, "deploy 1 c2")
    act(s, "deploy 1 c1")
    assert s.board[sec("c1")] == [cid] and s.ap == 8


def test_deploy_beside_a_captain_needs_its_diagram(game):
    s = blank(game)
    cap = card_of(game, 0, 0)
    info = game.cards[cap]
    put(s, sec("c2"), cap)
    # find a hand card whose element the captain's diagram allows somewhere, and one it does not
    allowed = dict(info.deploy_to[0][sec("c2")])
    others = [c for c in game.deck_ids[0][1:] if c in s.decks[0]]
    for c in others:
        el = 1 << game.cards[c].element
        ok = [n for n, m in allowed.items() if m & el]
        bad = [n for n in E.NEIGHBOURS[sec("c2")] if n not in ok and s.owner[n] == -1 and n != E.MAIN[0]]
        if ok and bad:
            break
    else:
        pytest.skip("no card pair with both an allowed and a refused side")
    card_of(game, 0, game.deck_ids[0].index(c), deploy_cost=1)
    s.decks[0].remove(c)
    s.hands[0] = [c]
    s._legal = None
    with pytest.raises(IllegalActionError, match="deploy diagram allows"):
        act(s, f"deploy 1 {E.NAMES[bad[0]]}")
    act(s, f"deploy 1 {E.NAMES[ok[0]]}")
    assert s.owner[ok[0]] == 0


def test_fleet_deployed_at_once_into_the_main_sector(game):
    s = blank(game)
    c1, c2 = card_of(game, 0, 0, deploy_cost=1), card_of(game, 0, 1, deploy_cost=2)
    for c in (c1, c2):
        s.decks[0].remove(c)
    s.hands[0] = [c1, c2]
    s._legal = None
    act(s, "deploy 1 c1")
    act(s, "deploy 1 c1")  # the sector is still being deployed this turn: it takes the fleet
    assert sorted(s.board[sec("c1")]) == sorted([c1, c2]) and s.ap == 7


def test_move_speed_no_diagonals_not_through_the_enemy(game):
    s = blank(game)
    a = card_of(game, 0, 0, speed=2, move_cost=1)
    e = card_of(game, 1, 0)
    put(s, sec("a1"), a)
    put(s, sec("a2"), e)
    legal = {s.action_to_string(x) for x in s.legal_actions() if s.action_to_string(x).startswith("move")}
    assert "move a1 b1" in legal and "move a1 c1" in legal and "move a1 b2" in legal
    assert "move a1 a3" not in legal  # only through the enemy at a2
    assert "move a1 a2" not in legal  # an enemy sector
    assert "move a1 d1" not in legal  # speed 2
    with pytest.raises(IllegalActionError, match="not reachable"):
        act(s, "move a1 a3")


def test_move_through_own_sectors_and_join(game):
    s = blank(game)
    a = card_of(game, 0, 0, speed=2, move_cost=1, shield=1)
    b = card_of(game, 0, 1, shield=5)
    put(s, sec("a1"), a)
    put(s, sec("a2"), b)
    act(s, "move a1 a3")  # through own a2
    act(s, "move a3 a2")  # joins the fleet at a2
    assert s.board[sec("a2")] == [b, a]


def test_part_of_a_fleet_moves_with_its_own_captain(game):
    s = blank(game)
    big = card_of(game, 0, 0, shield=6, move_cost=3, speed=1)
    small = card_of(game, 0, 1, shield=1, move_cost=1, speed=2)
    put(s, sec("b1"), big, small)
    act(s, "move b1 b3 2")  # the second ship alone: its own move cost and speed
    assert s.board[sec("b1")] == [big] and s.board[sec("b3")] == [small]
    assert s.ap == 9


def test_victory_points_at_turn_start_with_row_bonus(game):
    s = blank(game)
    cid = card_of(game, 0, 0, deploy_cost=3)
    info = game.cards[cid]
    # a goal sector on row 5 of the owner (seat 0: board row 5) gives deploy cost + 2
    info.goal_value = (tuple(5 if x == sec("a5") else 4 if x == sec("a4") else 0 for x in range(E.SECTORS)), info.goal_value[1])
    put(s, sec("a5"), cid)
    s.vp = [0, 0]
    s.player = 1
    s._end_turn()  # blue's turn ends: red counts at the start of its turn
    assert s.player == 0 and s.vp[0] == 5 and not s.is_terminal()
    s.player = 1
    s._end_turn()
    assert s.vp[0] == 10 and s.is_terminal() and s.returns() == [1.0, -1.0]


def test_occupying_the_enemy_main_sector_wins_at_turn_start(game):
    s = blank(game)
    a = card_of(game, 0, 0, speed=1, move_cost=1)
    put(s, sec("c4"), a)
    # blue has no card on the board: its main sector cannot be occupied
    assert "move c4 c5" not in {s.action_to_string(x) for x in s.legal_actions()}
    put(s, sec("a5"), card_of(game, 1, 0))
    act(s, "move c4 c5")
    assert not s.is_terminal()
    s.player = 1
    s._end_turn()
    assert s.is_terminal() and s.winner == 0


def test_drone_replaced_by_paying_the_new_ships_deploy_cost(game):
    s = blank(game)
    drone_ids = [c for c in game.deck_ids[0] if game.cards[c].drone]
    if not drone_ids:
        pytest.skip("deck without a Drone")
    d = drone_ids[0]
    put(s, sec("c3"), d)
    ship = next(c for c in s.decks[0] if not game.cards[c].drone)
    card_of(game, 0, game.deck_ids[0].index(ship), deploy_cost=4)
    s.decks[0].remove(ship)
    s.hands[0] = [ship]
    s._legal = None
    act(s, "replace 1 c3")
    assert s.board[sec("c3")] == [ship] and d in s.scrap[0] and s.ap == 6


def _give_special(game, s, seat, kind, stat, amount, target, duration, cost=1):
    cid = next(c for c in s.decks[seat])
    s.decks[seat].remove(cid)
    info = game.cards[cid]
    info.special = (kind, E.STATS.index(stat) if stat else -1, amount, target, duration, cost, "Test")
    s.hands[seat].append(cid)
    s._legal = None
    return cid


def test_special_modify_clamps_at_zero_and_expires(game):
    s = blank(game)
    s.phase = E.SPECIAL_PHASE
    e = card_of(game, 1, 0, shield=1)
    put(s, sec("c4"), e)
    card = _give_special(game, s, 0, "modify", "shield", -3, "enemy_ship", "turn")
    act(s, "special 1 c4")
    assert s.stat(e, E.SHIELD) == 0  # 1 - 3 counts as 0
    assert s.phase == E.BOARD and card not in s.hands[0] and len(s.hands[0]) == 5
    act(s, "end")  # board phase ends: the used special is back in the hand
    assert card in s.hands[0]
    while s.player == 0:
        s.apply_action(s.legal_actions()[-1] if s.phase == E.DISCARD and len(s.hands[0]) > 5 else s.legal_actions()[0])
    assert s.stat(e, E.SHIELD) == 1  # "until the end of the turn" is over


def test_special_kept_back_for_the_opponents_turn_returns_after_it(game):
    s = blank(game)
    own = card_of(game, 0, 0, shield=2)
    put(s, sec("c2"), own)
    card = _give_special(game, s, 0, "modify", "shield", 2, "own_ship", "turn", cost=2)
    act(s, "end")  # board
    while s.phase == E.DISCARD:
        s.apply_action(s.legal_actions()[-1] if len(s.hands[0]) > 5 else s.string_to_action("end"))
    assert s.phase == E.KEEP
    i = s.hands[0].index(card) + 1
    act(s, f"special {i} c2")
    assert s.player == 1 and s.stat(own, E.SHIELD) == 4 and card not in s.hands[0]
    assert s.kept[0] == card
    while s.player == 1 and not s.is_terminal():
        s.apply_action(s.legal_actions()[0])
    assert card in s.hands[0] and s.stat(own, E.SHIELD) == 2


def test_special_action_points_and_destroy(game):
    s = blank(game, ap=6)
    s.phase = E.SPECIAL_PHASE
    _give_special(game, s, 0, "action_points", None, 2, "self", "instant", cost=1)
    act(s, "special 1")
    assert s.ap == 7
    s2 = blank(game)
    s2.phase = E.SPECIAL_PHASE
    weak, strong = card_of(game, 1, 0, shield=2), card_of(game, 1, 1, shield=5)
    put(s2, sec("a4"), weak)
    put(s2, sec("e4"), strong)
    _give_special(game, s2, 0, "destroy", None, 2, "enemy_ship", "instant", cost=2)
    with pytest.raises(IllegalActionError, match="cannot target"):
        act(s2, "special 1 e4")
    act(s2, "special 1 a4")
    assert s2.owner[sec("a4")] == -1 and weak in s2.scrap[1]


def test_mulligan_once_and_hidden_information(game):
    s = game.new_initial_state(5)
    assert s.phase == E.MULLIGAN and len(s.hands[0]) == 5
    before = list(s.hands[0])
    act(s, "mulligan")
    assert len(s.hands[0]) == 5 and s.hands[0] != before and sorted(s.hands[0] + s.decks[0]) == sorted(game.deck_ids[0])
    assert s.player == 1  # the other seat decides; red cannot mulligan again
    act(s, "keep")
    assert s.phase in (E.SPECIAL_PHASE, E.BOARD) and s.player == 0
    obs = s.observation(0)
    assert obs["hands"][1] == 5 and obs["hands"][0] == s.hands[0]
    assert obs["decks"] == [len(s.decks[0]), len(s.decks[1])]
    json.dumps(obs)
    # a determinized world keeps what red sees and re-deals the rest
    d = s.determinize(0, random.Random(1))
    assert d.hands[0] == s.hands[0] and sorted(d.hands[1] + d.decks[1]) == sorted(s.hands[1] + s.decks[1])


def test_hand_is_refilled_to_five_and_deck_out_is_harmless(game):
    s = blank(game)
    s.decks[0] = s.decks[0][:2]
    s.hands[0] = []
    s._draw(0, 5)
    assert len(s.hands[0]) == 2 and s.decks[0] == []
    s._draw(0, 5)  # nothing left to draw: no error
    assert len(s.hands[0]) == 2


def test_turn_limit_decides_on_victory_points(base_game):
    g = load_game("gyonrg", decks=base_game.config["decks"], max_turns=4)
    s = g.new_initial_state(2)
    while not s.is_terminal():
        s.apply_action(s.legal_actions()[0])  # always the first legal action
    assert s.turn == 5
    a, b = s.vp
    assert s.winner == (0 if a > b else 1 if b > a else -1)


def test_illegal_input_is_explained(game):
    s = blank(game)
    with pytest.raises(IllegalActionError, match="not a sector: 'z9'"):
        s.string_to_action("attack z9 a1")
    with pytest.raises(IllegalActionError, match="cannot read action 'fly away'"):
        s.string_to_action("fly away")
    with pytest.raises(IllegalActionError, match="no card 3 in the hand"):
        act(s, "deploy 3 c1")
    with pytest.raises(IllegalActionError, match="holds none of your ships"):
        act(s, "rotate a1 cw")


def test_action_text_round_trips(game):
    s = game.new_initial_state(9)
    rng = random.Random(9)
    for _ in range(300):
        if s.is_terminal():
            break
        for a in s.legal_actions():
            assert s.string_to_action(s.action_to_string(a)) == a
        s.apply_action(rng.choice(s.legal_actions()))


def test_turn_limit_counts_both_sides_the_same_number_of_times(base_game):
    """Bug: at the turn limit the first player's Victory Points were counted once more."""
    g = load_game("gyonrg", decks=base_game.config["decks"], max_turns=2)
    s = blank(g)
    red, blue = card_of(g, 0, 0), card_of(g, 1, 0)
    put(s, sec("a1"), red)
    put(s, sec("e5"), blue)
    for cid, seat, where in ((red, 0, "a1"), (blue, 1, "e5")):
        values = [tuple(0 for _ in range(E.SECTORS))] * 2
        values[seat] = tuple(1 if x == sec(where) else 0 for x in range(E.SECTORS))
        g.cards[cid].goal_value = tuple(values)
    s.turn, s.player, s.vp = 0, 1, [0, 0]
    s._end_turn()  # red's turn 1: red counts
    s._end_turn()  # blue's turn 2: blue counts
    s._end_turn()  # turn 3 passes the limit of 2: the game ends before anyone counts again
    assert s.is_terminal() and s.vp == [1, 1] and s.returns() == [0.0, 0.0]


def test_second_deployment_into_a_sector_checks_the_diagram(game):
    """Bug: a sector deployed to this turn took a second ship of any element."""
    s = blank(game)
    cap = card_of(game, 0, 0)
    put(s, sec("c2"), cap)
    by_element: dict[int, list[int]] = {}
    for c in game.deck_ids[0][1:]:
        if c in s.decks[0]:
            by_element.setdefault(game.cards[c].element, []).append(c)
    elements = [e for e, cs in by_element.items() if cs]
    allowed_el = next(e for e in elements if len(by_element[e]) >= 2)
    other_el = next(e for e in elements if e != allowed_el)
    first, same, other = by_element[allowed_el][0], by_element[allowed_el][1], by_element[other_el][0]
    for c in (first, same, other):
        card_of(game, 0, game.deck_ids[0].index(c), deploy_cost=1)
        s.decks[0].remove(c)
    # the Captain at c2 lets only `allowed_el` deploy in front of it (c3)
    rows = [tuple() for _ in range(E.SECTORS)]
    rows[sec("c2")] = ((sec("c3"), 1 << allowed_el),)
    game.cards[cap].deploy_to = (tuple(rows), game.cards[cap].deploy_to[1])
    s.hands[0] = [first, other, same]
    s._legal = None
    act(s, "deploy 1 c3")
    with pytest.raises(IllegalActionError, match="deploy diagram allows"):
        act(s, "deploy 1 c3")  # `other` is now first in the hand
    act(s, "deploy 2 c3")  # a second ship of the allowed element joins the fleet
    assert sorted(s.board[sec("c3")]) == sorted([first, same])


@pytest.mark.parametrize("kind", ["salvage", "draw"])
def test_hand_never_passes_its_limit_when_the_used_special_returns(game, kind):
    """Bug: a Special that fills the hand, then returning to it itself, made a hand of 11
    (and a legal discard action outside the action range)."""
    s = blank(game, ap=10)
    s.phase = E.SPECIAL_PHASE
    _give_special(game, s, 0, kind, None, 5, "self", "instant", cost=1)
    for _ in range(game.max_hand - 2):  # the hand: the Special and 8 more cards
        s.hands[0].append(s.decks[0].pop())
    s.scrap[0] = [s.decks[0].pop() for _ in range(5)]
    s._legal = None
    act(s, "special 1")
    while s.phase == E.SALVAGE:  # salvage=choose: take cards back while the hand has room
        assert len(s.hands[0]) < game.max_hand - 1
        s.apply_action(s.legal_actions()[-1])
    act(s, "end")  # board phase over: the used Special returns to the hand
    assert len(s.hands[0]) <= game.max_hand
    assert all(0 <= a < game.num_distinct_actions for a in s.legal_actions())


def test_an_effect_ends_when_its_ship_leaves_the_board(game):
    """Bug: a scrapped ship's effect stayed in the effect list; when the ship came back and got
    a new effect, the old one's expiry took the new bonus away."""
    s = blank(game)
    cid = card_of(game, 0, 0, attack=3)
    put(s, sec("c2"), cid)
    s.deltas[cid] = [0, 0, 0, 0, 0, 2, 0]
    s.effects.append((s.turn + 2, "delta", cid, E.ATTACK, 2))  # +2 attack until red's next turn
    s._scrap(0, cid)
    s.board[sec("c2")], s.owner[sec("c2")] = [], -1
    put(s, sec("c2"), cid)  # the ship is back (salvaged and deployed again)
    s.deltas[cid] = [0, 0, 0, 0, 0, 1, 0]
    s.effects.append((s.turn + 4, "delta", cid, E.ATTACK, 1))  # a new +1, lasting longer
    s._end_turn()
    s._end_turn()  # red's next turn: the old +2 would have expired now
    assert s.stat(cid, E.ATTACK) == 4  # printed 3, plus the new +1 only


def test_cancelling_effects_survive_a_json_round_trip(game):
    """Found in review: +2 and -2 attack on one ship sum to zero, to_json leaves the card out,
    and after a round trip the first effect's expiry was skipped (the copies drifted apart)."""
    s = blank(game)
    cid = card_of(game, 0, 0, attack=3)
    put(s, sec("c2"), cid)
    s.deltas[cid] = [0] * 7
    for expires, amount in ((s.turn + 1, 2), (s.turn + 2, -2)):
        s.deltas[cid][E.ATTACK] += amount
        s.effects.append((expires, "delta", cid, E.ATTACK, amount))
    back = game.state_from_json(s.to_json())
    assert cid not in back.deltas  # all zero: left out of the JSON
    for state in (s, back):
        act(state, "end")
        while state.player == 0:
            state.apply_action(state.legal_actions()[0])
    assert back.to_json() == s.to_json()
    assert s.stat(cid, E.ATTACK) == back.stat(cid, E.ATTACK) == 1  # 3 - 2: the +2 ran out first


def test_a_jam_for_one_turn_is_kept_back_not_wasted_in_ones_own_turn(game):
    """Cloaking Field (jam all enemy ships, until the end of the turn) did nothing when used in
    one's own turn, when the enemy does not attack: it is played kept back, and works then."""
    s = blank(game)
    enemy = card_of(game, 1, 0, attack_cost=0)
    put(s, sec("c4"), enemy)
    s.phase = E.SPECIAL_PHASE
    _give_special(game, s, 0, "jam", None, 1, "all_enemy", "turn", cost=1)
    assert s.legal_actions() == [game.layout.end]
    with pytest.raises(IllegalActionError, match="stops enemy attacks until the end of a turn: keep it back"):
        act(s, "special 1")
    s.phase = E.KEEP
    s._legal = None
    act(s, "special 1")
    assert s.player == 1 and s.jams.get(enemy, 0) > s.turn  # jammed through blue's turn
    # jam_in_own_turn=allow (the rule before the option): usable in one's own turn, to no effect
    g = load_game("gyonrg", decks=game.config["decks"], jam_in_own_turn="allow")
    s = blank(g)
    put(s, sec("c4"), g.deck_ids[1][0])
    s.phase = E.SPECIAL_PHASE
    _give_special(g, s, 0, "jam", None, 1, "all_enemy", "turn", cost=1)
    act(s, "special 1")
    assert s.phase == E.BOARD
