"""Spherion's documented choices where the rulebook is silent (docs/rules/spherion.md), each on a
hand-made position under its default and its option: who activates a spell on the field, what a
move step that cannot happen costs, the heal ceiling, the attacker turning face-up, and what a
seat sees of the opponent's plan."""

from __future__ import annotations

import random

from cardgen.engine import load_game
from cardgen.spherion.actions import A_ACTIVATE, A_MOVE, A_POSITION, A_SUMMON, READY, WAIT, action_text
from cardgen.spherion.position import FIELDZ, GONE, LP
from tests.spherion.test_rules import card, free_cells, mover, planning, plans, side


def _activations(s, p=0):
    return [a for a in s.legal_actions(p) if A_ACTIVATE <= a < A_ACTIVATE + 64]


# -- a spell on the field: its owner activates it ----------------------------------------------


def test_the_owner_activates_its_spell_on_the_field():
    s = planning()
    x = free_cells(s, 1)[0]
    sp = card(s, 0, kind=1, where=x, effect="move_points", amount=3)
    s.faceup[0][sp] = False  # set face-down: the owner may still activate it
    assert _activations(s) == [A_ACTIVATE + sp]
    plans(s, [A_ACTIVATE + sp], [])
    assert s.zone[0][sp] == GONE and s.occ[x] == -1 and s.mpts[0] == 3
    assert any("north activates" in line for line in s.log)


