"""The rulebook's open choices as options, each value tested on a hand-made position:
salvage, discard, rotation, enough, and the second player's remedies."""

from __future__ import annotations

import pytest

from cardgen.engine.registry import load_game
from cardgen.errors import IllegalActionError, OptionError
from cardgen.gyonrg import engine as E
from tests.gyonrg.test_engine_rules import _give_special, act, blank, card_of, no_blindspot, put, sec, weapon_forward

DECKS = "seed:rules-a,seed:rules-b"


@pytest.fixture(scope="module")
def decks():
    return load_game("gyonrg", decks=DECKS).config["decks"]


def game_with(decks, **options):
    return load_game("gyonrg", decks=decks, **options)


def test_defaults_are_the_rulebooks_reading(decks):
    g = game_with(decks)
    assert (g.config["salvage"], g.config["discard"], g.config["rotation"], g.config["enough"]) == (
        "choose", "optional", "any", "at_least")  # fmt: skip
    assert (g.config["second_player_ap"], g.config["second_player_cards"]) == (0, 0)


@pytest.mark.parametrize("option,value", [("salvage", "first"), ("discard", "all"), ("rotation", "half"),
                                          ("enough", "more"), ("second_player_ap", "-1"), ("second_player_cards", "6")])  # fmt: skip
def test_bad_values_name_what_is_accepted(decks, option, value):
    with pytest.raises(OptionError, match=f"bad value for option {option}: '{value}'"):
        game_with(decks, **{option: value})


# ----- salvage ------------------------------------------------------------------------------


def _salvage_position(g, *, keep=False, amount=2):
    """Red's special (or keep) phase with a salvage Special in hand and three scrapped cards."""
    s = blank(g, ap=10)
    s.phase = E.KEEP if keep else E.SPECIAL_PHASE
    _give_special(g, s, 0, "salvage", None, amount, "self", "instant", cost=1)
    a, b, c = (s.decks[0].pop() for _ in range(3))
    s.scrap[0] = [a, b, c]
    s._legal = None
    return s, (a, b, c)


def test_salvage_choose_lets_the_player_pick_each_card(decks):
    g = game_with(decks)
    s, (a, b, c) = _salvage_position(g)
    act(s, "special 1")
    assert s.phase == E.SALVAGE and s.current_player() == 0
    assert [s.action_to_string(x) for x in s.legal_actions()] == ["take 1", "take 2", "take 3"]
    act(s, "take 1")  # the oldest card, which salvage=latest would never give back
    assert a in s.hands[0] and s.scrap[0] == [b, c]
    assert s.phase == E.SALVAGE  # a second pick: amount 2
    with pytest.raises(IllegalActionError, match="no card 3 in your scrap yard"):
        act(s, "take 3")
    act(s, "take 2")
    assert c in s.hands[0] and s.scrap[0] == [b]
    assert s.phase == E.BOARD and len(s.hands[0]) >= 2


def test_salvage_choose_offers_one_action_per_distinct_card(decks):
    g = game_with(decks)
    s, (a, b, c) = _salvage_position(g)
    g.cards[b].card, g.cards[c].card = g.cards[a].card, g.cards[a].card  # three copies of one card
    act(s, "special 1")
    assert [s.action_to_string(x) for x in s.legal_actions()] == ["take 3"]
    with pytest.raises(IllegalActionError, match="card 1 of your scrap yard is a copy of card 3"):
        act(s, "take 1")


def test_salvage_choose_kept_back_ends_the_turn_after_the_picks(decks):
    g = game_with(decks)
    s, (a, b, c) = _salvage_position(g, keep=True, amount=1)
    act(s, "special 1")
    assert s.phase == E.SALVAGE
    act(s, "take 2")
    assert b in s.hands[0] and s.player == 1  # kept back: the opponent's turn has begun


def test_salvage_latest_brings_back_the_most_recent(decks):
    g = game_with(decks, salvage="latest")
    s, (a, b, c) = _salvage_position(g)
    act(s, "special 1")
    assert s.phase == E.BOARD and c in s.hands[0] and b in s.hands[0] and s.scrap[0] == [a]


# ----- discard ------------------------------------------------------------------------------


def _discard_position(g, cards=7):
    s = blank(g)
    for _ in range(cards):
        s.hands[0].append(s.decks[0].pop())
    act(s, "end")
    assert s.phase == E.DISCARD
    return s


def test_discard_optional_keeps_any_hand_within_the_limit(decks):
    g = game_with(decks)
    s = _discard_position(g)
    hand = list(s.hands[0])
    act(s, "end")  # no card discarded, none drawn (the hand holds more than 5)
    assert sorted(hand) == sorted(s.hands[0] + ([s.kept[0]] if s.kept[0] >= 0 else []))
    s = _discard_position(g)
    act(s, "discard 3")
    act(s, "end")
    assert len(s.hands[0]) + (s.kept[0] >= 0) == 6


def test_discard_down_to_5_forces_the_hand_down(decks):
    g = game_with(decks, discard="down_to_5")
    s = _discard_position(g)
    with pytest.raises(IllegalActionError, match="the hand holds 7 cards: discard down to 5 first"):
        act(s, "end")
    act(s, "discard 1")
    act(s, "discard 1")
    act(s, "end")
    assert len(s.hands[0]) + (s.kept[0] >= 0) == 5


