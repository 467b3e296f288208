"""Every cardgen game through OpenSpiel's Python game API (cardgen.interop.openspiel): OpenSpiel's
own random-simulation check, serialisation, parameters, chance, observations."""

from __future__ import annotations

import pickle
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="OpenSpiel is not installed (pip install 'cardgen[rl]')")

from cardgen.engine import protocol  # noqa: E402
from cardgen.engine.registry import game_names, load_game  # noqa: E402
from cardgen.interop import openspiel as bridge  # noqa: E402

# Every game and its main variants: seat counts, board sizes, decks by seed, a "none" option.
VARIANTS = [
    "cardgen_gyre",
    "cardgen_gyre(players=3,size=6,max_gyrations=2)",
    "cardgen_gyonrg",
    "cardgen_gyonrg(decks=seed:1;seed:2,seed=5)",
    "cardgen_gogmagog",
    "cardgen_gogmagog(lanes=3,decks=seed:3;seed:4)",
    "cardgen_ginjontan(players=2)",
    "cardgen_ginjontan",
    "cardgen_spherion",
    "cardgen_spherion(size=small,seed=2)",
]
VARIANTS += [f"cardgen_{n}" for n in game_names() if f"cardgen_{n}" not in VARIANTS]  # every other game: its defaults


def _random_play(state, rng: random.Random, moves: int):
    """Up to `moves` random steps; chance outcomes drawn by `rng` with their probabilities."""
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        elif state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(state.num_players())])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_every_game_of_the_registry_is_registered():
    names = set(pyspiel.registered_names())
    assert {bridge.short_name(n) for n in game_names()} <= names
    for name in game_names():
        assert pyspiel.load_game(bridge.short_name(name)).get_type().short_name == "cardgen_" + name


@pytest.mark.parametrize("text", VARIANTS)
def test_openspiel_random_simulation_check(text):
    """OpenSpiel's own API check, serialisation included (what its Python games' tests run)."""
    game = pyspiel.load_game(text)
    pyspiel.random_sim_test(game, num_sims=1 if "(" in text else 2, serialize=True, verbose=False)


def test_game_type_and_info_come_from_the_games_spec():
    for name in game_names():
        game = pyspiel.load_game(bridge.short_name(name))
        inner = load_game(name)
        kind, spec = game.get_type(), inner.spec
        assert inner.game_type.to_json() == spec.game_type().to_json()
        assert game.num_distinct_actions() == inner.num_distinct_actions
        assert game.num_players() == inner.num_players
        assert (game.min_utility(), game.max_utility()) == (inner.min_return, inner.max_return)
        assert (kind.min_num_players, kind.max_num_players) == spec.players
        fresh = bool(spec.chance)  # the deal is the first chance node
        assert game.max_game_length() == inner.max_game_length + fresh
        assert game.observation_tensor_shape() == list(inner.observation_shape())
        assert (kind.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS) == (spec.dynamics == "simultaneous")
        assert (kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC) == fresh
        assert (kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION) == (spec.information == "perfect")
        assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        assert kind.provides_observation_tensor and kind.provides_observation_string
        assert kind.provides_information_state_tensor and kind.provides_information_state_string
        assert game.max_chance_outcomes() == (bridge.DEALS if fresh else 0)
        # a fixed seed leaves only the game's own chance nodes
        fixed = pyspiel.load_game(bridge.short_name(name) + "(seed=3)")
        own = "explicit" in spec.chance
        assert (fixed.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC) == own
        assert fixed.max_chance_outcomes() == spec.max_chance_outcomes
    # Spherion's chance nodes: the first player's coin (2) and a die's faces (4), never more
    assert pyspiel.load_game("cardgen_spherion(seed=1)").max_chance_outcomes() == 4
    gyre = pyspiel.load_game("cardgen_gyre")
    assert gyre.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM and gyre.utility_sum() == 1.0
    assert gyre.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC  # no chance, fresh or not
    assert pyspiel.load_game("cardgen_gyonrg").get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    turns = pyspiel.load_game("cardgen_spherion(turn_based=true)").get_type()
    assert turns.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL


def _first_views(game, resets: int, chance_seed: int = 1) -> list[list[float]]:
    """The first information state of seat 0 after each of `resets` resets of one environment
    (its chance sampler seeded: Spherion's dice then fall alike, the deals are the game's)."""
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(game, seed=chance_seed)
    return [list(env.reset().observations["info_state"][0]) for _ in range(resets)]


