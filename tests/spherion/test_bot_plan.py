"""What Spherion's bots make of a position (their shared evaluation, read by greedy and MCTS alike), on
hand-made positions: a summon is scored with the tributes it owes, guards next to the own deck master
(two, the second worth half the first) and boosted monsters are kept, and a face-down trap is worth more
where the opponent sets out; greedy plans on what its seat can see."""

from __future__ import annotations

from cardgen.engine import SIMULTANEOUS
from cardgen.engine.bots import make_bot
from cardgen.spherion.actions import A_MOVE, A_SUMMON, A_TRIBUTE, DM, READY, WAIT

from .test_rules import card, free_cells, planning, side


def _summons(card_index: int) -> range:
    return range(A_SUMMON + card_index * 24, A_SUMMON + card_index * 24 + 24)


def _greedy_plan(s, seat: int = 0, steps: int = 6) -> list[int]:
    """The steps greedy plans for `seat` (the other seat readies at once)."""
    bot = make_bot("greedy", s.game, seat, 3)
    planned = []
    while s.current_player() == SIMULTANEOUS and not s.ready[seat] and len(planned) < steps:
        a = bot.step(s)
        if a == READY:
            break
        planned.append(a)
        s.apply_actions([a, READY] if seat == 0 else [READY, a])
    return planned


def test_greedy_keeps_its_last_guard_next_to_its_deck_master_while_an_opposing_monster_nears():
    # issue 47: the bot's last monster next to its deck master walked away and the deck master fell
    s = planning()
    guard = card(s, 0, where=s.board.neighbours[s.dm[0]][1], atk=1800)
    dist = s.board.steps(s.dm[0])
    card(s, 1, where=next(c for c in free_cells(s, 40) if dist[c] == 3), atk=1800)
    s.mpts = [4, 0]
    assert any(A_MOVE + guard * 6 <= a < A_MOVE + guard * 6 + 6 for a in s.legal_actions(0))
    assert s.guards(0) == 1
    plan = _greedy_plan(s)
    assert s.guards(0, planned=True) == 1, [s.action_to_string(a, 0) for a in plan]


def test_greedy_keeps_a_second_guard_home_rather_than_walk_it_out_for_a_cell_while_an_opposing_monster_nears():
    # issue 47: with only the first guard valued, the bots walked the second one out (or tributed it) in most
    # of the turns that left their deck master less guarded; the second now counts half
    s = planning()
    near = s.board.neighbours[s.dm[0]]
    card(s, 0, where=near[1], atk=1500)
    card(s, 0, where=near[3], atk=1500)
    dist = s.board.steps(s.dm[0])
    card(s, 1, where=next(c for c in free_cells(s, 40) if dist[c] == 3), atk=1800)
    s.mpts = [2, 0]
    s.turn = 5
    assert s.guards(0) == 2
    plan = _greedy_plan(s)
    assert s.guards(0, planned=True) == 2, [s.action_to_string(a, 0) for a in plan]


def test_greedy_does_not_tribute_its_boosted_monster_for_a_barely_stronger_one():
    s = planning()
    boosted = card(s, 0, where=free_cells(s, 1)[0], atk=1500)
    s.atk_mod[0][boosted] = 500  # a Power Orb taken
    big = card(s, 0, level=5, atk=2100)
    s.spts = [1, 0]
    assert any(a in s.legal_actions(0) for a in _summons(big))
    plan = _greedy_plan(s)
    assert A_TRIBUTE + boosted not in plan, [s.action_to_string(a, 0) for a in plan]


def test_a_summon_is_scored_with_the_tributes_it_still_owes():
    # greedy scores one step at a time: a summon's value must already pay for its tributes, the cheapest
    s = planning()
    near = s.board.neighbours[s.dm[0]]
    guard = card(s, 0, where=near[1], atk=1000)
    far = card(s, 0, where=free_cells(s, 1)[0], atk=1000)
    big = card(s, 0, level=5, atk=2400)
    s.spts = [1, 0]
    owed = s.clone()
    owed.apply_actions([A_SUMMON + (big * 6 + 0) * 4, READY])
    assert owed.legal_actions(0) == sorted([A_TRIBUTE + guard, A_TRIBUTE + far])
    paid = {t: owed.clone() for t in (guard, far)}
    for t, state in paid.items():
        state.apply_actions([A_TRIBUTE + t, READY])
    assert owed.evaluate(0) == max(state.evaluate(0) for state in paid.values())


def test_a_face_down_trap_is_worth_more_nearer_the_opposing_deck_master():
    # issue 48: a set trap matters on the big boards only where the opponent's monsters pass
    s = planning()
    dist = s.board.steps(s.dm[1])
    at = next(c for c in free_cells(s, 40) if 3 <= dist[c])
    trap = card(s, 0, kind=2, where=at, effect="destroy", cond="always")
    s.faceup[0][trap] = False
    s.mpts = [2, 0]
    nb = s.board.neighbours[at]
    toward = next(c for c in nb if dist[c] < dist[at] and s.occ[c] == -1)
    away = next(c for c in nb if dist[c] > dist[at] and s.occ[c] == -1)
    value = {}
    for c in (toward, away):
        t = s.clone()
        step = A_MOVE + trap * 6 + side(s, at, c)
        assert step in t.legal_actions(0)
        t.apply_actions([step, READY])
        value[c] = t.evaluate(0)
    assert value[toward] > value[away]
    # and greedy walks it that way
    plan = _greedy_plan(s.clone(), steps=1)
    piece, d = divmod(plan[0] - A_MOVE, 6)
    assert piece == trap and dist[nb[d]] < dist[at]