# ----- rotation -----------------------------------------------------------------------------


def _rotation_position(g):
    s = blank(g, ap=10)
    ship = card_of(g, 0, 0, rotate_cost=2)
    put(s, sec("c2"), ship)
    return s


def test_rotation_any_turns_to_any_facing_for_one_cost(decks):
    g = game_with(decks)
    s = _rotation_position(g)
    texts = {s.action_to_string(a) for a in s.legal_actions()}
    assert {"rotate c2 cw", "rotate c2 ccw", "rotate c2 back"} <= texts
    act(s, "rotate c2 back")
    assert s.facing[sec("c2")] == 2 and s.ap == 8  # one rotate cost for a half turn
    act(s, "rotate c2 cw")
    assert s.facing[sec("c2")] == 3 and s.ap == 6


def test_rotation_quarter_pays_per_quarter_turn(decks):
    g = game_with(decks, rotation="quarter")
    s = _rotation_position(g)
    assert "rotate c2 back" not in {s.action_to_string(a) for a in s.legal_actions()}
    with pytest.raises(IllegalActionError, match="rotation=quarter a rotation is a quarter turn"):
        act(s, "rotate c2 back")
    act(s, "rotate c2 cw")
    act(s, "rotate c2 cw")
    assert s.facing[sec("c2")] == 2 and s.ap == 6  # two rotate costs for a half turn


def test_rotation_text_round_trips(decks):
    g = game_with(decks)
    s = _rotation_position(g)
    for a in s.legal_actions():
        assert s.string_to_action(s.action_to_string(a)) == a


# ----- enough -------------------------------------------------------------------------------


def _fleet_attack(g, shields):
    """Red's 10 attack points at c2 against a blue fleet at c3 with these shields (top first)."""
    s = blank(g)
    a = card_of(g, 0, 0, attack=10, attack_cost=1)
    weapon_forward(g, a, 0)
    put(s, sec("c2"), a)
    fleet = []
    for k, shield in enumerate(shields):
        t = card_of(g, 1, k, shield=shield, attack=9 - k)  # attack keeps the given order on equal shields
        no_blindspot(g, t)
        fleet.append(t)
    put(s, sec("c3"), *fleet)
    assert [s.stat(c, E.SHIELD) for c in s.board[sec("c3")]] == sorted(shields, reverse=True)
    act(s, "attack c2 c3")
    return [s.stat(c, E.SHIELD) for c in s.board[sec("c3")]]


def test_enough_at_least_destroys_a_ship_the_points_left_just_match(decks):
    g = game_with(decks)
    assert _fleet_attack(g, [6, 4, 2]) == [2]  # 10 > 6, then 4 points left: enough for shield 4
    assert _fleet_attack(g, [6, 3, 2]) == [2]  # the rulebook's example reads the same either way


def test_enough_exceeds_needs_more_than_the_shield(decks):
    g = game_with(decks, enough="exceeds")
    assert _fleet_attack(g, [6, 4, 2]) == [4, 2]  # 4 points left do not exceed shield 4
    assert _fleet_attack(g, [6, 3, 2]) == [2]


# ----- the second player's remedies ---------------------------------------------------------


def _to_turn(s, turn):
    while s.turn < turn and not s.is_terminal():
        s.apply_action(s.legal_actions()[0])  # end / keep: nothing happens on the board
    return s


def test_second_player_ap_only_on_its_first_turn(decks):
    g = game_with(decks, second_player_ap=2)
    s = _to_turn(g.new_initial_state(3), 1)
    assert s.player == 0
    seen = {}
    while s.turn <= 4:
        if s.phase in (E.SPECIAL_PHASE, E.BOARD) and s.turn not in seen:
            seen[s.turn] = (s.player, s.ap)
        s.apply_action(s.legal_actions()[0])
    assert seen[1] == (0, 6) and seen[2] == (1, 8) and seen[3] == (0, 6) and seen[4] == (1, 6)


def test_second_player_cards_in_the_opening_hand(decks):
    g = game_with(decks, second_player_cards=1)
    s = g.new_initial_state(3)
    assert [len(h) for h in s.hands] == [5, 6]
    g = game_with(decks, second_player_cards=1, first_player=1)
    s = g.new_initial_state(3)
    assert [len(h) for h in s.hands] == [6, 5]


# ----- records from before the options ------------------------------------------------------


def test_a_record_from_before_the_options_replays_under_its_own_rules():
    """Three random games recorded by cardgen before these options (salvage latest, discard down
    to 5, quarter rotations, enough = exceeds), each with a salvage that the default rules would
    play differently: the records have no such keys, so they replay under the rules they were
    played with and end in the recorded state."""
    from pathlib import Path

    from cardgen.engine.records import read_records, replay

    path = Path(__file__).parent.parent / "golden" / "gyonrg" / "records_before_options.json"
    records = read_records(path)
    assert len(records) == 3 and all("salvage" not in r["config"] for r in records)
    for r in records:
        state = replay(r)
        assert state.is_terminal() and state.returns() == r["returns"]
        assert state.game.config["rotation"] == "quarter" and state.game.config["salvage"] == "latest"
        assert any(m.startswith("special") for m in r["moves"])
