"""Gog & Magog rules review (issue 35), each point on a hand-made position: energy is lost only
through a Flaw, abilities that attack are attacks (offensive rank, counterattacked), the three
consequences of the tie rule, an instant attacker's lost ability, and what reveals a card.
docs/rules/gogmagog.md gives each choice, with the rulebook's words and the option."""

from __future__ import annotations

import pytest

from cardgen.engine import load_game
from cardgen.errors import InvalidActionError
from cardgen.gogmagog.actions import A_WAR
from cardgen.gogmagog.position import HID, OFF, TOK, USED
from tests.gogmagog.test_engine import (
    BOLT,
    E21,
    E24,
    E33,
    E44,
    E51,
    INSTANT,
    T14,
    T34,
    T36,
    WELL,
    act,
    at,
    empty,
    find,
    put,
    take,
)

IMPALE = find(1, "Ember", 1, 1, "Impale")  # 1/1: a strike of 3 tokens
SPEAR = find(1, "Ember", 3, 3, "Spear throw")  # 3/3: a strike of 2 tokens
SIPHON = find(1, "Ember", 1, 1, "Soul siphon")  # drains 2
LEECH = find(2, "Ember", effect="Leech")  # drains 2
GOG = [IMPALE, SPEAR, SIPHON, LEECH, BOLT, INSTANT, E33, E21, E24, E44]
MAGOG = [E51, E44, E33, T14, T36, T34, E24, E21, LEECH, WELL]


def game(**options):
    decks = [[c.serial for c in deck for _ in range(3)] for deck in (GOG, MAGOG)]
    return load_game("gogmagog", decks=decks, **options)


def moves(s) -> list[str]:
    s._masks()
    s._legal = None
    return [s.action_to_string(a) for a in s.legal_actions()]


def fill(s, p: int, lanes=range(5)) -> None:
    """A creature of p's in each of these lanes (defensive, revealed): no Flaw there."""
    for lane in lanes:
        put(s, p, lane, T36) if lane % 2 else put(s, p, lane, T34)


# -- energy is lost only through a Flaw ------------------------------------------------


def test_a_drain_spell_is_aimed_at_a_flaw_and_cannot_be_cast_without_one():
    s = empty(game(energy=2))
    take(s, 0, LEECH)
    fill(s, 1)
    assert not any(m.startswith("cast") for m in moves(s)), "no Flaw: the opponent's energy cannot be reached"
    with pytest.raises(InvalidActionError, match="Flaw"):
        s.string_to_action("cast 1")
    s = empty(game(energy=2))
    take(s, 0, LEECH)
    fill(s, 1, (0, 1, 3, 4))
    assert [m for m in moves(s) if m.startswith("cast")] == ["cast 1 enemy 3"]
    act(s, "cast 1 enemy 3")
    assert s.energy[1] == 0 and s.is_terminal() and s.returns() == [1.0, -1.0]


def test_drain_direct_keeps_the_drain_that_needs_no_flaw():
    s = empty(game(energy=2, drain="direct"))
    take(s, 0, LEECH)
    fill(s, 1)
    assert [m for m in moves(s) if m.startswith("cast")] == ["cast 1"]
    act(s, "cast 1")
    assert s.is_terminal() and s.returns() == [1.0, -1.0], "won with no Flaw exposed: only with drain=direct"


def test_soul_siphon_drains_through_a_flaw_from_the_offensive_rank():
    s = empty(game())
    put(s, 0, 0, SIPHON)  # defensive
    fill(s, 1, (0, 1, 2, 3))  # lane 5 is a Flaw
    assert not any(m.startswith("use") for m in moves(s)), "from the defensive rank: no attack"
    s.bd[s._slot(0, 0) + OFF] = 1
    assert [m for m in moves(s) if m.startswith("use")] == ["use 1 enemy 5"]
    act(s, "use 1 enemy 5")
    assert s.energy[1] == 18 and s.bd[s._slot(0, 0) + USED] == 1
    assert A_WAR not in s.legal_actions(), "the siphon was its attack this turn"
    s = empty(game())
    put(s, 0, 0, SIPHON, offensive=True)
    fill(s, 1)
    assert not any(m.startswith("use") for m in moves(s)), "no Flaw, no drain"


# -- abilities that attack: offensive rank, counterattacked ----------------------------------


def test_a_defensive_impale_no_longer_destroys_an_offensive_5_1():
    s = empty(game())
    put(s, 0, 0, IMPALE)  # defensive 1/1
    put(s, 1, 2, E51, offensive=True)  # offensive: attack 6, defence 0
    assert not any(m.startswith("use") for m in moves(s))
    with pytest.raises(InvalidActionError, match="defensive rank"):
        s.string_to_action("use 1 enemy 3")
    assert at(s, 1, 2) == E51