@pytest.mark.parametrize("name", ["gyonrg", "gogmagog", "ginjontan", "spherion"])
def test_every_episode_deals_afresh_and_a_fixed_seed_replays(name):
    """rl_environment resets give new deals by default; seed=N gives the deal of seed N each time,
    the one chance outcome N deals."""
    views = _first_views(pyspiel.load_game(bridge.short_name(name)), 4)
    assert len({tuple(v) for v in views}) == 4
    fixed = [pyspiel.load_game(bridge.short_name(name) + "(seed=7)").new_initial_state() for _ in range(3)]
    assert fixed[0].cardgen_state == fixed[1].cardgen_state == fixed[2].cardgen_state
    assert fixed[0].information_state_tensor(0) == fixed[2].information_state_tensor(0)
    game = pyspiel.load_game(bridge.short_name(name))
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == game.max_chance_outcomes()
    state.apply_action(7)
    assert state.cardgen_state == load_game(name).new_initial_state(7)
    again = pyspiel.load_game(bridge.short_name(name) + "(seed=7)").new_initial_state()
    assert str(again).splitlines()[-1] == str(state).splitlines()[-1]


def test_a_word_seed_fixes_the_deal_as_cardgens_tools_take_it():
    game = pyspiel.load_game("cardgen_gyonrg(seed_word=club night)")
    assert game.new_initial_state().cardgen_state == load_game("gyonrg").new_initial_state("club night")
    assert pyspiel.load_game(str(game)).new_initial_state().cardgen_state == game.new_initial_state().cardgen_state
    with pytest.raises(Exception, match="give seed or seed_word, not both"):  # noqa: B017
        pyspiel.load_game("cardgen_gyonrg(seed=3,seed_word=club)")


@pytest.mark.parametrize("name", sorted(game_names()))
def test_games_pickle(name):
    game = pyspiel.load_game(bridge.short_name(name) + "(seed=2)")
    copy = pickle.loads(pickle.dumps(game))
    assert str(copy) == str(game)
    assert copy.new_initial_state().cardgen_state == game.new_initial_state().cardgen_state
    fresh = pickle.loads(pickle.dumps(pyspiel.load_game(bridge.short_name(name))))
    assert fresh.get_type().chance_mode == pyspiel.load_game(bridge.short_name(name)).get_type().chance_mode


def test_str_of_a_state_tells_states_apart_that_look_the_same_at_the_table():
    """str(state) identifies the state: a re-deal of the hidden cards reads differently, though the
    seat's view is the same."""
    game = pyspiel.load_game("cardgen_gyonrg(seed=5)")
    state = _random_play(game.new_initial_state(), random.Random(1), 10)
    other = state.determinized(0, random.Random(2))
    assert other.observation_string(0) == state.observation_string(0)
    assert other.cardgen_state != state.cardgen_state and str(other) != str(state)
    assert str(state.clone()) == str(state)


@pytest.mark.parametrize("text", ["cardgen_gyonrg(seed=4)", "cardgen_spherion(seed=4)", "cardgen_ginjontan(seed=4)"])
def test_serialisation_round_trip_continues_the_same_game(text):
    game = pyspiel.load_game(text)
    state = _random_play(game.new_initial_state(), random.Random(1), 60)
    data = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(data)
    pickled = pickle.loads(pickle.dumps(state))
    for copy in (state2, pickled):
        assert str(game2) == str(game)
        assert copy.history() == state.history()
        assert copy.cardgen_state == state.cardgen_state
        # the hidden parts (deck order, the seeded stream) came along: the futures are the same
        a = _random_play(state.clone(), random.Random(2), 400)
        b = _random_play(copy, random.Random(2), 400)
        assert a.cardgen_state == b.cardgen_state and a.history() == b.history()


def test_chance_outcomes_openspiel_picks_replay_from_seed_and_actions():
    """OpenSpiel picks Spherion's dice with its own random numbers (outcome i: the protocol's i-th
    outcome); the game stays the same game: the seed and the action list rebuild the position,
    through the protocol alone too."""
    game = pyspiel.load_game("cardgen_spherion(seed=11)")
    state = game.new_initial_state()
    rng = random.Random(3)
    chance_seen = 0
    while not state.is_terminal() and chance_seen < 30:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            inner = state.cardgen_state.chance_outcomes()
            assert [p for _, p in outcomes] == [p for _, p in inner]
            assert [a for a, _ in outcomes] == list(range(len(inner))) and len(inner) <= game.max_chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert state.legal_actions() == [a for a, _ in outcomes]
            drawn = state.sample_chance()
            assert inner[drawn][0] == state.cardgen_state.sample_chance()
            chance_seen += 1
        _random_play(state, rng, 1)
    assert chance_seen
    replay = game.new_initial_state()
    actions = state.history()  # a joint action is one entry per seat
    while actions:
        n = game.num_players() if replay.is_simultaneous_node() else 1
        replay.apply_actions(actions[:n]) if n > 1 else replay.apply_action(actions[0])
        actions = actions[n:]
    assert replay.cardgen_state == state.cardgen_state
    plain = load_game("spherion").new_initial_state(11)
    for action in state.cardgen_state.history():
        plain.apply_actions(action) if isinstance(action, list) else plain.apply_action(action)
    assert plain == state.cardgen_state


