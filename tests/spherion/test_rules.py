"""Spherion rules on hand-made positions: damage calculation, the conflict table, tributes, fusion,
the field limit, checkmate, the 20-turn tie-breaks, and the plan protocol."""

from __future__ import annotations

import random

import pytest

from cardgen.engine import CHANCE, SIMULTANEOUS, TERMINAL, load_game
from cardgen.errors import IllegalActionError
from cardgen.spherion.actions import (
    A_ACTIVATE,
    A_DIE,
    A_FIRST,
    A_FUSE,
    A_MOVE,
    A_RPS,
    A_SECOND,
    A_SUMMON,
    A_TRIBUTE,
    DM,
    MAXC,
    NUM_ACTIONS,
    READY,
    WAIT,
    action_text,
    parse_action,
)
from cardgen.spherion.position import FIELDZ, GONE, INHAND


def planning(first=0, **cfg):
    """A small sphere without a wall, at the first planning node, with no points and no power-ups."""
    g = load_game("spherion", size="small", wall=0, **cfg)
    s = g.new_initial_state(1)
    s.apply_action(A_RPS + first)
    s.apply_action(A_FIRST)
    while s.current_player() == CHANCE:
        s.apply_action(A_DIE + 3)  # hammers only: the test sets the points itself
    assert s.current_player() == SIMULTANEOUS
    for c in list(s.pu):
        s.occ[c] = -1
    s.pu.clear()
    s.spts, s.mpts, s.hammers = [0, 0], [0, 0], [0, 0]
    s._proj = [None, None]
    return s


def card(s, p, kind=0, atk=1000, defence=1000, level=4, fusion="None", element="Fire", effect="", amount=0,
         cond="always", value=0, where="hand"):  # fmt: skip
    """Take a card of seat p (from its deck) and give it these stats; it goes to the hand or onto a cell."""
    i = next(i for i in s.deck[p])
    s.deck[p].remove(i)
    st = s.game.cards[p][i]
    st.kind, st.atk, st.defence, st.level, st.fusion, st.element = kind, atk, defence, level, fusion, element
    st.tributes = 0 if level <= 4 else 1 if level <= 6 else 2
    st.effect, st.amount, st.cond, st.value, st.relic = effect, amount, cond, value, False
    if where == "hand":
        s.zone[p][i] = INHAND
        s.hand[p].append(i)
    else:
        s.zone[p][i] = FIELDZ
        s.cell[p][i] = where
        s.occ[where] = p * MAXC + i
        s.faceup[p][i] = True
    s._proj = [None, None]
    return i


def side(s, src, dst):
    return s.board.neighbours[src].index(dst)


def plans(s, a_steps, b_steps):
    """Both seats enter their plans step by step, then ready; rock-paper-scissors nodes are left to the caller."""
    a, b = list(a_steps), list(b_steps)
    while s.current_player() == SIMULTANEOUS:
        joint = []
        for p, steps in enumerate((a, b)):
            if s.ready[p]:
                joint.append(READY)
            else:
                joint.append(steps.pop(0) if steps else READY)
        s.apply_actions(joint)


def free_cells(s, n):
    """n mutually apart cells near the equator, away from both deck masters."""
    b = s.board
    d0, d1 = b.distances(s.dm[0]), b.distances(s.dm[1])
    return [c for c in range(b.cells) if d0[c] >= 2 and d1[c] >= 2][:n]


def mover(s, p, piece_cell, target_cell, **stats):
    i = card(s, p, where=piece_cell, **stats)
    return i, A_MOVE + i * 6 + side(s, piece_cell, target_cell)


def test_damage_calculation_every_row():
    # ATK > DEF: the defender falls into the sphere, the attacker takes its cell
    s = planning()
    a, b = free_cells(s, 1)[0], None
    b = s.board.neighbours[a][0]
    i, step = mover(s, 0, a, b, atk=1500)
    j = card(s, 1, where=b, atk=100, defence=1200)
    s.mpts = [2, 0]
    plans(s, [step], [])
    assert s.zone[1][j] == GONE and s.cell[0][i] == b and s.terr[b] == 1
    # ATK = DEF: nothing happens
    s = planning()
    i, step = mover(s, 0, a, b, atk=1200)
    j = card(s, 1, where=b, defence=1200)
    s.mpts = [2, 0]
    plans(s, [step], [])
    assert s.zone[1][j] == FIELDZ and s.cell[0][i] == a and s._atk(0, i) == 1200
    # ATK < DEF: the attacker loses the difference and moves back
    s = planning()
    i, step = mover(s, 0, a, b, atk=1000)
    j = card(s, 1, where=b, defence=1300)
    s.mpts = [2, 0]
    plans(s, [step], [])
    assert s.zone[1][j] == FIELDZ and s.cell[0][i] == a and s._atk(0, i) == 700
    assert any("loses 300 ATK" in line for line in s.log)