def test_bot_quality_counts_a_plan_that_walks_the_last_guard_away_as_unguarded_by_choice():
    from tests.benchscripts import load

    bench = load("bot_quality")
    s = planning()
    at = s.board.neighbours[s.dm[0]][1]
    guard = card(s, 0, where=at, atk=1800)
    s.mpts = [2, 0]
    away = next(c for c in s.board.neighbours[at] if s.board.steps(s.dm[0])[c] == 2 and s.occ[c] == -1)
    walk = A_MOVE + guard * 6 + side(s, at, away)
    # (seat, its plan's steps, guards the turn began with, guards the plan leaves) of each seat made ready
    stay = s.clone()
    assert bench.spherion_guards(stay, [READY, READY]) == [(0, 0, 1, 1), (1, 0, 0, 0)]  # ready at once keeps it
    walked = s.clone()
    walked.apply_actions([walk, READY])
    assert bench.spherion_guards(walked, [READY, READY]) == [(0, 1, 1, 0)]
    # a plan readied by its last step, not by 'ready' (the count missed these before)
    full = s.clone()
    for _ in range(full.game.plan_max - 1):
        full.apply_actions([WAIT, WAIT])
    assert bench.spherion_guards(full, [walk, WAIT]) == [(0, full.game.plan_max - 1, 1, 0), (1, full.game.plan_max - 1, 0, 0)]
    assert bench.spherion_guards(full, [WAIT, WAIT])[0] == (0, full.game.plan_max - 1, 1, 1)
    # counted once played: the step that fills both plans readies both; a wait before that readies nobody
    ends = bench.spherion_guards(full, [walk, WAIT])
    full.apply_actions([walk, WAIT])
    assert bench.spherion_readied(full, ends) == [(0, 1, 0), (1, 0, 0)]
    early = s.clone()
    ends = bench.spherion_guards(early, [walk, WAIT])
    early.apply_actions([walk, WAIT])
    assert bench.spherion_readied(early, ends) == []
    ends = bench.spherion_guards(early, [READY, WAIT])
    early.apply_actions([READY, WAIT])
    assert bench.spherion_readied(early, ends) == [(0, 1, 0)]


def test_greedy_plans_on_what_its_seat_can_see_not_the_opponents_hidden_plan_or_hand():
    # issue 47: greedy judged its steps on the true state, the opponent's plan and hand included. Two
    # positions north cannot tell apart (the same board, points and counts; south's two planned steps and
    # the card in south's hand differ) must get the same steps from the same bot
    s = planning()
    near = s.board.neighbours[s.dm[0]]
    card(s, 0, where=near[1], atk=1500)
    card(s, 0, where=near[3], atk=1200)
    dist = s.board.steps(s.dm[0])
    at = next(c for c in free_cells(s, 40) if dist[c] == 4)
    foe = card(s, 1, where=at, atk=1800)
    card(s, 1, atk=2000)  # in south's hand, no Summon point to play it
    s.mpts = [3, 2]
    s.turn = 12
    toward = next(c for c in s.board.neighbours[at] if dist[c] == 3 and s.occ[c] == -1)
    closer = next(c for c in s.board.neighbours[toward] if dist[c] == 2 and s.occ[c] == -1)
    twins = [s.clone(), s.clone()]
    twins[0].apply_actions([WAIT, A_MOVE + foe * 6 + side(s, at, toward)])
    twins[0].apply_actions([WAIT, A_MOVE + foe * 6 + side(s, toward, closer)])
    for _ in range(2):
        twins[1].apply_actions([WAIT, WAIT])
    other = twins[1]
    held, kept = other.hand[1][0], other.deck[1][0]
    other.hand[1], other.deck[1][0] = sorted(other.hand[1][1:] + [kept]), held  # another card, hidden from north
    other.zone[1][held], other.zone[1][kept] = other.zone[1][kept], other.zone[1][held]
    other._proj = [None, None]
    assert twins[0].observation(0) == twins[1].observation(0)
    for seed in range(8):
        chosen = [make_bot("greedy", t.game, 0, seed).step(t.clone()) for t in twins]
        assert chosen[0] == chosen[1], (seed, [twins[0].action_to_string(a, 0) for a in chosen])


def test_plan_cost_counts_the_guards_a_plan_gives_up_and_one_more_for_the_last():
    # what the plan bot's cheapest-plan rule reads: a guard walked off, the deck master walked away
    s = planning()
    near = s.board.neighbours[s.dm[0]]
    a = card(s, 0, where=near[1], atk=1500)
    card(s, 0, where=near[2], atk=1500)
    s.mpts = [3, 0]
    s._proj = [None, None]
    before = s.to_json()
    away = [x for x in s.board.neighbours[near[1]] if x != s.dm[0] and x not in near]
    off = A_MOVE + a * 6 + side(s, near[1], away[0])
    assert off in s.legal_actions(0)
    assert s.plan_cost(0, []) == 0 and s.plan_cost(0, [WAIT, READY]) == 0
    assert s.plan_cost(0, [off]) == 1  # one of two guards gone: the deck master still has one
    # the deck master walks: where it ends, its neighbours are counted again; none left costs one more
    costs = []
    for step in (A_MOVE + DM * 6 + d for d in range(6)):
        if step in s.legal_actions(0):
            j = s.clone()
            j.apply_actions([step, WAIT])
            left = j.guards(0, planned=True)
            costs.append(s.plan_cost(0, [step]))
            assert costs[-1] == max(0, 2 - left) + (left == 0)
    assert 3 in costs  # walked away from both
    assert s.to_json() == before and s.plan_cost(1, []) == 0