def test_a_strike_from_the_offensive_rank_is_counterattacked_by_its_target():
    s = empty(game())
    put(s, 0, 0, IMPALE, offensive=True)  # attack 2, defence 0
    put(s, 1, 2, E51, offensive=True)  # defence 0, counterattack 6
    act(s, "use 1 enemy 3")
    assert at(s, 1, 2) is None, "3 tokens on defence 0"
    assert at(s, 0, 0) is None, "its counterattack (6) exceeds the striker's defence (0)"
    s = empty(game())
    put(s, 0, 1, SPEAR, offensive=True)  # attack 4, defence 2
    put(s, 1, 4, T36)  # defensive: attack 2, defence 7
    act(s, "use 2 enemy 5")
    assert at(s, 1, 4) == T36 and at(s, 0, 1) == SPEAR, "2 tokens on 7 hold; 2 on 2 is no more than its defence"
    assert s.bd[s._slot(0, 1) + TOK] == 2 and A_WAR not in s.legal_actions(), "the strike was the spearman's attack"


def test_strike_free_keeps_strikes_from_any_rank_without_a_counterattack():
    s = empty(game(strike="free"))
    put(s, 0, 0, IMPALE)
    put(s, 1, 2, E51, offensive=True)
    act(s, "use 1 enemy 3")
    assert at(s, 1, 2) is None and at(s, 0, 0) == IMPALE


# -- the tie rule: three consequences ---------------------------------------------------


@pytest.mark.parametrize("tie,fall", [("both", False), ("mutual", True)])
def test_a_defender_that_withstands_holds_when_its_counterattack_equals_the_attackers_defence(tie, fall):
    s = empty(game(tie=tie))
    put(s, 0, 0, E24, offensive=True)  # attack 3, defence 3
    put(s, 1, 0, E44)  # defensive: defence 5 (withstands 3), counterattack 3 = the attacker's defence
    act(s, "war")
    assert (at(s, 1, 0) is None) is fall and (at(s, 0, 0) is None) is fall


@pytest.mark.parametrize("tie,fall", [("both", True), ("strict", False)])
def test_spell_and_war_tokens_equal_to_the_defence_destroy_both_even_against_a_counterattack_of_0(tie, fall):
    s = empty(game(tie=tie))
    take(s, 0, BOLT)
    put(s, 0, 1, E24, offensive=True)  # attack 3
    put(s, 1, 1, T14)  # defensive: attack 0, defence 5
    act(s, "cast 1 enemy 2")  # 2 tokens
    act(s, "war")  # 2 + 3 = 5 tokens on defence 5: the same value
    assert (at(s, 1, 1) is None) is fall and (at(s, 0, 1) is None) is fall


@pytest.mark.parametrize("scope,fall", [("war", False), ("battle", True)])
def test_an_instant_attack_is_not_a_war_the_same_value_holds(scope, fall):
    s = empty(game(tie_scope=scope))
    take(s, 0, INSTANT)  # 3/3 instant: attack 4, defence 2 in the offensive rank
    put(s, 1, 2, E33)  # defensive: attack 2, defence 4
    act(s, "play 1 3 attack")  # 4 tokens on defence 4; counterattack 2 on defence 2
    assert (at(s, 1, 2) is None) is fall and (at(s, 0, 2) is None) is fall


# -- an instant attacker played normally ---------------------------------------------------


def own_rank(s, label: str) -> str:
    """gog's row of that rank, as the terminal draws it for gog."""
    lines = s.render(player=0).splitlines()
    middle = next(k for k, line in enumerate(lines) if line.startswith("-"))
    return next(line for line in lines[middle:] if line.startswith(label))


def test_an_instant_attacker_played_normally_shows_its_ability_lost():
    s = empty(game())
    take(s, 0, INSTANT)
    act(s, "play 1 2")
    i = s._slot(0, 1)
    assert s.bd[i + OFF] == 0
    assert "*" not in own_rank(s, "defensive"), "no '*': the ability cannot be used"
    assert s.observation(1)["sides"][0]["lanes"][1]["ability"] == "lost"
    assert s.observation_tensor(1)[5 * 10 + 1 * 10 + 7] == 0.0, "the tensor's 'ability unused' is off"
    s = empty(game())
    put(s, 0, 0, SPEAR)
    put(s, 0, 1, E33)
    take(s, 0, INSTANT)
    act(s, "play 1 3 attack")
    lanes = s.observation(0)["sides"][0]["lanes"]
    assert [lanes[x]["ability"] for x in range(3)] == ["ready", "none", "used"]
    assert "*" in own_rank(s, "defensive") and "*" not in own_rank(s, "offensive"), "the spearman's strike is still ready"


# -- revealing: only by the events the rulebook names ---------------------------------------


def test_no_voluntary_reveal_or_re_conceal():
    s = empty(game())
    put(s, 0, 0, E33, concealed=True)
    put(s, 0, 1, E21, offensive=True)
    texts = moves(s)
    assert not any("reveal" in m or m.endswith("concealed") and not m.startswith("play") for m in texts)
    act(s, "march")
    act(s, "march 2")  # down: stays revealed
    act(s, "end")
    assert s.bd[s._slot(0, 1) + HID] == 0 and s.bd[s._slot(0, 0) + HID] == 1