def test_the_points_a_planned_spell_brings_pay_for_the_later_steps_of_the_same_plan():
    # a player writes 'activate Swift Winds, move, move' with no Move point of their own: the
    # spell's 3 points pay for the moves; a Summon-point spell pays for a summon the same way
    s = planning()
    x, y = free_cells(s, 2)
    sp = card(s, 0, kind=1, where=x, effect="move_points", amount=3)
    far = s.board.neighbours[y][0]
    i, step = mover(s, 0, y, far, atk=1500)
    assert not any(A_MOVE <= a < A_SUMMON for a in s.legal_actions(0))  # no Move point yet
    s.apply_actions([A_ACTIVATE + sp, WAIT])
    assert step in s.legal_actions(0)
    plans(s, [step], [])
    assert s.cell[0][i] == far and s.mpts[0] == 2
    s = planning()
    x = free_cells(s, 1)[0]
    sp = card(s, 0, kind=1, where=x, effect="summon_points", amount=1)
    m = card(s, 0)
    assert not any(A_SUMMON <= a < A_SUMMON + 10_000 and (a - A_SUMMON) // 24 == m for a in s.legal_actions(0))
    s.apply_actions([A_ACTIVATE + sp, WAIT])
    summon = A_SUMMON + (m * 6 + 0) * 4
    assert summon in s.legal_actions(0)
    plans(s, [summon], [])
    assert s.zone[0][m] == FIELDZ and s.spts[0] == 0
    # the spell does not go off when its step comes (its condition, 'behind on territory', held
    # when the plan was made; the plan's own summon evened the count): the move is skipped, free
    s = planning()
    x, y = free_cells(s, 2)
    sp = card(s, 0, kind=1, where=x, effect="move_points", amount=3, cond="behind")
    i, step = mover(s, 0, y, s.board.neighbours[y][0], atk=1500)
    m = card(s, 0)
    s.terr[s.board.neighbours[s.dm[0]][0]] = 0  # north one cell behind
    s.spts = [1, 0]
    s._proj = [None, None]
    plans(s, [A_SUMMON + (m * 6 + 0) * 4, A_ACTIVATE + sp, step], [])
    assert s.zone[0][m] == FIELDZ and s.zone[0][sp] == FIELDZ  # the spell stayed: its step was skipped
    assert s.cell[0][i] == y and s.mpts[0] == 0


def test_the_owner_activates_only_when_the_condition_holds_and_never_a_trap_or_a_spell_just_set():
    s = planning()
    x, y = free_cells(s, 2)
    sp = card(s, 0, kind=1, where=x, effect="heal", amount=1, cond="lp_at_most", value=3)
    card(s, 0, kind=2, where=y, effect="destroy")  # a trap is never activated by its owner
    assert _activations(s) == []  # LP 5: the condition does not hold
    s.lp[0] = 3
    s._proj = [None, None]
    assert _activations(s) == [A_ACTIVATE + sp]
    # a spell placed in this plan is not on the field yet when the plan is made
    s = planning()
    fresh = card(s, 0, kind=1, effect="draw", amount=1)
    s.spts = [1, 0]
    s.apply_actions([A_SUMMON + (fresh * 6 + 0) * 4, READY])
    assert A_ACTIVATE + fresh not in s.legal_actions(0)


def test_activate_touch_a_spell_fires_only_when_run_into():
    s = planning(activate="touch")
    x = free_cells(s, 1)[0]
    y = s.board.neighbours[x][0]
    sp = card(s, 0, kind=1, where=x, effect="move_points", amount=3)
    assert _activations(s) == []
    i, step = mover(s, 1, y, x, atk=500)
    s.mpts = [0, 2]
    plans(s, [], [step])
    # run into, it activates for its owner, then the monster destroys it and takes the cell
    assert s.zone[0][sp] == GONE and s.mpts[0] == 3 and s.cell[1][i] == x


# -- a move step that cannot happen: skipped at no cost ----------------------------------------


def _blocked(face_up, defence=True, **cfg):
    """North's defence-position monster on x plans: wait, x -> y (empty when planned), and, face-up (it
    moves two cells), one more step; south moves a monster into y in step 1, so north's step 2 meets an
    opposing card it may not attack. The third step names a side, read from where the monster is."""
    s = planning(**cfg)
    nb = s.board.neighbours
    x = free_cells(s, 1)[0]
    y = nb[x][0]
    z = next(c for c in nb[y] if c != x and s.occ[c] == -1 and c not in nb[x])
    i = card(s, 0, where=x, atk=2000, defence=500)
    s.faceup[0][i], s.defpos[0][i] = face_up, defence
    j, into_y = mover(s, 1, z, y, atk=100, defence=100)
    s.mpts = [3, 2]
    north = [WAIT, A_MOVE + i * 6 + side(s, x, y)]
    k = next(k for k in range(1, min(len(nb[x]), len(nb[y])))
             if s.occ[nb[x][k]] == -1 and s.occ[nb[y][k]] == -1 and nb[y][k] != x)  # fmt: skip
    if face_up:
        north.append(A_MOVE + i * 6 + k)
    for n, a in enumerate(north):
        assert a in s.legal_actions(0)
        s.apply_actions([a, into_y if n == 0 else WAIT])
    plans(s, [], [])
    return s, i, j, x, y, nb[x][k]


def test_a_blocked_move_is_skipped_free_and_the_monster_stays_face_down():
    s, i, j, x, y, _ = _blocked(False)
    assert any("skipped (defence position does not attack)" in line for line in s.log)
    assert s.cell[1][j] == y and s.zone[1][j] == FIELDZ  # untouched
    assert s.faceup[0][i] is False and s.cell[0][i] == x and s.mpts[0] == 3  # nothing paid, nothing shown


def test_a_blocked_move_leaves_the_monster_its_movement():
    s, i, j, x, y, w = _blocked(True)
    assert s.cell[0][i] == w and s.mpts[0] == 2  # its third step went ahead; only that move was paid


def test_attacker_face_up_a_face_down_monster_meeting_a_monster_is_skipped():
    s, i, j, x, y, _ = _blocked(False, defence=False, attacker="face-up")
    assert any("skipped (a face-down monster does not attack)" in line for line in s.log)
    assert s.faceup[0][i] is False and s.cell[0][i] == x and s.zone[1][j] == FIELDZ and s.mpts[0] == 3
    s, i, j, x, y, _ = _blocked(False, defence=False)  # the default: it attacks, turned face-up
    assert s.faceup[0][i] is True and s.zone[1][j] == GONE and s.cell[0][i] == y


def test_blocked_spent_the_skipped_move_pays_stops_and_reveals():
    s, i, j, x, y, w = _blocked(False, blocked="spent")
    assert s.faceup[0][i] is True and s.cell[0][i] == x and s.mpts[0] == 2
    s, i, j, x, y, w = _blocked(True, blocked="spent")
    assert s.cell[0][i] == x and s.mpts[0] == 2
    assert sum("skipped" in line for line in s.log) == 2  # the third step: its movement had ended


def test_a_defence_position_monster_does_not_run_into_a_trap_set_in_its_way():
    s = planning()
    dm1 = s.dm[1]
    x = s.board.neighbours[dm1][0]
    src = next(c for c in s.board.neighbours[x] if c != dm1 and s.occ[c] == -1)
    i, step = mover(s, 0, src, x, atk=2000)
    s.defpos[0][i] = True
    t = card(s, 1, kind=2, effect="destroy")
    s.mpts, s.spts = [2, 0], [0, 1]
    plans(s, [WAIT, step], [A_SUMMON + (t * 6 + 0) * 4 + 2])
    assert s.zone[0][i] == FIELDZ and s.cell[0][i] == src and s.zone[1][t] == FIELDZ and s.mpts[0] == 2


def test_the_plan_offers_no_attack_the_monster_cannot_make():
    s = planning()
    x = free_cells(s, 1)[0]
    y = s.board.neighbours[x][0]
    i = card(s, 0, where=x)
    card(s, 1, where=y)
    attack = A_MOVE + i * 6 + side(s, x, y)
    s.mpts = [2, 0]
    assert attack in s.legal_actions(0)
    s.apply_actions([A_POSITION + i, READY])  # to defence: no attack left
    assert attack not in s.legal_actions(0)
    # a monster placed face-up in defence position in this plan does not attack either
    s = planning()
    nb = s.board.neighbours
    d = nb[s.dm[0]][0]
    foe = next(c for c in nb[d] if c != s.dm[0] and c not in nb[s.dm[0]])
    m = card(s, 0)
    card(s, 1, where=foe)
    s.spts, s.mpts = [1, 0], [4, 0]
    s._proj = [None, None]
    s.apply_actions([A_SUMMON + (m * 6 + 0) * 4 + 1, READY])  # up-def on d
    legal = s.legal_actions(0)
    assert A_MOVE + m * 6 + side(s, d, foe) not in legal
    assert any(A_MOVE + m * 6 <= a < A_MOVE + m * 6 + 6 for a in legal)  # it still moves


# -- heal: never above the starting 5 LP -------------------------------------------------------


def test_heal_is_capped_at_the_starting_lp_unless_uncapped():
    for heal, want in (("capped", LP), ("uncapped", LP + 1)):
        s = planning(heal=heal)
        x = free_cells(s, 1)[0]
        sp = card(s, 0, kind=1, where=x, effect="heal", amount=2)
        s.lp[0] = 4
        plans(s, [A_ACTIVATE + sp], [])
        assert s.lp[0] == want and s.invariant_violations() == []


# -- the attacker turns face-up ---------------------------------------------------------------


def test_a_face_down_attacker_is_turned_face_up():
    s = planning()
    x = free_cells(s, 1)[0]
    y = s.board.neighbours[x][0]
    i, step = mover(s, 0, x, y, atk=1000)
    s.faceup[0][i] = False
    j = card(s, 1, where=y, defence=1000)
    s.mpts = [2, 0]
    plans(s, [step], [])
    assert s.faceup[0][i] is True and s.observation(1)["field"][0]["name"] == s.game.cards[0][i].name
    assert s.zone[1][j] == FIELDZ  # ATK = DEF: nothing else happens


def test_attacker_face_up_a_face_down_monster_must_turn_face_up_first():
    s = planning(attacker="face-up")
    x = free_cells(s, 1)[0]
    y, w = s.board.neighbours[x][:2]
    i, step = mover(s, 0, x, y, atk=2000)
    s.faceup[0][i] = False
    j = card(s, 1, where=y, defence=500)
    s.mpts = [3, 0]
    s._proj = [None, None]
    legal = s.legal_actions(0)
    assert step not in legal and A_MOVE + i * 6 + side(s, x, w) in legal  # it still moves
    s.defpos[0][i] = True  # face-down defence: a position step turns it face-up in attack position
    s._proj = [None, None]
    s.apply_actions([A_POSITION + i, READY])
    assert step in s.legal_actions(0)
    s.apply_actions([step, READY])
    plans(s, [], [])
    assert s.zone[1][j] == GONE and s.cell[0][i] == y


# -- what a seat sees of the opponent's plan --------------------------------------------------


def test_the_opponent_sees_how_many_steps_a_plan_holds_never_which():
    s = planning()
    x = free_cells(s, 1)[0]
    i, step = mover(s, 1, x, s.board.neighbours[x][0])
    s.mpts = [0, 2]
    s.apply_actions([WAIT, step])
    s.apply_actions([READY, WAIT])
    obs = s.observation(0)
    assert obs["opponent_plan"] == 2 and obs["ready"] == [True, False]
    assert action_text(step) not in str(obs) and "2 steps" in s.render(player=0)
    assert obs == s.determinize(0, random.Random(1)).observation(0)


def test_every_new_option_is_declared_with_its_default():
    g = load_game("spherion", size="small")
    want = {"activate": "owner", "blocked": "free", "heal": "capped", "attacker": "revealed", "set_cards": "move"}
    assert {k: g.config[k] for k in want} == want


# -- a set spell or trap moves: "face-down cards can only move once to an adjacent hexagon" -----


def _set_trap(**cfg):
    """North's face-down destroy trap on x, south's monster on z two cells from it (x - y - z)."""
    s = planning(**cfg)
    nb = s.board.neighbours
    x = free_cells(s, 1)[0]
    y = next(c for c in nb[x] if s.occ[c] == -1 and c not in (s.dm[0], s.dm[1]))
    z = next(c for c in nb[y] if c != x and c not in nb[x] and s.occ[c] == -1 and c not in (s.dm[0], s.dm[1]))
    t = card(s, 0, kind=2, effect="destroy", where=x)
    s.faceup[0][t] = False
    j, into_y = mover(s, 1, z, y, atk=2000)
    s.mpts = [2, 2]
    return s, t, j, x, y, z, into_y


def test_a_set_trap_moves_one_cell_into_the_opponents_way_and_goes_off():
    s, t, j, x, y, z, into_y = _set_trap()
    step = A_MOVE + t * 6 + side(s, x, y)
    assert step in s.legal_actions(0)
    s.apply_actions([step, WAIT])
    assert not any(A_MOVE + t * 6 <= a < A_MOVE + t * 6 + 6 for a in s.legal_actions(0))  # once a turn
    plans(s, [], [into_y])
    # south's monster runs into the trap where it now stands: the trap goes off and destroys it
    assert s.zone[1][j] == GONE and s.zone[0][t] == GONE and s.mpts[0] == 1
    assert any("trap" in line.lower() or "destroy" in line for line in s.log)


def test_a_set_trap_and_a_monster_entering_one_cell_the_trap_goes_off():
    s, t, j, x, y, z, into_y = _set_trap()
    plans(s, [A_MOVE + t * 6 + side(s, x, y)], [into_y])
    assert s.zone[1][j] == GONE and s.zone[0][t] == GONE


def test_a_face_up_or_fixed_spell_or_trap_does_not_move_nor_onto_a_card():
    s, t, j, x, y, z, into_y = _set_trap()
    s.faceup[0][t] = True
    s._proj = [None, None]
    assert not any(A_MOVE + t * 6 <= a < A_MOVE + t * 6 + 6 for a in s.legal_actions(0))
    s, t, j, x, y, z, into_y = _set_trap(set_cards="fixed")
    assert not any(A_MOVE + t * 6 <= a < A_MOVE + t * 6 + 6 for a in s.legal_actions(0))
    s, t, j, x, y, z, into_y = _set_trap()
    card(s, 1, where=y)  # an opposing monster next to the trap
    assert A_MOVE + t * 6 + side(s, x, z if z in s.board.neighbours[x] else y) not in s.legal_actions(0)
    assert any(A_MOVE + t * 6 <= a < A_MOVE + t * 6 + 6 for a in s.legal_actions(0))  # elsewhere it may
