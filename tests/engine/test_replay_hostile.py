"""`cardgen replay` on records corrupted by hand: real games of every game, each field of the record
given the wrong type or value in turn, and actions out of range or illegal mid-record. Every case
ends in exit status 1 and one `error:` line naming the field (an action: its move number), never
a TypeError, AssertionError or AttributeError; a file without games says there was nothing to replay."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardgen.cli.main import cli
from cardgen.engine.bots import make_bot
from cardgen.engine.protocol import CHANCE, SIMULTANEOUS
from cardgen.engine.records import make_record, play_out
from cardgen.engine.registry import load_game

GAMES = ["gyre", "gyonrg", "spherion", "gogmagog", "ginjontan"]

# Field -> the words the message may name the field by, and values a record never holds there.
BAD_FIELDS = {
    "seed": (("seed",), [None, True, 1.5, [], {}, [1], {"a": 1}, "", "   ", "x" * 201, 10**201, "tab\there"]),
    "final": (("final",), [True, 1.5, "x", [], [1], 7]),
    "moves": (("moves",), [True, 1.5, "x", {}, {"a": 1}, [1], 7, []]),
    "seats": (("seats",), [None, True, "x", {}, [1], [""], 7, ["random"] * 5]),
    "actions": (("actions",), [None, True, "x", {}, {"a": 1}, 7]),
    "config": (("config", "unknown option 'colour'"), [None, [], "x", 7, {"colour": "red"}]),
    "game": (("game",), [None, 7, [], "", "chess"]),
    "returns": (("returns",), [True, "x", {}, [None], ["1"], [1]]),
    "finished": (("finished",), ["yes", 1, [], {}]),
    "version": (("version",), [2, "1", 1.0, True, None]),
}


@pytest.fixture(scope="module")
def records():
    """One finished game of each game between random bots, as `cardgen play --record` writes it."""
    out = {}
    for name in GAMES:
        game = load_game(name)
        bots = [make_bot("random", game, seat, 1) for seat in range(game.num_players)]
        state, actions, moves = play_out(game, 1, bots)
        out[name] = json.loads(json.dumps(make_record(game, 1, ["random"] * game.num_players, actions, moves, state)))
    return out


def replay_file(tmp_path, data):
    path = tmp_path / "record.json"
    text = json.dumps(data)
    path.write_text(text)
    res = CliRunner().invoke(cli, ["replay", str(path)])
    assert path.read_text() == text  # replay only reads
    return res


def one_error_line(res) -> str:
    assert res.exit_code == 1, res.output
    assert not isinstance(res.exception, TypeError | AssertionError | AttributeError | KeyError | IndexError | RecursionError | ValueError), res.exception
    assert "Traceback" not in res.output
    err = res.stderr.strip()
    assert err.startswith("error: ") and "\n" not in err, res.output
    return err


@pytest.mark.parametrize("game", GAMES)
def test_the_record_as_written_replays(tmp_path, records, game):
    res = replay_file(tmp_path, records[game])
    assert res.exit_code == 0 and "game 1: ok" in res.output, res.output


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("field", sorted(BAD_FIELDS))
def test_a_field_of_the_wrong_type_is_named(tmp_path, records, game, field):
    words, values = BAD_FIELDS[field]
    for value in values:
        err = one_error_line(replay_file(tmp_path, {**records[game], field: value}))
        assert any(word in err for word in words), (value, err)


@pytest.mark.parametrize("game", GAMES)
def test_a_missing_field_is_named(tmp_path, records, game):
    for field in ("game", "config", "seed", "actions"):
        data = dict(records[game])
        del data[field]
        assert f"missing: {field}" in one_error_line(replay_file(tmp_path, data))


def _illegal_at(game_name: str, record: dict, k: int):
    """An action of the right shape that the game does not allow at move k+1 of the record."""
    game = load_game(game_name, **record["config"])
    state = game.new_initial_state(record["seed"])
    for action in record["actions"][:k]:
        state.apply_actions(action) if isinstance(action, list) else state.apply_action(action)
    player = state.current_player()
    if player == CHANCE:
        return next(a for a in range(game.num_distinct_actions) if a != state.sample_chance())
    if player == SIMULTANEOUS:
        joint = list(record["actions"][k])
        legal = state.legal_actions(0)
        joint[0] = next(a for a in range(game.num_distinct_actions) if a not in legal and (legal or a != game.noop_action))
        return joint
    return next(a for a in range(game.num_distinct_actions) if a not in state.legal_actions())


@pytest.mark.parametrize("game", GAMES)
def test_an_action_out_of_range_or_illegal_names_its_move(tmp_path, records, game):
    record = records[game]
    n = len(record["actions"])
    limit = load_game(game, **record["config"]).num_distinct_actions
    for k in (0, 1, n // 2, n - 1):
        was = record["actions"][k]
        for bad in (-1, limit, 10**9, 2**63, 10**40):
            shaped = [bad] * len(was) if isinstance(was, list) else bad
            actions = [*record["actions"][:k], shaped, *record["actions"][k + 1 :]]
            err = one_error_line(replay_file(tmp_path, {**record, "actions": actions}))
            assert f"move {k + 1}" in err, (bad, err)
        for bad in (True, 1.5, "3", [], None, {"a": 1}, [[1]], ["1"]):
            actions = [*record["actions"][:k], bad, *record["actions"][k + 1 :]]
            err = one_error_line(replay_file(tmp_path, {**record, "actions": actions}))
            assert f"move {k + 1}" in err, (bad, err)
        actions = [*record["actions"][:k], _illegal_at(game, record, k), *record["actions"][k + 1 :]]
        for moves in (record["moves"], None):
            err = one_error_line(replay_file(tmp_path, {**record, "actions": actions, "moves": moves}))
            assert f"move {k + 1}" in err, err


@pytest.mark.parametrize("game", GAMES)
def test_a_record_longer_or_shorter_than_its_game(tmp_path, records, game):
    record = records[game]
    n = len(record["actions"])
    err = one_error_line(replay_file(tmp_path, {**record, "actions": [*record["actions"], 0], "moves": None}))
    assert f"move {n + 1}" in err and "game is over" in err
    err = one_error_line(replay_file(tmp_path, {**record, "actions": record["actions"][:-1], "moves": None}))
    assert "unfinished" in err


@pytest.mark.parametrize(
    "content,says",
    [('{"format": "cardgen-record", "seed": ' + "[" * 50_000 + "]" * 50_000 + "}", "nested more than 64 deep"),
     ('{"format": "cardgen-record", "seed": ' + "1" * 5000 + "}", "a number of more than 4,300 digits"),
     ('{"format": "cardgen-record", "returns": [NaN]}', "NaN is not a JSON number")],  # fmt: skip
)
def test_a_record_past_what_json_reading_takes_is_one_line(tmp_path, content, says):
    path = tmp_path / "record.json"
    path.write_text(content)
    err = one_error_line(CliRunner().invoke(cli, ["replay", str(path)]))
    assert f"record '{path}': " in err and says in err


def test_an_empty_list_of_records_is_nothing_to_replay(tmp_path):
    res = replay_file(tmp_path, {"format": "cardgen-records", "version": 1, "records": []})
    assert "nothing to replay" in one_error_line(res)


def test_the_bad_record_of_several_is_named(tmp_path, records):
    res = replay_file(tmp_path, {"format": "cardgen-records", "version": 1, "records": [records["gyre"], 5]})
    assert "bad record 2 in" in one_error_line(res)
    res = replay_file(tmp_path, {"format": "cardgen-records", "version": 1, "records": {"a": records["gyre"]}})
    assert '"records" is' in one_error_line(res)