def test_face_down_defender_is_flipped_and_attack_on_deck_master_is_one_damage():
    s = planning()
    dm1 = s.dm[1]
    n = s.board.neighbours[dm1][0]
    far = next(c for c in s.board.neighbours[n] if c != dm1 and s.occ[c] == -1)
    i, step = mover(s, 0, n, dm1, atk=9999)
    s.mpts = [2, 0]
    plans(s, [step], [])
    assert s.lp[1] == 4 and s.dm[1] == dm1 and s.cell[0][i] == n  # 1 damage whatever the ATK; the attacker stays
    s = planning()
    i, step = mover(s, 0, far, n, atk=100)
    j = card(s, 1, where=n, defence=2000)
    s.faceup[1][j] = False
    s.mpts = [2, 0]
    plans(s, [step], [])
    assert s.faceup[1][j] is True and s._atk(0, i) == 0  # floored at 0


def test_conflict_monster_vs_monster_higher_atk_wins_equal_bounces():
    s = planning()
    x = free_cells(s, 1)[0]
    na, nb = [c for c in s.board.neighbours[x]][:2]
    i, sa = mover(s, 0, na, x, atk=1800)
    j, sb = mover(s, 1, nb, x, atk=1500)
    s.mpts = [2, 2]
    plans(s, [sa], [sb])
    assert s.cell[0][i] == x and s.zone[1][j] == GONE
    s = planning()
    i, sa = mover(s, 0, na, x, atk=1500)
    j, sb = mover(s, 1, nb, x, atk=1500)
    s.mpts = [2, 2]
    plans(s, [sa], [sb])
    assert s.cell[0][i] == na and s.cell[1][j] == nb and s.occ[x] == -1
    s = planning(clash_tie="destroy")
    i, sa = mover(s, 0, na, x, atk=1500)
    j, sb = mover(s, 1, nb, x, atk=1500)
    s.mpts = [2, 2]
    plans(s, [sa], [sb])
    assert s.zone[0][i] == GONE and s.zone[1][j] == GONE


def test_conflict_monster_vs_deck_master_and_spell_trap_cases():
    s = planning()
    dm1 = s.dm[1]
    x = s.board.neighbours[dm1][0]
    na = next(c for c in s.board.neighbours[x] if c != dm1 and s.occ[c] == -1)
    i, sa = mover(s, 0, na, x, atk=500)
    s.mpts = [2, 2]
    plans(s, [sa], [A_MOVE + DM * 6 + side(s, dm1, x)])
    assert s.lp[1] == 4 and s.dm[1] == dm1 and s.cell[0][i] == x  # the deck master stays where it was
    # a monster against a trap being set in the same cell: the trap flips, hits, and is destroyed
    s = planning()
    x = s.board.neighbours[dm1][0]
    i, sa = mover(s, 0, na, x, atk=1500)
    t = card(s, 1, kind=2, effect="weaken", amount=500)
    s.mpts, s.spts = [2, 0], [0, 1]
    plans(s, [sa], [A_SUMMON + (t * 6 + 0) * 4 + 2])
    assert s.zone[1][t] == GONE and s._atk(0, i) == 1000 and s.cell[0][i] == x
    # two spells/traps for one cell: rock-paper-scissors decides (a chance node), the loser's card stays in hand
    s = planning()
    c0 = card(s, 0, kind=1, effect="draw", amount=1)
    c1 = card(s, 1, kind=2, effect="destroy")
    s.spts = [1, 1]
    # both deck masters are far apart: put north's next to south's summoning cell
    x = s.board.neighbours[s.dm[1]][0]
    s.occ[s.dm[0]] = -1
    s.dm[0] = next(c for c in s.board.neighbours[x] if c != s.dm[1])
    s.occ[s.dm[0]] = 2 * MAXC
    plans(s, [A_SUMMON + (c0 * 6 + side(s, s.dm[0], x)) * 4], [A_SUMMON + (c1 * 6 + 0) * 4 + 2])
    assert s.current_player() == CHANCE and s.chance_outcomes() == [(A_RPS, 0.5), (A_RPS + 1, 0.5)]
    s.apply_action(A_RPS + 1)
    assert s.occ[x] == MAXC + c1 and s.zone[0][c0] == INHAND


