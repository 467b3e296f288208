"""The protocol checks every registered game must pass (games added later are picked up
automatically: the parametrisation reads the registry).

Random games from many seeds; at every step: legal actions sorted, unique and in
range; clone and JSON round-trip equal to the original; action text round-trips;
observations are JSON; illegal actions raise IllegalActionError and change nothing;
evaluate_after scores each move as playing it would, leaving the position as it was;
bot_actions keeps some of the legal moves, never none; move_cost is None or a finite
number not below 0 for each, leaving the position as it was; evaluate_steps at a SIMULTANEOUS
node is None or a finite value for each of a seat's steps, and plan_cost None or a finite
number not below 0, both leaving the position as it was;
a transposition key never recurs in a game, ignores what its seat cannot see, and lines
with one key (two moves in either order, two different moves) reach positions the seat
cannot tell apart;
the same seed and actions give the same states after the global random state is
disturbed and under another PYTHONHASHSEED; returns within bounds and summing as
promised; every game ends within its stated maximum length.
"""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys

import pytest

from cardgen.engine import CHANCE, SIMULTANEOUS, TERMINAL, game_names, load_game
from cardgen.engine.bots import make_bot
from cardgen.engine.protocol import GameType
from cardgen.engine.records import play_out
from cardgen.engine.registry import game_options
from cardgen.errors import IllegalActionError, InvalidActionError

SEEDS = range(6)


def configs(name: str) -> list[dict]:
    """The default config, plus the seat count and board size at their lowest and highest
    value, plus every other value of each option with named choices (a rule variant)."""
    out = [{}]
    for opt in game_options(name):
        if opt.kind is int and opt.low is not None and opt.high is not None and opt.name in ("players", "size"):
            out += [{opt.name: opt.low}, {opt.name: opt.high}]
        elif opt.choices is not None:
            out += [{opt.name: c} for c in opt.choices if c != opt.default]
    return out


CASES = [(name, cfg) for name in game_names() for cfg in configs(name)]
IDS = [f"{n}-{'-'.join(f'{k}{v}' for k, v in c.items()) or 'default'}" for n, c in CASES]


def _roundtrip(state):
    game = state.game
    copy = state.clone()
    assert copy is not state
    assert copy.to_json() == state.to_json()
    data = json.loads(json.dumps(state.to_json()))
    back = game.state_from_json(data)
    assert back.to_json() == state.to_json()
    assert back.current_player() == state.current_player()
    if state.current_player() == SIMULTANEOUS:
        for p in range(game.num_players):
            assert back.legal_actions(p) == state.legal_actions(p)
    else:
        assert back.legal_actions() == state.legal_actions()
    return copy


