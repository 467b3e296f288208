"""Spherion through the shared commands: play (a human's plan with undo before ready), simulate, replay."""

from __future__ import annotations

import json

from click.testing import CliRunner

from cardgen.cli.main import cli


def test_human_plans_a_turn_with_undo_before_ready():
    r = CliRunner().invoke(cli, ["play", "spherion", "--bots", "human,random", "--seed", "3", "-o", "size=small"],
                           input="wait\nwait\nundo\nready\nquit\n")  # fmt: skip
    assert r.exit_code == 0, r.output
    out = r.output
    assert out.count("moves: wait & ") == 2  # two steps planned ...
    after_undo = out[out.rindex("moves: wait & "):]
    assert "plan: wait\n" in after_undo  # ... the second one taken back, before ready
    assert "moves: ready & " in after_undo
    assert "deck master's sides" in out and "LP 5" in out and "dice [" in out


def test_simulate_and_replay(tmp_path):
    r = CliRunner().invoke(cli, ["simulate", "spherion", "--games", "2", "--bots", "random,random", "--json",
                                 "-o", "size=small", "--seed", "1"])  # fmt: skip
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["games"] == 2
    rec = tmp_path / "g.json"
    r = CliRunner().invoke(cli, ["play", "spherion", "--bots", "greedy,random", "--seed", "2", "-o", "size=small",
                                 "--record", str(rec)])  # fmt: skip
    assert r.exit_code == 0, r.output
    r = CliRunner().invoke(cli, ["replay", str(rec)])  # replays the record and checks it ends as recorded
    assert r.exit_code == 0 and "ok" in r.output and "north=" in r.output


def test_bad_options_and_decks_are_one_line_errors(tmp_path):
    r = CliRunner().invoke(cli, ["play", "spherion", "--bots", "random,random", "-o", "size=huge"])
    assert r.exit_code != 0 and "size" in r.output and "Traceback" not in r.output
    bad = tmp_path / "bad.txt"
    bad.write_text("main:\n1 T0XC-RJE\n")
    r = CliRunner().invoke(cli, ["play", "spherion", "--bots", "random,random", "--decks", f"{bad},seed:1"])
    assert r.exit_code == 1 and "not legal" in r.output and "no-master" in r.output
