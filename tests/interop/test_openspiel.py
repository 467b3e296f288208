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


def test_game_type_and_info_come_from_the_protocol():
    for name in game_names():
        game = pyspiel.load_game(bridge.short_name(name))
        inner = load_game(name)
        kind, info = game.get_type(), inner.game_type
        assert game.num_distinct_actions() == inner.num_distinct_actions
        assert game.num_players() == inner.num_players
        assert (game.min_utility(), game.max_utility()) == (inner.min_return, inner.max_return)
        assert game.max_game_length() == inner.max_game_length
        assert game.observation_tensor_shape() == list(inner.observation_shape())
        assert (kind.dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS) == info.simultaneous
        assert (kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC) == info.explicit_chance
        assert (kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION) == info.perfect_information
        assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        assert kind.provides_observation_tensor and kind.provides_observation_string
    spherion = pyspiel.load_game("cardgen_spherion")
    assert spherion.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert spherion.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert spherion.max_chance_outcomes() > 0
    gyre = pyspiel.load_game("cardgen_gyre")
    assert gyre.get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM and gyre.utility_sum() == 1.0
    assert pyspiel.load_game("cardgen_gyonrg").get_type().utility == pyspiel.GameType.Utility.ZERO_SUM


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
    """OpenSpiel picks Spherion's dice with its own random numbers; the game stays the same game:
    the seed and the action list rebuild the position, through the protocol alone too."""
    game = pyspiel.load_game("cardgen_spherion(seed=11)")
    state = game.new_initial_state()
    rng = random.Random(3)
    chance_seen = 0
    while not state.is_terminal() and chance_seen < 30:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert outcomes == state.cardgen_state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            assert state.legal_actions() == [a for a, _ in outcomes]
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
    assert first_view("cardgen_gyonrg(decks=seed:1;seed:2)") != first_view("cardgen_gyonrg")
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
    ("cardgen_gyre(colour=3)", "Unknown parameter 'colour'. Available parameters are: max_gyrations, players, seed, size"),
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
    from open_spiel.python.observation import make_observation

    with pytest.raises(ValueError, match="no information-state"):
        make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))


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
