"""Every game as a PettingZoo environment (issue 40): PettingZoo's own checks (api_test, seed_test,
parallel_api_test) and what an agent's author relies on: a game played through the environment is
the game cardgen plays with that seed, its rewards are the game's returns, a masked-out action is a
clear error that changes nothing, and a simultaneous choice stays hidden until every seat chose."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import warnings
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo", reason="PettingZoo is not installed (pip install 'cardgen[rl]')")

import numpy as np  # noqa: E402
from click.testing import CliRunner  # noqa: E402
from pettingzoo.test import api_test, parallel_api_test, seed_test  # noqa: E402

from cardgen.cli.main import cli  # noqa: E402
from cardgen.engine import CHANCE, SIMULTANEOUS, game_names, load_game  # noqa: E402
from cardgen.engine.records import read_records, write_records  # noqa: E402
from cardgen.errors import CardgenError, IllegalActionError, InvalidActionError  # noqa: E402
from cardgen.interop.pettingzoo import env, parallel_env, raw_env  # noqa: E402

GAMES = [n for n in game_names() if not n.startswith("toy-")]


@pytest.fixture(autouse=True)
def _quiet_pettingzoo():
    # api_test warns that dict observations are not arrays (as for PettingZoo's own card games)
    # and that the unbounded Box may be too wide: the protocol promises no bounds on tensors.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_test(name):
    api_test(env(name), num_cycles=1000)  # long enough for a whole game: the ending is checked too


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_seed_test(name):
    seed_test(lambda: env(name), num_cycles=300)


def test_spherion_parallel_api_test():
    parallel_api_test(parallel_env("spherion"), num_cycles=1000)


def play_aec(e, seed, rng):
    """A whole game with random legal actions read from the masks: (actions chosen, rewards at the end)."""
    e.reset(seed=seed)
    chosen, final = [], {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            final[agent] = reward
            e.step(None)
            continue
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        chosen.append((int(agent.split("_")[1]), action))
        e.step(action)
    return chosen, final


def replay(game, seed, chosen):
    """The same choices played on cardgen's own state of `seed`: chance from its seeded stream, a
    simultaneous node's choices gathered in seat order, the noop for a seat with nothing to do."""
    state = game.new_initial_state(seed)
    moves = iter(chosen)
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance())
        elif player == SIMULTANEOUS:
            joint = []
            for p in range(game.num_players):
                if state.legal_actions(p):
                    seat, action = next(moves)
                    assert seat == p
                    joint.append(action)
                else:
                    joint.append(game.noop_action)
            state.apply_actions(joint)
        else:
            seat, action = next(moves)
            assert seat == player
            state.apply_action(action)
    assert next(moves, None) is None
    return state


@pytest.mark.parametrize("name", GAMES)
def test_a_random_game_is_cardgens_game_of_that_seed_and_rewards_its_returns(name):
    e = env(name)
    chosen, final = play_aec(e, 11, random.Random(1))
    state = replay(load_game(name), 11, chosen)
    assert final == {f"player_{p}": r for p, r in enumerate(state.returns())}
    assert e.unwrapped.game_state.history() == state.history()
    assert e.agents == []


@pytest.mark.parametrize("name", ["gyonrg", "spherion"])
def test_the_same_seed_gives_the_same_game_and_seedless_resets_follow_it(name):
    one, two = env(name), env(name)
    assert play_aec(one, 5, random.Random(2)) == play_aec(two, 5, random.Random(2))
    one.reset(seed=5)
    two.reset(seed=6)
    assert not np.array_equal(one.last()[0]["observation"], two.last()[0]["observation"])
    # a reset without a seed deals the next game of the last seed: reproducible, and a new game
    one.reset(seed=5)
    one.reset()
    two.reset(seed=5)
    first = two.last()[0]["observation"]
    two.reset()
    assert np.array_equal(one.last()[0]["observation"], two.last()[0]["observation"])
    assert not np.array_equal(one.last()[0]["observation"], first)
    assert one.unwrapped.game_seed == "5/1"


def test_a_masked_out_action_is_a_clear_error_and_changes_nothing():
    e = env("gyre")
    e.reset(seed=0)
    agent = e.agent_selection
    obs = e.last()[0]
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    history = e.unwrapped.game_state.history()
    with pytest.raises(IllegalActionError, match=rf"^{agent}: illegal action {illegal} .*action_mask is 0") as err:
        e.step(illegal)
    assert "\n" not in str(err.value)
    for bad in (192, -1, 1.5, "3", True):
        with pytest.raises(InvalidActionError, match=rf"^{agent}: not an action: .* from 0 to 191"):
            e.step(bad)
    assert e.agent_selection == agent and e.unwrapped.game_state.history() == history
    legal = int(np.flatnonzero(obs["action_mask"])[0])
    e.step(np.int32(legal))  # numpy's ints are actions too (action_space.sample() gives them)
    assert e.unwrapped.game_state.history() == [legal]


