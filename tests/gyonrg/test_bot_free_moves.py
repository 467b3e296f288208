"""A bot does not move a fleet back for free (issue 47: 'move b4 c3', then 'move c3 b4', both at
0 Action Points, in a searching bot's turn). A fleet whose move costs no Action Point can go
there and back without end; the way back changes nothing, like a rotation back, so the bots
leave it out (a person may still play it)."""

import random

from cardgen.engine import CHANCE, load_game
from cardgen.gyonrg.position import BOARD

from .test_engine_rules import blank, card_of, put, sec, weapon_forward


def _free_move_and_its_way_back():
    """A position right after a free move whose way straight back is legal, and that way back."""
    game = load_game("gyonrg")
    layout = game.layout
    for seed in range(200):
        state, rng = game.new_initial_state(seed), random.Random(seed)
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance())
                continue
            acts = state.legal_actions()
            a = acts[rng.randrange(len(acts))]
            if state.phase == BOARD and layout.move <= a < layout.rotate:
                ap, mover = state.ap, state.player
                act = layout.decode(a)
                state.apply_action(a)
                if state.ap == ap and state.phase == BOARD and state.current_player() == mover:
                    back = [b for b in state.legal_actions() if layout.move <= b < layout.rotate
                            and (layout.decode(b).sector, layout.decode(b).dest) == (act.dest, act.sector)]
                    if back:
                        return state, back
                continue
            state.apply_action(a)
    raise AssertionError("no free move with a way back in 200 random games")


def test_bots_leave_out_a_free_move_straight_back():
    state, back = _free_move_and_its_way_back()
    assert set(back) <= set(state.legal_actions()), "a person may still move back"
    assert not set(back) & set(state.bot_actions())
    assert state.bot_actions(), "the bots keep other moves"
    # a copy and a record read back remember the free move
    assert not set(back) & set(state.clone().bot_actions())
    assert not set(back) & set(state.game.state_from_json(state.to_json()).bot_actions())


def test_the_memory_ends_with_the_turn():
    state, back = _free_move_and_its_way_back()
    mover = state.player
    while state.player == mover and not state.is_terminal():
        state.apply_action(state.game.layout.end if state.game.layout.end in state.legal_actions()
                           else state.legal_actions()[0])
    assert state.freed == 0


def test_a_searching_bot_goes_round_in_no_circle():
    """Seed 1005, two searching bots (mcts at 1,200 playouts with minimax against mcts at 400):
    red went round b4 -> a4 -> b5 -> b4 for free a dozen times in one turn. No position of a
    turn's board phase comes back within it now."""
    game = load_game("gyonrg")
    from cardgen.engine.bots import make_bot

    state = game.new_initial_state(1005)
    bots = [make_bot(spec, game, p, 1005) for p, spec in enumerate(("mcts:iterations=1200,minimax=0.5", "mcts:iterations=400"))]
    turn, seen, free_moves = None, set(), 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance())
            continue
        if state.turn != turn:
            turn, seen = state.turn, set()
        if state.phase == BOARD:
            key = (tuple(map(tuple, state.board)), tuple(state.facing), state.ap, tuple(state.hands[state.player]))
            assert key not in seen, f"turn {turn}: a position of the board phase came back"
            seen.add(key)
        ap = state.ap
        action = bots[state.current_player()].step(state)
        moving = state.phase == BOARD and game.layout.move <= action < game.layout.rotate
        state.apply_action(action)
        free_moves += moving and state.ap == ap
    assert free_moves, "no free move was made: the test would prove nothing"


def test_a_fleet_turns_once_between_its_attacks():
    """Medium ended a turn with 'rotate b1 cw', 'rotate b1 back', 'rotate b1 ccw' (and the same for
    c1): one turn from where a fleet stands reaches any facing, so the bots turn a fleet once
    until it attacks, moves or the turn ends. A person may still turn it again."""
    from cardgen.engine.bots import make_bot

    game = load_game("gyonrg")
    layout = game.layout
    rotations = 0
    for seed in range(4, 12):  # (the bots turn a fleet only to attack: a few times in these games)
        state = game.new_initial_state(seed)
        bots = [make_bot(spec, game, p, seed) for p, spec in enumerate(("greedy", "mcts:iterations=400"))]
        turned: set = set()
        turn = None
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance())
                continue
            if state.turn != turn:
                turn, turned = state.turn, set()
            action = bots[state.current_player()].step(state)
            act = layout.decode(action)
            if act.kind == "rotate":
                assert act.sector not in turned, f"seed {seed} turn {turn}: a fleet turned twice without attacking"
                turned.add(act.sector)
                rotations += 1
            elif act.kind in ("attack", "move", "deploy"):
                turned.discard(act.sector)
                turned.discard(act.dest)
            state.apply_action(action)
    assert rotations, "no fleet turned: the test would prove nothing"
    assert state.spun == 0  # the memory ends with the game's last turn


def _aim_position(rotation="any", ap=6, rotate_cost=1, attack_cost=1):
    """Red's fleet at c2 whose weapon reaches the one sector ahead, blue's weak ship at d2 (to
    red's right): only a clockwise turn gives red something to attack."""
    game = load_game("gyonrg", rotation=rotation)
    s = blank(game, ap=ap)
    red = card_of(game, 0, 0, rotate_cost=rotate_cost, attack_cost=attack_cost, attack=9)
    weapon_forward(game, red, 0)
    put(s, sec("c2"), red)
    put(s, sec("d2"), card_of(game, 1, 0, shield=1))
    return s


def _turns(s, actions):
    return sorted(s.action_to_string(a) for a in actions if s.game.layout.decode(a).kind == "rotate")


def test_a_turn_with_nothing_to_attack_after_it_is_left_out():
    """Hard turned three fleets for free in one turn and attacked with none: a fleet turns to
    attack, and faces the opponent again when the turn ends, so the bots turn it only where it
    then has a target and the Action Points to attack it. A person may still turn it."""
    s = _aim_position()
    assert _turns(s, s.legal_actions()) == ["rotate c2 back", "rotate c2 ccw", "rotate c2 cw"]
    assert _turns(s, s.bot_actions()) == ["rotate c2 cw"]
    s.apply_action(s.string_to_action("rotate c2 cw"))
    assert "attack c2 d2" in {s.action_to_string(a) for a in s.bot_actions()}
    # no Action Points left for the attack after the turn: no turn either
    s = _aim_position(ap=3, rotate_cost=2, attack_cost=2)
    assert _turns(s, s.legal_actions()) and _turns(s, s.bot_actions()) == []
    # a jammed Captain cannot attack
    s = _aim_position()
    s.jams[s.board[sec("c2")][0]] = s.turn + 1
    s._legal = None
    assert _turns(s, s.bot_actions()) == []


def test_under_quarter_turns_the_first_of_two_stays():
    """rotation=quarter: a half turn is two quarter turns, the first of which aims at nothing."""
    s = _aim_position(rotation="quarter")
    s.board[sec("d2")], s.owner[sec("d2")] = [], -1
    put(s, sec("c1"), card_of(s.game, 1, 1, shield=1))  # behind red's fleet
    assert _turns(s, s.bot_actions()) == ["rotate c2 ccw", "rotate c2 cw"]
    s.apply_action(s.string_to_action("rotate c2 cw"))
    assert _turns(s, s.bot_actions()) == ["rotate c2 cw"]  # the second quarter turn, not the way back
