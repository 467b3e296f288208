"""The bots as a user relies on them: they find a winning move on hand-made positions of
each game, keep the same moves for the same seed and iteration count, honour a time
budget and the difficulty names, and the games' evaluations prefer the better side."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardgen.engine.bots import BOT_NAMES, DIFFICULTIES, MCTS_OPTIONS, make_bot, parse_bot_spec
from cardgen.engine.registry import game_names, load_game
from cardgen.errors import CardgenError
from cardgen.gyre import engine as gyre_engine

DATA = Path(__file__).parent / "data"

# Gyre 4x4, blue to move, one tile left: claiming it at once only draws; turning the gyre at
# b2 or d3 clockwise first (actions 26, 47) wins (26 needs 47 after it). Found by exhaustive
# search over the turn's lines.
GYRE_WIN = {"size": 4, "players": 2, "board": "BBBBBRBBRRR.RRRR", "gyres": "RR..BBRR....RRRB", "inactive": [],
            "player": 1, "turn": 15, "gyrations": 0, "ply": 15}  # fmt: skip


def _play_turn(bot, state) -> None:
    seat = state.current_player()
    while not state.is_terminal() and state.current_player() == seat:
        state.apply_action(bot.step(state))


def test_gyre_position_needs_the_gyration():
    game = load_game("gyre", size=4)
    state = game.state_from_json(GYRE_WIN)
    claim = state.clone()
    claim.apply_action(11)  # the empty tile
    assert claim.returns() == [0.5, 0.5]  # a draw, not the win


@pytest.mark.parametrize("spec", ["mcts:200", "mcts:iterations=200,reuse=0", "mcts:iterations=200,minimax=0.5", "hard",
                                  "mcts:iterations=2000,c=0.1,root_c=0.3"])
def test_mcts_finds_the_gyre_win_in_one_turn(spec):
    game = load_game("gyre", size=4)
    state = game.state_from_json(GYRE_WIN)
    bot = make_bot(spec, game, 1, seed=4)
    assert bot.step(state.clone()) in (26, 47)
    _play_turn(bot, state)
    assert state.is_terminal() and state.returns() == [0.0, 1.0]


def test_a_move_that_ends_the_game_is_not_searched_again():
    # c=0.1 without a wider root: the draw is exact, so the search spends its playouts on the
    # gyrations (it used to put 29,991 of 30,000 on the draw); the position is worth at least
    # the draw to blue, whatever the lines tried find
    game = load_game("gyre", size=4)
    state = game.state_from_json(GYRE_WIN)
    bot = make_bot("mcts:iterations=3000,c=0.1", game, 1, seed=4)
    bot.step(state.clone())
    root = bot._root
    assert root is not None and root.ends == (11, [0.5, 0.5])
    assert root.children[11].visits <= 1
    assert sum(child.visits for a, child in root.children.items() if a != 11) >= root.visits - 2
    assert root.mean(1) >= 0.5


def test_minimax_backups_keep_the_best_child_value_at_every_node():
    """minimax=: every searched node holds its best child's backed-up evaluation for the seat
    to move there (implicit minimax), whatever order the descents updated them in."""
    game = load_game("gyre", size=4)
    state = game.new_initial_state(3)
    bot = make_bot("mcts:iterations=4000,minimax=0.5", game, 0, seed=3)
    action = bot.step(state)
    assert bot._tree is not None
    _, node = bot._tree  # the subtree kept for the next move
    after = state.clone()
    after.apply_action(action)
    checked = []

    def walk(node, s) -> None:
        if not node.expanded or not node.children:
            return
        p = s.current_player()
        assert node.mm[p] == max(child.mm[p] for child in node.children.values())
        checked.append(node)
        for a, child in node.children.items():
            t = s.clone()
            t.apply_action(a)
            walk(child, t)

    walk(node, after)
    assert len(checked) >= 5


def _finish_turn(state) -> None:
    seat = state.current_player()
    end = state.game.layout.end
    while not state.is_terminal() and state.current_player() == seat:
        state.apply_action(end if end in state.legal_actions() else state.legal_actions()[0])


def test_mcts_finds_the_gyonrg_move_that_wins_at_its_next_turn():
    """Blue needs one more Victory Point; red has no ships or cards left. Ending the turn
    where the fleets stand does not win; moving a Captain onto a goal sector does."""
    game = load_game("gyonrg")
    state = game.state_from_json(json.loads((DATA / "gyonrg_win_next_turn.json").read_text()))
    seat = state.current_player()
    idle = state.clone()
    _finish_turn(idle)
    _finish_turn(idle)
    assert not idle.is_terminal()
    bot = make_bot("mcts:600", game, seat, seed=2)
    _play_turn(bot, state)
    _finish_turn(state)  # the opponent has nothing to play
    assert state.is_terminal() and state.winner == seat


@pytest.mark.parametrize("name", ["gyre", "gyonrg", "toy-bid"])
def test_same_seed_and_iterations_give_the_same_moves(name):
    game = load_game(name, **({"size": 5} if name == "gyre" else {}))
    moves = []
    for _ in range(2):
        state = game.new_initial_state(11)
        bots = [make_bot("mcts:12", game, p, seed=11) for p in range(game.num_players)]
        seq = []
        for _ in range(12):
            if state.is_terminal():
                break
            p = state.current_player()
            if p < 0 and state.is_chance_node():
                a = state.sample_chance()
                state.apply_action(a)
            elif p < 0:
                a = [bots[q].step(state) if state.legal_actions(q) else game.noop_action for q in range(game.num_players)]
                state.apply_actions(a)
            else:
                a = bots[p].step(state)
                state.apply_action(a)
            seq.append(a)
        moves.append(seq)
    assert moves[0] == moves[1] and len(moves[0]) >= 4


def test_a_time_budget_stops_the_search_before_the_iteration_cap():
    game = load_game("gyre")
    state = game.new_initial_state()
    bot = make_bot("mcts:time=0.05", game, 0, seed=1)
    assert bot.iterations == MCTS_OPTIONS["iterations"][2]
    bot.step(state)
    assert 1 <= bot.last_iterations < bot.iterations
    assert "iterations" in bot.explain()


def test_a_timed_search_begins_no_descent_that_would_end_past_its_budget(monkeypatch):
    # a clock that moves only when the search descends: 0.1 s a descent, against a 1 s budget
    # (medium's); the search used to begin its last descent just before the deadline and
    # overshoot by it
    from cardgen.engine import bots as bots_module

    clock = [0.0]
    monkeypatch.setattr(bots_module.time, "perf_counter", lambda: clock[0])
    game = load_game("gyre")
    bot = make_bot("mcts:time=1.0", game, 0, seed=1)
    real = bot._iterate

    def descend(root, s):
        clock[0] += 0.1
        real(root, s)

    monkeypatch.setattr(bot, "_iterate", descend)
    bot.step(game.new_initial_state())
    assert 0.8 < clock[0] <= 1.0


def test_difficulty_names_are_tuned_mcts_settings():
    for name, spec in DIFFICULTIES.items():
        assert parse_bot_spec(name) == parse_bot_spec(spec)
    game = load_game("gyre", size=4)
    bot = make_bot("HARD", game, 0)
    assert bot.spec() == "hard" and bot.time > 0
    easy = make_bot("easy", game, 0)
    assert easy.blunder > 0 and easy.iterations < make_bot("medium", game, 0).iterations
    with pytest.raises(CardgenError, match="takes no options"):
        parse_bot_spec("hard:5")


def test_a_game_tunes_its_own_difficulties():
    """A difficulty name stands for the game's own setting where it has one (Gyre's hard
    searches deeper, Gyon-RG's is bound by its time alone, Gin-jon-tan's guesses the hands it
    cannot see), else for the shared one (the toy game's); either
    way the bot calls itself by the name."""
    gyre, gyonrg, toy = load_game("gyre", size=4), load_game("gyonrg"), load_game("toy-bid")
    assert gyre.difficulties["hard"] != DIFFICULTIES["hard"]
    hard = make_bot("hard", gyre, 0)
    assert (hard.iterations, hard.minimax, hard.c) == (30000, 1.0, 0.1) and hard.spec() == "hard"
    assert parse_bot_spec("hard", gyre) == parse_bot_spec(gyre.difficulties["hard"])
    hard = make_bot("hard", gyonrg, 0)
    assert (hard.time, hard.minimax) == (1.8, 0.5) and hard.iterations > make_bot("hard", toy, 0).iterations
    assert hard.spec() == "hard"
    assert parse_bot_spec("hard", toy) == parse_bot_spec(DIFFICULTIES["hard"]) == parse_bot_spec("hard")
    assert make_bot("hard", toy, 0).c == MCTS_OPTIONS["c"][3]
    # Gin-jon-tan's hard guesses the hidden hands as a careful player would; its medium deals them at random
    ginjontan = load_game("ginjontan")
    assert make_bot("hard", ginjontan, 0).beliefs and not make_bot("medium", ginjontan, 0).beliefs


@pytest.mark.parametrize("name", game_names())
def test_every_games_own_difficulties_are_valid_bots(name):
    game = load_game(name)
    for level, spec in game.difficulties.items():
        assert level in DIFFICULTIES, f"{name}: {level!r} is not a difficulty people can pick"
        assert parse_bot_spec(spec)[0] in BOT_NAMES
        assert make_bot(level, game, 0).spec() == level


@pytest.mark.parametrize("spec", ["mcts:60", "mcts:time=1.5", "mcts:iterations=300,time=0.5,c=0.7",
                                  "mcts:iterations=9,rollout=4,epsilon=0.25,blunder=0.1,reuse=0",
                                  "mcts:iterations=50,minimax=0.4", "mcts:iterations=50,c=0.1,root_c=0.3",
                                  "mcts:iterations=50,transpose=0", "mcts:iterations=50,deep=1",
                                  "mcts:iterations=50,beliefs=1"])
def test_mcts_spec_round_trips(spec):
    game = load_game("gyre", size=4)
    bot = make_bot(spec, game, 0)
    again = make_bot(bot.spec(), game, 0)
    assert parse_bot_spec(again.spec()) == parse_bot_spec(bot.spec())
    assert {k: getattr(again, k) for k in MCTS_OPTIONS} == {k: getattr(bot, k) for k in MCTS_OPTIONS}


@pytest.mark.parametrize("spec,needle", [
    ("mcts:time=nan", "bad value"), ("mcts:time=-1", "bad value"), ("mcts:time=61", "from 0 to 60"),
    ("mcts:iterations=1.5", "whole number"), ("mcts:blunder=2", "from 0 to 1"), ("mcts:time=1e9", "bad value"),
    ("mcts:time=", "bad value"), ("mcts:speed=3", "unknown mcts option"), ("expert", "easy, medium, hard"),
    ("mcts:deep=2", "from 0 to 1"),
])  # fmt: skip
def test_bad_mcts_specs_say_what_is_accepted(spec, needle):
    with pytest.raises(CardgenError, match=needle):
        parse_bot_spec(spec)


def test_max_rollout_is_still_read_as_rollout():
    assert parse_bot_spec("mcts:max_rollout=5") == ("mcts", {"rollout": 5})


# ----- evaluations on hand-made positions ---------------------------------------------

def _gyre(board: str, player: int = 0, gyres: str = "." * 16):
    game = load_game("gyre", size=4)
    return game.state_from_json({"size": 4, "players": 2, "board": board, "gyres": gyres, "inactive": [],
                                 "player": player, "turn": 0, "gyrations": 0, "ply": 0})  # fmt: skip


def test_gyre_evaluation_prefers_the_bigger_cluster():
    state = _gyre("RR..RR......B..B")
    assert state.evaluate(0) > 0 > state.evaluate(1)
    assert state.evaluate_all() == [state.evaluate(0), state.evaluate(1)]


def test_gyre_evaluation_counts_a_capture_threat_whoever_is_to_move(monkeypatch):
    # blue b2 (index 5) has seven red neighbours; a red claim of c3 (index 10) captures it
    threat = _gyre("RRR.RBR.RR......", player=0)
    assert threat.evaluate(0) > 0 > threat.evaluate(1)
    # the same value with blue to move: MCTS compares positions at different depths, and a
    # value that swings with the side to move made deeper search lose to shallower
    waiting = _gyre("RRR.RBR.RR......", player=1)
    assert waiting.evaluate_all() == threat.evaluate_all()
    with_threat = threat.evaluate(0)
    monkeypatch.setattr(gyre_engine, "THREAT", 0.0)
    assert threat.evaluate(0) < with_threat  # the threat itself is worth something to red


def test_gyre_evaluation_of_a_finished_game_is_decisive():
    game = load_game("gyre", size=4)
    state = game.state_from_json(GYRE_WIN)
    for a in (26, 47, 11):  # the winning line: two gyrations, then the last tile
        state.apply_action(a)
    assert state.evaluate(1) >= 30 > -30 >= state.evaluate(0)


def _gyonrg_state():
    game = load_game("gyonrg")
    return game, json.loads((DATA / "gyonrg_win_next_turn.json").read_text())


def test_gyonrg_evaluation_prefers_victory_points_and_ships():
    game, data = _gyonrg_state()
    seat = data["player"]
    base = game.state_from_json(data)
    assert base.evaluate(seat) > 0 > base.evaluate(1 - seat)  # the other side has nothing left
    behind = dict(data, vp=[v - 5 if p == seat else v for p, v in enumerate(data["vp"])])
    assert game.state_from_json(behind).evaluate(seat) < base.evaluate(seat)
    fleets = [f for f in data["board"] if f]
    fewer = dict(data, board=[f if f is not fleets[0] else [] for f in data["board"]])
    assert game.state_from_json(fewer).evaluate(seat) < base.evaluate(seat)


@pytest.mark.parametrize("size,players", [(8, 2), (5, 3), (4, 4)])
def test_gyre_evaluate_after_equals_playing_each_move(size, players):
    """MCTS and greedy score a Gyre move in place (evaluate_after); every value must equal the
    one of a copy with the move played, and a move that captures or ends the game is None."""
    import random

    from cardgen.gyre.scoring import tile_part

    game = load_game("gyre", size=size, players=players)
    nones = checked = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_initial_state(0)
        while not state.is_terminal():
            acts = state.legal_actions()
            before = state.to_json()
            for a, value in zip(acts, state.evaluate_after(acts)):
                played = state.clone()
                played.apply_action(a)
                if value is None:
                    nones += 1
                    assert played.is_terminal() or _captures(state, played, a)
                else:
                    checked += 1
                    assert value == played.evaluate_all()
            assert state.to_json() == before  # scoring in place leaves the position as it was
            parts = state._parts()[0]  # the scan evaluate_all reads, against the scorer's own tile_part
            neigh = game.tables[0]
            assert parts == [tile_part(state.board, neigh[t], o) if o else (0, 0, False)
                             for t, o in enumerate(state.board)]  # fmt: skip
            state.apply_action(rng.choice(acts))
    assert checked > 300 and nones > 0


def _captures(state, played, action) -> bool:
    """Whether playing `action` flipped an occupied tile to another colour."""
    nn = state.game.nn
    if action < nn:
        return any(x and y and x != y for x, y in zip(state.board, played.board))
    moved = sorted(v for v in state.board)  # a gyration only moves tiles; a capture recolours one
    return sorted(played.board) != moved


def _wins_now(state, action: int, seat: int) -> bool:
    after = state.clone()
    after.apply_action(action)
    if not after.is_terminal():
        return False
    r = after.returns()
    return r[seat] > max(v for q, v in enumerate(r) if q != seat)


def _position_with_a_winning_move(name: str, config: dict):
    """The first position of seeded random games where the mover has a move that wins at once
    (in every re-dealt world too) and at least one that does not: (state, winning moves)."""
    import random

    from cardgen.engine.protocol import CHANCE, SIMULTANEOUS

    game = load_game(name, **config)
    for seed in range(50):
        rng = random.Random(seed)
        state = game.new_initial_state(seed)
        while not state.is_terminal() and state.current_player() != SIMULTANEOUS:
            p = state.current_player()
            if p == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            acts = state.legal_actions()
            won = [a for a in acts if _wins_now(state, a, p)]
            if won and len(won) < len(acts) and all(
                _wins_now(state.determinize(p, random.Random(k)), a, p) for k in range(5) for a in won
            ):
                return game, state, won
            state.apply_action(rng.choice(acts))
    raise AssertionError(f"no position with a winning move in 50 random {name} games")


@pytest.mark.parametrize("name,config", [("gyre", {"size": 4}), ("gogmagog", {})])
def test_mcts_takes_a_win_in_one_move(name, config):
    """MCTS plays a move that wins at once when it has one (positions found in seeded random
    games; Gyon-RG's hand-made one is above). Not Gin-jon-tan: its last move ends the game on
    the others' hidden hands, so a win there is never certain from the mover's seat."""
    game, state, won = _position_with_a_winning_move(name, config)
    seat = state.current_player()
    for seed in range(3):
        assert make_bot("mcts:200", game, seat, seed).step(state.clone()) in won


@pytest.mark.parametrize("was_on", [True, False])
def test_a_search_leaves_the_cyclic_collector_as_it_found_it(was_on, monkeypatch):
    """MCTS pauses Python's cyclic collector while it grows its tree; a program that runs a bot
    (simulate, serve, a user's script) gets it back as it was, after a search that fails too."""
    import gc

    game = load_game("gyre", size=4)
    state = game.new_initial_state(seed=1)
    bot = make_bot("mcts:50", game, state.current_player(), seed=1)
    (gc.enable if was_on else gc.disable)()
    try:
        bot.step(state)
        assert gc.isenabled() is was_on
        monkeypatch.setattr(bot, "_iterate", lambda root, s: 1 / 0)
        with pytest.raises(ZeroDivisionError):
            bot.step(state)
        assert gc.isenabled() is was_on
    finally:
        gc.enable()


# ----- transpositions ---------------------------------------------------------------------


def _gyonrg_board_position(min_moves: int = 20):
    """A Gyon-RG position from a seeded greedy game: the board phase, with many moves to play and
    two fleets that can turn."""
    from cardgen.engine.protocol import CHANCE
    from cardgen.gyonrg.position import BOARD

    game = load_game("gyonrg")
    state = game.new_initial_state(seed=4)
    bots = [make_bot("greedy", game, p, seed=3) for p in range(2)]
    while not state.is_terminal():
        p = state.current_player()
        if p == CHANCE:
            state.apply_action(state.sample_chance())
        elif state.phase == BOARD and state.turn >= 2 and len(state.legal_actions()) >= min_moves and \
                len({game.layout.decode(a).sector for a in state.legal_actions() if game.layout.decode(a).kind == "rotate"}) >= 2:
            return game, state  # many moves, two fleets that can turn
        else:
            state.apply_action(bots[p].step(state))
    raise AssertionError("no board position with enough moves")


def test_gyonrg_moves_in_either_order_reach_one_key():
    """Two rotations of different fleets commute: one transposition key, whichever came first;
    the key tells the position after them from the one before, and from a single rotation."""
    game, state = _gyonrg_board_position()
    seat = state.current_player()
    rotations = {}
    for a in state.legal_actions():
        act = game.layout.decode(a)
        if act.kind == "rotate":
            rotations.setdefault(act.sector, a)
    first, second = list(rotations.values())[:2]
    ends = []
    for x, y in ((first, second), (second, first)):
        s = state.clone()
        s.apply_action(x)
        s.apply_action(y)
        ends.append(s)
    assert ends[0].transposition_key(seat) == ends[1].transposition_key(seat)
    assert ends[0].history() != ends[1].history()
    one = state.clone()
    one.apply_action(first)
    keys = {state.transposition_key(seat), one.transposition_key(seat), ends[0].transposition_key(seat)}
    assert len(keys) == 3


@pytest.mark.parametrize("transpose", [1, 0])
def test_transposed_lines_share_one_node_and_the_tree_stays_acyclic(transpose):
    """transpose=1 (the default): the lines of a search that reach one position share one node,
    which every one of them reaches with the same key; the tree has no cycle. transpose=0
    keeps a node per line."""
    game, state = _gyonrg_board_position()
    seat = state.current_player()
    bot = make_bot(f"mcts:iterations=10000,reuse=0,transpose={transpose}", game, seat, seed=5)
    bot.step(state.clone())
    keys: dict[int, set] = {}  # node -> the keys of the positions it was reached at
    parents: dict[int, set] = {}
    on_path: set[int] = set()

    def walk(node, s) -> None:
        assert id(node) not in on_path, "a cycle in the search tree"
        seen = id(node) in keys
        keys.setdefault(id(node), set()).add(s.transposition_key(seat))
        if seen or s.current_player() < 0:
            return
        on_path.add(id(node))
        legal = set(s.legal_actions())
        for a, child in node.children.items():
            if a in legal:  # the opponent's moves of re-dealt hands may not be legal here
                parents.setdefault(id(child), set()).add(id(node))
                t = s.clone()
                t.apply_action(a)
                walk(child, t)
        on_path.discard(id(node))

    walk(bot._root, state.clone())
    assert all(len(k) == 1 for k in keys.values()), "one node, two positions"
    shared = sum(len(p) > 1 for p in parents.values())
    assert (shared > 10) if transpose else (shared == 0)