def test_two_monsters_on_one_power_up_rock_paper_scissors_and_bombs():
    s = planning()
    x = free_cells(s, 1)[0]
    na, nb = s.board.neighbours[x][:2]
    kinds = [p[0] for p in s.game.powerups]
    bomb, orb = kinds.index("trap"), next(k for k, p in enumerate(s.game.powerups) if p[1] == "atk_up")
    s.pu[x] = orb
    s.occ[x] = 3 * MAXC
    i, sa = mover(s, 0, na, x, atk=1000)
    j, sb = mover(s, 1, nb, x, atk=1000)
    s.mpts = [2, 2]
    plans(s, [sa], [sb])
    assert s.current_player() == CHANCE
    s.apply_action(A_RPS + 0)
    assert s.cell[0][i] == x and s._atk(0, i) == 1500 and s.cell[1][j] == nb
    s = planning()
    s.pu[x] = bomb
    s.occ[x] = 3 * MAXC
    i, sa = mover(s, 0, na, x)
    j, sb = mover(s, 1, nb, x)
    s.mpts = [2, 2]
    plans(s, [sa], [sb])
    s.apply_action(A_RPS + 1)
    assert s.zone[0][i] == GONE and s.zone[1][j] == GONE and x not in s.pu  # a trap takes both


def test_tributes_are_follow_up_steps_and_leave_the_game():
    s = planning()
    dm = s.dm[0]
    n0, n1, n2 = s.board.neighbours[dm][:3]
    f1 = card(s, 0, where=n1)
    f2 = card(s, 0, where=n2)
    big = card(s, 0, level=7, atk=2500)
    s.spts = [1, 0]
    summon = A_SUMMON + (big * 6 + 0) * 4
    assert summon in s.legal_actions(0)
    s.apply_actions([summon, READY])
    # only tributes now, never the summoned card itself
    assert s.legal_actions(0) == sorted([A_TRIBUTE + f1, A_TRIBUTE + f2])
    s.apply_actions([A_TRIBUTE + f1, READY])
    assert s.legal_actions(0) == [A_TRIBUTE + f2]
    s.apply_actions([A_TRIBUTE + f2, READY])
    s.apply_actions([READY, READY])
    assert s.zone[0][f1] == GONE and s.zone[0][f2] == GONE and s.cell[0][big] == n0
    # without enough monsters on the field a level 5+ monster cannot be summoned
    s = planning()
    big = card(s, 0, level=5, atk=2000)
    s.spts = [1, 0]
    assert not any(A_SUMMON + big * 24 <= a < A_SUMMON + big * 24 + 24 for a in s.legal_actions(0))


def test_a_monster_summoned_in_the_same_plan_is_no_tribute():
    # "a monster already on the field": one placed earlier in this plan cannot be the tribute, so a
    # level 5+ summon that would need it is not offered (it left the plan with only the no-op once)
    s = planning()
    small = card(s, 0, level=4)
    big = card(s, 0, level=5, atk=2000)
    s.spts = [2, 0]
    place = A_SUMMON + (small * 6 + 0) * 4
    assert place in s.legal_actions(0)
    s.apply_actions([place, READY])
    legal = s.legal_actions(0)
    assert READY in legal and not any(A_SUMMON + big * 24 <= a < A_SUMMON + big * 24 + 24 for a in legal)
    # with a monster that was on the field before the plan, the same summon is offered
    s = planning()
    old = card(s, 0, where=free_cells(s, 1)[0])
    small = card(s, 0, level=4)
    big = card(s, 0, level=5, atk=2000)
    s.spts = [2, 0]
    s.apply_actions([A_SUMMON + (small * 6 + 0) * 4, READY])
    summon_big = A_SUMMON + (big * 6 + 1) * 4
    assert summon_big in s.legal_actions(0)
    s.apply_actions([summon_big, READY])
    assert s.legal_actions(0) == [A_TRIBUTE + old]


def test_fusion_stacks_two_adjacent_compatible_monsters():
    s = planning()
    x = free_cells(s, 1)[0]
    y = s.board.neighbours[x][0]
    a = card(s, 0, where=x, atk=1000, defence=500, fusion="Dragon")
    b = card(s, 0, where=y, atk=800, defence=700, fusion="Dragon")
    s.spts = [1, 0]
    lo, hi = min(a, b), max(a, b)
    step = A_FUSE + lo * 6 + side(s, s.cell[0][lo], s.cell[0][hi])
    assert step in s.legal_actions(0)
    plans(s, [step], [])
    assert s._atk(0, lo) == 1800 and s._def(0, lo) == 1200 and s.occ[s.cell[0][hi] if s.cell[0][hi] >= 0 else y] in (-1, lo)
    assert s.under[0][lo] == hi and s.spts[0] == 0
    assert s.invariant_violations() == []