def _check_actions(state, acts, player=None):
    game = state.game
    assert acts == sorted(set(acts)), "legal actions must be sorted and unique"
    assert all(type(a) is int and 0 <= a < game.num_distinct_actions for a in acts)
    mask = state.legal_actions_mask(player)
    assert len(mask) == game.num_distinct_actions and sum(mask) == len(acts)
    assert all(mask[a] == 1 for a in acts)
    step = max(1, len(acts) // 40)  # a spread sample keeps big boards quick
    for a in acts[::step] + acts[-1:]:
        text = state.action_to_string(a, player)
        assert isinstance(text, str) and text
        assert state.string_to_action(text, player) == a


def _one_line(err) -> None:
    msg = str(err.value)
    assert msg and "\n" not in msg and msg == msg[0].lower() + msg[1:]


def _check_illegal(state, acts):
    """An action outside the legal list raises IllegalActionError and leaves the state alone;
    something that is not an action at all raises InvalidActionError."""
    game = state.game
    before, history = state.to_json(), state.history()
    for junk in (-1, game.num_distinct_actions, "1", 1.0, None, True):
        with pytest.raises(InvalidActionError) as err:
            state.apply_action(junk)
        _one_line(err)
    inside = [a for a in range(0, game.num_distinct_actions, max(1, game.num_distinct_actions // 97)) if a not in acts]
    for a in inside[:4]:
        with pytest.raises(IllegalActionError) as err:
            state.apply_action(a)
        assert not isinstance(err.value, InvalidActionError), "an in-range action is illegal, not invalid"
        _one_line(err)
    assert state.to_json() == before and state.history() == history


def _check_evaluate_after(state, acts):
    """The searches score a move in place where the game can (evaluate_after): each value it
    gives is the evaluation of a copy with the move played (with deep=True, the evaluation for
    deep searches), and the position is left as it was."""
    before, legal = state.to_json(), list(acts)
    for deep in (False, True):
        values = state.evaluate_after(acts, deep)
        assert len(values) == len(acts)
        assert state.to_json() == before and state.legal_actions() == legal
        step = max(1, len(acts) // 40)
        for a, value in list(zip(acts, values))[::step]:
            if value is not None:
                played = state.clone()
                played.apply_action(a)
                expected = played.evaluate_deep() if deep else played.evaluate_all()
                assert value == expected, f"evaluate_after({a}, deep={deep}) differs from playing it"


def _check_evaluate_steps(state, q, acts):
    """The plan bot judges a seat's steps in place where the game can (evaluate_steps); that each
    value is the step's evaluation is checked per game (tests/spherion/test_evaluate_steps.py)."""
    before = state.to_json()
    values = state.evaluate_steps(q, list(acts))
    assert state.to_json() == before, "evaluate_steps changed the position"
    if values is not None:
        assert len(values) == len(acts) and all(isinstance(v, float) and math.isfinite(v) for v in values), values
    # plan_cost: of no steps, of each one step, and of a few in a row (the seat's own, as the plan bot asks)
    for steps in [[]] + [[a] for a in acts] + [list(acts[:3])]:
        cost = state.plan_cost(q, steps)
        assert cost is None or (isinstance(cost, float) and math.isfinite(cost) and cost >= 0), (steps, cost)
    assert state.to_json() == before, "plan_cost changed the position"


def _check_bot_actions(state, acts):
    """The moves a bot weighs are some of the legal ones, in their order, never none, and the
    position is left as it was."""
    before = state.to_json()
    kept = state.bot_actions()
    assert kept, "bot_actions() left a bot with no move"
    assert [a for a in acts if a in set(kept)] == kept, "bot_actions() must be legal moves, in their order"
    for a in kept:
        cost = state.move_cost(a)  # what MCTS's tie-break between moves rated alike reads
        assert cost is None or (math.isfinite(cost) and cost >= 0), f"move_cost({a}) = {cost!r}"
    assert state.to_json() == before


def _check_transpositions(state, acts):
    """Lines that reach the same transposition key (MCTS then merges them) reach a position the
    seat sees the same way: the same observation, legal moves and evaluation. Checked for two
    moves played in either order, and for two different moves."""
    p = state.current_player()
    if state.transposition_key(p) is None:
        return
    after: dict = {}
    for a in acts[:: max(1, len(acts) // 40)]:
        s = state.clone()
        s.apply_action(a)
        twin = after.setdefault(s.transposition_key(p), s)
        if twin is not s:
            assert twin.observation(p) == s.observation(p), f"moves {a} and {twin.history()[-1]}: one key, two positions"
    sample = acts[:: max(1, len(acts) // 6)]
    for i, a in enumerate(sample):
        for b in sample[i + 1 :]:
            ends = []
            for first, second in ((a, b), (b, a)):
                s = state.clone()
                s.apply_action(first)
                if s.current_player() != p or second not in s.legal_actions():
                    break
                s.apply_action(second)
                ends.append(s)
            if len(ends) == 2 and ends[0].transposition_key(p) == ends[1].transposition_key(p):
                x, y = ends
                assert x.observation(p) == y.observation(p), f"moves {a} and {b}: one key, two positions"
                assert x.legal_actions() == y.legal_actions() and x.evaluate_all() == y.evaluate_all()


def _check_observation(state):
    """The tensor has the promised shape, finite floats, and nothing the seat cannot see."""
    game = state.game
    size = game.observation_size()
    for q in range(game.num_players):
        tensor = state.observation_tensor(q)
        assert len(tensor) == size and all(isinstance(v, float) and math.isfinite(v) for v in tensor)
        redealt = state.determinize(q, random.Random(len(state.history())))
        assert redealt.transposition_key(q) == state.transposition_key(q), "the key changes with what the seat cannot see"
        assert redealt.observation_tensor(q) == tensor, "observation_tensor shows what the seat cannot see"
        assert redealt.observation(q) == state.observation(q), "observation shows what the seat cannot see"
        believed = state.believe(q, random.Random(len(state.history())))  # the bots' guess (beliefs=1)
        assert believed.observation(q) == state.observation(q), "believe changes what the seat sees"
        assert believed.invariant_violations() == [], "believe deals a position the rules forbid"
        if game.game_type.perfect_information:
            assert state.observation(q) == state.observation(0)


FULL_STEPS, STRIDE = 150, 8
"""Every check at each of a game's first FULL_STEPS moves, then at every STRIDE-th move (the
cheap ones at every move): long many-seat games stay affordable, every phase is still seen."""


def random_game(game, seed, rng, check=True):
    """Play a random game; return the actions and the to_json of every state."""
    state = game.new_initial_state(seed)
    actions, states = [], [state.to_json()]
    n = game.num_players
    keys: set = set()  # (seat, transposition key) of every position so far
    while not state.is_terminal():
        step = len(actions)
        full = check and (step < FULL_STEPS or step % STRIDE == 0)
        p = state.current_player()
        kind = game.game_type
        assert p != SIMULTANEOUS or kind.simultaneous, "a SIMULTANEOUS node in a game typed sequential"
        assert p != CHANCE or kind.explicit_chance, "a CHANCE node in a game typed without explicit chance"
        if check:
            assert state.invariant_violations() == []
            for q in range(n):
                key = state.transposition_key(q)
                if key is not None:
                    assert (q, key) not in keys, "a position recurs: MCTS's merged lines would go round in a loop"
                    keys.add((q, key))
        if full:
            copy = _roundtrip(state)
            assert copy.history() == state.history()
            for q in range(n):
                json.dumps(state.observation(q))
            _check_observation(state)
        if p == CHANCE:
            outcomes = state.chance_outcomes()
            if check:
                assert [a for a, _ in outcomes] == sorted({a for a, _ in outcomes})
                assert abs(sum(pr for _, pr in outcomes) - 1.0) < 1e-9
                _check_actions(state, state.legal_actions())
                before = state.to_json()
            action = state.sample_chance()
            if check:
                assert state.to_json() == before, "sample_chance must not change the state"
                assert action in [a for a, _ in outcomes]
            state.apply_action(action)
        elif p == SIMULTANEOUS:
            action = []
            for q in range(n):
                acts = state.legal_actions(q)
                if check:
                    _check_actions(state, acts, q)
                    if acts and full:
                        _check_evaluate_steps(state, q, acts)
                action.append(acts[rng.randrange(len(acts))] if acts else 0)
            state.apply_actions(action)
        else:
            assert 0 <= p < n
            acts = state.legal_actions()
            assert acts, "a player to move must have a legal action"
            assert 0 <= acts[0] and acts[-1] < game.num_distinct_actions, "a legal action out of range"
            if full:
                _check_actions(state, acts)
                assert all(state.legal_actions(q) == [] for q in range(n) if q != p)
                _check_illegal(state, acts)
                _check_evaluate_after(state, acts)
                _check_bot_actions(state, acts)
                if step % STRIDE == 0:
                    _check_transpositions(state, acts)
            action = acts[rng.randrange(len(acts))]
            state.apply_action(action)
        if full:
            # the clone taken before the move is independent of the original
            assert copy.to_json() == states[-1]
        actions.append(action)
        states.append(state.to_json())
        assert state.history() == actions, "history() must list every action applied"
        assert len(actions) <= game.max_game_length, "game longer than its stated maximum length"
    assert state.current_player() == TERMINAL
    assert state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply_action(0)
    ret = state.returns()
    assert len(ret) == n
    assert all(game.min_return <= r <= game.max_return for r in ret)
    if game.return_sum is not None:
        assert abs(sum(ret) - game.return_sum) < 1e-9
    return actions, states


def replay_states(game, seed, actions):
    state = game.new_initial_state(seed)
    out = [state.to_json()]
    for a in actions:
        if isinstance(a, list):
            state.apply_actions(a)
        else:
            state.apply_action(a)
        out.append(state.to_json())
    return out


@pytest.mark.parametrize("name", game_names())
def test_game_type_is_declared_and_kept(name):
    """The game-type flags promise what the returns and the seed do."""
    game = load_game(name)
    kind = game.game_type
    assert isinstance(kind, GameType)
    if kind.utility == "zero_sum":
        assert game.return_sum == 0
    elif kind.utility == "constant_sum":
        assert game.return_sum is not None
    if kind.deterministic:
        # no chance at all: the seed changes nothing
        assert game.new_initial_state(1).to_json() == game.new_initial_state(2).to_json()
    shape = game.observation_shape()
    assert shape and all(isinstance(d, int) and d > 0 for d in shape)


@pytest.mark.parametrize("name,config", CASES, ids=IDS)
def test_random_games(name, config):
    game = load_game(name, **config)
    assert load_game(name, **game.config).config == game.config
    # one seed at the highest seat count or board size (the longest games), two for a variant
    highest = any(o.name == k and v == o.high for o in game_options(name) for k, v in config.items())
    for seed in SEEDS if not config else SEEDS[:1] if highest else SEEDS[:2]:
        actions, states = random_game(game, seed, random.Random(seed))
        # same seed + actions -> same states, whatever the global random state
        random.seed(os.urandom(8))
        random.random()
        assert replay_states(game, seed, actions) == states


@pytest.mark.parametrize("name", game_names())
def test_many_seeds_unchecked(name):
    """More seeds, without the per-step checks: ends in time, returns as promised."""
    game = load_game(name)
    for seed in range(20, 60):
        random_game(game, seed, random.Random(seed), check=False)


@pytest.mark.parametrize("name", [n for n in game_names() if not n.startswith("toy-")])
def test_same_states_under_another_hash_seed(name):
    """A game replayed in a fresh process with a different PYTHONHASHSEED ends identically."""
    game = load_game(name)
    actions, states = random_game(game, 11, random.Random(11), check=False)
    code = (
        "import json,sys\n"
        "from cardgen.engine import load_game\n"
        "from cardgen.engine.records import apply_move\n"
        f"g = load_game({name!r})\n"
        "s = g.new_initial_state(11)\n"
        "for a in json.loads(sys.stdin.read()): apply_move(s, a)\n"
        "print(json.dumps(s.to_json(), sort_keys=True))\n"
    )
    env = dict(os.environ, PYTHONHASHSEED="12345")
    out = subprocess.run([sys.executable, "-c", code], input=json.dumps(actions), capture_output=True,
                         text=True, env=env, check=True).stdout
    assert json.loads(out) == states[-1]


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize("bot", ["random", "greedy", "mcts:15"])
def test_bots_play_legal_games(name, bot):
    game = load_game(name)
    bots = [make_bot(bot, game, seat, seed=3) for seat in range(game.num_players)]
    state, actions, moves = play_out(game, 3, bots)
    assert state.is_terminal() and len(actions) <= game.max_game_length
    # bots are deterministic for a seed
    bots = [make_bot(bot, game, seat, seed=3) for seat in range(game.num_players)]
    state2, actions2, _ = play_out(game, 3, bots)
    assert actions2 == actions and state2.to_json() == state.to_json()