def first_planning(e):
    """Step Spherion's AEC environment with random legal actions until both seats must choose at
    a simultaneous node."""
    rng = random.Random(3)
    e.reset(seed=4)
    state = e.unwrapped.game_state
    while not (state.current_player() == SIMULTANEOUS and all(state.legal_actions(p) for p in (0, 1))):
        obs = e.last()[0]
        e.step(rng.choice(list(np.flatnonzero(obs["action_mask"]))))
    return state


def test_a_simultaneous_choice_waits_in_the_environment_hidden_from_the_other_seat():
    e = env("spherion")
    state = first_planning(e)
    assert e.agent_selection == "player_0"
    before = e.observe("player_1")["observation"].copy()
    history = state.history()
    choice = int(np.flatnonzero(e.observe("player_0")["action_mask"])[-1])
    e.step(choice)
    assert e.agent_selection == "player_1"
    assert state.history() == history  # nothing applied yet
    assert np.array_equal(e.observe("player_1")["observation"], before)
    assert not e.observe("player_0")["action_mask"].any()  # it has chosen
    reply = int(np.flatnonzero(e.observe("player_1")["action_mask"])[0])
    e.step(reply)
    assert state.history()[len(history)] == [choice, reply]


def play_parallel(seed):
    """A whole game of Spherion's parallel env, every seat choosing at random from its mask."""
    e = parallel_env("spherion")
    obs, _ = e.reset(seed=seed)
    rng = np.random.default_rng(0)
    simultaneous = 0
    while e.agents:
        simultaneous += e.game_state.current_player() == SIMULTANEOUS
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in e.agents}
        obs, rewards, terms, truncs, _ = e.step(actions)
    assert simultaneous > 0
    assert all(terms.values()) and not any(truncs.values())
    return e.game_state, rewards


def test_the_parallel_env_plays_a_whole_game_to_the_games_returns_the_same_for_the_same_seed():
    state, rewards = play_parallel(9)
    assert rewards == {f"player_{p}": r for p, r in enumerate(state.returns())}
    assert play_parallel(9)[0].history() == state.history()
    assert play_parallel(10)[0].history() != state.history()


def test_the_parallel_env_refuses_what_a_seat_to_move_may_not_send_and_ignores_the_others():
    e = parallel_env("spherion", illegal_action="raise")
    obs, _ = e.reset(seed=9)
    state = e.game_state
    while state.current_player() == SIMULTANEOUS:  # to a sequential node: one seat moves
        obs, *_ = e.step({a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in e.agents})
    mover = f"player_{state.current_player()}"
    other = next(a for a in e.agents if a != mover)
    assert np.flatnonzero(obs[other]["action_mask"]).tolist() == [load_game("spherion").noop_action]
    move = int(np.flatnonzero(obs[mover]["action_mask"])[0])
    history = state.history()
    with pytest.raises(InvalidActionError, match=rf"^no action for {mover}: it moves now"):
        e.step({other: 0})
    with pytest.raises(IllegalActionError, match=rf"^{mover}: illegal action"):
        e.step({mover: 2575, other: 0})
    assert state.history() == history
    e.step({mover: move, other: 5})  # the seat not to move is ignored, whatever it sends
    assert state.history()[len(history)] == move  # then chance, played by the environment
    again = parallel_env("spherion")
    obs, _ = again.reset(seed=9)
    while again.game_state.current_player() == SIMULTANEOUS:  # the same game, the idle seat left out
        obs, *_ = again.step({a: int(np.flatnonzero(obs[a]["action_mask"])[0]) for a in again.agents})
    again.step({mover: move})
    assert again.game_state.history() == state.history()