def test_field_limit_five_cards():
    s = planning()
    cells = [c for c in range(s.board.cells) if s.occ[c] == -1 and c not in s.board.neighbours[s.dm[0]]][:5]
    for c in cells:
        card(s, 0, where=c)
    extra = card(s, 0)
    s.spts = [3, 0]
    acts = s.legal_actions(0)
    assert not any(A_SUMMON + extra * 24 <= a < A_SUMMON + extra * 24 + 24 for a in acts)


def test_checkmate_on_a_pentagon_with_five_monsters():
    s = planning()
    dm1 = s.dm[1]
    assert s.board.is_pentagon(dm1)
    ring = list(s.board.neighbours[dm1])
    for c in ring[:4]:
        card(s, 0, where=c)
    last = ring[4]
    start = next(c for c in s.board.neighbours[last] if s.occ[c] == -1 and c != dm1)
    i, step = mover(s, 0, start, last)
    s.mpts = [2, 0]
    plans(s, [step], [])
    assert s.current_player() == TERMINAL and s.returns() == [1.0, -1.0] and "checkmate" in s.log[-1]


def test_strict_checkmate_does_not_count_walls_and_cards_counts_spells():
    s = planning(checkmate="cards")
    dm1 = s.dm[1]
    ring = list(s.board.neighbours[dm1])
    for c in ring:
        card(s, 0, where=c, kind=1 if c == ring[0] else 0)
    assert s._mated(1)
    s = planning()
    for c in ring:
        card(s, 0, where=c, kind=1 if c == ring[0] else 0)
    assert not s._mated(1)  # the default needs monsters all round


def test_twenty_turn_tie_breaks_territory_then_lp_then_play_on_to_the_cap():
    s = planning(turns=1, max_turns=3)
    s.terr[s.terr.index(2)] = 1  # north holds one cell more
    plans(s, [], [])
    assert s.current_player() == TERMINAL and s.returns() == [1.0, -1.0] and "territory" in s.log[-1]
    s = planning(turns=1, max_turns=3)
    s.lp = [3, 4]
    plans(s, [], [])
    assert s.returns() == [-1.0, 1.0] and "LP" in s.log[-1]
    s = planning(turns=1, max_turns=3)
    plans(s, [], [])
    assert s.current_player() == CHANCE and s.turn == 2  # tied: play on
    while not s.is_terminal():
        if s.current_player() == CHANCE:
            s.apply_action(A_DIE + 3)
        else:
            plans(s, [], [])
    assert s.turn == 3 and s.returns() == [0.0, 0.0] and "hard cap" in s.log[-1]


def test_a_step_made_impossible_is_skipped_and_said():
    s = planning()
    x = free_cells(s, 1)[0]
    y, z = s.board.neighbours[x][:2]
    i = card(s, 0, where=x, atk=100, defence=100)
    j, attack = mover(s, 1, y, x, atk=3000)
    s.mpts = [2, 2]
    later = A_MOVE + i * 6 + side(s, x, z)
    plans(s, [WAIT, later], [attack])  # south destroys the piece in step 1; north's step 2 cannot happen
    assert s.zone[0][i] == GONE and s.cell[1][j] == x
    assert any("skipped" in line for line in s.log)


def test_the_opponents_plan_is_hidden_and_redealt():
    s = planning()
    x = free_cells(s, 1)[0]
    y = s.board.neighbours[x][0]
    i, step = mover(s, 1, x, y)
    s.mpts = [0, 2]
    s.apply_actions([WAIT, step])
    obs = s.observation(0)
    assert obs["opponent_plan"] == 1 and "plan" in obs
    d = s.determinize(0, random.Random(3))
    assert d.observation(0) == obs and len(d.plans[1]) == 1
    assert s.observation(1)["plan"] == [action_text(step)]


def test_first_player_choice_and_undo_friendly_plan_steps():
    g = load_game("spherion", size="small")
    s = g.new_initial_state(5)
    assert s.current_player() == CHANCE
    s.apply_action(A_RPS + 1)
    assert s.current_player() == 1 and s.legal_actions() == [A_FIRST, A_SECOND]
    s.apply_action(A_SECOND)
    assert s.first == 0
    with pytest.raises(IllegalActionError):
        s.apply_action(A_FIRST)


def test_action_text_round_trips():
    for a in range(NUM_ACTIONS):
        assert parse_action(action_text(a)) == a
    assert parse_action("  MOVE  dm d3 ") == A_MOVE + DM * 6 + 3
    assert action_text(A_ACTIVATE + 4) == "activate c4"