def test_parameters_change_the_game():
    def first_view(text: str) -> list[float]:
        return pyspiel.load_game(text).new_initial_state().observation_tensor(0)

    assert first_view("cardgen_gyonrg(seed=1)") != first_view("cardgen_gyonrg(seed=2)")
    assert first_view("cardgen_gyonrg(seed=1)") == first_view("cardgen_gyonrg(seed=1)")
    assert first_view("cardgen_gyonrg(decks=seed:1;seed:2,seed=0)") != first_view("cardgen_gyonrg(seed=0)")
    decks = pyspiel.load_game("cardgen_gyonrg(decks=seed:1;seed:2)")
    assert decks.cardgen_game.config == load_game("gyonrg", decks="seed:1,seed:2").config
    assert pyspiel.load_game("cardgen_gyre(players=3)").num_players() == 3
    assert pyspiel.load_game("cardgen_gyre(size=6)").observation_tensor_shape()[1:] == [6, 6]
    assert pyspiel.load_game("cardgen_gyre(max_gyrations=2)").cardgen_game.config["max_gyrations"] == 2
    assert pyspiel.load_game("cardgen_gyre").cardgen_game.config["max_gyrations"] is None
    # a dict of parameters works as the string does, and str(game) reloads the same game
    game = pyspiel.load_game("cardgen_gyonrg", {"decks": "seed:1,seed:2", "seed": 3})
    again = pyspiel.load_game(str(game))
    assert again.cardgen_game.config == game.cardgen_game.config
    assert again.new_initial_state().cardgen_state == game.new_initial_state().cardgen_state


@pytest.mark.parametrize(("text", "said"), [
    ("cardgen_gyre(size=99)", "cardgen_gyre: bad value for option size: 99 (expected an integer from 4 to 19)"),
    ("cardgen_gyre(max_gyrations=-2)", "max_gyrations: -2 (expected an integer from 0 to 361, or -1 for none)"),
    ("cardgen_gyonrg(salvage=maybe)", "bad value for option salvage: 'maybe' (expected one of choose, latest)"),
    ("cardgen_gyonrg(decks=nofile.txt;seed:2)", "cardgen_gyonrg: deck file 'nofile.txt' does not exist"),
    ("cardgen_gyre(colour=3)", "Unknown parameter 'colour'. Available parameters are: deals, max_gyrations, max_moves, players, seed, seed_word, size"),
    ("cardgen_gyonrg(deals=0)", "cardgen_gyonrg: bad value for deals: 0 (expected an integer >= 1)"),
    ("cardgen_gyre(size=big)", "Wrong type for parameter size. Expected type: kInt"),
])  # fmt: skip
def test_a_bad_parameter_is_a_clear_one_line_error(text, said):
    with pytest.raises(Exception) as caught:  # noqa: B017 - cardgen's or OpenSpiel's error, each one line
        pyspiel.load_game(text)
    message = str(caught.value)
    assert said in message and "\n" not in message.strip()


def test_observations_are_the_protocols_and_hide_what_a_seat_cannot_see():
    game = pyspiel.load_game("cardgen_gyonrg(seed=6)")
    state = _random_play(game.new_initial_state(), random.Random(4), 20)
    inner = state.cardgen_state
    for seat in (0, 1):
        assert state.observation_tensor(seat) == pytest.approx(inner.observation_tensor(seat))
        assert state.observation_string(seat) == inner.render(color=False, player=seat)
        # re-dealing what the seat cannot see changes nothing it observes
        other = state.determinized(seat, random.Random(9))
        assert other.observation_tensor(seat) == state.observation_tensor(seat)
        assert other.legal_actions(seat) == state.legal_actions(seat)


def test_simultaneous_nodes_give_every_seat_an_action():
    game = pyspiel.load_game("cardgen_spherion(seed=1)")
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_simultaneous_node():
        _random_play(state, rng, 1)
    assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    for seat in (0, 1):
        assert state.legal_actions(seat) == (state.cardgen_state.legal_actions(seat) or [game.cardgen_game.noop_action])
    state.apply_actions([state.legal_actions(0)[0], state.legal_actions(1)[0]])
    assert len(state.cardgen_state.history()[-1]) == 2


