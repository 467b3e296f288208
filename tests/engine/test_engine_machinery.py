"""Registry, bots specs, simulate statistics, records/replay and the terminal Table."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import cardgen.engine
from cardgen.engine import game_names, load_game
from cardgen.engine.bots import make_bot, parse_bot_spec
from cardgen.engine.play import Table
from cardgen.engine.records import make_record, play_out, read_records, replay, write_records
from cardgen.engine.simulate import seating, simulate
from cardgen.engine.stats import wilson
from cardgen.errors import CardgenError

ENGINE = Path(cardgen.engine.__file__).parent


# -- registry ----------------------------------------------------------------
def test_engine_never_imports_a_game():
    """Importing the shared play machinery loads no game package; its source names no game."""
    from cardgen import games

    names = games.registry().names()
    code = ("import sys, cardgen.engine.simulate, cardgen.engine.play, cardgen.cli.engine; "
            "print(sorted(m for m in sys.modules if m.startswith('cardgen.') and m.split('.')[1] in sys.argv[1:]))")
    out = subprocess.run([sys.executable, "-c", code, *names], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
    for path in ENGINE.glob("*.py"):
        text = path.read_text()
        for name in names:
            assert f"cardgen.{name}" not in text, (path, name)


def test_registry_lists_and_refuses():
    assert "gyre" in game_names() and "toy-bid" in game_names()
    with pytest.raises(CardgenError, match=r"unknown game: 'chess' \(known games: .*gyre"):
        load_game("chess")


# -- bots ----------------------------------------------------------------------
@pytest.mark.parametrize(
    "spec,parsed",
    [("random", ("random", {})), ("MCTS:2000", ("mcts", {"iterations": 2000})),
     ("mcts:iterations=50,c=0.5", ("mcts", {"iterations": 50, "c": 0.5})), ("human", ("human", {}))],
)
def test_bot_specs(spec, parsed):
    assert parse_bot_spec(spec) == parsed


@pytest.mark.parametrize("spec,needle", [("alphazero", "unknown bot"), ("mcts:0", "bad value"),
                                         ("mcts:depth=3", "unknown mcts option"), ("greedy:5", "takes no options")])
def test_bad_bot_specs(spec, needle):
    with pytest.raises(CardgenError, match=needle):
        parse_bot_spec(spec)


def test_greedy_and_mcts_beat_random_on_a_small_board():
    """A quick sanity check; the full 100-game figures are in the slow test and benchmark."""
    s = simulate("gyre", {}, ["greedy", "random"], 10, seed=1)
    assert s.bots[0].wins >= 9
    s = simulate("gyre", {"size": 6}, ["mcts:60", "random"], 6, seed=1)
    assert s.bots[0].wins >= 4


def test_mcts_never_peeks_at_hidden_hands():
    """With determinize(), MCTS decisions do not depend on the opponents' actual cards."""
    game = load_game("toy-bid")
    a = game.new_initial_state(1)
    b = a.clone()
    # give the opponents different hidden cards, same for seat 0
    unseen = sorted(set(range(game.cards)) - set(a.hands[0]))
    b.hands[1], b.hands[2] = unseen[-2:], unseen[:2]
    a.apply_action(a.sample_chance())
    b.die, b.rng = a.die, a.rng.clone()
    assert a.observation(0) == b.observation(0)
    pick_a = make_bot("mcts:40", game, 0, seed=9).step(a)
    pick_b = make_bot("mcts:40", game, 0, seed=9).step(b)
    assert pick_a == pick_b


# -- simulate ------------------------------------------------------------------
def test_wilson_interval():
    lo, hi = wilson(90, 100)
    assert round(lo, 4) == 0.8256 and round(hi, 4) == 0.9448
    assert wilson(0, 10)[0] == 0.0 and wilson(10, 10)[1] == pytest.approx(1.0)


def test_seating_rotates():
    assert seating(["a", "b", "c"], 0) == ["a", "b", "c"]
    assert seating(["a", "b", "c"], 1) == ["c", "a", "b"]


def test_simulate_is_independent_of_jobs_and_counts_add_up():
    one = simulate("gyre", {"size": 4}, ["greedy", "random"], 8, seed=5, jobs=1)
    two = simulate("gyre", {"size": 4}, ["greedy", "random"], 8, seed=5, jobs=2)
    assert one == two
    assert sum(b.wins for b in one.bots) == pytest.approx(8)
    assert sum(s.wins for s in one.seats) == pytest.approx(8)
    assert sum(s.advantage for s in one.seats) == pytest.approx(0)
    assert one.length.max <= one.length.max_allowed


