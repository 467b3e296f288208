"""`cardgen play`, `cardgen simulate`, `cardgen replay` through click's CliRunner."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cardgen.cli.main import cli


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args, input=None):
        return runner.invoke(cli, list(args), input=input)

    return invoke


def test_help_texts(run):
    for cmd in ("play", "simulate", "replay"):
        res = run(cmd, "--help")
        assert res.exit_code == 0 and "Examples" in res.output or "FILE" in res.output


def test_simulate_json_record_and_replay(run, tmp_path):
    rec = tmp_path / "games.json"
    res = run("simulate", "gyre", "-n", "4", "--bots", "greedy,random", "--seed", "3", "-o", "size=5",
              "--json", "--record", str(rec), "--jobs", "2")
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert data["games"] == 4 and data["config"]["size"] == 5
    assert {"bot", "wins", "win_rate", "ci95"} <= set(data["bots"][0])
    assert {"seat", "advantage", "ci95"} <= set(data["seats"][0])
    assert data["length"]["mean"] > 0
    res = run("replay", str(rec))
    assert res.exit_code == 0, res.output
    assert res.output.count(": ok,") == 4
    res = run("replay", str(rec), "--index", "2", "--moves")
    assert res.exit_code == 0 and "   1. R: " in res.output and "game 2: ok" in res.output
    res = run("replay", str(rec), "--index", "9")
    assert res.exit_code == 1 and "holds 4 game(s)" in res.output


def test_simulate_text_report(run):
    res = run("simulate", "toy-bid", "-n", "6", "--bots", "random,greedy,random", "--seed", "1", "--no-progress")
    assert res.exit_code == 0, res.output
    for needle in ("95% CI", "random#1", "random#3", "vs fair share", "draws:", "length: mean"):
        assert needle in res.output


def test_simulate_is_repeatable(run):
    args = ("simulate", "gyre", "-n", "3", "--bots", "random,random", "--seed", "8", "-o", "size=4", "--json")
    assert json.loads(run(*args).stdout) == json.loads(run(*args).stdout)


@pytest.mark.parametrize(
    "args,code,needle",
    [
        (["simulate", "chess", "--bots", "random,random"], 2, "unknown game 'chess'"),
        (["simulate", "gyre", "--bots", "random,alphazero"], 2, "unknown bot: 'alphazero'"),
        (["simulate", "gyre", "--bots", "random,random", "-o", "size"], 2, "expected KEY=VALUE"),
        (["simulate", "gyre", "--bots", "random,random", "-o", "size=99", "--seed", "1"], 2,
         "Invalid value for '-o' / '--option': bad value for option size: '99' (expected an integer from 4 to 19)"),
        (["simulate", "gyre", "--bots", "random,random", "-o", "colour=red", "--seed", "1"], 2,
         "unknown option 'colour' for gyre (accepted: max_gyrations, players, size)"),
        (["simulate", "gyre", "--bots", "random,random,random", "--players", "2", "--seed", "1"], 2,
         "Invalid value for '--bots': 3 seats given for 2 players"),
        (["simulate", "gyre", "--bots", "human,random", "--seed", "1"], 2, "only bots play here"),
        (["simulate", "gyre", "--bots", "random,random", "--games", "0"], 2, "0 is out of range"),
        (["play", "gyre", "--bots", "human,random,random", "--players", "2", "--seed", "1"], 2, "3 seats given"),
        (["replay", "/nonexistent.json"], 1, "error: cannot read record"),
    ],
)
def test_errors(run, args, code, needle):
    res = run(*args)
    assert res.exit_code == code, res.output
    assert needle in res.output
    assert "Traceback" not in res.output


def test_replay_rejects_a_tampered_file(run, tmp_path):
    rec = tmp_path / "g.json"
    assert run("simulate", "gyre", "-n", "1", "--bots", "random,random", "--seed", "2", "-o", "size=4",
               "--record", str(rec)).exit_code == 0
    data = json.loads(rec.read_text())
    data["final"]["gyres"] = "R" * 16
    rec.write_text(json.dumps(data))
    res = run("replay", str(rec))
    assert res.exit_code == 1 and "error: game 1: replay ends in a different state" in res.output


def test_play_record_and_replay(run, tmp_path):
    rec = tmp_path / "p.json"
    res = run("play", "gyre", "--bots", "human,greedy", "-o", "size=4", "--seed", "5", "--record", str(rec),
              "--no-color", input="a1\nb2+\nhelp\nc3\nquit\n")
    assert res.exit_code == 0, res.output
    assert "illegal action 'b2+'" in res.output and "commands:" in res.output and "game stopped" in res.output
    data = json.loads(rec.read_text())
    assert data["seats"] == ["human", "greedy"] and data["moves"][0] == "a1" and data["finished"] is False
    res = run("replay", str(rec), "--boards")
    assert res.exit_code == 0 and "unfinished" in res.output and "score: R" in res.output


def test_play_watch_bots_to_the_end(run):
    res = run("play", "gyre", "--bots", "random,greedy", "-o", "size=4", "--seed", "1", "--color")
    assert res.exit_code == 0, res.output
    assert "game over" in res.output and ("winner" in res.output or "tie" in res.output)
    assert "\x1b[" in res.output


def test_play_without_seed_prints_one(run):
    res = run("play", "gyre", "--bots", "random,random", "-o", "size=4")
    assert res.exit_code == 0 and "repeat this run with --seed" in res.output