def test_clone_is_independent_and_terminal_returns_are_the_games():
    game = pyspiel.load_game("cardgen_gyre(size=4)")
    state = game.new_initial_state()
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[0])
    assert state.history() == [] and state.cardgen_state.history() == []
    end = _random_play(copy, random.Random(6), 10_000)
    assert end.is_terminal() and end.current_player() == pyspiel.PlayerId.TERMINAL
    assert end.returns() == end.cardgen_state.returns()
    assert state.returns() == [0.0, 0.0]


def test_openspiel_mcts_plays_through_the_bridge():
    from open_spiel.python.algorithms import mcts

    np = pytest.importorskip("numpy")
    game = pyspiel.load_game("cardgen_gyonrg(seed=2)")
    state = game.new_initial_state()
    bot = mcts.MCTSBot(game, 2.0, 3, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
                       random_state=np.random.RandomState(0))  # fmt: skip
    for view in (state, state.determinized(state.current_player(), random.Random(0))):
        assert bot.step(view) in state.legal_actions()


def test_sentinels_match_openspiels():
    assert pyspiel.PlayerId.CHANCE == protocol.CHANCE
    assert pyspiel.PlayerId.SIMULTANEOUS == protocol.SIMULTANEOUS
    assert pyspiel.PlayerId.TERMINAL == protocol.TERMINAL