def test_parallel_seed_test_passes_a_masked_out_action_is_replaced_and_said():
    from pettingzoo.test import parallel_seed_test

    parallel_seed_test(lambda: parallel_env("spherion"), num_cycles=200)
    e = parallel_env("spherion")
    obs, _ = e.reset(seed=9)
    mover = f"player_{e.game_state.current_player()}" if e.game_state.current_player() >= 0 else "player_0"
    legal = np.flatnonzero(obs[mover]["action_mask"]).tolist()
    bad = next(a for a in range(e.game.num_distinct_actions) if a not in legal)
    history = e.game_state.history()
    _, _, _, _, infos = e.step({a: bad for a in e.agents})
    assert infos[mover] == {"illegal_action": bad, "played": legal[0]}
    applied = e.game_state.history()[len(history)]  # a move, or a joint action (one per seat)
    assert (applied[int(mover[-1])] if isinstance(applied, list) else applied) == legal[0]


@pytest.mark.parametrize("name", ["gyonrg", "spherion"])
def test_a_reset_without_a_seed_deals_afresh_and_a_seed_replays(name):
    e = env(name)
    firsts = []
    for _ in range(3):
        e.reset()
        firsts.append(e.unwrapped.game_state.to_json())
    assert len({json.dumps(f, sort_keys=True) for f in firsts}) == 3
    e.reset(seed="club night")
    first = e.unwrapped.game_state
    expected = load_game(name).new_initial_state("club night")
    while expected.current_player() == CHANCE:  # the environment plays chance as cardgen's tools do
        expected.apply_action(expected.sample_chance())
    assert first == expected
    e.reset()
    e.reset(seed="club night")
    assert e.unwrapped.game_state == first


def test_render_shows_the_open_table_as_text(capsys):
    e = env("gyre", render_mode="ansi")
    e.reset(seed=0)
    assert e.render() == e.unwrapped.game_state.render(color=False)
    human = env("gogmagog", render_mode="human")
    human.reset(seed=0)
    human.render()
    assert capsys.readouterr().out.strip() == human.unwrapped.game_state.render(color=False).strip()
    assert e.metadata["render_modes"] == ["ansi", "human"] and e.metadata["name"] == "cardgen_gyre_v0"


def test_the_game_options_and_bad_input():
    e = env("gyre", size=9)
    assert e.unwrapped.game.config["size"] == 9
    assert e.possible_agents == ["player_0", "player_1"] and e.unwrapped.seat_names == {
        "player_0": "R",
        "player_1": "B",
    }
    with pytest.raises(CardgenError, match="unknown game: 'chess'"):
        env("chess")
    with pytest.raises(CardgenError, match="unknown option 'colour' for gyre"):
        env("gyre", colour=3)
    with pytest.raises(CardgenError, match=r"unknown render_mode 'rgb_array' \(accepted: ansi, human or None\)"):
        raw_env("gyre", render_mode="rgb_array")
    with pytest.raises(CardgenError, match=r"bad seed 1.5: use an integer or a non-empty word"):
        env("gyre").reset(seed=1.5)
    with pytest.raises(CardgenError, match=r"call reset\(\) before"):
        raw_env("gyre").observe("player_0")


def test_the_readme_example_runs_as_pasted(tmp_path):
    """The README's PettingZoo example, run as a user pastes it: a whole game, and each seat's
    reward printed at the end (Gyon-RG is zero-sum: the two rewards cancel out)."""
    text = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    section = text[text.index("## Agents: OpenSpiel and PettingZoo") :]
    section = section[: section.index("\n## ", 1)]
    blocks = [b for b in re.findall(r"```python\n(.*?)```", section, flags=re.S) if "interop.pettingzoo" in b]
    assert len(blocks) == 1
    r = subprocess.run([sys.executable, "-c", blocks[0]], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    lines = [line.split() for line in r.stdout.splitlines()]
    assert [(agent, seat) for agent, seat, _ in lines] == [("player_0", "red"), ("player_1", "blue")]
    rewards = [float(reward) for *_, reward in lines]
    assert sum(rewards) == 0 and all(-1 <= r <= 1 for r in rewards)


@pytest.mark.parametrize("name", ["spherion", "ginjontan"])
def test_a_game_agents_played_replays_in_cardgen(name, tmp_path):
    """record() is a cardgen game record: `cardgen replay` plays it back to the same end."""
    e = env(name)
    play_aec(e, "agents", random.Random(4))
    path = tmp_path / "game.json"
    write_records(path, [e.unwrapped.record()])
    r = CliRunner().invoke(cli, ["replay", str(path)])
    assert r.exit_code == 0, r.output
    assert read_records(path)[0]["returns"] == e.unwrapped.game_state.returns()


def test_pettingzoos_state_method_is_not_shadowed_by_the_game():
    e = env("gyre")
    e.reset(seed=0)
    with pytest.raises(NotImplementedError, match="state"):  # no global tensor in the protocol
        e.unwrapped.state()