def test_simulate_three_players_with_chance_and_hidden_info():
    s = simulate("toy-bid", {}, ["random", "greedy", "mcts:10"], 9, seed=2, jobs=2)
    assert s.games == 9 and len(s.seats) == 3
    assert sum(b.wins for b in s.bots) == pytest.approx(9)


def test_simulate_refuses_bad_input():
    with pytest.raises(CardgenError, match="3 bots"):
        simulate("gyre", {}, ["random"] * 3, 2)
    with pytest.raises(CardgenError, match="bots only"):
        simulate("gyre", {}, ["human", "random"], 2)


# -- records -------------------------------------------------------------------
def _record(name="gyre", seed=4, **config):
    game = load_game(name, **config)
    bots = [make_bot("random", game, p, seed) for p in range(game.num_players)]
    state, actions, moves = play_out(game, seed, bots)
    return make_record(game, seed, ["random"] * game.num_players, actions, moves, state)


@pytest.mark.parametrize("name", ["gyre", "toy-bid"])
def test_record_round_trip_and_replay(tmp_path, name):
    rec = _record(name)
    path = tmp_path / "game.json"
    write_records(path, [rec])
    (back,) = read_records(path)
    assert back == json.loads(json.dumps(rec))
    seen = []
    final = replay(back, lambda i, s, a, t: seen.append(t))
    assert final.to_json() == rec["final"] and seen == rec["moves"]
    write_records(path, [rec, rec])
    assert len(read_records(path)) == 2


def test_replay_detects_tampering():
    rec = _record(size=4)
    bad = dict(rec, final=dict(rec["final"], board="R" * 16))
    with pytest.raises(CardgenError, match="different state than recorded"):
        replay(bad)
    bad = dict(rec, actions=[rec["actions"][0]] * 2, moves=None)
    with pytest.raises(CardgenError, match="replay failed at move 2: illegal action"):
        replay(bad)
    bad = dict(rec, moves=["z9"] + rec["moves"][1:])
    with pytest.raises(CardgenError, match="replay differs at move 1"):
        replay(bad)
    for config in ([], [["size", 4]], {1: 2}):
        with pytest.raises(CardgenError, match="bad record: config .* is not a mapping of option names"):
            replay(dict(rec, config=config))
    with pytest.raises(CardgenError, match="bad value for option size: 'nan'"):
        replay(dict(rec, config={"size": "nan"}))
    toy = _record("toy-bid")
    toy["actions"][0] = 9 + (toy["actions"][0] - 9 + 1) % 3  # another die face than the seed gives
    with pytest.raises(CardgenError, match="chance gave"):
        replay(toy)


@pytest.mark.parametrize("content,needle", [("{", "not valid JSON"), ('{"format": "x"}', "not a game record"),
                                            ('{"format": "cardgen-record"}', "needs game, config, seed")])
def test_bad_record_files(tmp_path, content, needle):
    path = tmp_path / "r.json"
    path.write_text(content)
    with pytest.raises(CardgenError, match=needle):
        read_records(path)


# -- the terminal table ----------------------------------------------------------
def scripted(lines):
    it = iter(lines)
    return lambda prompt: next(it, None)


def test_table_undo_redo_and_explanations():
    game = load_game("gyre", size=4)
    out = []
    table = Table(game, ["human", "random"], 1, scripted(["b2", "undo", "redo", "b2", "nonsense", "99", "quit"]),
                  out.append)
    table.run()
    text = "\n".join(out)
    assert table.quit
    assert table.moves[0] == "b2"  # after undo + redo the first move is back
    assert "tile is taken" in text  # b2 again is explained as illegal
    assert "not an action: 'nonsense'" in text
    assert "no move number 99" in text
    assert len(table.actions) == 2  # b2 and the bot's reply


def test_table_undo_takes_back_the_bot_reply_too():
    game = load_game("gyre", size=4)
    out = []
    table = Table(game, ["human", "random"], 1, scripted(["a1", "undo", "quit"]), out.append)
    table.run()
    assert table.actions == [] and "nothing to undo" not in "\n".join(out)


def test_table_human_at_a_simultaneous_node_with_hidden_hands():
    game = load_game("toy-bid")
    out = []
    lines = ["list", "help", "card99"] + ["1"] * 10
    table = Table(game, ["human", "random", "random"], 3, scripted(lines), out.append)
    state = table.run()
    assert state.is_terminal()
    text = "\n".join(out)
    assert "chance: die" in text and "commands:" in text and "winner" in text or "tie between" in text


def test_table_bots_only_game_finishes():
    game = load_game("gyre", size=4)
    out = []
    state = Table(game, ["greedy", "random"], 2, scripted([]), out.append).run()
    assert state.is_terminal() and "winner" in out[-1] or "tie" in out[-1]