def test_readme_example_runs_as_pasted(tmp_path):
    """The README's OpenSpiel example, run as a user pastes it, prints what its comment says
    (same seed, same game and moves on any machine)."""
    text = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    section = text[text.index("## Agents: OpenSpiel and PettingZoo") :]
    section = section[: section.index("\n## ", 1)]
    blocks = [b for b in re.findall(r"```python\n(.*?)```", section, flags=re.S) if "interop.openspiel" in b]
    assert len(blocks) == 1 and len(blocks[0].splitlines()) <= 12
    said = blocks[0].rstrip().splitlines()[-1].split("# ", 1)[1]
    r = subprocess.run([sys.executable, "-c", blocks[0]], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.strip() == said


IMPERFECT = [
    "cardgen_gyonrg(seed=3)",
    "cardgen_gogmagog(seed=3)",
    "cardgen_ginjontan(seed=3)",
    "cardgen_ginjontan(players=2,seed=4)",
    "cardgen_spherion(size=small,seed=3)",
    "cardgen_spherion(size=small,seed=4,turn_based=true)",
]


def _both_legal(a, b, rng: random.Random) -> list[int] | None:
    """One step both states may take (a joint action at a simultaneous node), or None."""
    if a.is_chance_node() != b.is_chance_node() or a.current_player() != b.current_player():
        return None
    if a.is_simultaneous_node():
        joint = []
        for p in range(a.num_players()):
            common = sorted(set(a.legal_actions(p)) & set(b.legal_actions(p)))
            if not common:
                return None
            joint.append(rng.choice(common))
        return joint
    common = sorted(set(a.legal_actions()) & set(b.legal_actions()))
    return [rng.choice(common)] if common else None


def _step(state, joint: list[int]) -> None:
    state.apply_actions(joint) if state.is_simultaneous_node() else state.apply_action(joint[0])


@pytest.mark.parametrize("text", IMPERFECT)
def test_states_a_seat_cannot_tell_apart_give_it_the_same_information_state(text):
    """Along a random game, at every few moves and for every seat: a re-deal of what the seat cannot
    see (resample_from_infostate) gives it the same information state (string and tensor); then
    both go on with the same moves, and their information states stay equal exactly as long as
    the seat's observations along the way are equal (perfect recall: what it saw, in order)."""
    game = pyspiel.load_game(text)
    rng = random.Random(8)
    state = game.new_initial_state()
    checked = told_apart = 0
    for move in range(160):
        if state.is_terminal():
            break
        _random_play(state, rng, 1)
        if move % 16 or state.is_terminal():
            continue
        for seat in range(game.num_players()):
            size = game.observation_tensor_size()
            assert state.information_state_tensor(seat)[:size] == state.observation_tensor(seat)  # its first part
            other = state.resample_from_infostate(seat, rng.random)
            assert other.information_state_string(seat) == state.information_state_string(seat)
            assert other.information_state_tensor(seat) == state.information_state_tensor(seat)
            a, b = state.clone(), other
            same_so_far = True
            for _ in range(8):
                if a.is_terminal() or b.is_terminal():
                    break
                joint = _both_legal(a, b, rng)
                if joint is None:
                    break
                _step(a, joint)
                _step(b, joint)
                same_so_far = same_so_far and (a.cardgen_state.observation(seat) == b.cardgen_state.observation(seat))
                assert (a.information_state_string(seat) == b.information_state_string(seat)) == same_so_far
                assert (a.information_state_tensor(seat) == b.information_state_tensor(seat)) == same_so_far
                checked += 1
                told_apart += not same_so_far
    assert checked > 20 and told_apart  # some re-deals showed themselves (a draw), some did not


def _imperfect_games() -> list[str]:
    """Every imperfect-information game of the registry as IS-MCTS takes it (turn by turn)."""
    out = []
    for name in sorted(game_names()):
        spec = load_game(name).spec
        if spec.information == "imperfect":
            turns = "(turn_based=true)" if spec.dynamics == "simultaneous" else ""
            out.append(bridge.short_name(name) + turns)
    return out


@pytest.mark.parametrize("text", _imperfect_games())
def test_openspiels_ismcts_plays_every_imperfect_information_game(text):
    """OpenSpiel's own IS-MCTS (information states, resample_from_infostate) picks legal moves in a
    fresh deal of every imperfect-information game."""
    from open_spiel.python.algorithms import ismcts, mcts

    np = pytest.importorskip("numpy")
    game = pyspiel.load_game(text)
    rs = np.random.RandomState(0)
    bot = ismcts.ISMCTSBot(game, mcts.RandomRolloutEvaluator(1, rs), 2.0, 4, random_state=rs)
    state = game.new_initial_state()
    rng = random.Random(0)
    moves = 0
    while moves < 3 and not state.is_terminal():
        if state.is_chance_node():
            _random_play(state, rng, 1)
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
    assert moves == 3


SMALL = "cardgen_gogmagog(lanes=1,hand_size=2,deals=4,max_moves=6)"  # MCCFR's small variant


def test_max_moves_cuts_the_game_and_the_games_evaluation_judges_it():
    game = pyspiel.load_game(SMALL)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    end = _random_play(game.new_initial_state(), random.Random(3), 1000)
    assert end.is_terminal() and not end.cardgen_state.is_terminal()
    assert len(end.cardgen_state.history()) == 6  # Gog & Magog has no chance node: every move is a seat's
    values = end.cardgen_state.evaluate_all()
    expected = [0.0, 0.0] if values[0] == values[1] else [1.0, -1.0] if values[0] > values[1] else [-1.0, 1.0]
    assert end.returns() == expected
    with pytest.raises(Exception, match="bad value for max_moves: -1"):  # noqa: B017
        pyspiel.load_game("cardgen_gogmagog(max_moves=-1)")


def test_external_sampling_mccfr_runs_through_the_bridge():
    from open_spiel.python.algorithms import external_sampling_mccfr as es

    game = pyspiel.load_game(SMALL)
    solver = es.ExternalSamplingSolver(game, es.AverageType.SIMPLE)
    for _ in range(3):
        solver.iteration()
    state = _random_play(game.new_initial_state(), random.Random(0), 1)  # the deal
    policy = solver.average_policy().action_probabilities(state)
    assert set(policy) == set(state.legal_actions()) and abs(sum(policy.values()) - 1) < 1e-9


@pytest.mark.slow
def test_external_sampling_mccfrs_exploitability_falls_over_iterations():
    """benchmarks/bench_openspiel_mccfr.py prints the figures: NashConv 0.95 for the uniform policy,
    0.054 after 50 iterations, 0.006 after 500."""
    from open_spiel.python.algorithms import exploitability
    from open_spiel.python.algorithms import external_sampling_mccfr as es

    game = pyspiel.load_game(SMALL)
    solver = es.ExternalSamplingSolver(game, es.AverageType.SIMPLE)
    uniform = exploitability.nash_conv(game, solver.average_policy())
    for _ in range(100):
        solver.iteration()
    assert exploitability.nash_conv(game, solver.average_policy()) < uniform / 4


@pytest.mark.parametrize("text", [
    "cardgen_spherion(size=small,turn_based=true)",
    "cardgen_gyonrg(seed_word=club night)",
    "cardgen_ginjontan(players=2,deals=3,max_moves=20)",
])  # fmt: skip
def test_openspiel_random_simulation_check_of_the_bridges_own_variants(text):
    pyspiel.random_sim_test(pyspiel.load_game(text), num_sims=1, serialize=True, verbose=False)


def test_a_cut_game_offers_no_move():
    end = _random_play(pyspiel.load_game(SMALL).new_initial_state(), random.Random(3), 1000)
    assert end.is_terminal() and end.legal_actions() == [] and end.legal_actions(0) == []
    assert end.cardgen_state.legal_actions()  # the game itself would go on
